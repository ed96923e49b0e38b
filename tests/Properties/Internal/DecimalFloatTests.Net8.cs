using System.Globalization;
using System.Numerics;
using FastText.Internal;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Internal;

/// <summary>
/// DecimalFloat (the library's correctly rounded decimal-to-binary parser) against the runtime's own
/// <c>double.Parse</c> and <c>float.Parse</c>, bit for bit, on the texts that reach its edges: the shortest and the
/// exponent forms of random doubles and floats, the decimal digits of the exact midpoints between neighbouring
/// doubles and floats cut to 16 to 19 digits (a tie or within one unit of it, where only a correct rounding gets
/// the last bit right), integers that are exact ties (2^53 + odd, 2^24 + odd), random digit strings with every
/// exponent from below the subnormals to above the largest value, leading zeros, and the named boundary values.
/// Each text the parser takes must be its shape; each text of its shape with at most 19 significant digits must be
/// taken (a parser that declined everything would pass the first check alone).
/// </summary>
public sealed class DecimalFloatTests
{
    /// <summary>Decimal texts in the parser's grammar, and around it.</summary>
    public static class DecimalTexts
    {
        private static readonly Gen<double> AnyDouble =
            from hi in Gen.Choose(0, int.MaxValue)
            from lo in Gen.Choose(int.MinValue, int.MaxValue)
            let value = BitConverter.Int64BitsToDouble(((long)hi << 32) | (uint)lo)
            where double.IsFinite(value)
            select value;

        private static readonly Gen<float> AnyFloat =
            from bits in Gen.Choose(0, 0x7F7FFFFF)
            select BitConverter.Int32BitsToSingle(bits);

        private static readonly string[] Named =
        [
            "0", "0.0", "-0", "-0.000", "0e999", "1", "9007199254740992", "9007199254740993", "9007199254740995",
            "16777216", "16777217", "16777219", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
            "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9406564584124654e-324", "2.4703282292062327e-324",
            "2.4703282292062328e-324", "3.4028234663852886e38", "3.4028235677973366e38", "1.17549435e-38", "1.4e-45", "7e-46",
            "1e23", "8.98846567431158e307", "123456789012345678", "1234567890123456789", "9999999999999999999",
            "0.000000000000000000000000000001", "1e-350", "1e310", "-1e310", "00000000000000000001.5",
        ];

        public static Arbitrary<string> Texts() => Gen.Frequency(
            (3, AnyDouble.SelectMany(d => Gen.Elements(
                d.ToString("R", CultureInfo.InvariantCulture), d.ToString("E16", CultureInfo.InvariantCulture),
                d.ToString("G17", CultureInfo.InvariantCulture), d.ToString("E5", CultureInfo.InvariantCulture)))),
            (3, AnyFloat.SelectMany(f => Gen.Elements(
                f.ToString("R", CultureInfo.InvariantCulture), f.ToString("G9", CultureInfo.InvariantCulture),
                f.ToString("E8", CultureInfo.InvariantCulture), f.ToString("F3", CultureInfo.InvariantCulture)))),
            (4, from d in AnyDouble
                from digits in Gen.Choose(16, 19)
                from nudge in Gen.Choose(-1, 1)
                select Midpoint(Math.Abs(d), BitConverter.DoubleToInt64Bits(Math.Abs(d)) + 1 is var next ? BitConverter.Int64BitsToDouble(next) : 0, digits, nudge)),
            (4, from f in AnyFloat
                from digits in Gen.Choose(9, 19)
                from nudge in Gen.Choose(-1, 1)
                select Midpoint(f, BitConverter.Int32BitsToSingle(BitConverter.SingleToInt32Bits(f) + 1), digits, nudge)),
            (2, from odd in Gen.Choose(0, int.MaxValue)
                from shift in Gen.Elements(24, 25, 53, 54, 55, 60)
                select (((BigInteger)1 << shift) + (2 * (BigInteger)odd) + 1).ToString(CultureInfo.InvariantCulture)),
            (4, from length in Gen.Choose(1, 21)
                from digits in Gen.Choose('0', '9').Select(c => (char)c).ArrayOf(length)
                from point in Gen.Choose(-1, length)
                from exponent in Gen.Frequency((2, Gen.Constant((int?)null)), (5, Gen.Choose(-360, 330).Select(e => (int?)e)))
                from sign in Gen.Elements("", "", "-", "+")
                from e in Gen.Elements("e", "E")
                select sign + Insert(new string(digits), point) + (exponent is int x ? e + x.ToString(CultureInfo.InvariantCulture) : "")),
            (1, Gen.Elements(Named)))
            .ToArbitrary();

