using System;
using System.Buffers.Text;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// The one parser of TsvRow's numeric columns: a fast path for the plain shapes that make up nearly every numeric
/// column (an optional sign, digits and, for floating point, a '.' and an exponent), and <see cref="Utf8Parser"/> for
/// everything else, so what is accepted and what it parses to stay exactly Utf8Parser's. The fast paths take only
/// inputs on which their result is provably the same as Utf8Parser's: integers of plain digits whose range is checked
/// exactly (every value of every integer type), and on net8.0 floating point through the correctly rounded
/// <c>DecimalFloat</c>, as the runtime's own parser is.
/// </summary>
internal static partial class TsvNumberText
{
    // long.MaxValue has 19 digits: 18 or fewer never overflow; int and the narrower types parse that many and check
    // their range.
    internal const int SafeInt64Digits = 18;

    // ulong.MaxValue has 20 digits: 19 or fewer always fit. The narrower types parse that many and check their range.
    internal const int SafeUInt64Digits = 19;

    internal static bool TryParseInt32(ReadOnlySpan<byte> text, out int value)
    {
        if (TryParseShortInteger(text, SafeInt64Digits, out long parsed) && parsed is >= int.MinValue and <= int.MaxValue)
        {
            value = (int)parsed;
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseInt64(ReadOnlySpan<byte> text, out long value)
    {
        if (TryParseWholeInt64(text, out value))
        {
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseDouble(ReadOnlySpan<byte> text, out double value)
    {
        if (TryParseFast(text, out value))
        {
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseSingle(ReadOnlySpan<byte> text, out float value)
    {
        if (TryParseFast(text, out value))
        {
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseInt16(ReadOnlySpan<byte> text, out short value)
    {
        if (TryParseShortInteger(text, SafeInt64Digits, out long parsed) && parsed is >= short.MinValue and <= short.MaxValue)
        {
            value = (short)parsed;
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseSByte(ReadOnlySpan<byte> text, out sbyte value)
    {
        if (TryParseShortInteger(text, SafeInt64Digits, out long parsed) && parsed is >= sbyte.MinValue and <= sbyte.MaxValue)
        {
            value = (sbyte)parsed;
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseByte(ReadOnlySpan<byte> text, out byte value)
    {
        if (TryParseDigits(text, SafeUInt64Digits, out ulong parsed) && parsed <= byte.MaxValue)
        {
            value = (byte)parsed;
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseUInt16(ReadOnlySpan<byte> text, out ushort value)
    {
        if (TryParseDigits(text, SafeUInt64Digits, out ulong parsed) && parsed <= ushort.MaxValue)
        {
            value = (ushort)parsed;
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseUInt32(ReadOnlySpan<byte> text, out uint value)
    {
        if (TryParseDigits(text, SafeUInt64Digits, out ulong parsed) && parsed <= uint.MaxValue)
        {
            value = (uint)parsed;
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseUInt64(ReadOnlySpan<byte> text, out ulong value)
    {
        if (TryParseWholeUInt64(text, out value))
        {
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    internal static bool TryParseDecimal(ReadOnlySpan<byte> text, out decimal value)
    {
        if (TryParsePlainDecimal(text, out value))
        {
            return true;
        }

        return Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
    }

    // [-]digits[.digits], 19 significant digits at most and not zero (the runtime decides the sign of a zero): the
    // digits are the decimal's integer and the fraction's length its scale, trailing zeros kept as decimal.Parse keeps them.
    // One pass that notes where the point is, rather than a search for it first: a money column's values are a few
    // bytes long, where a search's call and setup cost as much as the digits.
    internal static bool TryParsePlainDecimal(ReadOnlySpan<byte> text, out decimal value)
    {
        value = 0;
        bool negative = text.Length != 0 && text[0] == (byte)'-';
        ReadOnlySpan<byte> body = negative ? text.Slice(1) : text;

        // At most 19 digits and a point; a longer body, or 20 digits without a point, is refused below.
        if ((uint)(body.Length - 1) > SafeUInt64Digits)
        {
            return false;
        }

        ulong digits = 0;
        int point = -1;
        for (int i = 0; i < body.Length; i++)
        {
            uint digit = (uint)(body[i] - '0');
            if (digit <= 9)
            {
                digits = (digits * 10) + digit;
            }
            else if (body[i] == (byte)'.' && point < 0)
            {
                point = i;
            }
            else
            {
                return false;
            }
        }

        // A point needs a digit on either side; without one, 20 digits may have wrapped and are the runtime's.
        if (point == 0 || point == body.Length - 1 || (point < 0 && body.Length > SafeUInt64Digits) || digits == 0)
        {
            return false;
        }

        byte scale = point < 0 ? (byte)0 : (byte)(body.Length - point - 1);
        value = new decimal((int)digits, (int)(digits >> 32), 0, negative, scale);
        return true;
    }

    /// <summary>1 to <paramref name="maxDigits"/> ASCII digits and nothing else (no sign); false otherwise.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParseDigits(ReadOnlySpan<byte> text, int maxDigits, out ulong value)
    {
        value = 0;
        if ((uint)(text.Length - 1) >= (uint)maxDigits)
        {
            return false;
        }

        ulong result = 0;
        foreach (byte c in text)
        {
            uint digit = (uint)(c - '0');
            if (digit > 9)
            {
                return false;
            }

            result = (result * 10) + digit;
        }

        value = result;
        return true;
    }

    /// <summary>
    /// 1 to 20 ASCII digits, nothing else, whose value fits a ulong (every ulong's text without a sign); false
    /// otherwise, and the caller's own parser decides.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParseWholeUInt64(ReadOnlySpan<byte> text, out ulong value) =>
        TryParseDigits(text, SafeUInt64Digits, out value) || (text.Length == SafeUInt64Digits + 1 && TryParseTwentyDigits(text, out value));

    /// <summary>
    /// An optional '-' and 1 to 19 ASCII digits, nothing else, whose value fits a long (every long's text without a
    /// '+'); false otherwise, and the caller's own parser decides.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParseWholeInt64(ReadOnlySpan<byte> text, out long value) =>
        TryParseShortInteger(text, SafeInt64Digits, out value) || TryParseNineteenDigits(text, out value);

    // 20 digits: the first 19 always fit a ulong, and the last one fits unless head x 10 + last passes ulong.MaxValue.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TryParseTwentyDigits(ReadOnlySpan<byte> text, out ulong value)
    {
        uint last = (uint)(text[SafeUInt64Digits] - '0');
        if (last > 9 || !TryParseDigits(text.Slice(0, SafeUInt64Digits), SafeUInt64Digits, out ulong head) || head > (ulong.MaxValue - last) / 10)
        {
            value = 0;
            return false;
        }

        value = (head * 10) + last;
        return true;
    }

    // An optional '-' and exactly 19 digits: they fit a ulong, and a long when at most 2^63 - 1 (2^63 with the '-').
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TryParseNineteenDigits(ReadOnlySpan<byte> text, out long value)
    {
        int negative = text.Length != 0 && text[0] == (byte)'-' ? 1 : 0;
        if (text.Length - negative != SafeInt64Digits + 1
            || !TryParseDigits(text.Slice(negative), SafeInt64Digits + 1, out ulong magnitude)
            || magnitude > (ulong)long.MaxValue + (uint)negative)
        {
            value = 0;
            return false;
        }

        value = negative == 1 ? unchecked((long)(0 - magnitude)) : (long)magnitude;
        return true;
    }

    /// <summary>An optional '-' and 1 to <paramref name="maxDigits"/> ASCII digits, nothing else; false otherwise.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParseShortInteger(ReadOnlySpan<byte> text, int maxDigits, out long value)
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
