extern alias ns20;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// Equals over equal ASCII text (the whole input is compared), one category per overload (bytes/bytes, bytes/chars,
/// chars/bytes, chars/chars): both FastText builds against System.Text.Ascii.Equals, the baseline of each category.
/// </summary>
[FastJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class AsciiEqualsBenchmarks
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
        _otherChars = (char[])_chars.Clone();
        _bytes = AsciiBenchmarkData.AsciiBytes(Length);
        _otherBytes = (byte[])_bytes.Clone();
    }

    [Benchmark(Baseline = true), BenchmarkCategory("BytesBytes")]
    public bool SystemTextAsciiBytesBytes() => System.Text.Ascii.Equals(_bytes, _otherBytes);

    [Benchmark, BenchmarkCategory("BytesBytes")]
    public bool FastTextNet8BytesBytes() => AsciiText.Equals(_bytes, _otherBytes);

    [Benchmark, BenchmarkCategory("BytesBytes")]
    public bool FastTextNetStandard20BytesBytes() => ns20::FastText.AsciiText.Equals(_bytes, _otherBytes);

    [Benchmark(Baseline = true), BenchmarkCategory("BytesChars")]
    public bool SystemTextAsciiBytesChars() => System.Text.Ascii.Equals(_bytes, _chars);

    [Benchmark, BenchmarkCategory("BytesChars")]
    public bool FastTextNet8BytesChars() => AsciiText.Equals(_bytes, _chars);

    [Benchmark, BenchmarkCategory("BytesChars")]
    public bool FastTextNetStandard20BytesChars() => ns20::FastText.AsciiText.Equals(_bytes, _chars);

    [Benchmark(Baseline = true), BenchmarkCategory("CharsBytes")]
    public bool SystemTextAsciiCharsBytes() => System.Text.Ascii.Equals(_chars, _otherBytes);

    [Benchmark, BenchmarkCategory("CharsBytes")]
    public bool FastTextNet8CharsBytes() => AsciiText.Equals(_chars, _otherBytes);

    [Benchmark, BenchmarkCategory("CharsBytes")]
    public bool FastTextNetStandard20CharsBytes() => ns20::FastText.AsciiText.Equals(_chars, _otherBytes);

    [Benchmark(Baseline = true), BenchmarkCategory("CharsChars")]
    public bool SystemTextAsciiCharsChars() => System.Text.Ascii.Equals(_chars, _otherChars);

    [Benchmark, BenchmarkCategory("CharsChars")]
    public bool FastTextNet8CharsChars() => AsciiText.Equals(_chars, _otherChars);

    [Benchmark, BenchmarkCategory("CharsChars")]
    public bool FastTextNetStandard20CharsChars() => ns20::FastText.AsciiText.Equals(_chars, _otherChars);
}
