extern alias ns20;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// Is this text all ASCII, for bytes and for chars: both FastText builds against System.Text.Ascii.IsValid (the
/// baseline of each category) and a naive loop.
/// </summary>
[FastJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class AsciiValidateBenchmarks
{
    private char[] _chars = [];
    private byte[] _bytes = [];

    [ParamsSource(nameof(Lengths))]
    public int Length { get; set; }

    public static IEnumerable<int> Lengths => AsciiBenchmarkData.Lengths;

    [GlobalSetup]
    public void Setup()
    {
        _chars = AsciiBenchmarkData.AsciiChars(Length);
        _bytes = AsciiBenchmarkData.AsciiBytes(Length);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Bytes")]
    public bool SystemTextAsciiBytes() => System.Text.Ascii.IsValid(_bytes);

    [Benchmark, BenchmarkCategory("Bytes")]
    public bool FastTextNet8Bytes() => AsciiText.IsValid(_bytes);

    [Benchmark, BenchmarkCategory("Bytes")]
    public bool FastTextNetStandard20Bytes() => ns20::FastText.AsciiText.IsValid(_bytes);

    [Benchmark, BenchmarkCategory("Bytes")]
    public bool NaiveLoopBytes()
    {
        foreach (byte b in _bytes)
        {
            if (b > 0x7F)
            {
                return false;
            }
        }

        return true;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Chars")]
    public bool SystemTextAsciiChars() => System.Text.Ascii.IsValid(_chars);

    [Benchmark, BenchmarkCategory("Chars")]
    public bool FastTextNet8Chars() => AsciiText.IsValid(_chars);

    [Benchmark, BenchmarkCategory("Chars")]
    public bool FastTextNetStandard20Chars() => ns20::FastText.AsciiText.IsValid(_chars);

    [Benchmark, BenchmarkCategory("Chars")]
    public bool NaiveLoopChars()
    {
        foreach (char c in _chars)
        {
            if (c > 0x7F)
            {
                return false;
            }
        }

        return true;
    }
}
