using System.Globalization;
using System.Numerics;
using FastText.Internal;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Internal;

/// <summary>
/// The fixed-point double writer behind both builders' "F" formats on net8.0: its rounding against an exact
/// big-integer reference, and the builders' text against <c>double.ToString</c> for every precision, culture and
/// kind of value (exact ties, the doubles next to decimal ties, the 2^52 limit, the special values).
/// </summary>
public class FixedPointDoubleTests
{
    private static readonly string?[] Formats =
    {
        "F", "f", "F0", "F1", "f2", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "F13", "F14", "F15",
        "F07", "F00", "F16", "F17", "F99", "F100", "G", "R", "E2", "N2", "0.00", "", null,
    };

    private static readonly IFormatProvider?[] Providers =
    {
        null, CultureInfo.InvariantCulture, CultureInfo.GetCultureInfo("de-DE"), CultureInfo.GetCultureInfo("sv-SE"),
        CultureInfo.GetCultureInfo("ar-SA"), LongSymbols(), NonAsciiSeparator(),
    };

    private static readonly Gen<double> Doubles = DoubleEdges.Values;

    public static class Cases
    {
        public static Arbitrary<(double, int, int)> Generated() =>
            (from value in Doubles
             from format in Gen.Choose(0, Formats.Length - 1)
             from provider in Gen.Choose(0, Providers.Length - 1)
             select (value, format, provider)).ToArbitrary();

