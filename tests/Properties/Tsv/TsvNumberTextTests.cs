using System.Buffers.Text;
using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// TsvNumberText (TsvRow's GetInt32/GetInt64/GetDouble and their Try forms) against its reference, Utf8Parser with the
/// whole column consumed: the same accept/reject decision and a bit-identical value on every input. The inputs are
/// numeric-looking ASCII built to reach the fast paths' edges: 0 to 20 digits (9/10 and 18/19 for the integer
/// overflow bounds, 15/16 for the exact-double bound), leading zeros, a sign ('-', '+'), a point anywhere (first,
/// last, twice), an exponent, and a stray byte at any index; plus the integer types' limits and one past them.
/// </summary>
public class TsvNumberTextTests
{
    /// <summary>Numeric-looking ASCII columns.</summary>
    public static class NumberTexts
    {
        private static readonly string[] Limits =
        {
            "2147483647", "2147483648", "-2147483648", "-2147483649", "999999999", "-999999999", "1000000000",
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "999999999999999999", "999999999999999", "9999999999999999", "0.999999999999999", "9007199254740993",
            "255", "256", "-128", "-129", "32767", "32768", "65535", "65536", "4294967295", "4294967296",
            "18446744073709551615", "18446744073709551616", "3.4028235E+38", "3.5E+38", "1.4E-45", "16777217",
            "0", "-0", "-0.0", "0.0", "00000", "-", "+", ".", "", "1.", ".5", "-.5", "1e5", "1E+20", "0.1", "0.3",
            "123456789012.345", "1.7976931348623157", "4.9406564584124654", "2.2250738585072014",
        };

