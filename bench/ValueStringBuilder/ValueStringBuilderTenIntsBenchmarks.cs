extern alias ns20;

using System.Runtime.CompilerServices;
using System.Text;
using BenchmarkDotNet.Attributes;
using Cysharp.Text;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.ValueStringBuilderBenchmarks;

/// <summary>
/// Ten ints joined with ", ": ZString (the baseline: the allocation-free builder people reach for, its pooled
/// <c>CreateStringBuilder()</c> and its <c>Join</c>), the everyday ways (string.Join, a new and a reused
/// StringBuilder), the runtime's handler, and ours (both builds). Every method must return the same string.
/// </summary>
[MemoryDiagnoser]
[FastJob]
public class ValueStringBuilderTenIntsBenchmarks
{
    private readonly StringBuilder _reused = new(256);
    private int[] _values = Array.Empty<int>();

    /// <summary>Digits per value: 1 (small), 6 (typical ids), 10 (large, negative).</summary>
    [Params(1, 6, 10)]
    public int Digits { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        _values = Enumerable.Range(0, 10).Select(_ => Digits switch
        {
            1 => random.Next(0, 10),
            6 => random.Next(100_000, 1_000_000),
            _ => -random.Next(1_000_000_000, int.MaxValue),
        }).ToArray();
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    /// <summary>ZString's builder as its README shows it: a 32 KiB char array rented from the shared pool, returned on Dispose.</summary>
    [Benchmark(Baseline = true)]
    public string ZStringCreateStringBuilder()
    {
        Utf16ValueStringBuilder builder = ZString.CreateStringBuilder();
        try
        {
            int[] values = _values;
            for (int i = 0; i < values.Length; i++)
            {
                if (i != 0)
                {
                    builder.Append(", ");
                }

                builder.Append(values[i]);
            }

            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

    /// <summary>ZString's one-call join.</summary>
    [Benchmark]
    public string ZStringJoin() => ZString.Join(", ", _values);

    [Benchmark]
    public string StringJoinLinq() => string.Join(", ", _values.Select(v => v.ToString()));

    [Benchmark]
    public string NewStringBuilder()
    {
        var builder = new StringBuilder();
        int[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                builder.Append(", ");
            }

            builder.Append(values[i]);
        }

        return builder.ToString();
    }

    [Benchmark]
    public string ReusedStringBuilder()
    {
        StringBuilder builder = _reused.Clear();
        int[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                builder.Append(", ");
            }

            builder.Append(values[i]);
        }

        return builder.ToString();
    }

    [Benchmark]
    public string DefaultHandlerOnStack()
    {
        var handler = new DefaultInterpolatedStringHandler(0, 10, null, stackalloc char[256]);
        int[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                handler.AppendLiteral(", ");
            }

            handler.AppendFormatted(values[i]);
        }

        return handler.ToStringAndClear();
    }

    [Benchmark]
    public string OursOnStackalloc()
    {
        var builder = new ValueStringBuilder(stackalloc char[256]);
        builder.AppendJoin(", ", _values.AsSpan());
        string result = builder.ToString();
        builder.Dispose();
        return result;
    }

    [Benchmark]
    public string OursAppendLoopOnStackalloc()
    {
        var builder = new ValueStringBuilder(stackalloc char[256]);
        int[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                builder.Append(", ");
            }

            builder.Append(values[i]);
        }

        string result = builder.ToString();
        builder.Dispose();
        return result;
    }

    [Benchmark]
    public string OursWithCapacity()
    {
        var builder = new ValueStringBuilder(256);
        builder.AppendJoin(", ", _values.AsSpan());
        string result = builder.ToString();
        builder.Dispose();
        return result;
    }

    /// <summary>Issue #13: no stack buffer at all (new ValueStringBuilder(0)): one rent of 256 chars from the shared pool.</summary>
    [Benchmark]
    public string OursAppendLoopWithoutBuffer()
    {
        var builder = new ValueStringBuilder(0);
        int[] values = _values;
        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                builder.Append(", ");
            }

            builder.Append(values[i]);
        }

        string result = builder.ToString();
        builder.Dispose();
        return result;
    }

    /// <summary>The parameterless form (<c>default</c>): same growth path as <c>new ValueStringBuilder(0)</c>.</summary>
    [Benchmark]
    public string OursJoinParameterless()
    {
        var builder = new ValueStringBuilder();
        builder.AppendJoin(", ", _values.AsSpan());
        string result = builder.ToString();
        builder.Dispose();
        return result;
    }

    [Benchmark]
    public string OursNetStandard20OnStackalloc()
    {
        var builder = new ns20::FastText.ValueStringBuilder(stackalloc char[256]);
        builder.AppendJoin(", ", _values.AsSpan());
        string result = builder.ToString();
        builder.Dispose();
        return result;
    }
}
