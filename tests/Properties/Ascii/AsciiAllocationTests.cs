using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>The span overloads allocate nothing, on the ASCII fast path and on the UTF-8 fallback alike.</summary>
public class AsciiAllocationTests
{
#if NET || FASTTEXT_NET48
    private static readonly char[] Ascii = new string('a', 1000).ToCharArray();
    private static readonly char[] Mixed = (new string('a', 500) + "\u00E9\uD83D\uDE00" + new string('b', 500)).ToCharArray();
    private static readonly char[] LoneSurrogate = (new string('a', 500) + "\uD800" + new string('b', 500)).ToCharArray();
    private static readonly byte[] Bytes = new byte[4000];
    private static readonly char[] Chars = new char[1000];

    public static TheoryData<string> Operations() =>
    [
        "Narrow", "NarrowMixed", "Widen", "IsValidChars", "IsValidBytes", "IndexOfNonAscii", "ToLower", "ToUpperInPlace",
        "ToUpperBytes", "ToLowerInPlaceBytes", "GetUtf8ByteCount", "TryEncodeUtf8Ascii", "TryEncodeUtf8Mixed",
        "GetUtf8ByteCountLoneSurrogate", "TryEncodeUtf8LoneSurrogate",
    ];

    [Theory, MemberData(nameof(Operations))]
    public void Span_overload_allocates_nothing(string operation)
    {
        Action run = operation switch
        {
            "Narrow" => () => AsciiText.FromUtf16(Ascii, Bytes, out _),
            "NarrowMixed" => () => AsciiText.FromUtf16(Mixed, Bytes, out _),
            "Widen" => () => AsciiText.ToUtf16(Bytes.AsSpan(0, 1000), Chars, out _),
            "IsValidChars" => () => AsciiText.IsValid(Ascii),
            "IsValidBytes" => () => AsciiText.IsValid(Bytes),
            "IndexOfNonAscii" => () => AsciiText.IndexOfNonAscii(Mixed),
            "ToLower" => () => AsciiText.ToLower(Ascii, Chars, out _),
            "ToUpperInPlace" => () => AsciiText.ToUpperInPlace(Chars, out _),
            "ToUpperBytes" => () => AsciiText.ToUpper(Bytes.AsSpan(0, 500), Bytes.AsSpan(500, 500), out _),
            "ToLowerInPlaceBytes" => () => AsciiText.ToLowerInPlace(Bytes, out _),
            "GetUtf8ByteCount" => () => AsciiText.GetUtf8ByteCount(Mixed),
            "TryEncodeUtf8Ascii" => () => AsciiText.TryEncodeUtf8(Ascii, Bytes, out _),
            "TryEncodeUtf8Mixed" => () => AsciiText.TryEncodeUtf8(Mixed, Bytes, out _),
            "GetUtf8ByteCountLoneSurrogate" => () => AsciiText.GetUtf8ByteCount(LoneSurrogate),
            "TryEncodeUtf8LoneSurrogate" => () => AsciiText.TryEncodeUtf8(LoneSurrogate, Bytes, out _),
            _ => throw new ArgumentOutOfRangeException(nameof(operation)),
        };
        for (int i = 0; i < 3; i++)
        {
            run();
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        run();
        run();
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }
#endif
}
