using System;
using System.Runtime.CompilerServices;

namespace FastText;

internal static partial class TsvNumberText
{
    // 10^15 < 2^53: any 15 digits are an exact double.
    private const int ExactDigits = 15;

    // The scales a 15-digit decimal can have; every power of ten up to 10^22 is an exact double.
    private static readonly double[] ExactPowersOfTen =
    {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    };

    /// <summary>
    /// An optional '-', digits, and optionally '.' and more digits (a digit on both sides), 15 digits at most in all:
    /// Clinger's exact case. The digits are an integer below 2^53 and the scale a power of ten up to 10^15, both exact
    /// doubles, so the one IEEE division rounds the decimal value correctly, as the runtime's Utf8Parser does (it is
    /// correctly rounded since .NET Core 3.0). False for every other shape, which Utf8Parser then parses.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseExactDecimal(ReadOnlySpan<byte> text, out double value)
    {
        value = 0;
        int start = text.Length != 0 && text[0] == (byte)'-' ? 1 : 0;
        if ((uint)(text.Length - start - 1) >= ExactDigits + 1)
        {
            return false; // empty, or more than 15 digits plus a point
        }

        long digits = 0;
        int point = -1;
        for (int i = start; i < text.Length; i++)
        {
            uint digit = (uint)(text[i] - '0');
            if (digit <= 9)
            {
                digits = (digits * 10) + digit;
            }
            else if (text[i] == (byte)'.' && point < 0 && i != start && i != text.Length - 1)
            {
                point = i;
            }
            else
            {
                return false;
            }
        }

        int scale = point < 0 ? 0 : text.Length - 1 - point;
        if (point < 0 && text.Length - start > ExactDigits)
        {
            return false; // 16 digits and no point
        }

        double result = digits / ExactPowersOfTen[scale];
        value = start == 0 ? result : -result;
        return true;
    }
}