        private static string Insert(string digits, int point) =>
            point <= 0 || point >= digits.Length ? digits : digits[..point] + "." + digits[point..];

        // The exact decimal value of the midpoint between two neighbouring binary values, cut to a number of
        // significant digits and nudged by one unit in the last one: a tie, or as close to one as that many digits get.
        private static string Midpoint(double low, double high, int digits, int nudge)
        {
            if (!double.IsFinite(high) || low == high)
            {
                return low.ToString("R", CultureInfo.InvariantCulture);
            }

            (BigInteger lowNumerator, int lowExponent) = Exact(low);
            (BigInteger highNumerator, int highExponent) = Exact(high);
            int exponent = Math.Min(lowExponent, highExponent) - 1;
            BigInteger sum = (lowNumerator << (lowExponent - exponent - 1)) + (highNumerator << (highExponent - exponent - 1));

            // sum x 2^exponent, written as an integer times a power of ten: sum x 5^-exponent x 10^exponent for exponent < 0.
            BigInteger scaled = exponent >= 0 ? sum << exponent : sum * BigInteger.Pow(5, -exponent);
            int tenExponent = Math.Min(exponent, 0);
            string text = scaled.ToString(CultureInfo.InvariantCulture);
            int drop = Math.Max(0, text.Length - digits);
            BigInteger kept = BigInteger.Parse(text[..(text.Length - drop)], CultureInfo.InvariantCulture) + nudge;
            if (kept <= 0)
            {
                kept = 1;
            }

            return kept.ToString(CultureInfo.InvariantCulture) + "e" + (tenExponent + drop).ToString(CultureInfo.InvariantCulture);
        }

        private static (BigInteger Numerator, int Exponent) Exact(double value)
        {
            long bits = BitConverter.DoubleToInt64Bits(value);
            int biased = (int)((bits >> 52) & 0x7FF);
            long fraction = bits & ((1L << 52) - 1);
            return biased == 0 ? (fraction, -1074) : (fraction | (1L << 52), biased - 1075);
        }
    }

