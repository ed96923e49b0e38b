using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using FastText.Internal;

namespace FastText;

internal static partial class TsvNumberText
{
    private static readonly Vector128<byte> LaneNumbers = Vector128.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);

    /// <summary>True where <see cref="TryParseWindowedMagnitude"/> runs (SSSE3 or AdvSimd).</summary>
    internal static bool IsWindowAccelerated => ByteShuffle.IsAccelerated;

    /// <summary>
    /// An optional '-' (only when <paramref name="signed"/>) and 1 to 20 digits whose value fits a ulong, the whole
    /// field <c>window[start..start + length]</c>, without a branch on the digits or the sign: the last 16 digits (or
    /// all of them) come from one 16-byte load inside the window that holds them (from their first digit, or ending
    /// at the window's end when fewer than 16 bytes follow it), one byte shuffle that right-aligns them behind zeros
    /// and drops the neighbours' bytes, one compare that checks them and <see cref="SixteenDigits"/>; the first 0 to 4
    /// digits of a longer field from a 4-byte load at its start, shifted so that an empty part reads as "0000". So a
    /// column whose lengths and signs vary from row to row costs what a column of one shape costs.
    /// <paramref name="negative"/> is 1 after a '-' (with any magnitude, zero included), else 0.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseWindowedMagnitude(ReadOnlySpan<byte> window, int start, int length, bool signed, bool narrow, out ulong magnitude, out int negative)
    {
        magnitude = 0;
        negative = 0;
        if (!IsWindowAccelerated || !IsWindowedField(window, start, length))
        {
            return false;
        }

        ref byte origin = ref MemoryMarshal.GetReference(window);
        negative = signed ? MinusSign(Unsafe.Add(ref origin, start)) : 0;
        int digitsStart = start + negative;
        int digitCount = length - negative;
        if ((uint)(digitCount - 1) >= MaxWindowedDigits)
        {
            return false;
        }

        // A narrow type's field (16 bits or fewer: at most 5 digits when valid) in a general-purpose register, no
        // vector step, when 8 bytes of the window end with it. Only a field padded with leading zeros past 8 digits,
        // or one within the window's first 8 bytes (a line's first column), takes the vector step below: for a
        // column of valid values the branch goes one way.
        if (narrow && digitCount <= sizeof(ulong) && digitsStart + digitCount >= sizeof(ulong))
        {
            return TryParseEightDigitsEndingAt(ref origin, digitsStart + digitCount, digitCount, out magnitude);
        }

        // The 0 to 4 leading digits beyond the last 16. A field of 17 or more digits leaves 4 bytes from its start
        // inside the window; a shorter one shifts its load out entirely, whatever it held.
        int headCount = AtLeastZero(digitCount - WindowLength);
        uint headLoad = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref origin, AtMost(digitsStart, window.Length - sizeof(uint))));
        uint head = (uint)((((ulong)headLoad << (8 * (4 - headCount))) & uint.MaxValue) | (0x30303030UL >> (8 * headCount)));

        // window.Length >= 16 and the tail ends where the field does, so the load lies inside the window and the
        // tail inside the load: lanes offset to offset + tailCount - 1.
        int tailStart = digitsStart + headCount;
        int tailCount = digitCount - headCount;
        int loadAt = AtMost(tailStart, window.Length - WindowLength);
        int offset = tailStart - loadAt;
        Vector128<byte> values = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref origin, loadAt)) - Vector128.Create((byte)'0');

        // Output lane i takes load lane i + offset + tailCount - 16; the lanes before the first digit get an
        // all-ones control, which selects zero.
        Vector128<byte> control = (LaneNumbers + Vector128.Create((byte)(offset + tailCount - WindowLength)))
            | Vector128.LessThan(LaneNumbers, Vector128.Create((byte)(WindowLength - tailCount)));
        Vector128<byte> digits = ByteShuffle.Shuffle(values, control);
        if (!Vector128.EqualsAll(Vector128.Min(digits, Vector128.Create((byte)9)), digits) || !AreFourDigits(head))
        {
            return false;
        }

        // At most 9999 * 10^16 + 10^16 - 1: past ulong.MaxValue only from 1844 * 10^16 up.
        ulong headValue = FourDigitsValue(head);
        ulong tailValue = SixteenDigits.Value(digits);
        if (headValue >= UInt64MaxHead && (headValue > UInt64MaxHead || tailValue > UInt64MaxTail))
        {
            return false;
        }

        magnitude = (headValue * 10_000_000_000_000_000) + tailValue;
        return true;
    }

    /// <summary>
    /// 1 to 8 digits ending at <paramref name="digitsEnd"/> &gt;= 8 in the window: one 8-byte load that ends where
    /// the field does (so it starts inside the window), its bytes before the field read as '0'. Little-endian words,
    /// so the field's first byte is the lowest of its bytes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseEightDigitsEndingAt(ref byte origin, int digitsEnd, int digitCount, out ulong magnitude)
    {
        magnitude = 0;
        if (!BitConverter.IsLittleEndian)
        {
            return false;
        }

        // The bytes before the field are the low 8 - digitCount ones: a mask of them that is empty for 8 digits.
        ulong text = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref origin, digitsEnd - sizeof(ulong)));
        ulong before = (ulong.MaxValue >> ((8 * digitCount) - 1)) >> 1;
        text = (text & ~before) | (0x3030303030303030UL & before);
        if (!AreEightDigits(text))
        {
            return false;
        }

        magnitude = EightDigitsValue(text);
        return true;
    }

    // Each of the eight bytes '0'-'9' (see AreFourDigits).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool AreEightDigits(ulong text) =>
        ((text & 0xF0F0F0F0F0F0F0F0) | (((text + 0x0606060606060606) & 0xF0F0F0F0F0F0F0F0) >> 4)) == 0x3333333333333333;

    // Eight digits, the first in the lowest byte: pairs, fours, then the pair of fours; no lane carries into the next.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong EightDigitsValue(ulong text)
    {
        ulong values = text - 0x3030303030303030;
        ulong pairs = ((values * 10) + (values >> 8)) & 0x00FF00FF00FF00FF;
        ulong fours = ((pairs * 100) + (pairs >> 16)) & 0x0000FFFF0000FFFF;
        return ((fours * 10_000) + (fours >> 32)) & uint.MaxValue;
    }

    // The sign, the head's length and the loads' places vary from row to row in a column of mixed values, and the
    // JIT compiles '? 1 : 0', Math.Max and Math.Min here to branches that then miss about every other row; these
    // are the same values in arithmetic. Operands are offsets inside a window, so the differences do not overflow.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int MinusSign(byte text) => (int)(((uint)(text ^ '-') - 1) >> 31);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int AtLeastZero(int value) => value & ~(value >> 31);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int AtMost(int value, int limit) => limit + ((value - limit) & ((value - limit) >> 31));

    // Each of the four bytes '0'-'9': no high nibble but 3, and adding 6 keeps it so.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool AreFourDigits(uint text) =>
        ((text & 0xF0F0F0F0) | (((text + 0x06060606) & 0xF0F0F0F0) >> 4)) == 0x33333333;

    // Four digits, the first in the lowest byte: pairs, then the pair of pairs.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong FourDigitsValue(uint text)
    {
        uint values = text - 0x30303030;
        uint pairs = ((values * 10) + (values >> 8)) & 0x00FF00FF;
        return ((pairs * 100) + (pairs >> 16)) & 0xFFFF;
    }
}
