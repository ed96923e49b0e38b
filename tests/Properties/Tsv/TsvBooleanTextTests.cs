using System.Buffers.Text;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// TsvBooleanText (TsvRow's GetBoolean/TryGetBoolean and Parse&lt;bool&gt;) against its reference, Utf8Parser with the
/// whole column consumed: the same decision and value on every input. The inputs reach its edges: "true" and
/// "false" in every mix of case, cut short or run on by a byte, with any byte replaced by its other-case twin, by
/// the byte that differs from a letter only in bit 5 or bit 7, or by anything; and every length from 0 to 7.
/// </summary>
public class TsvBooleanTextTests
{
    /// <summary>Near-misses of "true" and "false", as bytes.</summary>
    public static class BooleanTexts
    {
        private static readonly byte[] Tweaks = { 0x20, 0x80, 0xA0, 0x01, 0x40 };

        public static Arbitrary<byte[]> Texts()
        {
            Gen<byte[]> cased =
                from word in Gen.Elements("true", "false", "tru", "fals", "truee", "falsee", "")
                from upper in Gen.Choose(0, 127)
                select WithCase(word, upper);
            Gen<byte[]> tweaked =
                from bytes in cased
                from at in Gen.Choose(0, 6)
                from tweak in Gen.Elements(Tweaks)
                select bytes.Select((b, i) => i == at ? (byte)(b ^ tweak) : b).ToArray();
            Gen<byte[]> replaced =
                from bytes in cased
                from at in Gen.Choose(0, 6)
                from bad in Gen.Choose(0, 255)
                select bytes.Select((b, i) => i == at ? (byte)bad : b).ToArray();
            Gen<byte[]> random =
                from length in Gen.Choose(0, 7)
                from bytes in Gen.Choose(0, 255).Select(b => (byte)b).ArrayOf(length)
                select bytes;
            return Gen.Frequency((3, cased), (3, tweaked), (2, replaced), (1, random)).ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(BooleanTexts)], RunsAtDefault = 2000)]
    public void Matches_Utf8Parser(byte[] text)
    {
        bool expected = Reference(text, out bool expectedValue);
        bool accepted = TsvBooleanText.TryParse(text, out bool value);
        Assert.True(expected == accepted, $"'{Show(text)}': Utf8Parser {(expected ? "accepts" : "rejects")} it, TsvBooleanText {(accepted ? "accepts" : "rejects")} it");
        Assert.True(value == (expected && expectedValue), $"'{Show(text)}': {value}, Utf8Parser {expectedValue} (false when rejected)");
    }

    /// <summary>Every field ends at a no-access page: the parser reads only inside the field it was given.</summary>
    [GuardedProperty(Arbitrary = [typeof(BooleanTexts)], RunsAtDefault = 300)]
    public void Reads_only_inside_the_field(byte[] text)
    {
        using var guarded = new GuardedBuffer(16);
        Span<byte> field = guarded.Bytes(text.Length);
        text.CopyTo(field);
        bool expected = Reference(text, out bool expectedValue);
        Assert.Equal(expected, TsvBooleanText.TryParse(field, out bool value));
        Assert.Equal(expected && expectedValue, value);
    }

    [Fact]
    public void Every_case_of_both_words_parses_and_each_one_byte_change_matches_the_reference()
    {
        foreach (string word in new[] { "true", "false" })
        {
            for (int upper = 0; upper < 1 << word.Length; upper++)
            {
                byte[] bytes = WithCase(word, upper);
                Assert.True(TsvBooleanText.TryParse(bytes, out bool value), Show(bytes));
                Assert.Equal(word == "true", value);
                for (int at = 0; at < bytes.Length; at++)
                {
                    for (int bad = 0; bad < 256; bad++)
                    {
                        byte[] changed = (byte[])bytes.Clone();
                        changed[at] = (byte)bad;
                        bool expected = Reference(changed, out bool expectedValue);
                        Assert.True(expected == TsvBooleanText.TryParse(changed, out bool changedValue) && (expected && expectedValue) == changedValue, Show(changed));
                    }
                }
            }
        }
    }

    /// <summary>The reference: Utf8Parser's decision when the whole field must be consumed.</summary>
    private static bool Reference(byte[] text, out bool value) => Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;

    /// <summary><paramref name="word"/> as bytes, letter i upper-cased where bit i of <paramref name="upper"/> is set.</summary>
    private static byte[] WithCase(string word, int upper) =>
        word.Select((c, i) => (byte)((upper >> i & 1) == 1 ? char.ToUpperInvariant(c) : c)).ToArray();

    private static string Show(byte[] bytes) => string.Join(" ", bytes.Select(b => b.ToString("X2", System.Globalization.CultureInfo.InvariantCulture)));
}
