extern alias ns20;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// ToLower span to span for the four element pairings (ToUpper runs the same code with another constant): both
/// FastText builds against System.Text.Ascii.ToLower, the baseline of each category.
/// </summary>
[FastJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class AsciiCaseConversionBenchmarks
{
    private char[] _chars = [];
    private byte[] _bytes = [];
    private char[] _charDestination = [];
    private byte[] _byteDestination = [];

    [ParamsSource(nameof(Lengths))]
    public int Length { get; set; }

    public static IEnumerable<int> Lengths => AsciiBenchmarkData.Lengths;

    [GlobalSetup]
    public void Setup()
    {
        _chars = AsciiBenchmarkData.AsciiChars(Length);
        _bytes = AsciiBenchmarkData.AsciiBytes(Length);
        _charDestination = new char[Length];
        _byteDestination = new byte[Length];
    }

    [Benchmark(Baseline = true), BenchmarkCategory("CharsToChars")]
    public int SystemTextAsciiCharsToChars()
    {
        System.Text.Ascii.ToLower(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("CharsToChars")]
    public int FastTextNet8CharsToChars()
    {
        AsciiText.ToLower(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("CharsToChars")]
    public int FastTextNetStandard20CharsToChars()
    {
        ns20::FastText.AsciiText.ToLower(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("BytesToBytes")]
    public int SystemTextAsciiBytesToBytes()
    {
        System.Text.Ascii.ToLower(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("BytesToBytes")]
    public int FastTextNet8BytesToBytes()
    {
        AsciiText.ToLower(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("BytesToBytes")]
    public int FastTextNetStandard20BytesToBytes()
    {
        ns20::FastText.AsciiText.ToLower(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("BytesToChars")]
    public int SystemTextAsciiBytesToChars()
    {
        System.Text.Ascii.ToLower(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("BytesToChars")]
    public int FastTextNet8BytesToChars()
    {
        AsciiText.ToLower(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("BytesToChars")]
    public int FastTextNetStandard20BytesToChars()
    {
        ns20::FastText.AsciiText.ToLower(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("CharsToBytes")]
    public int SystemTextAsciiCharsToBytes()
    {
        System.Text.Ascii.ToLower(_chars, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("CharsToBytes")]
    public int FastTextNet8CharsToBytes()
    {
        AsciiText.ToLower(_chars, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("CharsToBytes")]
    public int FastTextNetStandard20CharsToBytes()
    {
        ns20::FastText.AsciiText.ToLower(_chars, _byteDestination, out int written);
        return written;
    }
}
