using System;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    /// <summary>
    /// The default format of an integer ("G": its digits, after a '-' the caller checked is the culture's minus
    /// sign), written straight into the builder: the digits are counted first, so there is no scratch buffer to
    /// format into (and, on netstandard2.0, to widen: on Mono and .NET Framework that costs more than the digits).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void AppendDecimal(bool negative, ulong magnitude)
    {
        if (magnitude <= uint.MaxValue)
        {
            AppendDecimal(negative, (uint)magnitude);
            return;
        }

        int length = DecimalDigits.Count(magnitude) + (negative ? 1 : 0);
        DecimalDigits.WriteBackwards(magnitude, ref ReserveForDecimal(negative, length));
    }

    /// <summary>The 32-bit <see cref="AppendDecimal(bool, ulong)"/>: an int's magnitude needs no 64-bit division.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void AppendDecimal(bool negative, uint magnitude)
    {
        int length = DecimalDigits.Count(magnitude) + (negative ? 1 : 0);
        DecimalDigits.WriteBackwards(magnitude, ref ReserveForDecimal(negative, length));
    }

    /// <summary>Counts <paramref name="length"/> chars in (the sign written) and returns the end of the digits, which
    /// are written backwards from there: exactly the chars reserved.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref char ReserveForDecimal(bool negative, int length)
    {
        int pos = _pos;
        if (length > _chars.Length - pos)
        {
            Grow(length);
        }

        ref char start = ref Unsafe.Add(ref MemoryMarshal.GetReference(_chars), pos);
        if (negative)
        {
            start = '-';
        }

        _pos = pos + length;
        return ref Unsafe.Add(ref start, length);
    }

    /// <summary>A signed integer in the default format through <see cref="AppendDecimal(bool, ulong)"/>; false, with
    /// nothing appended, for a negative value where the culture's minus sign is not '-'.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryAppendDefaultSigned(long value, IFormatProvider? provider)
    {
        if (value >= 0)
        {
            AppendDecimal(negative: false, (ulong)value);
            return true;
        }

        return TryAppendDefaultNegative(value, provider);
    }

    // Out of line: the culture lookup would crowd the registers of a loop of appends.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool TryAppendDefaultNegative(long value, IFormatProvider? provider)
    {
        // "G" writes the culture's minus sign; the usual one is '-'.
        if (NumberFormatInfo.GetInstance(provider).NegativeSign != "-")
        {
            return false;
        }

        AppendDecimal(negative: true, (ulong)(-(value + 1)) + 1);
        return true;
    }
}
