using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>UTF-8 encoding with the ASCII fast path must equal Encoding.UTF8 byte for byte, lone surrogates included.</summary>
public class AsciiUtf8Tests
{
    /// <summary>ASCII runs mixed with 2- and 3-byte chars, surrogate pairs, and lone or reversed surrogates.</summary>
    private static readonly Gen<string> Text =
        from length in Gen.Frequency((4, Gen.Choose(0, 80)), (1, Gen.Choose(80, 600)))
        from pieces in Gen.ArrayOf(Gen.Frequency(
            (30, Gen.Choose(0, 0x7F).Select(c => ((char)c).ToString())),
            (2, Gen.Elements("\u00E9", "\u0141", "\u07FF", "\u0800", "\u20AC", "\uFFFF", "\uFFFD")),
            (2, Gen.Elements("\uD83D\uDE00", "\uDBFF\uDFFF", "\uD800\uDC00")),
            (2, Gen.Elements("\uD800", "\uDFFF", "\uDC00\uD800", "\uDBFF"))), length)
        select string.Concat(pieces);

    /// <summary><see cref="Text"/> as an FsCheck arbitrary.</summary>
    public static class TextArbitrary
    {
        public static Arbitrary<string> Texts() => Text.ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(TextArbitrary)])]
    public void Encoding_equals_Encoding_UTF8_for_generated_text(string text)
    {
        byte[] expected = Encoding.UTF8.GetBytes(text);
        Assert.Equal(expected.Length, AsciiText.GetUtf8ByteCount(text.AsSpan()));
        Assert.Equal(expected, AsciiText.EncodeUtf8ToArray(text));

        byte[] destination = new byte[expected.Length + 5];
        destination.AsSpan().Fill(AsciiReference.ByteSentinel);
        Assert.True(AsciiText.TryEncodeUtf8(text.AsSpan(), destination, out int written));
        Assert.Equal(expected.Length, written);
        Assert.Equal(expected, destination.Take(written));
        Assert.All(destination.Skip(written), b => Assert.Equal(AsciiReference.ByteSentinel, b));

        var writer = new TestBufferWriter<byte>();
        writer.GetSpan(1);
        Assert.Equal(expected.Length, AsciiText.EncodeUtf8(text.AsSpan(), writer));
        Assert.Equal(expected, writer.WrittenSpan.ToArray());

        if (expected.Length > 0)
        {
            Assert.False(AsciiText.TryEncodeUtf8(text.AsSpan(), new byte[expected.Length - 1], out int tooSmall));
            Assert.Equal(0, tooSmall);
        }
    }

    [Fact]
    public void Lone_surrogates_become_the_replacement_character()
    {
        Assert.Equal(new byte[] { (byte)'a', 0xEF, 0xBF, 0xBD, (byte)'b' }, AsciiText.EncodeUtf8ToArray("a\uD800b"));
        Assert.Equal(new byte[] { 0xEF, 0xBF, 0xBD }, AsciiText.EncodeUtf8ToArray("\uDFFF"));
        Assert.Equal(new byte[] { 0xF0, 0x9F, 0x98, 0x80 }, AsciiText.EncodeUtf8ToArray("\uD83D\uDE00"));
        string asciiThenLone = new string('x', 40) + "\uDC00";
        Assert.Equal(Encoding.UTF8.GetBytes(asciiThenLone), AsciiText.EncodeUtf8ToArray(asciiThenLone));
    }

    [Fact]
    public void Null_and_empty()
    {
        Assert.Equal("value", Assert.Throws<ArgumentNullException>(() => AsciiText.EncodeUtf8ToArray(null!)).ParamName);
        Assert.Equal("writer", Assert.Throws<ArgumentNullException>(() => AsciiText.EncodeUtf8("a".AsSpan(), null!)).ParamName);
        Assert.Empty(AsciiText.EncodeUtf8ToArray(""));
        Assert.True(AsciiText.TryEncodeUtf8(ReadOnlySpan<char>.Empty, Span<byte>.Empty, out int written));
        Assert.Equal(0, written);
    }
}
