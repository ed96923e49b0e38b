using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>
/// Trim / TrimStart / TrimEnd on bytes and chars: the whitespace set (U+0009..U+000D and U+0020 only) and the exact
/// Range the runtime returns, including its shape for empty and all-whitespace input (Length..Length for Trim and
/// TrimStart, 0..0 for TrimEnd).
/// </summary>
public class AsciiTrimTests
{
    private static readonly char[] Whitespace = ['\t', '\n', '\v', '\f', '\r', ' '];

    private static (Range Both, Range Start, Range End) ForChars(string text) =>
        (AsciiText.Trim(text.AsSpan()), AsciiText.TrimStart(text.AsSpan()), AsciiText.TrimEnd(text.AsSpan()));

    private static (Range Both, Range Start, Range End) ForBytes(string text)
    {
        byte[] bytes = text.Select(c => (byte)c).ToArray();
        return (AsciiText.Trim(bytes), AsciiText.TrimStart(bytes), AsciiText.TrimEnd(bytes));
    }

    /// <summary>The runtime's rule written out: scan from the start, then from the end down to the start.</summary>
    private static (Range Both, Range Start, Range End) Reference(string text)
    {
        int start = 0;
        while (start < text.Length && Whitespace.Contains(text[start]))
        {
            start++;
        }

        int end = text.Length;
        while (end > 0 && Whitespace.Contains(text[end - 1]))
        {
            end--;
        }

        int bothEnd = Math.Max(end, start);
        return (start..bothEnd, start..text.Length, 0..end);
    }

    private static void AssertTrim(string text, Range both, Range start, Range end)
    {
        Assert.Equal((both, start, end), ForChars(text));
        if (text.All(c => c <= 0xFF))
        {
            Assert.Equal((both, start, end), ForBytes(text));
        }

#if NET
        Assert.Equal(both, System.Text.Ascii.Trim(text));
        Assert.Equal(start, System.Text.Ascii.TrimStart(text));
        Assert.Equal(end, System.Text.Ascii.TrimEnd(text));
#endif
    }

    [Fact]
    public void Empty_input()
    {
        AssertTrim("", 0..0, 0..0, 0..0);
    }

    [Fact]
    public void All_whitespace_input_gives_the_runtimes_empty_ranges()
    {
        AssertTrim(" ", 1..1, 1..1, 0..0);
        AssertTrim(" \t\r\n\v\f", 6..6, 6..6, 0..0);
        AssertTrim(new string(' ', 100), 100..100, 100..100, 0..0);
    }

    [Fact]
    public void Each_whitespace_char_is_trimmed_at_either_end()
    {
        foreach (char c in Whitespace)
        {
            AssertTrim(c + "ab" + c, 1..3, 1..4, 0..3);
            AssertTrim(c + "a", 1..2, 1..2, 0..2);
            AssertTrim("a" + c, 0..1, 0..2, 0..1);
        }
    }

    [Fact]
    public void Whitespace_inside_the_text_stays()
    {
        AssertTrim("  a b\tc  ", 2..7, 2..9, 0..7);
        AssertTrim("a \r\n b", 0..6, 0..6, 0..6);
    }

    [Fact]
    public void Only_the_six_ascii_whitespace_values_are_trimmed()
    {
        // U+0000, U+001C..U+001F (char.IsWhiteSpace says yes to the last four), U+0085, U+00A0, U+1680, U+2000,
        // U+3000 and U+FEFF are not ASCII whitespace and stay; so does every other value up to 0xFF.
        for (int value = 0; value <= 0xFF; value++)
        {
            char c = (char)value;
            bool trimmed = Whitespace.Contains(c);
            string text = c + "x" + c;
            AssertTrim(text, trimmed ? 1..2 : 0..3, trimmed ? 1..3 : 0..3, trimmed ? 0..2 : 0..3);
        }

        foreach (char c in new[] { '\u1680', '\u2000', '\u2028', '\u3000', '\uFEFF', '\u0120', '\u0109' })
        {
            AssertTrim(c + "x" + c, 0..3, 0..3, 0..3);
        }
    }

    private static readonly Gen<string> Texts =
        from length in Gen.Frequency((5, Gen.Choose(0, 40)), (1, Gen.Choose(40, 300)))
        from chars in Gen.ArrayOf(Gen.Frequency(
            (6, Gen.Elements(Whitespace)),
            (4, Gen.Choose(0, 0x7F).Select(c => (char)c)),
            (1, Gen.Elements('\u0085', '\u00A0', '\u0000', '\u0109', '\u2000'))), length)
        select new string(chars);

    /// <summary><see cref="Texts"/> as an FsCheck arbitrary.</summary>
    public static class TextArbitrary
    {
        public static Arbitrary<string> Text() => Texts.ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(TextArbitrary)])]
    public void Every_overload_equals_the_reference_for_generated_text(string text)
    {
        (Range both, Range start, Range end) = Reference(text);
        AssertTrim(text, both, start, end);
    }
}
