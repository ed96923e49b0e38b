using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>
/// Every length the ASCII/UTF-8 code computes, at the int.MaxValue boundary. The counting helpers take the
/// length already measured as an argument, so the arithmetic is tested at its limit with a few chars of real data.
/// </summary>
public class AsciiLengthLimitTests
{
    [Fact]
    public void Utf8_count_of_prefix_and_rest_is_exact_up_to_int_MaxValue()
    {
        // Two U+0800 chars are 6 bytes: a prefix of int.MaxValue - 6 bytes lands exactly on int.MaxValue.
        Assert.Equal(int.MaxValue, Utf8Transcoder.GetByteCount("\u0800\u0800".AsSpan(), bytesBefore: int.MaxValue - 6));
        Assert.Equal(int.MaxValue, Utf8Transcoder.GetByteCount("\uD83D\uDE00".AsSpan(), bytesBefore: int.MaxValue - 4));
        Assert.Equal(int.MaxValue, Utf8Transcoder.GetByteCount("\u00E9abc".AsSpan(), bytesBefore: int.MaxValue - 5));
        Assert.Equal(int.MaxValue, Utf8Transcoder.GetByteCount(ReadOnlySpan<char>.Empty, bytesBefore: int.MaxValue));
    }

    [Theory]
    [InlineData("\u0800\u0800")] // 3-byte chars: the case in the issue
    [InlineData("\u00E9")] // 2-byte char
    [InlineData("\uD83D\uDE00")] // a pair, 4 bytes
    [InlineData("\uD800")] // a lone surrogate, U+FFFD (3 bytes)
    [InlineData("\u00E9abc")] // the one-past byte is in an ASCII run after the first non-ASCII char
    public void Utf8_count_one_past_int_MaxValue_throws_what_Encoding_UTF8_throws(string rest)
    {
        int prefix = int.MaxValue - Encoding.UTF8.GetByteCount(rest) + 1;
        var error = Assert.Throws<ArgumentException>(() => Utf8Transcoder.GetByteCount(rest.AsSpan(), bytesBefore: prefix));
        Assert.Equal(typeof(ArgumentException), error.GetType());
        Assert.Null(error.ParamName);
    }

    [Fact]
    public void Utf8_count_with_the_largest_prefix_and_the_largest_rest_throws_instead_of_wrapping()
    {
        // int.MaxValue + 3 * 4 would be negative as an int sum.
        Assert.Throws<ArgumentException>(() => Utf8Transcoder.GetByteCount("\u0800\u0800\u0800\u0800".AsSpan(), bytesBefore: int.MaxValue));
    }

    [Theory]
    [InlineData(0L, 0)]
    [InlineData(int.MaxValue, int.MaxValue)]
    public void Checked_byte_count_passes_every_int(long count, int expected) =>
        Assert.Equal(expected, Utf8Transcoder.CheckedByteCount(count));

    [Theory]
    [InlineData(int.MaxValue + 1L)]
    [InlineData(3L * int.MaxValue)]
    [InlineData(long.MaxValue)]
    [InlineData(-1L)]
    public void Checked_byte_count_refuses_what_is_not_an_int_length(long count)
    {
        var error = Assert.Throws<ArgumentException>(() => Utf8Transcoder.CheckedByteCount(count));
        Assert.Null(error.ParamName);
    }

    [Fact]
    public void Encode_reports_a_destination_that_is_one_byte_short_for_every_sequence_length()
    {
        foreach (string text in new[] { "\u00E9", "\u0800", "\uD83D\uDE00", "\uD800", "a\u00E9", "ab\u0800" })
        {
            int needed = Encoding.UTF8.GetByteCount(text);
            for (int room = 0; room < needed; room++)
            {
                Assert.Equal(-1, Utf8Transcoder.Encode(text.AsSpan(), new byte[room]));
            }

            Assert.Equal(needed, Utf8Transcoder.Encode(text.AsSpan(), new byte[needed]));
        }
    }
}
