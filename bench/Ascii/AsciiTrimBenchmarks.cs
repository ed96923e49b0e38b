extern alias ns20;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// Trim over text with a few whitespace chars at each end (the work is proportional to the whitespace, not the
/// length; the sizes show that), bytes and chars: both FastText builds against System.Text.Ascii.Trim, the baseline
/// of each category.
/// </summary>
[FastJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class AsciiTrimBenchmarks
{
    private char[] _chars = [];
    private byte[] _bytes = [];

    [ParamsSource(nameof(Lengths))]
    public int Length { get; set; }

    public static IEnumerable<int> Lengths => AsciiBenchmarkData.Lengths;

    [GlobalSetup]
    public void Setup()
    {
        _chars = AsciiBenchmarkData.PaddedChars(Length);
        _bytes = _chars.Select(c => (byte)c).ToArray();
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Bytes")]
    public Range SystemTextAsciiBytes() => System.Text.Ascii.Trim(_bytes);

    [Benchmark, BenchmarkCategory("Bytes")]
    public Range FastTextNet8Bytes() => AsciiText.Trim(_bytes);

    [Benchmark, BenchmarkCategory("Bytes")]
    public Range FastTextNetStandard20Bytes() => ns20::FastText.AsciiText.Trim(_bytes);

    [Benchmark(Baseline = true), BenchmarkCategory("Chars")]
    public Range SystemTextAsciiChars() => System.Text.Ascii.Trim(_chars);

    [Benchmark, BenchmarkCategory("Chars")]
    public Range FastTextNet8Chars() => AsciiText.Trim(_chars);

    [Benchmark, BenchmarkCategory("Chars")]
    public Range FastTextNetStandard20Chars() => ns20::FastText.AsciiText.Trim(_chars);
}