        public static Arbitrary<(double, int)> Scales() =>
            (from value in Doubles
             from precision in Gen.Choose(0, FixedPointDouble.MaxPrecision)
             select (value, precision)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(Cases)], RunsAtDefault = 2000)]
    public void Scaling_rounds_the_exact_value_half_to_even((double Value, int Precision) c)
    {
        string replay = $"value={c.Value:R} (bits 0x{BitConverter.DoubleToInt64Bits(c.Value):X16}) precision={c.Precision}";
        double magnitude = Math.Abs(c.Value);
        BigInteger? expected = ExactScaled(magnitude, c.Precision);
        bool taken = FixedPointDouble.TryScale(magnitude, c.Precision, out ulong scaled);

        // Declined exactly when the product is NaN/infinite or reaches 2^52 (rounded as the double product is).
        bool inRange = magnitude * Math.Pow(10, c.Precision) < 4503599627370496.0;
        Assert.True(taken == inRange, $"taken={taken}, expected {inRange}: {replay}");
        if (taken)
        {
            Assert.True(expected == scaled, $"scaled={scaled}, exact rounding {expected}: {replay}");
        }
    }

    [FastTextProperty(Arbitrary = [typeof(Cases)], RunsAtDefault = 2000)]
    public void Both_builders_write_what_ToString_writes((double Value, int Format, int Provider) c)
    {
        string? format = Formats[c.Format];
        IFormatProvider? provider = Providers[c.Provider];
        string replay = $"value={c.Value:R} (bits 0x{BitConverter.DoubleToInt64Bits(c.Value):X16}) format={format ?? "null"} provider={Name(provider)}";
        string expected = c.Value.ToString(format, provider);

        var chars = new ValueStringBuilder(stackalloc char[3]);
        chars.Append('[');
        chars.Append(c.Value, format, provider);
        chars.AppendFormat(provider, "|{0:" + format + "}]", c.Value);
        Assert.True($"[{expected}|{expected}]" == chars.ToString(), $"chars {chars.ToString()}: {replay}");
        chars.Dispose();

        var utf8 = new Utf8ValueStringBuilder(stackalloc byte[3]);
        utf8.Append('[');
        utf8.Append(c.Value, format, provider);
        utf8.AppendFormat(provider, "|{0:" + format + "}]", c.Value);
        string utf8Text = System.Text.Encoding.UTF8.GetString(utf8.AsSpan());
        Assert.True($"[{expected}|{expected}]" == utf8Text, $"utf8 {utf8Text}: {replay}");
        utf8.Dispose();
    }

    [FastTextProperty(Arbitrary = [typeof(Cases)], RunsAtDefault = 1000)]
    public void Both_builders_write_what_ToString_writes_for_floats((double Value, int Format, int Provider) c)
    {
        float value = (float)c.Value;
        string? format = Formats[c.Format];
        IFormatProvider? provider = Providers[c.Provider];
        string replay = $"value={value:R}f (bits 0x{BitConverter.SingleToInt32Bits(value):X8}) format={format ?? "null"} provider={Name(provider)}";
        string expected = value.ToString(format, provider);

        var chars = new ValueStringBuilder(stackalloc char[3]);
        chars.Append(value, format, provider);
        chars.AppendFormat(provider, "|{0:" + format + "}", value);
        Assert.True($"{expected}|{expected}" == chars.ToString(), $"chars {chars.ToString()}: {replay}");
        chars.Dispose();

        var utf8 = new Utf8ValueStringBuilder(stackalloc byte[3]);
        utf8.Append(value, format, provider);
        utf8.AppendFormat(provider, "|{0:" + format + "}", value);
        string utf8Text = System.Text.Encoding.UTF8.GetString(utf8.AsSpan());
        Assert.True($"{expected}|{expected}" == utf8Text, $"utf8 {utf8Text}: {replay}");
        utf8.Dispose();
    }

    [Fact]
    public void Interpolated_holes_with_an_F_format_write_what_ToString_writes()
    {
        Span<char> charBuffer = stackalloc char[4];
        Span<byte> byteBuffer = stackalloc byte[4];
        foreach (double value in new[] { 12.3456, -0.001, 0.125, 2.5, -1e15 / 3, 1e300, double.NaN })
        {
            var chars = new ValueStringBuilder(charBuffer);
            chars.Append($"{value:F2}|{value:F0}|{value:F}");
            Assert.Equal($"{value.ToString("F2")}|{value.ToString("F0")}|{value.ToString("F")}", chars.ToString());
            chars.Dispose();

            var utf8 = new Utf8ValueStringBuilder(byteBuffer);
            utf8.Append(CultureInfo.GetCultureInfo("de-DE"), $"{value:F2}|{value:F12}");
            Assert.Equal(string.Create(CultureInfo.GetCultureInfo("de-DE"), $"{value:F2}|{value:F12}"), System.Text.Encoding.UTF8.GetString(utf8.AsSpan()));
            utf8.Dispose();
        }
    }

    [Fact]
    public void Declines_what_it_does_not_take()
    {
        Assert.False(FixedPointDouble.TryCreate(1.5, "F16", null, asciiOnly: false, out _));
        Assert.False(FixedPointDouble.TryCreate(1.5, "G", null, asciiOnly: false, out _));
        Assert.False(FixedPointDouble.TryCreate(1.5, "F2x", null, asciiOnly: false, out _));
        Assert.False(FixedPointDouble.TryCreate(double.NaN, "F2", null, asciiOnly: false, out _));
        Assert.False(FixedPointDouble.TryCreate(1e14, "F2", null, asciiOnly: false, out _));
        Assert.False(FixedPointDouble.TryCreate(-1.5, "F2", NonAsciiSeparator(), asciiOnly: true, out _));
        Assert.True(FixedPointDouble.TryCreate(-1.5, "F2", NonAsciiSeparator(), asciiOnly: false, out FixedPointDouble text));
        Assert.Equal("neg1٫50".Length, text.Length);
    }

    /// <summary>|value| × 10^precision rounded half to even, from the double's exact binary value; null for NaN and infinities.</summary>
    private static BigInteger? ExactScaled(double magnitude, int precision)
    {
        if (!double.IsFinite(magnitude))
        {
            return null;
        }

        long bits = BitConverter.DoubleToInt64Bits(magnitude);
        int biasedExponent = (int)((bits >> 52) & 0x7FF);
        long mantissa = bits & 0xFFFFFFFFFFFFFL;
        if (biasedExponent != 0)
        {
            mantissa |= 1L << 52;
        }

        // magnitude = mantissa × 2^exponent exactly.
        int exponent = (biasedExponent == 0 ? 1 : biasedExponent) - 1075;
        BigInteger numerator = mantissa * BigInteger.Pow(10, precision);
        if (exponent >= 0)
        {
            return numerator << exponent;
        }

        BigInteger denominator = BigInteger.One << -exponent;
        BigInteger quotient = BigInteger.DivRem(numerator, denominator, out BigInteger remainder);
        int half = (remainder * 2).CompareTo(denominator);
        return half > 0 || (half == 0 && !quotient.IsEven) ? quotient + 1 : quotient;
    }

    private static NumberFormatInfo LongSymbols()
    {
        var info = (NumberFormatInfo)CultureInfo.InvariantCulture.NumberFormat.Clone();
        info.NegativeSign = "neg";
        info.NumberDecimalSeparator = "<>";
        info.NumberDecimalDigits = 4;
        return NumberFormatInfo.ReadOnly(info);
    }

    private static NumberFormatInfo NonAsciiSeparator()
    {
        var info = (NumberFormatInfo)CultureInfo.InvariantCulture.NumberFormat.Clone();
        info.NegativeSign = "neg";
        info.NumberDecimalSeparator = "٫";
        return NumberFormatInfo.ReadOnly(info);
    }

    private static string Name(IFormatProvider? provider) => provider switch
    {
        null => "null",
        CultureInfo culture => culture.Name.Length == 0 ? "invariant" : culture.Name,
        NumberFormatInfo info => $"NumberFormatInfo(sign '{info.NegativeSign}', separator '{info.NumberDecimalSeparator}')",
        _ => provider.GetType().Name,
    };
}
