extern alias ns20;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// EqualsIgnoreCase over case-mixed ASCII text equal but for case (the other side upper-cased, so every lower-case
/// letter needs folding), one category per overload (bytes/bytes, bytes/chars, chars/bytes, chars/chars): both
/// FastText builds against System.Text.Ascii.EqualsIgnoreCase, the baseline of each category.
/// </summary>
[FastJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class AsciiEqualsIgnoreCaseBenchmarks
{
    private char[] _chars = [];
    private char[] _otherChars = [];
    private byte[] _bytes = [];
    private byte[] _otherBytes = [];

    [ParamsSource(nameof(Lengths))]
    public int Length { get; set; }

    public static IEnumerable<int> Lengths => AsciiBenchmarkData.Lengths;

    [GlobalSetup]
    public void Setup()
    {
        _chars = AsciiBenchmarkData.AsciiChars(Length);
        _otherChars = new string(_chars).ToUpperInvariant().ToCharArray();
        _bytes = AsciiBenchmarkData.AsciiBytes(Length);
        _otherBytes = _otherChars.Select(c => (byte)c).ToArray();
    }

    [Benchmark(Baseline = true), BenchmarkCategory("BytesBytes")]
    public bool SystemTextAsciiBytesBytes() => System.Text.Ascii.EqualsIgnoreCase(_bytes, _otherBytes);

    [Benchmark, BenchmarkCategory("BytesBytes")]
    public bool FastTextNet8BytesBytes() => AsciiText.EqualsIgnoreCase(_bytes, _otherBytes);

    [Benchmark, BenchmarkCategory("BytesBytes")]
    public bool FastTextNetStandard20BytesBytes() => ns20::FastText.AsciiText.EqualsIgnoreCase(_bytes, _otherBytes);

    [Benchmark(Baseline = true), BenchmarkCategory("BytesChars")]
    public bool SystemTextAsciiBytesChars() => System.Text.Ascii.EqualsIgnoreCase(_bytes, _otherChars);

    [Benchmark, BenchmarkCategory("BytesChars")]
    public bool FastTextNet8BytesChars() => AsciiText.EqualsIgnoreCase(_bytes, _otherChars);

    [Benchmark, BenchmarkCategory("BytesChars")]
    public bool FastTextNetStandard20BytesChars() => ns20::FastText.AsciiText.EqualsIgnoreCase(_bytes, _otherChars);

    [Benchmark(Baseline = true), BenchmarkCategory("CharsBytes")]
    public bool SystemTextAsciiCharsBytes() => System.Text.Ascii.EqualsIgnoreCase(_chars, _otherBytes);

    [Benchmark, BenchmarkCategory("CharsBytes")]
    public bool FastTextNet8CharsBytes() => AsciiText.EqualsIgnoreCase(_chars, _otherBytes);

    [Benchmark, BenchmarkCategory("CharsBytes")]
    public bool FastTextNetStandard20CharsBytes() => ns20::FastText.AsciiText.EqualsIgnoreCase(_chars, _otherBytes);

    [Benchmark(Baseline = true), BenchmarkCategory("CharsChars")]
    public bool SystemTextAsciiCharsChars() => System.Text.Ascii.EqualsIgnoreCase(_chars, _otherChars);

    [Benchmark, BenchmarkCategory("CharsChars")]
    public bool FastTextNet8CharsChars() => AsciiText.EqualsIgnoreCase(_chars, _otherChars);

    [Benchmark, BenchmarkCategory("CharsChars")]
    public bool FastTextNetStandard20CharsChars() => ns20::FastText.AsciiText.EqualsIgnoreCase(_chars, _otherChars);
}
