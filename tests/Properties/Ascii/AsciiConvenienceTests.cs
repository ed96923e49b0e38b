using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>NarrowToArray and Narrow into an IBufferWriter: the throwing conveniences.</summary>
public class AsciiConvenienceTests
{
    [Fact]
    public void NarrowToArray_returns_one_byte_per_char()
    {
        Assert.Equal("Hello, World! \u007F"u8.ToArray(), AsciiText.FromUtf16ToArray("Hello, World! \u007F"));
        Assert.Same(Array.Empty<byte>(), AsciiText.FromUtf16ToArray(""));
        string longText = new('x', 1000);
        Assert.Equal(Enumerable.Repeat((byte)'x', 1000), AsciiText.FromUtf16ToArray(longText));
    }

    [Theory]
    [InlineData("ab\u0141d", 2, "U+0141")]
    [InlineData("\u0080", 0, "U+0080")]
    [InlineData("0123456789abcdefghijklmnopqrstuvwxyz0123456789\u00FF", 46, "U+00FF")]
    public void NarrowToArray_names_the_index_and_the_char(string value, int index, string codePoint)
    {
        ArgumentException error = Assert.Throws<ArgumentException>(() => AsciiText.FromUtf16ToArray(value));
        Assert.Equal("value", error.ParamName);
        Assert.Contains($"index {index}", error.Message);
        Assert.Contains(codePoint, error.Message);
    }

    [Fact]
    public void NarrowToArray_names_a_lone_surrogate()
    {
        // Built in code: attribute arguments are stored as UTF-8 and cannot carry a lone surrogate.
        ArgumentException error = Assert.Throws<ArgumentException>(() => AsciiText.FromUtf16ToArray(new string('a', 40) + "\uD800"));
        Assert.Contains("index 40", error.Message);
        Assert.Contains("U+D800", error.Message);
    }

    [Fact]
    public void NarrowToArray_rejects_null() =>
        Assert.Equal("value", Assert.Throws<ArgumentNullException>(() => AsciiText.FromUtf16ToArray(null!)).ParamName);

    [Fact]
    public void Narrow_into_a_buffer_writer_appends()
    {
        var writer = new TestBufferWriter<byte>();
        AsciiText.FromUtf16("GET ".AsSpan(), writer);
        AsciiText.FromUtf16(new string('a', 100).AsSpan(), writer);
        AsciiText.FromUtf16(ReadOnlySpan<char>.Empty, writer);
        Assert.Equal(Encoding.ASCII.GetBytes("GET " + new string('a', 100)), writer.WrittenSpan.ToArray());
    }

    [Fact]
    public void Narrow_into_a_buffer_writer_throws_on_non_ascii_without_advancing()
    {
        var writer = new TestBufferWriter<byte>();
        AsciiText.FromUtf16("ok".AsSpan(), writer);
        ArgumentException error = Assert.Throws<ArgumentException>(() => AsciiText.FromUtf16("caf\u00E9".AsSpan(), writer));
        Assert.Equal("source", error.ParamName);
        Assert.Contains("index 3", error.Message);
        Assert.Contains("U+00E9", error.Message);
        Assert.Equal(2, writer.WrittenCount);
    }

    [Fact]
    public void Narrow_into_a_buffer_writer_rejects_a_short_span_and_null()
    {
        var writer = new TestBufferWriter<byte> { ForcedSpanLength = 3 };
        Assert.Throws<InvalidOperationException>(() => AsciiText.FromUtf16("abcdef".AsSpan(), writer));
        Assert.Equal(0, writer.WrittenCount);
        Assert.Equal("writer", Assert.Throws<ArgumentNullException>(() => AsciiText.FromUtf16("a".AsSpan(), null!)).ParamName);
    }
}
