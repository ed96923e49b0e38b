using System;
using System.Globalization;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace FastText.Internal;

/// <summary>
/// A double in the fixed-point format ("F", "F0" to "F15"), with the text <c>double.ToString</c> gives on .NET Core
/// 3.0 and later: the exact binary value rounded to the precision, a tie to the even last digit, the culture's minus
/// sign on every negative value ("-0.00" included) and its decimal separator. The runtime gets there through its
/// general big-integer digit generator (about 90 ns for a log line's <c>{elapsed:F2}</c>, half of the line); this
/// takes a few nanoseconds for every value whose scaled magnitude is below 2^52, and declines the rest (NaN, the
/// infinities, larger values), which then go to the runtime.
/// </summary>
internal readonly struct FixedPointDouble
{
    /// <summary>The largest precision taken: 10^15 is exact as a double and leaves room below 2^52 for a digit before the point.</summary>
    internal const int MaxPrecision = 15;

    // Below 2^52 a double's fractional part is exact and its unit in the last place at most 0.5.
    private const double ScaledLimit = 4503599627370496.0;

    private readonly ulong _scaled;
    private readonly int _precision;
    private readonly string? _negativeSign;
    private readonly string _separator;

    private FixedPointDouble(ulong scaled, int precision, string? negativeSign, string separator, int length)
    {
        _scaled = scaled;
        _precision = precision;
        _negativeSign = negativeSign;
        _separator = separator;
        Length = length;
    }

    /// <summary>The chars (or, for ASCII signs and separators, the bytes) of the text.</summary>
    public int Length { get; }

    /// <summary>
    /// Rounds <paramref name="value"/> (a double or a float; any other type is declined, and the JIT drops the call
    /// for it) for <paramref name="format"/>; false (for the runtime to format) when the format is not "F"/"f" with at
    /// most <see cref="MaxPrecision"/> digits, or the value is out of range.
    /// </summary>
    /// <typeparam name="T">The value's type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="format">The format string, as <c>double.TryFormat</c> takes it.</param>
    /// <param name="provider">The culture (its minus sign, decimal separator and default precision); null for the current one.</param>
    /// <param name="asciiOnly">True for UTF-8 output: also false when the culture's minus sign or separator is not ASCII.</param>
    /// <param name="text">The rounded value, ready to write.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryCreate<T>(T value, ReadOnlySpan<char> format, IFormatProvider? provider, bool asciiOnly, out FixedPointDouble text)
    {
        // A float widens to a double exactly, and the runtime's "F" text of a float is that of its exact value too.
        double number;
        if (typeof(T) == typeof(double))
        {
            number = (double)(object)value!;
        }
        else if (typeof(T) == typeof(float))
        {
            number = (float)(object)value!;
        }
        else
        {
            text = default;
            return false;
        }

        return TryCreate(number, format, provider, asciiOnly, out text);
    }

    private static bool TryCreate(double value, ReadOnlySpan<char> format, IFormatProvider? provider, bool asciiOnly, out FixedPointDouble text)
    {
        text = default;
        if (format.IsEmpty || (format[0] | 0x20) != 'f' || format.Length > 3)
        {
            return false;
        }

        NumberFormatInfo info = NumberFormatInfo.GetInstance(provider);
        int precision;
        if (format.Length == 1)
        {
            precision = info.NumberDecimalDigits;
        }
        else
        {
            // The runtime reads "F07" as "F7" too.
            uint tens = (uint)(format[1] - '0');
            uint units = format.Length == 3 ? (uint)(format[2] - '0') : 0;
            if (tens > 9 || units > 9)
            {
                return false;
            }

            precision = format.Length == 3 ? (int)((tens * 10) + units) : (int)tens;
        }

        return TryCreate(value, precision, info, asciiOnly, out text);
    }

    /// <summary><paramref name="value"/> rounded to <paramref name="precision"/> digits after <paramref name="info"/>'s separator; false as <see cref="TryCreate{T}"/>.</summary>
    /// <param name="value">The double.</param>
    /// <param name="precision">The digits after the separator.</param>
    /// <param name="info">The minus sign and the decimal separator.</param>
    /// <param name="asciiOnly">True for UTF-8 output: also false when the minus sign or the separator is not ASCII.</param>
    /// <param name="text">The rounded value, ready to write.</param>
    public static bool TryCreate(double value, int precision, NumberFormatInfo info, bool asciiOnly, out FixedPointDouble text)
    {
        text = default;
        if ((uint)precision > MaxPrecision || !TryScale(Math.Abs(value), precision, out ulong scaled))
        {
            return false;
        }

        string? negativeSign = double.IsNegative(value) ? info.NegativeSign : null;
        string separator = info.NumberDecimalSeparator;
        if (asciiOnly && !(IsAscii(negativeSign) && IsAscii(separator)))
        {
            return false;
        }

        int integralDigits = Math.Max(DecimalDigits.Count(scaled) - precision, 1);
        int length = (negativeSign?.Length ?? 0) + integralDigits + (precision == 0 ? 0 : separator.Length + precision);
        text = new FixedPointDouble(scaled, precision, negativeSign, separator, length);
        return true;
    }

    /// <summary>
    /// <paramref name="magnitude"/> × 10^<paramref name="precision"/> rounded to an integer from its exact value, a tie
    /// to even; false when the product is NaN or not below 2^52.
    /// </summary>
    internal static bool TryScale(double magnitude, int precision, out ulong scaled)
    {
        double scale = PowersOfTen[precision];
        double product = magnitude * scale;
        if (!(product < ScaledLimit))
        {
            scaled = 0;
            return false;
        }

        // The exact product is product + error: the rounding error of a product is itself a double, and the fused
        // multiply-add computes it without rounding. Below 2^52, |error| <= ulp/2 <= 0.25, so a fraction under 0.25
        // rounds down whatever the error is, and from 0.25 on, fraction - 0.5 is exact (Sterbenz) and its comparison
        // with -error tells above, below or exactly on the half. (From 0.25 on, the product is far above the range
        // where the error could underflow.)
        double floor = Math.Floor(product);
        double fraction = product - floor;
        ulong integral = (ulong)floor;
        if (fraction >= 0.25)
        {
            double error = Math.FusedMultiplyAdd(magnitude, scale, -product);
            double aboveHalf = fraction - 0.5;
            if (aboveHalf > -error || (aboveHalf == -error && (integral & 1) != 0))
            {
                integral++;
            }
        }

        scaled = integral;
        return true;
    }

    /// <summary>Writes the text into <paramref name="destination"/>, which is exactly <see cref="Length"/> long.</summary>
    /// <typeparam name="TChar"><see cref="char"/>, or <see cref="byte"/> for a text made with <c>asciiOnly</c>.</typeparam>
    public void Write<TChar>(Span<TChar> destination)
        where TChar : unmanaged, IBinaryInteger<TChar>
    {
        // Backwards from the last digit, so the fraction's digits need no division by a variable power of ten.
        int end = destination.Length;
        ulong rest = _scaled;
        for (int i = 0; i < _precision; i++)
        {
            rest = WriteLastDigit(rest, ref destination[--end]);
        }

        if (_precision != 0)
        {
            end -= _separator.Length;
            Copy(_separator, destination.Slice(end));
        }

        do
        {
            rest = WriteLastDigit(rest, ref destination[--end]);
        }
        while (rest != 0);

        if (_negativeSign is not null)
        {
            Copy(_negativeSign, destination);
        }
    }

    /// <summary>Writes the last decimal digit of <paramref name="value"/> into <paramref name="digit"/>; returns the digits before it.</summary>
    private static ulong WriteLastDigit<TChar>(ulong value, ref TChar digit)
        where TChar : unmanaged, IBinaryInteger<TChar>
    {
        ulong quotient = value / 10;
        digit = TChar.CreateTruncating('0' + (uint)(value - (quotient * 10)));
        return quotient;
    }

    private static void Copy<TChar>(string text, Span<TChar> destination)
        where TChar : unmanaged, IBinaryInteger<TChar>
    {
        for (int i = 0; i < text.Length; i++)
        {
            destination[i] = TChar.CreateTruncating(text[i]);
        }
    }

    private static bool IsAscii(string? text)
    {
        foreach (char c in text.AsSpan())
        {
            if (c > 0x7F)
            {
                return false;
            }
        }

        return true;
    }

    private static ReadOnlySpan<double> PowersOfTen => new double[]
    {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    };
}
