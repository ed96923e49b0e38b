using System.Globalization;
using FastText.Internal;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Internal;

/// <summary>
/// DecimalFloat's vector steps against their scalar twin <see cref="DecimalFloat.TryScan"/> and a naive reading of
/// their shapes: the short shape (<c>digits.digits</c>, 8 to 16 bytes after a sign, the point among the first eight)
/// and the long one (the same with 17 to 32 bytes and at most 19 significant digits). What a step takes, the scalar
/// scan takes with the same digits and exponent; every text of a step's shape is taken where the steps are
/// accelerated (SSSE3, AdvSimd) and none where they are not (the suite's runs with the instruction sets switched
/// off). Inputs reach every length from 6 to 34, the point at every index, runs of leading zeros that bring a long
/// text to 19 significant digits and one past, and one bad byte at every index.
/// </summary>
public sealed class DecimalFloatVectorShapeTests
{
    // Bytes that border the digits and the point, and ones no number holds.
    private static readonly byte[] BadBytes = [(byte)'.', (byte)'/', (byte)':', (byte)'-', (byte)'+', (byte)'e', (byte)'E', (byte)' ', 0x00, 0x2F, 0x80, 0xB0, 0xFF, (byte)'0' - 1, (byte)'9' + 1];

    /// <summary>Texts of the two shapes and around them.</summary>
    public static class VectorShapeTexts
    {
        public static Arbitrary<byte[]> Texts() =>
            (from length in Gen.Choose(6, 34)
             from digits in Gen.Choose('0', '9').Select(c => (byte)c).ArrayOf(length)
             from leadingZeros in Gen.Frequency((2, Gen.Constant(0)), (1, Gen.Choose(length - 21, length - 19)), (1, Gen.Choose(0, length)))
             from point in Gen.Frequency((1, Gen.Constant(-1)), (8, Gen.Choose(0, Math.Min(length - 1, 9))), (2, Gen.Choose(0, length - 1)))
             from sign in Gen.Elements("", "", "-", "+")
             from badIndex in Gen.Frequency((3, Gen.Constant(-1)), (2, Gen.Choose(0, length - 1)))
             from bad in Gen.Elements(BadBytes)
             select Build(sign, WithLeadingZeros(digits, leadingZeros), point, badIndex, bad))
            .ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(VectorShapeTexts)], RunsAtDefault = 5000)]
    public void The_vector_steps_agree_with_the_scalar_scan(byte[] text) => AssertAgrees(text);

    [Fact]
    public void Every_length_point_and_bad_byte_agrees()
    {
        var random = new Random(20261201);
        for (int length = 6; length <= 34; length++)
        {
            for (int point = -1; point < length; point++)
            {
                byte[] digits = new byte[length];
                for (int i = 0; i < length; i++)
                {
                    digits[i] = (byte)random.Next('0', '9' + 1);
                }

                // Long texts at 19 significant digits (taken) and at 20 (declined), by turns.
                digits = WithLeadingZeros(digits, length - 20 + (point & 1));

                AssertAgrees(Build("", digits, point, -1, 0));
                AssertAgrees(Build("-", digits, point, -1, 0));
                for (int badIndex = 0; badIndex < length; badIndex++)
                {
                    foreach (byte bad in BadBytes)
                    {
                        AssertAgrees(Build("", digits, point, badIndex, bad));
                    }
                }
            }
        }
    }

    [GuardedFact]
    public void Each_shape_ending_at_a_no_access_page_parses_as_the_runtime_parses_it()
    {
        using var buffer = new GuardedBuffer(64);
        var random = new Random(1201);
        for (int length = 1; length <= 34; length++)
        {
            for (int point = 1; point < length - 1; point++)
            {
                foreach (string sign in new[] { "", "-", "+" })
                {
                    byte[] digits = new byte[length - 1];
                    for (int i = 0; i < digits.Length; i++)
                    {
                        digits[i] = (byte)random.Next('0', '9' + 1);
                    }

                    digits = WithLeadingZeros(digits, digits.Length - 19);

                    string text = sign + Encoding.ASCII.GetString(digits, 0, point) + "." + Encoding.ASCII.GetString(digits, point, digits.Length - point);
                    Span<byte> guarded = buffer.Bytes(text.Length);
                    Encoding.ASCII.GetBytes(text, guarded);

                    Assert.True(DecimalFloat.TryParseDouble(guarded, out double asDouble), text);
                    Assert.True(DecimalFloat.TryParseSingle(guarded, out float asSingle), text);
                    Assert.True(
                        BitConverter.DoubleToInt64Bits(double.Parse(text, CultureInfo.InvariantCulture)) == BitConverter.DoubleToInt64Bits(asDouble),
                        $"'{text}': the runtime gives {double.Parse(text, CultureInfo.InvariantCulture):R}, DecimalFloat {asDouble:R}");
                    Assert.True(
                        BitConverter.SingleToInt32Bits(float.Parse(text, CultureInfo.InvariantCulture)) == BitConverter.SingleToInt32Bits(asSingle),
                        $"'{text}': the runtime gives {float.Parse(text, CultureInfo.InvariantCulture):R}, DecimalFloat {asSingle:R}");
                }
            }
        }
    }

    private static void AssertAgrees(byte[] text)
    {
        AssertAgrees("short", text, IsShortShape(text), DecimalFloat.TryScanShortShape(text, out ulong digits, out int fractionDigits), digits, fractionDigits);
        AssertAgrees("long", text, IsLongShape(text), DecimalFloat.TryScanLongShape(text, out digits, out fractionDigits), digits, fractionDigits);
    }

    private static void AssertAgrees(string step, byte[] text, bool isShape, bool taken, ulong digits, int fractionDigits)
    {
        string shown = Convert.ToHexString(text) + " ('" + Encoding.Latin1.GetString(text) + "')";
        if (!DecimalFloat.IsShortShapeAccelerated)
        {
            Assert.False(taken, $"{shown}: taken by the {step} step where the vector steps are not accelerated");
            return;
        }

        Assert.True(isShape == taken, $"{shown}: the text is {(isShape ? "" : "not ")}of the {step} shape, the {step} step {(taken ? "took" : "declined")} it");
        if (taken)
        {
            Assert.True(DecimalFloat.TryScan(text, out ulong scalarDigits, out long exponent, out bool negative), $"{shown}: the scalar scan declined it");
            Assert.True(
                scalarDigits == digits && exponent == -fractionDigits && !negative,
                $"{shown}: {step} step {digits} x 10^-{fractionDigits}, scalar {scalarDigits} x 10^{exponent}");
        }
    }

    // digits.digits, 8 to 16 bytes, the point at index 1 to 7 and not last, every other byte a digit.
    private static bool IsShortShape(byte[] text) => text.Length is >= 8 and <= 16 && IsDigitsPointDigits(text);

    // The same with 17 to 32 bytes and at most 19 digits from the first one that is not zero.
    private static bool IsLongShape(byte[] text) =>
        text.Length is >= 17 and <= 32
        && IsDigitsPointDigits(text)
        && text.Where(b => b != (byte)'.').SkipWhile(b => b == (byte)'0').Count() <= 19;

    private static bool IsDigitsPointDigits(byte[] text)
    {
        int point = Array.IndexOf(text, (byte)'.');
        return point is >= 1 and <= 7
            && point < text.Length - 1
            && text.Select((b, i) => i == point || b is >= (byte)'0' and <= (byte)'9').All(ok => ok);
    }

    // The first `count` digits made zeros (none for a count of zero or less).
    private static byte[] WithLeadingZeros(byte[] digits, int count)
    {
        byte[] result = (byte[])digits.Clone();
        result.AsSpan(0, Math.Clamp(count, 0, result.Length)).Fill((byte)'0');
        return result;
    }

    private static byte[] Build(string sign, byte[] digits, int point, int badIndex, byte bad)
    {
        var bytes = new List<byte>(digits);
        if (badIndex >= 0)
        {
            bytes[badIndex] = bad;
        }

        if (point >= 0)
        {
            bytes[point] = (byte)'.';
        }

        return [.. Encoding.ASCII.GetBytes(sign), .. bytes];
    }
}
