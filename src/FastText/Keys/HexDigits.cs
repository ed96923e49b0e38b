using System;

namespace FastText;

/// <summary>Hexadecimal digits of an unsigned integer, counted and written without allocating.</summary>
internal static class HexDigits
{
    internal static int Count(ulong value)
    {
        int digits = 1;
        while (value >= 16)
        {
            value >>= 4;
            digits++;
        }

        return digits;
    }

    /// <summary>Writes the digits so the last one lands at the end of <paramref name="destination"/>.</summary>
    internal static void WriteRightAligned(ulong value, Span<char> destination, bool upperCase)
    {
        int letterBase = (upperCase ? 'A' : 'a') - 10;
        int i = destination.Length;
        do
        {
            int digit = (int)(value & 0xF);
            destination[--i] = (char)(digit < 10 ? '0' + digit : letterBase + digit);
            value >>= 4;
        }
        while (value != 0);
    }
}
