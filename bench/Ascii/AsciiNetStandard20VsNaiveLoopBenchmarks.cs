extern alias ns20;

using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Ascii;

/// <summary>
/// The netstandard2.0 build where its users are: System.Text.Ascii does not exist there (.NET Framework, Unity,
/// Mono), so the peer of each operation is the naive loop such code writes, the baseline of each category. At 16
/// elements, a typical header name or key, where a vectorized path's set-up costs the most relative to the work.
/// (The other Ascii classes measure both builds against System.Text.Ascii in this .NET process, at every size.)
/// The [GlobalSetup] checks that each category's two methods agree.
/// </summary>
[FastJob]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class AsciiNetStandard20VsNaiveLoopBenchmarks
{
    private char[] _chars = [];
    private char[] _upperChars = [];
    private char[] _paddedChars = [];
    private byte[] _bytes = [];
    private char[] _charDestination = [];
    private byte[] _byteDestination = [];

    [Params(16)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _chars = AsciiBenchmarkData.AsciiChars(Length);
        _upperChars = new string(_chars).ToUpperInvariant().ToCharArray();
        _paddedChars = AsciiBenchmarkData.PaddedChars(Length);
        _bytes = AsciiBenchmarkData.AsciiBytes(Length);
        _charDestination = new char[Length];
        _byteDestination = new byte[Length];
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("FromUtf16")]
    public int NaiveLoopFromUtf16()
    {
        char[] source = _chars;
        byte[] destination = _byteDestination;
        for (int i = 0; i < source.Length; i++)
        {
            char c = source[i];
            if (c > 0x7F)
            {
                return i;
            }

            destination[i] = (byte)c;
        }

        return source.Length;
    }

    [Benchmark, BenchmarkCategory("FromUtf16")]
    public int FastTextNetStandard20FromUtf16()
    {
        ns20::FastText.AsciiText.FromUtf16(_chars, _byteDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ToUtf16")]
    public int NaiveLoopToUtf16()
    {
        byte[] source = _bytes;
        char[] destination = _charDestination;
        for (int i = 0; i < source.Length; i++)
        {
            byte b = source[i];
            if (b > 0x7F)
            {
                return i;
            }

            destination[i] = (char)b;
        }

        return source.Length;
    }

    [Benchmark, BenchmarkCategory("ToUtf16")]
    public int FastTextNetStandard20ToUtf16()
    {
        ns20::FastText.AsciiText.ToUtf16(_bytes, _charDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("IsValidBytes")]
    public bool NaiveLoopIsValidBytes()
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

    [Benchmark, BenchmarkCategory("IsValidBytes")]
    public bool FastTextNetStandard20IsValidBytes() => ns20::FastText.AsciiText.IsValid(_bytes);

    [Benchmark(Baseline = true), BenchmarkCategory("IsValidChars")]
    public bool NaiveLoopIsValidChars()
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

    [Benchmark, BenchmarkCategory("IsValidChars")]
    public bool FastTextNetStandard20IsValidChars() => ns20::FastText.AsciiText.IsValid(_chars);

    [Benchmark(Baseline = true), BenchmarkCategory("EqualsCharsBytes")]
    public bool NaiveLoopEqualsCharsBytes()
    {
        char[] left = _chars;
        byte[] right = _bytes;
        if (left.Length != right.Length)
        {
            return false;
        }

        for (int i = 0; i < left.Length; i++)
        {
            if (left[i] > 0x7F || left[i] != right[i])
            {
                return false;
            }
        }

        return true;
    }

    [Benchmark, BenchmarkCategory("EqualsCharsBytes")]
    public bool FastTextNetStandard20EqualsCharsBytes() => ns20::FastText.AsciiText.Equals(_chars, _bytes);

    [Benchmark(Baseline = true), BenchmarkCategory("EqualsIgnoreCaseChars")]
    public bool NaiveLoopEqualsIgnoreCaseChars()
    {
        char[] left = _chars;
        char[] right = _upperChars;
        if (left.Length != right.Length)
        {
            return false;
        }

        for (int i = 0; i < left.Length; i++)
        {
            char a = left[i];
            char b = right[i];
            if (a > 0x7F || b > 0x7F || LowerAscii(a) != LowerAscii(b))
            {
                return false;
            }
        }

        return true;
    }

    [Benchmark, BenchmarkCategory("EqualsIgnoreCaseChars")]
    public bool FastTextNetStandard20EqualsIgnoreCaseChars() => ns20::FastText.AsciiText.EqualsIgnoreCase(_chars, _upperChars);

    [Benchmark(Baseline = true), BenchmarkCategory("ToLowerChars")]
    public int NaiveLoopToLowerChars()
    {
        char[] source = _chars;
        char[] destination = _charDestination;
        for (int i = 0; i < source.Length; i++)
        {
            char c = source[i];
            if (c > 0x7F)
            {
                return i;
            }

            destination[i] = LowerAscii(c);
        }

        return source.Length;
    }

    [Benchmark, BenchmarkCategory("ToLowerChars")]
    public int FastTextNetStandard20ToLowerChars()
    {
        ns20::FastText.AsciiText.ToLower(_chars, _charDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ToUpperBytes")]
    public int NaiveLoopToUpperBytes()
    {
        byte[] source = _bytes;
        byte[] destination = _byteDestination;
        for (int i = 0; i < source.Length; i++)
        {
            byte b = source[i];
            if (b > 0x7F)
            {
                return i;
            }

            destination[i] = b is >= (byte)'a' and <= (byte)'z' ? (byte)(b - 0x20) : b;
        }

        return source.Length;
    }

    [Benchmark, BenchmarkCategory("ToUpperBytes")]
    public int FastTextNetStandard20ToUpperBytes()
    {
        ns20::FastText.AsciiText.ToUpper(_bytes, _byteDestination, out int written);
        return written;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("TrimChars")]
    public Range NaiveLoopTrimChars()
    {
        char[] value = _paddedChars;
        int start = 0;
        int end = value.Length;
        while (start < end && IsAsciiWhiteSpace(value[start]))
        {
            start++;
        }

        while (end > start && IsAsciiWhiteSpace(value[end - 1]))
        {
            end--;
        }

        return start..end;
    }

    [Benchmark, BenchmarkCategory("TrimChars")]
    public Range FastTextNetStandard20TrimChars() => ns20::FastText.AsciiText.Trim(_paddedChars);

    private static char LowerAscii(char c) => c is >= 'A' and <= 'Z' ? (char)(c | 0x20) : c;

    // The set System.Text.Ascii.Trim removes: U+0009 to U+000D and the space.
    private static bool IsAsciiWhiteSpace(char c) => c == ' ' || (c >= '\t' && c <= '\r');
}