        public static Arbitrary<string> Texts()
        {
            Gen<char> digit = Gen.Choose('0', '9').Select(c => (char)c);
            Gen<string> digits = Gen.Frequency(
                    (1, Gen.Constant(0)), (6, Gen.Choose(1, 9)), (3, Gen.Choose(10, 20)))
                .SelectMany(n => digit.ArrayOf(n)).Select(chars => new string(chars));
            Gen<string> built =
                from sign in Gen.Elements("", "", "-", "+")
                from whole in digits
                from point in Gen.Frequency((3, Gen.Constant(false)), (2, Gen.Constant(true)))
                from fraction in digits
                from exponent in Gen.Frequency((6, Gen.Constant("")), (1, Gen.Elements("e5", "E-3", "e+12", "e")))
                select sign + whole + (point ? "." + fraction : "") + exponent;
            Gen<string> stray =
                from text in built
                from at in Gen.Choose(0, 20)
                from bad in Gen.Elements(' ', '.', 'x', '-', '/', ':', '\0', 'é')
                select text.Insert(Math.Min(at, text.Length), bad.ToString());
            return Gen.Frequency((5, built), (2, stray), (2, Gen.Elements(Limits))).ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(NumberTexts)], RunsAtDefault = 2000)]
    public void Int32_matches_Utf8Parser(string text)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        bool expected = Utf8Parser.TryParse(bytes, out int expectedValue, out int consumed) && consumed == bytes.Length;
        Assert.Equal(expected, TsvNumberText.TryParseInt32(bytes, out int value));
        Assert.Equal(expected ? expectedValue : value, value);
    }

    [FastTextProperty(Arbitrary = [typeof(NumberTexts)], RunsAtDefault = 2000)]
    public void Int64_matches_Utf8Parser(string text)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        bool expected = Utf8Parser.TryParse(bytes, out long expectedValue, out int consumed) && consumed == bytes.Length;
        Assert.Equal(expected, TsvNumberText.TryParseInt64(bytes, out long value));
        Assert.Equal(expected ? expectedValue : value, value);
    }

    /// <summary>Any 64 bits shifted right by 0 to 63 places: every digit count of a ulong and of a long.</summary>
    public static class WholeIntegers
    {
        public static Arbitrary<ulong> Values() =>
            (from high in Gen.Choose(int.MinValue, int.MaxValue)
             from low in Gen.Choose(int.MinValue, int.MaxValue)
             from shift in Gen.Choose(0, 63)
             select (((ulong)(uint)high << 32) | (uint)low) >> shift)
            .ToArbitrary();
    }

    // The fast paths take every value of the two widest types themselves (a fast path that declined them would pass
    // the Utf8Parser comparisons above through the fallback).
    [FastTextProperty(Arbitrary = [typeof(WholeIntegers)], RunsAtDefault = 2000)]
    public void Every_ulong_and_long_is_parsed_by_the_fast_path(ulong bits)
    {
        foreach (string unsigned in new[] { bits.ToString(CultureInfo.InvariantCulture), bits.ToString("D20", CultureInfo.InvariantCulture) })
        {
            Assert.True(TsvNumberText.TryParseWholeUInt64(Encoding.ASCII.GetBytes(unsigned), out ulong parsed), $"'{unsigned}' declined");
            Assert.True(parsed == bits, $"'{unsigned}' parsed as {parsed}");
        }

        foreach (string signed in new[] { unchecked((long)bits).ToString(CultureInfo.InvariantCulture), unchecked((long)bits).ToString("D19", CultureInfo.InvariantCulture) })
        {
            Assert.True(TsvNumberText.TryParseWholeInt64(Encoding.ASCII.GetBytes(signed), out long parsed), $"'{signed}' declined");
            Assert.True(parsed == unchecked((long)bits), $"'{signed}' parsed as {parsed}");
        }
    }

    [Theory]
    [InlineData("18446744073709551616")]
    [InlineData("18446744073709551620")]
    [InlineData("99999999999999999999")]
    [InlineData("1844674407370955161x")]
    [InlineData("x8446744073709551615")]
    [InlineData("184467440737095516150")]
    public void A_text_past_ulong_is_left_to_the_fallback(string text) =>
        Assert.False(TsvNumberText.TryParseWholeUInt64(Encoding.ASCII.GetBytes(text), out _), text);

    [Theory]
    [InlineData("9223372036854775808")]
    [InlineData("-9223372036854775809")]
    [InlineData("9999999999999999999")]
    [InlineData("-9999999999999999999")]
    [InlineData("--922337203685477580")]
    [InlineData("922337203685477580-")]
    [InlineData("+9223372036854775807")]
    public void A_text_past_long_is_left_to_the_fallback(string text) =>
        Assert.False(TsvNumberText.TryParseWholeInt64(Encoding.ASCII.GetBytes(text), out _), text);

    [FastTextProperty(Arbitrary = [typeof(NumberTexts)], RunsAtDefault = 2000)]
    public void Narrow_and_unsigned_integers_match_Utf8Parser(string text)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        Same(Utf8Parser.TryParse(bytes, out short a, out int consumed) && consumed == bytes.Length, a, TsvNumberText.TryParseInt16(bytes, out short b), b, text);
        Same(Utf8Parser.TryParse(bytes, out sbyte c, out consumed) && consumed == bytes.Length, c, TsvNumberText.TryParseSByte(bytes, out sbyte d), d, text);
        Same(Utf8Parser.TryParse(bytes, out byte e, out consumed) && consumed == bytes.Length, e, TsvNumberText.TryParseByte(bytes, out byte f), f, text);
        Same(Utf8Parser.TryParse(bytes, out ushort g, out consumed) && consumed == bytes.Length, g, TsvNumberText.TryParseUInt16(bytes, out ushort h), h, text);
        Same(Utf8Parser.TryParse(bytes, out uint i, out consumed) && consumed == bytes.Length, i, TsvNumberText.TryParseUInt32(bytes, out uint j), j, text);
        Same(Utf8Parser.TryParse(bytes, out ulong k, out consumed) && consumed == bytes.Length, k, TsvNumberText.TryParseUInt64(bytes, out ulong l), l, text);
    }

    [FastTextProperty(Arbitrary = [typeof(NumberTexts)], RunsAtDefault = 2000)]
    public void Single_matches_Utf8Parser_bit_for_bit(string text)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        bool expected = Utf8Parser.TryParse(bytes, out float expectedValue, out int consumed) && consumed == bytes.Length;
        Assert.Equal(expected, TsvNumberText.TryParseSingle(bytes, out float value));
        if (expected)
        {
            Assert.Equal(BitConverter.GetBytes(expectedValue), BitConverter.GetBytes(value));
        }
    }

    [FastTextProperty(Arbitrary = [typeof(NumberTexts)], RunsAtDefault = 2000)]
    public void Decimal_matches_Utf8Parser_with_its_scale(string text)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        bool expected = Utf8Parser.TryParse(bytes, out decimal expectedValue, out int consumed) && consumed == bytes.Length;
        Assert.True(expected == TsvNumberText.TryParseDecimal(bytes, out decimal value), $"'{text}': Utf8Parser {expected}");
        if (expected)
        {
            Assert.True(decimal.GetBits(expectedValue).AsSpan().SequenceEqual(decimal.GetBits(value)), $"'{text}': Utf8Parser {expectedValue}, TsvNumberText {value}");
        }
    }

    [Fact]
    public void Every_point_position_of_a_short_decimal_keeps_its_sign_and_scale()
    {
        // The lengths around the vector step's 4 to 16 bytes, the point at every index, with a sign or none, and
        // digits that are all zeros, end in zeros or start with them: scale and sign are bits decimal equality ignores.
        var random = new Random(20261203);
        for (int length = 1; length <= 18; length++)
        {
            for (int point = -1; point < length; point++)
            {
                foreach (string sign in new[] { "", "-", "+" })
                {
                    for (int variant = 0; variant < 4; variant++)
                    {
                        char[] chars = new char[length];
                        for (int i = 0; i < length; i++)
                        {
                            chars[i] = variant switch
                            {
                                0 => '0',
                                1 => i >= length - 2 ? '0' : (char)random.Next('0', '9' + 1),
                                2 => i < 2 ? '0' : (char)random.Next('0', '9' + 1),
                                _ => (char)random.Next('0', '9' + 1),
                            };
                        }

                        if (point >= 0)
                        {
                            chars[point] = '.';
                        }

                        Decimal_matches_Utf8Parser_with_its_scale(sign + new string(chars));
                    }
                }
            }
        }
    }

    private static void Same<T>(bool expected, T expectedValue, bool actual, T actualValue, string text)
    {
        Assert.True(expected == actual, $"{typeof(T).Name} '{text}': Utf8Parser {expected}, TsvNumberText {actual}");
        if (expected)
        {
            Assert.Equal(expectedValue, actualValue);
        }
    }

    [FastTextProperty(Arbitrary = [typeof(NumberTexts)], RunsAtDefault = 2000)]
    public void Double_matches_Utf8Parser_bit_for_bit(string text)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        bool expected = Utf8Parser.TryParse(bytes, out double expectedValue, out int consumed) && consumed == bytes.Length;
        Assert.Equal(expected, TsvNumberText.TryParseDouble(bytes, out double value));
        if (expected)
        {
            Assert.Equal(BitConverter.DoubleToInt64Bits(expectedValue), BitConverter.DoubleToInt64Bits(value));
        }
    }

    [Fact]
    public void Exact_decimals_round_like_the_runtime_at_the_15_digit_bound()
    {
        // Every 15-digit decimal with every scale 0..15 takes the fast path; these are the ones whose nearest double is
        // furthest from the decimal (…5 at the last place), where a wrong rounding would show.
        var random = new Random(20261127);
        for (int i = 0; i < 20000; i++)
        {
            long digits = (long)(random.NextDouble() * 1e15);
            int scale = random.Next(0, 16);
            string text = digits.ToString(CultureInfo.InvariantCulture);
            if (scale > 0)
            {
                text = text.PadLeft(scale + 1, '0');
                text = text.Insert(text.Length - scale, ".");
            }

            byte[] bytes = Encoding.UTF8.GetBytes(text);
            Assert.True(TsvNumberText.TryParseDouble(bytes, out double value), text);
            Assert.True(Utf8Parser.TryParse(bytes, out double expected, out _), text);
            Assert.True(BitConverter.DoubleToInt64Bits(expected) == BitConverter.DoubleToInt64Bits(value), $"{text}: {expected:R} expected, {value:R} parsed");
        }
    }
}
