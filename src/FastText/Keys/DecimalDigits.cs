using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>Invariant decimal digits of an unsigned integer, counted and written without allocating.</summary>
internal static class DecimalDigits
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Count(ulong value)
    {
        int digits = 1;
        while (value >= 10000)
        {
            value /= 10000;
            digits += 4;
        }

        if (value >= 10)
        {
            digits++;
            if (value >= 100)
            {
                digits++;
                if (value >= 1000)
                {
                    digits++;
                }
            }
        }

        return digits;
    }

    /// <summary>Writes the digits so the last one lands at the end of <paramref name="destination"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void WriteRightAligned(ulong value, Span<char> destination)
    {
        int i = destination.Length;
        do
        {
            ulong quotient = value / 10;
            destination[--i] = (char)('0' + (int)(value - (quotient * 10)));
            value = quotient;
        }
        while (value != 0);
    }

    /// <summary>Writes exactly <paramref name="width"/> digits of <paramref name="value"/> (zero-padded) at <paramref name="destination"/>[0].</summary>
    internal static void WritePadded(int value, int width, Span<char> destination)
    {
        for (int i = width - 1; i >= 0; i--)
        {
            int quotient = value / 10;
            destination[i] = (char)('0' + (value - (quotient * 10)));
            value = quotient;
        }
    }
}