    [FastTextProperty(Arbitrary = [typeof(DecimalTexts)], RunsAtDefault = 5000)]
    public void Double_is_the_runtimes_double_bit_for_bit(string text)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        bool taken = DecimalFloat.TryParseDouble(utf8, out double value);
        Assert.Equal(IsPlainShape(text), taken);
        if (taken)
        {
            double expected = double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
            Assert.True(
                BitConverter.DoubleToInt64Bits(expected) == BitConverter.DoubleToInt64Bits(value),
                $"'{text}': the runtime gives {expected:R} ({BitConverter.DoubleToInt64Bits(expected):X16}), DecimalFloat {value:R} ({BitConverter.DoubleToInt64Bits(value):X16})");
        }
    }

    [FastTextProperty(Arbitrary = [typeof(DecimalTexts)], RunsAtDefault = 5000)]
    public void Single_is_the_runtimes_float_bit_for_bit(string text)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        bool taken = DecimalFloat.TryParseSingle(utf8, out float value);
        Assert.Equal(IsPlainShape(text), taken);
        if (taken)
        {
            float expected = float.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
            Assert.True(
                BitConverter.SingleToInt32Bits(expected) == BitConverter.SingleToInt32Bits(value),
                $"'{text}': the runtime gives {expected:R} ({BitConverter.SingleToInt32Bits(expected):X8}), DecimalFloat {value:R} ({BitConverter.SingleToInt32Bits(value):X8})");
        }
    }

    [Fact]
    public void Every_exact_tie_between_neighbouring_floats_rounds_to_even()
    {
        // 2^24 + odd is halfway between two floats: the even one wins. Through both of the parser's steps (the
        // integers past 2^24 leave Clinger's case for the product) and with a decimal exponent that keeps them exact.
        for (int odd = 1; odd < 20_000; odd += 2)
        {
            foreach (string text in new[] { (16777216 + odd).ToString(CultureInfo.InvariantCulture), (16777216 + odd).ToString(CultureInfo.InvariantCulture) + "0e-1" })
            {
                Assert.True(DecimalFloat.TryParseSingle(Encoding.UTF8.GetBytes(text), out float value), text);
                Assert.Equal(float.Parse(text, CultureInfo.InvariantCulture), value);
            }
        }
    }

    [Fact]
    public void Decimals_that_round_to_a_float_midpoint_as_doubles_round_as_the_runtime_does()
    {
        // 15 and 16 significant digits, just below and just above the exact midpoint between two floats of moderate
        // size: their nearest double can be the midpoint itself, and rounding that double to a float would round twice.
        var random = new Random(20261129);
        int midpointDoubles = 0;
        for (int i = 0; i < 200_000; i++)
        {
            float low = BitConverter.Int32BitsToSingle(random.Next(0x3400_0000, 0x4B00_0000));
            double midpoint = ((double)low + BitConverter.Int32BitsToSingle(BitConverter.SingleToInt32Bits(low) + 1)) / 2;
            int digits = random.Next(15, 17);
            foreach (string text in new[] { midpoint.ToString("E" + (digits - 1), CultureInfo.InvariantCulture), Nudge(midpoint, digits) })
            {
                double asDouble = double.Parse(text, CultureInfo.InvariantCulture);
                if (asDouble == midpoint && text != midpoint.ToString("R", CultureInfo.InvariantCulture))
                {
                    midpointDoubles++;
                }

                Assert.True(DecimalFloat.TryParseSingle(Encoding.UTF8.GetBytes(text), out float value), text);
                float expected = float.Parse(text, CultureInfo.InvariantCulture);
                Assert.True(BitConverter.SingleToInt32Bits(expected) == BitConverter.SingleToInt32Bits(value), $"'{text}': the runtime gives {expected:R}, DecimalFloat {value:R}");
            }
        }

        Assert.True(midpointDoubles > 100, $"only {midpointDoubles} texts whose double is a float midpoint: the case is not reached");
    }

    // The midpoint's digits cut to `digits` significant ones, then moved one unit in the last digit up or down.
    private static string Nudge(double midpoint, int digits)
    {
        string text = midpoint.ToString("E" + (digits - 1), CultureInfo.InvariantCulture);
        int e = text.IndexOf('E');
        var mantissa = BigInteger.Parse(text[..e].Replace(".", "", StringComparison.Ordinal), CultureInfo.InvariantCulture);
        mantissa += midpoint > 1 ? 1 : -1;
        return mantissa.ToString(CultureInfo.InvariantCulture) + "E" + (int.Parse(text[(e + 1)..], CultureInfo.InvariantCulture) - (digits - 1)).ToString(CultureInfo.InvariantCulture);
    }

    // [+-]digits[.digits][(e|E)[+-]digits], the whole text, at most 19 significant digits.
    private static bool IsPlainShape(string text)
    {
        int i = text.Length > 0 && text[0] is '-' or '+' ? 1 : 0;
        int integer = Digits(text, ref i);
        if (integer == 0)
        {
            return false;
        }

        int fraction = 0;
        if (i < text.Length && text[i] == '.')
        {
            i++;
            fraction = Digits(text, ref i);
            if (fraction == 0)
            {
                return false;
            }
        }

        if (i < text.Length && text[i] is 'e' or 'E')
        {
            i++;
            if (i < text.Length && text[i] is '-' or '+')
            {
                i++;
            }

            if (Digits(text, ref i) == 0)
            {
                return false;
            }
        }

        string mantissa = text[(text[0] is '-' or '+' ? 1 : 0)..].Split('e', 'E')[0].Replace(".", "", StringComparison.Ordinal).TrimStart('0');
        return i == text.Length && mantissa.Length <= 19;
    }

    private static int Digits(string text, ref int i)
    {
        int start = i;
        while (i < text.Length && char.IsAsciiDigit(text[i]))
        {
            i++;
        }

        return i - start;
    }
}
