using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>
/// Equals / EqualsIgnoreCase, all four element-type pairs each. The facts follow the cases System.Text.Ascii's own
/// tests cover (equal and unequal ASCII at every length through the vector widths, one difference at every index,
/// non-ASCII at every index even where both sides hold it, case folding of exactly the 26 letters); the properties
/// compare every overload with a one-pair-at-a-time reference (and with the runtime where it exists).
/// </summary>
public class AsciiEqualityTests
{
    /// <summary>Every overload of one operation over the same text, given as strings of ASCII or of chars below U+0100 (so the byte form is exact).</summary>
    private static bool[] AllOverloads(string left, string right, bool ignoreCase)
    {
        byte[] leftBytes = left.Select(c => (byte)c).ToArray();
        byte[] rightBytes = right.Select(c => (byte)c).ToArray();
        return ignoreCase
            ?
            [
                AsciiText.EqualsIgnoreCase(leftBytes, rightBytes),
                AsciiText.EqualsIgnoreCase(leftBytes, right.AsSpan()),
                AsciiText.EqualsIgnoreCase(left.AsSpan(), rightBytes),
                AsciiText.EqualsIgnoreCase(left.AsSpan(), right.AsSpan()),
            ]
            :
            [
                AsciiText.Equals(leftBytes, rightBytes),
                AsciiText.Equals(leftBytes, right.AsSpan()),
                AsciiText.Equals(left.AsSpan(), rightBytes),
                AsciiText.Equals(left.AsSpan(), right.AsSpan()),
            ];
    }

    private static bool Reference(string left, string right, bool ignoreCase)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        for (int i = 0; i < left.Length; i++)
        {
            char a = left[i];
            char b = right[i];
            if (a > 0x7F || b > 0x7F)
            {
                return false;
            }

            if (ignoreCase ? AsciiReference.ChangeCase(a, toUpper: false) != AsciiReference.ChangeCase(b, toUpper: false) : a != b)
            {
                return false;
            }
        }

