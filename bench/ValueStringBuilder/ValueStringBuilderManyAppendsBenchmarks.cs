extern alias ns20;

using System.Text;
using BenchmarkDotNet.Attributes;
using Cysharp.Text;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.ValueStringBuilderBenchmarks;

/// <summary>
/// Many appends of short strings and chars into one builder, then the string: ours grows through the pool. The
/// baseline is ZString's pooled builder (<c>ZString.CreateStringBuilder()</c>, a 32 KiB rented array that grows
/// through the pool too); a new and a reused (cleared) StringBuilder are the everyday peers. Every method must
/// return the same string.
/// </summary>
[MemoryDiagnoser]
[FastJob]
public class ValueStringBuilderManyAppendsBenchmarks
{
    private static readonly string[] Words = { "id", "name", "value", "x", "timestamp", "ok" };

    private readonly StringBuilder _reused = new();

    [Params(100, 10_000, 100_000)]
    public int Appends { get; set; }

    /// <summary>
    /// The words in append order (Appends / 2 of them), taken in turn from <see cref="Words"/>. Picking them with
    /// <c>i % Words.Length</c> in the loop charged a division per word to the methods that take a stack buffer
    /// only: a method with a <c>stackalloc</c> and a loop is compiled once, fully, and without the tiered code's
    /// knowledge of the array's length, so its <c>%</c> stayed a division where the other methods' became a multiply.
    /// </summary>
    private string[] _sequence = Array.Empty<string>();

    [GlobalSetup]
    public void Setup()
    {
        _sequence = Enumerable.Range(0, (Appends + 1) / 2).Select(i => Words[(2 * i) % Words.Length]).ToArray();
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    [Benchmark(Baseline = true)]
    public string ZStringCreateStringBuilder()
    {
        Utf16ValueStringBuilder builder = ZString.CreateStringBuilder();
        try
        {
            string[] sequence = _sequence;
            for (int i = 0; i < sequence.Length; i++)
            {
                builder.Append(sequence[i]);
                builder.Append(';');
            }

            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

    /// <summary>
    /// A StringBuilder kept by the caller and cleared per string: Clear() keeps the capacity in one array (as large as
    /// the largest string so far), so after the first calls only the string is allocated.
    /// </summary>
    [Benchmark]
    public string ReusedStringBuilder()
    {
        StringBuilder builder = _reused.Clear();
        string[] sequence = _sequence;
        for (int i = 0; i < sequence.Length; i++)
        {
            builder.Append(sequence[i]);
            builder.Append(';');
        }

        return builder.ToString();
    }

    [Benchmark]
    public string NewStringBuilder()
    {
        var builder = new StringBuilder();
        string[] sequence = _sequence;
        for (int i = 0; i < sequence.Length; i++)
        {
            builder.Append(sequence[i]);
            builder.Append(';');
        }

        return builder.ToString();
    }

    [Benchmark]
    public string OursOnStackalloc()
    {
        var builder = new ValueStringBuilder(stackalloc char[256]);
        string[] sequence = _sequence;
        for (int i = 0; i < sequence.Length; i++)
        {
            builder.Append(sequence[i]);
            builder.Append(';');
        }

        string result = builder.ToString();
        builder.Dispose();
        return result;
    }

    [Benchmark]
    public string OursNetStandard20OnStackalloc()
    {
        var builder = new ns20::FastText.ValueStringBuilder(stackalloc char[256]);
        string[] sequence = _sequence;
        for (int i = 0; i < sequence.Length; i++)
        {
            builder.Append(sequence[i]);
            builder.Append(';');
        }

        string result = builder.ToString();
        builder.Dispose();
        return result;
    }

    /// <summary>
    /// No buffer of the caller's: the builder takes this thread's spare array, which after the first call is the one
    /// this string outgrew into, so the loop neither zeroes a stackalloc nor grows.
    /// </summary>
    [Benchmark]
    public string OursWithoutBuffer()
    {
        var builder = new ValueStringBuilder(0);
        string[] sequence = _sequence;
        for (int i = 0; i < sequence.Length; i++)
        {
            builder.Append(sequence[i]);
            builder.Append(';');
        }

        string result = builder.ToString();
        builder.Dispose();
        return result;
    }

    [Benchmark]
    public string OursNetStandard20WithoutBuffer()
    {
        var builder = new ns20::FastText.ValueStringBuilder(0);
        string[] sequence = _sequence;
        for (int i = 0; i < sequence.Length; i++)
        {
            builder.Append(sequence[i]);
            builder.Append(';');
        }

        string result = builder.ToString();
        builder.Dispose();
        return result;
    }
}
