using System;
using System.Globalization;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Cysharp.Text;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Mono;

/// <summary>
/// The builder workloads of bench/ValueStringBuilder (ten 6-digit ints joined with ", ", the ~120-char log line of
/// Append calls, 100 appends) on Mono, FastText's netstandard2.0 build against ZString's netstandard2.0 build (the
/// baseline of each category, as its README shows it: <c>ZString.CreateStringBuilder()</c>, disposed) and a reused
/// StringBuilder (<c>Clear()</c>ed, so only the string is allocated). Same method bodies as in bench/, where the
/// netstandard2.0 API allows; the [GlobalSetup] checks that each category's methods return the same string.
/// Filter: <c>--filter '*BuildersOnMono*'</c>.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(InProcessOnMonoConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class BuildersOnMonoBenchmarks
{
    private const string TenInts = "TenInts";
    private const string LogLine = "LogLine";
    private const string HundredAppends = "HundredAppends";
    private const int Appends = 100;

    private static readonly string[] Words = { "id", "name", "value", "x", "timestamp", "ok" };

    private readonly StringBuilder _reused = new StringBuilder(256);
    private readonly string _user = "alice";
    private readonly string _action = "GET /api/orders";
    private readonly int _status = 200;
    private readonly int _items = 42;
    private readonly double _elapsed = 12.3456;
    private readonly DateTime _time = new DateTime(2026, 11, 22, 3, 4, 5, 678, DateTimeKind.Utc);
    private readonly Guid _request = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");
    private int[] _values = Array.Empty<int>();

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(42);
        _values = Enumerable.Range(0, 10).Select(_ => random.Next(100_000, 1_000_000)).ToArray();
        // Invariant, so that every row formats the double and the date alike whatever the machine's culture.
        CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    // --- TenInts ------------------------------------------------------------------------------------------------------

    [Benchmark(Baseline = true), BenchmarkCategory(TenInts)]
    public string ZStringTenInts()
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

    [Benchmark, BenchmarkCategory(TenInts)]
    public string ReusedStringBuilderTenInts()
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

    [Benchmark, BenchmarkCategory(TenInts)]
    public string OursTenInts()
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

    [Benchmark, BenchmarkCategory(TenInts)]
    public string OursAppendJoinTenInts()
    {
        var builder = new ValueStringBuilder(stackalloc char[256]);
        builder.AppendJoin(", ", _values.AsSpan());
        string result = builder.ToString();
        builder.Dispose();
        return result;
    }

    // --- LogLine ------------------------------------------------------------------------------------------------------

    [Benchmark(Baseline = true), BenchmarkCategory(LogLine)]
    public string ZStringLogLine()
    {
        Utf16ValueStringBuilder b = ZString.CreateStringBuilder();
        try
        {
            b.Append(_time, "O");
            b.Append(" INFO user=");
            b.Append(_user);
            b.Append(" action=");
            b.Append(_action);
            b.Append(" status=");
            b.Append(_status);
            b.Append(" items=");
            b.Append(_items);
            b.Append(" elapsed=");
            b.Append(_elapsed, "F2");
            b.Append("ms request=");
            b.Append(_request);
            return b.ToString();
        }
        finally
        {
            b.Dispose();
        }
    }

    [Benchmark, BenchmarkCategory(LogLine)]
    public string ReusedStringBuilderLogLine()
    {
        StringBuilder b = _reused.Clear();
        b.Append(_time.ToString("O", CultureInfo.InvariantCulture));
        b.Append(" INFO user=");
        b.Append(_user);
        b.Append(" action=");
        b.Append(_action);
        b.Append(" status=");
        b.Append(_status);
        b.Append(" items=");
        b.Append(_items);
        b.Append(" elapsed=");
        b.Append(_elapsed.ToString("F2", CultureInfo.InvariantCulture));
        b.Append("ms request=");
        b.Append(_request);
        return b.ToString();
    }

    [Benchmark, BenchmarkCategory(LogLine)]
    public string OursLogLine()
    {
        var b = new ValueStringBuilder(stackalloc char[256]);
        b.Append(_time, "O");
        b.Append(" INFO user=");
        b.Append(_user);
        b.Append(" action=");
        b.Append(_action);
        b.Append(" status=");
        b.Append(_status);
        b.Append(" items=");
        b.Append(_items);
        b.Append(" elapsed=");
        b.Append(_elapsed, "F2");
        b.Append("ms request=");
        b.Append(_request);
        string result = b.ToString();
        b.Dispose();
        return result;
    }

    // --- HundredAppends -----------------------------------------------------------------------------------------------

    [Benchmark(Baseline = true), BenchmarkCategory(HundredAppends)]
    public string ZStringHundredAppends()
    {
        Utf16ValueStringBuilder builder = ZString.CreateStringBuilder();
        try
        {
            string[] words = Words;
            for (int i = 0; i < Appends; i += 2)
            {
                builder.Append(words[i % words.Length]);
                builder.Append(';');
            }

            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

    [Benchmark, BenchmarkCategory(HundredAppends)]
    public string ReusedStringBuilderHundredAppends()
    {
        StringBuilder builder = _reused.Clear();
        string[] words = Words;
        for (int i = 0; i < Appends; i += 2)
        {
            builder.Append(words[i % words.Length]);
            builder.Append(';');
        }

        return builder.ToString();
    }

    [Benchmark, BenchmarkCategory(HundredAppends)]
    public string OursHundredAppends()
    {
        var builder = new ValueStringBuilder(stackalloc char[256]);
        string[] words = Words;
        for (int i = 0; i < Appends; i += 2)
        {
            builder.Append(words[i % words.Length]);
            builder.Append(';');
        }

        string result = builder.ToString();
        builder.Dispose();
        return result;
    }
}

/// <summary>
/// bench/'s FastJob settings (1 launch, 3 warm-ups, 8 iterations of 120 ms) in this process: BenchmarkDotNet's
/// default toolchain would build and start a child for a .NET runtime, not for the Mono that runs this.
/// </summary>
public sealed class InProcessOnMonoConfig : ManualConfig
{
    public InProcessOnMonoConfig()
    {
        AddJob(Job.Default
            .WithLaunchCount(1)
            .WithWarmupCount(3)
            .WithIterationCount(8)
            .WithIterationTime(Perfolizer.Horology.TimeInterval.FromMilliseconds(120))
            .WithToolchain(InProcessEmitToolchain.Instance)
            .WithId("MonoInProcess"));
        AddColumn(BenchmarkDotNet.Columns.StatisticColumn.Median);
    }
}
