extern alias ns20;

using System.Text;
using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.ValueStringBuilderBenchmarks;

/// <summary>Many appends of short strings and chars into one builder, then the string: ours grows through the pool.</summary>
[MemoryDiagnoser]
[FastJob]
public class ValueStringBuilderManyAppendsBenchmarks
{
    private static readonly string[] Words = { "id", "name", "value", "x", "timestamp", "ok" };

    [Params(100, 10_000, 100_000)]
    public int Appends { get; set; }

    [Benchmark(Baseline = true)]
    public string NewStringBuilder()
    {
        var builder = new StringBuilder();
        string[] words = Words;
        for (int i = 0; i < Appends; i += 2)
        {
            builder.Append(words[i % words.Length]);
            builder.Append(';');
        }

        return builder.ToString();
    }

    [Benchmark]
    public string OursOnStackalloc()
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

    [Benchmark]
    public string OursNetStandard20OnStackalloc()
    {
        var builder = new ns20::FastText.ValueStringBuilder(stackalloc char[256]);
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
