extern alias ns20;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// ToLower and ToUpper span to span, one category per overload (operation and element pairing) over case-mixed
/// printable ASCII: both FastText builds against System.Text.Ascii, the baseline of each category.
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

    [Benchmark(Baseline = true), BenchmarkCategory("ToLowerCharsToChars")]
    public int SystemTextAsciiToLowerCharsToChars()
    {
        System.Text.Ascii.ToLower(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToLowerCharsToChars")]
    public int FastTextNet8ToLowerCharsToChars()
    {
        AsciiText.ToLower(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToLowerCharsToChars")]
    public int FastTextNetStandard20ToLowerCharsToChars()
    {
        ns20::FastText.AsciiText.ToLower(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ToLowerBytesToBytes")]
    public int SystemTextAsciiToLowerBytesToBytes()
    {
        System.Text.Ascii.ToLower(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToLowerBytesToBytes")]
    public int FastTextNet8ToLowerBytesToBytes()
    {
        AsciiText.ToLower(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToLowerBytesToBytes")]
    public int FastTextNetStandard20ToLowerBytesToBytes()
    {
        ns20::FastText.AsciiText.ToLower(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ToLowerBytesToChars")]
    public int SystemTextAsciiToLowerBytesToChars()
    {
        System.Text.Ascii.ToLower(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToLowerBytesToChars")]
    public int FastTextNet8ToLowerBytesToChars()
    {
        AsciiText.ToLower(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToLowerBytesToChars")]
    public int FastTextNetStandard20ToLowerBytesToChars()
    {
        ns20::FastText.AsciiText.ToLower(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ToLowerCharsToBytes")]
    public int SystemTextAsciiToLowerCharsToBytes()
    {
        System.Text.Ascii.ToLower(_chars, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToLowerCharsToBytes")]
    public int FastTextNet8ToLowerCharsToBytes()
    {
        AsciiText.ToLower(_chars, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToLowerCharsToBytes")]
    public int FastTextNetStandard20ToLowerCharsToBytes()
    {
        ns20::FastText.AsciiText.ToLower(_chars, _byteDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ToUpperCharsToChars")]
    public int SystemTextAsciiToUpperCharsToChars()
    {
        System.Text.Ascii.ToUpper(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToUpperCharsToChars")]
    public int FastTextNet8ToUpperCharsToChars()
    {
        AsciiText.ToUpper(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToUpperCharsToChars")]
    public int FastTextNetStandard20ToUpperCharsToChars()
    {
        ns20::FastText.AsciiText.ToUpper(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ToUpperBytesToBytes")]
    public int SystemTextAsciiToUpperBytesToBytes()
    {
        System.Text.Ascii.ToUpper(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToUpperBytesToBytes")]
    public int FastTextNet8ToUpperBytesToBytes()
    {
        AsciiText.ToUpper(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToUpperBytesToBytes")]
    public int FastTextNetStandard20ToUpperBytesToBytes()
    {
        ns20::FastText.AsciiText.ToUpper(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ToUpperBytesToChars")]
    public int SystemTextAsciiToUpperBytesToChars()
    {
        System.Text.Ascii.ToUpper(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToUpperBytesToChars")]
    public int FastTextNet8ToUpperBytesToChars()
    {
        AsciiText.ToUpper(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToUpperBytesToChars")]
    public int FastTextNetStandard20ToUpperBytesToChars()
    {
        ns20::FastText.AsciiText.ToUpper(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ToUpperCharsToBytes")]
    public int SystemTextAsciiToUpperCharsToBytes()
    {
        System.Text.Ascii.ToUpper(_chars, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToUpperCharsToBytes")]
    public int FastTextNet8ToUpperCharsToBytes()
    {
        AsciiText.ToUpper(_chars, _byteDestination, out int written);
        return written;
    }

    [Benchmark, BenchmarkCategory("ToUpperCharsToBytes")]
    public int FastTextNetStandard20ToUpperCharsToBytes()
    {
        ns20::FastText.AsciiText.ToUpper(_chars, _byteDestination, out int written);
        return written;
    }
}
