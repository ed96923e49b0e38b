extern alias ns20;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// ToUpperInPlace then ToLowerInPlace over the same buffer (so every call sees letters to flip and the input does not
/// drift between iterations), chars and bytes: both FastText builds against System.Text.Ascii, the baseline of each category.
/// </summary>
[FastJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class AsciiCaseInPlaceBenchmarks
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

    [Benchmark(Baseline = true), BenchmarkCategory("Chars")]
    public int SystemTextAsciiChars()
    {
        System.Text.Ascii.ToUpperInPlace(_chars, out int upper);
        System.Text.Ascii.ToLowerInPlace(_chars, out int lower);
        return upper + lower;
    }

    [Benchmark, BenchmarkCategory("Chars")]
    public int FastTextNet8Chars()
    {
        AsciiText.ToUpperInPlace(_chars, out int upper);
        AsciiText.ToLowerInPlace(_chars, out int lower);
        return upper + lower;
    }

    [Benchmark, BenchmarkCategory("Chars")]
    public int FastTextNetStandard20Chars()
    {
        ns20::FastText.AsciiText.ToUpperInPlace(_chars, out int upper);
        ns20::FastText.AsciiText.ToLowerInPlace(_chars, out int lower);
        return upper + lower;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Bytes")]
    public int SystemTextAsciiBytes()
    {
        System.Text.Ascii.ToUpperInPlace(_bytes, out int upper);
        System.Text.Ascii.ToLowerInPlace(_bytes, out int lower);
        return upper + lower;
    }

    [Benchmark, BenchmarkCategory("Bytes")]
    public int FastTextNet8Bytes()
    {
        AsciiText.ToUpperInPlace(_bytes, out int upper);
        AsciiText.ToLowerInPlace(_bytes, out int lower);
        return upper + lower;
    }

    [Benchmark, BenchmarkCategory("Bytes")]
    public int FastTextNetStandard20Bytes()
    {
        ns20::FastText.AsciiText.ToUpperInPlace(_bytes, out int upper);
        ns20::FastText.AsciiText.ToLowerInPlace(_bytes, out int lower);
        return upper + lower;
    }
}