        return true;
    }

    private static void AssertAll(bool expected, string left, string right, bool ignoreCase)
    {
        bool[] actual = AllOverloads(left, right, ignoreCase);
        Assert.All(actual, result => Assert.Equal(expected, result));
        Assert.All(AllOverloads(right, left, ignoreCase), result => Assert.Equal(expected, result));
#if NET
        Assert.Equal(expected, ignoreCase ? System.Text.Ascii.EqualsIgnoreCase(left, right) : System.Text.Ascii.Equals(left, right));
#endif
    }

    private static readonly int[] Lengths = Enumerable.Range(0, 70).Concat([127, 128, 129, 255, 256, 257, 1000]).ToArray();

    [Fact]
    public void Equal_ascii_text_is_equal_at_every_length()
    {
        foreach (int length in Lengths)
        {
            string text = new(Enumerable.Range(0, length).Select(i => (char)(i % 0x80)).ToArray());
            AssertAll(true, text, text, ignoreCase: false);
            AssertAll(true, text, text, ignoreCase: true);
        }
    }

    [Fact]
    public void Different_lengths_are_unequal()
    {
        AssertAll(false, "", "a", ignoreCase: false);
        AssertAll(false, "abc", "abcd", ignoreCase: true);
        AssertAll(false, new string('a', 64), new string('a', 65), ignoreCase: false);
        AssertAll(false, new string('a', 64), new string('A', 63), ignoreCase: true);
    }

    [Fact]
    public void One_difference_at_every_index_makes_the_text_unequal()
    {
        foreach (int length in Lengths.Where(l => l > 0))
        {
            string text = new(Enumerable.Range(0, length).Select(i => (char)('a' + (i % 26))).ToArray());
            for (int index = 0; index < length; index++)
            {
                char[] other = text.ToCharArray();
                other[index] = other[index] == 'z' ? 'y' : 'z';
                AssertAll(false, text, new string(other), ignoreCase: false);
                AssertAll(false, text, new string(other), ignoreCase: true);
                other[index] = (char)(text[index] - 0x20); // the same letter, upper case
                AssertAll(false, text, new string(other), ignoreCase: false);
                AssertAll(true, text, new string(other), ignoreCase: true);
            }
        }
    }

    [Fact]
    public void Non_ascii_at_every_index_is_unequal_even_when_both_sides_hold_it()
    {
        foreach (int length in Lengths.Where(l => l is > 0 and < 300))
        {
            string text = new('k', length);
            for (int index = 0; index < length; index++)
            {
                foreach (char bad in new[] { '\u0080', '\u00C1', '\u00E1', '\u00FF' })
                {
                    char[] withBad = text.ToCharArray();
                    withBad[index] = bad;
                    string bothBad = new(withBad);
                    AssertAll(false, bothBad, bothBad, ignoreCase: false);
                    AssertAll(false, bothBad, bothBad, ignoreCase: true);
                    AssertAll(false, text, bothBad, ignoreCase: true);
                }
            }
        }
    }

    [Fact]
    public void Equal_values_above_ascii_are_unequal_for_every_overload_pairing()
    {
        // The runtime's single-value cases: 128 against 128 and 127 against 128.
        foreach ((byte left, byte right) in new[] { ((byte)128, (byte)128), ((byte)127, (byte)128), ((byte)0xFF, (byte)0xFF) })
        {
            AssertAll(false, ((char)left).ToString(), ((char)right).ToString(), ignoreCase: false);
            AssertAll(false, ((char)left).ToString(), ((char)right).ToString(), ignoreCase: true);
        }

        Assert.False(AsciiText.Equals("\u0141".AsSpan(), "\u0141".AsSpan())); // low byte 'A'
        Assert.False(AsciiText.EqualsIgnoreCase("\u0141".AsSpan(), "a".AsSpan()));
        Assert.False(AsciiText.Equals(new byte[] { 0x41 }, "\u0141".AsSpan()));
    }

    [Fact]
    public void Ignoring_case_folds_exactly_the_26_letters()
    {
        for (int a = 0; a < 0x80; a++)
        {
            for (int b = 0; b < 0x80; b++)
            {
                bool sameLetter = a == b || (char.IsLetter((char)a) && char.ToLowerInvariant((char)a) == char.ToLowerInvariant((char)b));
                // '@' and '`', '[' and '{' differ only in 0x20 but are not letters: they stay unequal.
                Assert.Equal(sameLetter, AsciiText.EqualsIgnoreCase(new[] { (byte)a }, new[] { (byte)b }));
                Assert.Equal(sameLetter, AsciiText.EqualsIgnoreCase(((char)a).ToString().AsSpan(), new[] { (byte)b }));
            }
        }

        // The same pairs inside a vector-wide input.
        string lower = string.Concat(Enumerable.Repeat("abcdefghijklmnopqrstuvwxyz@[`{", 5));
        AssertAll(true, lower, lower.ToUpperInvariant(), ignoreCase: true);
        AssertAll(false, lower, lower.Replace('@', '`'), ignoreCase: true);
        AssertAll(false, lower, lower.Replace('[', '{'), ignoreCase: true);
    }

    [Fact]
    public void Empty_spans_are_equal()
    {
        AssertAll(true, "", "", ignoreCase: false);
        AssertAll(true, "", "", ignoreCase: true);
    }

    /// <summary>Text pairs likely to be equal or nearly so: one text, a copy with some case flips, substitutions or non-ASCII.</summary>
    private static readonly Gen<(string Left, string Right)> Pairs =
        from length in Gen.Frequency((6, Gen.Choose(0, 70)), (1, Gen.Choose(70, 600)))
        from chars in Gen.ArrayOf(Gen.Frequency((8, Gen.Choose('A', 'Z')), (8, Gen.Choose('a', 'z')), (4, Gen.Choose(0, 0x7F)), (1, Gen.Choose(0x80, 0xFF))), length)
        from editCount in Gen.Choose(0, 3)
        from edits in Gen.ArrayOf(Gen.Zip(Gen.Choose(0, Math.Max(0, length - 1)), Gen.Frequency((6, Gen.Constant(0)), (2, Gen.Constant(1)), (1, Gen.Constant(2)))), editCount)
        from grow in Gen.Frequency((12, Gen.Constant(0)), (1, Gen.Choose(-1, 1)))
        select Edit(new string(chars.Select(c => (char)c).ToArray()), edits, grow);

    private static (string, string) Edit(string text, (int Index, int Kind)[] edits, int grow)
    {
        char[] other = text.ToCharArray();
        foreach ((int index, int kind) in edits)
        {
            if (other.Length == 0)
            {
                break;
            }

            other[index] = kind switch
            {
                0 => (char)(other[index] ^ 0x20),
                1 => (char)((other[index] + 1) & 0x7F),
                _ => '\u00E9',
            };
        }

        string right = new(other);
        return (text, grow switch { -1 when right.Length > 0 => right.Substring(1), 1 => right + "a", _ => right });
    }

    /// <summary><see cref="Pairs"/> as an FsCheck arbitrary.</summary>
    public static class PairArbitrary
    {
        public static Arbitrary<(string Left, string Right)> Pair() => Pairs.ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(PairArbitrary)], RunsAtDefault = 400)]
    public void Every_overload_equals_the_reference_for_generated_pairs((string Left, string Right) pair)
    {
        foreach (bool ignoreCase in new[] { false, true })
        {
            bool expected = Reference(pair.Left, pair.Right, ignoreCase);
            AssertAll(expected, pair.Left, pair.Right, ignoreCase);
        }
    }

    [Fact]
    public void Unaligned_starts_give_the_same_answer()
    {
        var random = new Random(11);
        byte[] leftBytes = new byte[300];
        char[] rightChars = new char[300];
        for (int offset = 0; offset < 8; offset++)
        {
            foreach (int length in new[] { 15, 16, 17, 31, 32, 33, 63, 64, 65, 200 })
            {
                AsciiReference.FillAscii(leftBytes, random);
                for (int i = 0; i < 300; i++)
                {
                    rightChars[i] = (char)leftBytes[i];
                }

                Assert.True(AsciiText.Equals(leftBytes.AsSpan(offset, length), rightChars.AsSpan(offset, length)));
                rightChars[offset + length - 1] = (char)(rightChars[offset + length - 1] ^ 0x40);
                Assert.False(AsciiText.Equals(leftBytes.AsSpan(offset, length), rightChars.AsSpan(offset, length)));
                Assert.False(AsciiText.EqualsIgnoreCase(leftBytes.AsSpan(offset, length), rightChars.AsSpan(offset, length)));
            }
        }
    }
}
