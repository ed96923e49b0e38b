using System;
using System.Buffers.Text;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// The one parser of TsvRow's numeric columns: a fast path for the plain shapes that make up nearly every numeric
/// column (an optional '-', digits and, for doubles, one '.'), and <see cref="Utf8Parser"/> for everything else, so
/// what is accepted and what it parses to stay exactly Utf8Parser's. The fast paths take only inputs on which their
/// result is provably the same as Utf8Parser's: integers short enough that they cannot overflow, and doubles whose
/// digits and decimal scale are exact in binary (see <see cref="TryParseExactDecimal"/>).
/// </summary>
internal static partial class TsvNumberText
{
    // int.MaxValue has 10 digits: 9 or fewer never overflow.
    private const int SafeInt32Digits = 9;

    // long.MaxValue has 19 digits: 18 or fewer never overflow.
    private const int SafeInt64Digits = 18;

    internal static bool TryParseInt32(ReadOnlySpan<byte> text, out int value)
    {
        if (TryParseShortInteger(text, SafeInt32Digits, out long parsed))
        {
            value = (int)parsed;
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseInt64(ReadOnlySpan<byte> text, out long value)
    {
        if (TryParseShortInteger(text, SafeInt64Digits, out value))
        {
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseDouble(ReadOnlySpan<byte> text, out double value)
    {
        if (TryParseExactDecimal(text, out value))
        {
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    /// <summary>An optional '-' and 1 to <paramref name="maxDigits"/> ASCII digits, nothing else; false otherwise.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseShortInteger(ReadOnlySpan<byte> text, int maxDigits, out long value)
    {
        value = 0;
        int start = text.Length != 0 && text[0] == (byte)'-' ? 1 : 0;
        if ((uint)(text.Length - start - 1) >= (uint)maxDigits)
        {
            return false;
        }

        long result = 0;
        for (int i = start; i < text.Length; i++)
        {
            uint digit = (uint)(text[i] - '0');
            if (digit > 9)
            {
                return false;
            }

            result = (result * 10) + digit;
        }

        value = start == 0 ? result : -result;
        return true;
    }
}
