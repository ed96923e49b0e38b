extern alias ns20;

using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>Is this UTF-16 text all ASCII: both FastText builds against System.Text.Ascii.IsValid and a naive loop.</summary>
[FastJob]
public class AsciiValidateBenchmarks
{
    private char[] _source = [];

    [ParamsSource(nameof(Lengths))]
    public int Length { get; set; }

    public static IEnumerable<int> Lengths => AsciiBenchmarkData.Lengths;

    [GlobalSetup]
    public void Setup() => _source = AsciiBenchmarkData.AsciiChars(Length);

    [Benchmark(Baseline = true)]
    public bool NaiveLoop()
    {
        foreach (char c in _source)
        {
            if (c > 0x7F)
            {
                return false;
            }
        }

        return true;
    }

    [Benchmark]
    public bool FastTextNet8() => AsciiText.IsValid(_source);

    [Benchmark]
    public bool FastTextNetStandard20() => ns20::FastText.AsciiText.IsValid(_source);

    [Benchmark]
    public bool SystemTextAscii() => System.Text.Ascii.IsValid(_source);
}
