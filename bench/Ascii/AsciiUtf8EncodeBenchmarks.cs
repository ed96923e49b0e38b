extern alias ns20;

using System.Text;
using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>UTF-16 to UTF-8 of all-ASCII and of mostly-ASCII text: both FastText builds against Encoding.UTF8.</summary>
[FastJob]
public class AsciiUtf8EncodeBenchmarks
{
    private char[] _source = [];
    private byte[] _destination = [];

    [ParamsSource(nameof(Lengths))]
    public int Length { get; set; }

    public static IEnumerable<int> Lengths => AsciiBenchmarkData.Lengths;

    [Params("Ascii", "MostlyAscii")]
    public string Text { get; set; } = "Ascii";

    [GlobalSetup]
    public void Setup()
    {
        _source = Text == "Ascii" ? AsciiBenchmarkData.AsciiChars(Length) : AsciiBenchmarkData.MostlyAsciiChars(Length);
        _destination = new byte[Encoding.UTF8.GetMaxByteCount(Length)];
    }

    [Benchmark(Baseline = true)]
    public int EncodingUtf8() => Encoding.UTF8.GetBytes(_source, _destination);

    [Benchmark]
    public int FastTextNet8()
    {
        AsciiText.TryEncodeUtf8(_source, _destination, out int written);
        return written;
    }

    [Benchmark]
    public int FastTextNetStandard20()
    {
        ns20::FastText.AsciiText.TryEncodeUtf8(_source, _destination, out int written);
        return written;
    }
}
