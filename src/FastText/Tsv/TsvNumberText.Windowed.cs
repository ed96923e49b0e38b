using System;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

// The integer columns of a row read together with their neighbours on the line: TsvRow hands over the bytes its
// columns point into (the window) and the column's place in them, so a field of any length up to 20 digits is one
// 16-byte load inside the window (and a 4-byte one for the digits beyond 16) instead of a loop whose length and sign
// the branch predictor has to guess per row. A 16-bit or 8-bit type's field takes one 8-byte load that ends with it
// and no vector step: for a byte column that took about 10 % off a row (the scan, the row and the parse together).
internal static partial class TsvNumberText
{
    // 16 bytes: the widest load that the vector path shuffles in one step, and 16 digits: what SixteenDigits adds up.
    private const int WindowLength = 16;

    // ulong.MaxValue has 20 digits: 16 from the vector step and up to 4 in front of them.
    private const int MaxWindowedDigits = 20;

    // ulong.MaxValue = 1844 * 10^16 + 6744073709551615.
    private const ulong UInt64MaxHead = 1844;
    private const ulong UInt64MaxTail = 6_744_073_709_551_615;

    /// <summary>
    /// The field <c>window[start..start + length]</c> as an integer type <typeparamref name="T"/> (<see cref="int"/>,
    /// <see cref="long"/>, <see cref="short"/>, <see cref="sbyte"/> and their unsigned forms) when it is an optional
    /// '-' (signed types) and 1 to 20 digits in the type's range, and the window is at least 16 bytes long; the value
    /// is then the one the type's own invariant parser gives. False for any other type, field or window (a start or
    /// length outside the window included), and where <see cref="IsWindowAccelerated"/> is false: the caller's own
    /// parse decides then.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParseWindowed<T>(ReadOnlySpan<byte> window, int start, int length, out T value)
    {
        value = default!;
        if (typeof(T) == typeof(int))
        {
            return TryParseWindowedSigned(window, start, length, int.MaxValue, out long parsed) && GenericStore.Into((int)parsed, ref value);
        }

        if (typeof(T) == typeof(long))
        {
            return TryParseWindowedSigned(window, start, length, long.MaxValue, out long parsed) && GenericStore.Into(parsed, ref value);
        }

        if (typeof(T) == typeof(short))
        {
            return TryParseWindowedSigned(window, start, length, short.MaxValue, out long parsed) && GenericStore.Into((short)parsed, ref value);
        }

        if (typeof(T) == typeof(sbyte))
        {
            return TryParseWindowedSigned(window, start, length, sbyte.MaxValue, out long parsed) && GenericStore.Into((sbyte)parsed, ref value);
        }

        if (typeof(T) == typeof(ulong))
        {
            return TryParseWindowedUnsigned(window, start, length, ulong.MaxValue, out ulong parsed) && GenericStore.Into(parsed, ref value);
        }

        if (typeof(T) == typeof(uint))
        {
            return TryParseWindowedUnsigned(window, start, length, uint.MaxValue, out ulong parsed) && GenericStore.Into((uint)parsed, ref value);
        }

        if (typeof(T) == typeof(ushort))
        {
            return TryParseWindowedUnsigned(window, start, length, ushort.MaxValue, out ulong parsed) && GenericStore.Into((ushort)parsed, ref value);
        }

        if (typeof(T) == typeof(byte))
        {
            return TryParseWindowedUnsigned(window, start, length, byte.MaxValue, out ulong parsed) && GenericStore.Into((byte)parsed, ref value);
        }

        return false;
    }

    /// <summary>
    /// A signed type's value from <see cref="TryParseWindowedMagnitude"/>: in range when the magnitude is at most
    /// <paramref name="maximum"/>, or one more after a '-'; the sign applied without a branch.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseWindowedSigned(ReadOnlySpan<byte> window, int start, int length, long maximum, out long value)
    {
        if (TryParseWindowedMagnitude(window, start, length, signed: true, narrow: maximum <= short.MaxValue, out ulong magnitude, out int negative)
            && magnitude <= (ulong)maximum + (uint)negative)
        {
            value = unchecked(((long)magnitude ^ -negative) + negative);
            return true;
        }

        value = 0;
        return false;
    }

    /// <summary>An unsigned type's value from <see cref="TryParseWindowedMagnitude"/>: in range when at most <paramref name="maximum"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseWindowedUnsigned(ReadOnlySpan<byte> window, int start, int length, ulong maximum, out ulong value) =>
        TryParseWindowedMagnitude(window, start, length, signed: false, narrow: maximum <= ushort.MaxValue, out value, out _) && value <= maximum;

    /// <summary>True when <paramref name="start"/> and <paramref name="length"/> name a non-empty field inside a window of at least 16 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsWindowedField(ReadOnlySpan<byte> window, int start, int length) =>
        window.Length >= WindowLength && (uint)start <= (uint)window.Length && (uint)(length - 1) < (uint)(window.Length - start);
}
