using System.Buffers.Text;
using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// TsvGuidText (TsvRow's GetGuid/TryGetGuid and Parse&lt;Guid&gt;) against a naive reading of the 'D' form (36
/// chars, '-' at 8, 13, 18 and 23, hex digits elsewhere, then the runtime's <c>Guid.ParseExact(text, "D")</c>) and
/// against Utf8Parser with the whole field consumed: the vector step (where SSSE3 or AdvSimd runs it), its scalar
/// twin and the whole parser agree with them on every input. Inputs reach the edges: every length from 0 to 40, the
/// other Guid forms, one bad byte at every index (each of the 256 values in the exhaustive test), every mix of
/// letter case, and a field flush against a no-access page.
/// </summary>
public class TsvGuidTextTests
{
    // Bytes that border the hex digits and the dash, and ones no Guid holds.
    private static readonly byte[] BadBytes = "/:@G`g-+ {}x"u8.ToArray().Concat(new byte[] { 0x00, 0x80, 0xB0, 0xC1, 0xE6, 0xFF }).ToArray();

    /// <summary>Guid texts and near-misses, as bytes.</summary>
    public static class GuidTexts
    {
        public static Arbitrary<byte[]> Texts()
        {
            Gen<byte[]> dashed =
                from bytes in Gen.Choose(0, 255).Select(b => (byte)b).ArrayOf(16)
                from upper in Gen.Choose(0, 2)
                select Cased(new Guid(bytes).ToString("D", CultureInfo.InvariantCulture), upper);
            Gen<byte[]> replaced =
                from text in dashed
                from at in Gen.Choose(0, 35)
                from bad in Gen.Frequency((2, Gen.Elements(BadBytes)), (1, Gen.Choose(0, 255).Select(b => (byte)b)))
                select text.Select((b, i) => i == at ? bad : b).ToArray();
            Gen<byte[]> resized =
                from text in dashed
                from length in Gen.Choose(0, 40)
                select Enumerable.Range(0, length).Select(i => i < text.Length ? text[i] : (byte)'0').ToArray();
            Gen<byte[]> otherForms =
                from bytes in Gen.Choose(0, 255).Select(b => (byte)b).ArrayOf(16)
                from format in Gen.Elements("N", "B", "P", "X")
                select Encoding.ASCII.GetBytes(new Guid(bytes).ToString(format, CultureInfo.InvariantCulture));
            return Gen.Frequency((3, dashed), (4, replaced), (2, resized), (1, otherForms)).ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(GuidTexts)], RunsAtDefault = 3000)]
    public void Every_path_matches_the_naive_reading_and_Utf8Parser(byte[] text) => AssertAgrees(text);

    [Fact]
    public void Every_byte_value_at_every_index_matches_the_naive_reading()
    {
        var random = new Random(20261202);
        for (int sample = 0; sample < 3; sample++)
        {
            byte[] guidBytes = new byte[16];
            random.NextBytes(guidBytes);
            byte[] text = Cased(new Guid(guidBytes).ToString("D", CultureInfo.InvariantCulture), sample);
            AssertAgrees(text);
            for (int at = 0; at < text.Length; at++)
            {
                for (int bad = 0; bad < 256; bad++)
                {
                    byte[] changed = (byte[])text.Clone();
                    changed[at] = (byte)bad;
                    AssertAgrees(changed);
                }
            }
        }
    }

    [Fact]
    public void Every_hex_digit_in_either_case_at_every_digit_position_parses_to_the_runtimes_value()
    {
        const string Digits = "0123456789abcdefABCDEF";
        byte[] text = Encoding.ASCII.GetBytes(Guid.Empty.ToString("D", CultureInfo.InvariantCulture));
        for (int at = 0; at < text.Length; at++)
        {
            if (text[at] == '-')
            {
                continue;
            }

            foreach (char digit in Digits)
            {
                byte[] changed = (byte[])text.Clone();
                changed[at] = (byte)digit;
                Assert.True(Naive(changed, out Guid expected), Show(changed));
                AssertAgrees(changed);
                Assert.True(TsvGuidText.TryParse(changed, out Guid value) && value == expected, $"{Show(changed)}: {value}, the runtime {expected}");
            }
        }
    }

    /// <summary>Every field ends at a no-access page: the parser reads only inside the field it was given.</summary>
    [GuardedProperty(Arbitrary = [typeof(GuidTexts)], RunsAtDefault = 500)]
    public void Reads_only_inside_the_field(byte[] text)
    {
        using var guarded = new GuardedBuffer(64);
        Span<byte> field = guarded.Bytes(text.Length);
        text.CopyTo(field);
        bool expected = Reference(text, out Guid expectedValue);
        Assert.True(expected == TsvGuidText.TryParse(field, out Guid value), Show(text));
        Assert.Equal(expectedValue, value);
        Assert.Equal(expected, TsvGuidText.TryParseDashedScalar(field, out _));
        Assert.Equal(expected && TsvGuidText.IsDashedAccelerated, TsvGuidText.TryParseDashedVector(field, out _));
    }

    private static void AssertAgrees(byte[] text)
    {
        string shown = Show(text);
        bool isDashed = Naive(text, out Guid naive);

        bool scalar = TsvGuidText.TryParseDashedScalar(text, out Guid scalarValue);
        Assert.True(scalar == isDashed && scalarValue == naive, $"{shown}: the scalar step gives {scalar} {scalarValue}, the naive reading {isDashed} {naive}");

        bool vector = TsvGuidText.TryParseDashedVector(text, out Guid vectorValue);
        if (!TsvGuidText.IsDashedAccelerated)
        {
            Assert.False(vector, $"{shown}: taken where the vector step is not accelerated");
        }
        else
        {
            Assert.True(vector == isDashed && vectorValue == naive, $"{shown}: the vector step gives {vector} {vectorValue}, the naive reading {isDashed} {naive}");
        }

        bool expected = Reference(text, out Guid expectedValue);
        bool parsed = TsvGuidText.TryParse(text, out Guid value);
        Assert.True(parsed == expected && value == expectedValue, $"{shown}: TsvGuidText gives {parsed} {value}, Utf8Parser {expected} {expectedValue}");
        Assert.True(!isDashed || expected, $"{shown}: the 'D' form, but Utf8Parser rejects it");
    }

    /// <summary>The naive reading: the 'D' form char by char, then the runtime's exact parse of it.</summary>
    private static bool Naive(byte[] text, out Guid value)
    {
        value = Guid.Empty;
        for (int i = 0; i < text.Length; i++)
        {
            bool dash = i is 8 or 13 or 18 or 23;
            bool ok = dash ? text[i] == '-' : Uri.IsHexDigit((char)text[i]);
            if (!ok)
            {
                return false;
            }
        }

        if (text.Length != 36)
        {
            return false;
        }

        value = Guid.ParseExact(Encoding.ASCII.GetString(text), "D");
        return true;
    }

    /// <summary>The reference for the whole parser: Utf8Parser's decision when the whole field must be consumed.</summary>
    private static bool Reference(byte[] text, out Guid value)
    {
        if (Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length)
        {
            return true;
        }

        value = Guid.Empty;
        return false;
    }

    /// <summary>Lower case (0), upper case (1) or alternating (2).</summary>
    private static byte[] Cased(string text, int upper) =>
        text.Select((c, i) => (byte)(upper == 1 || (upper == 2 && i % 2 == 0) ? char.ToUpperInvariant(c) : c)).ToArray();

    private static string Show(byte[] bytes) =>
        string.Join(" ", bytes.Select(b => b.ToString("X2", CultureInfo.InvariantCulture))) + " ('" + new string(bytes.Select(b => (char)b).ToArray()) + "')";
}
