using System.Globalization;
using System.IO;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Cysharp.Text;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.ValueStringBuilderBenchmarks;

/// <summary>
/// The one-call forms and the TextWriter against ZString's (the baseline of each category: what people use for
/// these without boxing) and the runtime's: sixteen ints in one composite format; a <c>List&lt;string&gt;</c> joined
/// (string.Join reads it as a span, ZString and ours without an enumerator object); six values of five types
/// concatenated; and a report of text, ints and a formatted double written through a <c>TextWriter</c> (StringWriter,
/// ZString's ZStringWriter, ours), then read as a string. Every method in a category returns the same string.
/// Filter: <c>--filter '*OneCall*'</c>.
/// </summary>
[MemoryDiagnoser]
[FastJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class ValueStringBuilderOneCallBenchmarks
{
    private const string Sixteen = "{0},{1},{2},{3},{4},{5},{6},{7},{8},{9},{10},{11},{12},{13},{14},{15}";

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    private readonly List<string> _words = new() { "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta" };
    private readonly StringWriter _stringWriter = new(CultureInfo.InvariantCulture);
    private readonly ValueStringWriter _writer = new(CultureInfo.InvariantCulture);
    private int _seed;

    [GlobalSetup]
    public void Setup()
    {
        CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
        _seed = 123456;
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    [GlobalCleanup]
    public void Cleanup() => _writer.Dispose();

    [BenchmarkCategory("Format of 16 ints"), Benchmark(Baseline = true)]
    public string ZStringFormat16()
    {
        int s = _seed;
        return ZString.Format(Sixteen, s, s + 1, s + 2, s + 3, s + 4, s + 5, s + 6, s + 7, s + 8, s + 9, s + 10, s + 11, s + 12, s + 13, s + 14, s + 15);
    }

    [BenchmarkCategory("Format of 16 ints"), Benchmark]
    public string StringFormat16()
    {
        int s = _seed;
        return string.Format(Sixteen, s, s + 1, s + 2, s + 3, s + 4, s + 5, s + 6, s + 7, s + 8, s + 9, s + 10, s + 11, s + 12, s + 13, s + 14, s + 15);
    }

    [BenchmarkCategory("Format of 16 ints"), Benchmark]
    public string OursFormat16()
    {
        int s = _seed;
        return ValueStringBuilder.Format(Sixteen, s, s + 1, s + 2, s + 3, s + 4, s + 5, s + 6, s + 7, s + 8, s + 9, s + 10, s + 11, s + 12, s + 13, s + 14, s + 15);
    }

    [BenchmarkCategory("Join of a List<string>"), Benchmark(Baseline = true)]
    public string ZStringJoinList() => ZString.Join(", ", _words);

    [BenchmarkCategory("Join of a List<string>"), Benchmark]
    public string StringJoinList() => string.Join(", ", _words);

    [BenchmarkCategory("Join of a List<string>"), Benchmark]
    public string OursJoinList() => ValueStringBuilder.Join(", ", _words);

    [BenchmarkCategory("Concat of 6 values"), Benchmark(Baseline = true)]
    public string ZStringConcat() => ZString.Concat("id=", _seed, ' ', true, ":", 12345678901L);

    [BenchmarkCategory("Concat of 6 values"), Benchmark]
    public string StringConcat() => string.Concat("id=", _seed, ' ', true, ":", 12345678901L);

    [BenchmarkCategory("Concat of 6 values"), Benchmark]
    public string OursConcat() => ValueStringBuilder.Concat("id=", _seed, ' ', true, ":", 12345678901L);

    [BenchmarkCategory("TextWriter report"), Benchmark(Baseline = true)]
    public string ZStringWriterReport()
    {
        using var writer = new ZStringWriter(Invariant);
        WriteReport(writer);
        return writer.ToString();
    }

    [BenchmarkCategory("TextWriter report"), Benchmark]
    public string StringWriterReport()
    {
        _stringWriter.GetStringBuilder().Clear();
        WriteReport(_stringWriter);
        return _stringWriter.ToString();
    }

    [BenchmarkCategory("TextWriter report"), Benchmark]
    public string OursWriterReport()
    {
        _writer.Clear();
        WriteReport(_writer);
        return _writer.ToString();
    }

    [BenchmarkCategory("TextWriter report"), Benchmark]
    public string OursNewWriterReport()
    {
        using var writer = new ValueStringWriter(Invariant);
        WriteReport(writer);
        return writer.ToString();
    }

    private void WriteReport(TextWriter output)
    {
        for (int i = 0; i < 8; i++)
        {
            output.Write("row ");
            output.Write(_seed + i);
            output.Write(": ");
            output.Write(_words[i]);
            output.Write(' ');
            output.Write(i * 1.25);
            output.WriteLine();
        }
    }
}
