extern alias ns20;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// Trim, TrimStart and TrimEnd over text with a few whitespace chars at each end (the work is proportional to the
/// whitespace, not the length; the sizes show that), bytes and chars, one category per overload: both FastText
/// builds against System.Text.Ascii, the baseline of each category.
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

    [Benchmark(Baseline = true), BenchmarkCategory("TrimBytes")]
    public Range SystemTextAsciiTrimBytes() => System.Text.Ascii.Trim(_bytes);

    [Benchmark, BenchmarkCategory("TrimBytes")]
    public Range FastTextNet8TrimBytes() => AsciiText.Trim(_bytes);

    [Benchmark, BenchmarkCategory("TrimBytes")]
    public Range FastTextNetStandard20TrimBytes() => ns20::FastText.AsciiText.Trim(_bytes);

    [Benchmark(Baseline = true), BenchmarkCategory("TrimChars")]
    public Range SystemTextAsciiTrimChars() => System.Text.Ascii.Trim(_chars);

    [Benchmark, BenchmarkCategory("TrimChars")]
    public Range FastTextNet8TrimChars() => AsciiText.Trim(_chars);

    [Benchmark, BenchmarkCategory("TrimChars")]
    public Range FastTextNetStandard20TrimChars() => ns20::FastText.AsciiText.Trim(_chars);

    [Benchmark(Baseline = true), BenchmarkCategory("TrimStartBytes")]
    public Range SystemTextAsciiTrimStartBytes() => System.Text.Ascii.TrimStart(_bytes);

    [Benchmark, BenchmarkCategory("TrimStartBytes")]
    public Range FastTextNet8TrimStartBytes() => AsciiText.TrimStart(_bytes);

    [Benchmark, BenchmarkCategory("TrimStartBytes")]
    public Range FastTextNetStandard20TrimStartBytes() => ns20::FastText.AsciiText.TrimStart(_bytes);

    [Benchmark(Baseline = true), BenchmarkCategory("TrimStartChars")]
    public Range SystemTextAsciiTrimStartChars() => System.Text.Ascii.TrimStart(_chars);

    [Benchmark, BenchmarkCategory("TrimStartChars")]
    public Range FastTextNet8TrimStartChars() => AsciiText.TrimStart(_chars);

    [Benchmark, BenchmarkCategory("TrimStartChars")]
    public Range FastTextNetStandard20TrimStartChars() => ns20::FastText.AsciiText.TrimStart(_chars);

    [Benchmark(Baseline = true), BenchmarkCategory("TrimEndBytes")]
    public Range SystemTextAsciiTrimEndBytes() => System.Text.Ascii.TrimEnd(_bytes);

    [Benchmark, BenchmarkCategory("TrimEndBytes")]
    public Range FastTextNet8TrimEndBytes() => AsciiText.TrimEnd(_bytes);

    [Benchmark, BenchmarkCategory("TrimEndBytes")]
    public Range FastTextNetStandard20TrimEndBytes() => ns20::FastText.AsciiText.TrimEnd(_bytes);

    [Benchmark(Baseline = true), BenchmarkCategory("TrimEndChars")]
    public Range SystemTextAsciiTrimEndChars() => System.Text.Ascii.TrimEnd(_chars);

    [Benchmark, BenchmarkCategory("TrimEndChars")]
    public Range FastTextNet8TrimEndChars() => AsciiText.TrimEnd(_chars);

    [Benchmark, BenchmarkCategory("TrimEndChars")]
    public Range FastTextNetStandard20TrimEndChars() => ns20::FastText.AsciiText.TrimEnd(_chars);
}
