using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using FastText.Internal;

namespace FastText;

internal static partial class TsvNumberText
{
    // A number with a point is read when it has at most 15 digits: below 10^15 < 2^53, an exact double, so one
    // division by an exact power of ten rounds once.
    private const int MaxExactDecimalDigits = 15;

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
    private static bool TryParseWindowedMagnitude(ReadOnlySpan<byte> window, int start, int length, bool signed, out ulong magnitude, out int negative)
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
    /// The field <c>window[start..start + length]</c> as a <see cref="double"/> when it is an optional '-' and 1 to 15
    /// digits with at most one '.' between two of them (<see cref="TryScanWindowedDigitsAndPoint"/>): the digits, below 2^53,
    /// divided by a power of ten of at most 10^14, Clinger's exact case, so the one division is correctly rounded.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseWindowedDouble(ReadOnlySpan<byte> window, int start, int length, out double value)
    {
        if (TryScanWindowedDigitsAndPoint(window, start, length, out ulong digits, out int fractionDigits, out int negative))
        {
            value = DecimalFloat.ExactQuotient(digits, fractionDigits, negative);
            return true;
        }

        value = 0;
        return false;
    }

    /// <summary>The same field as a <see cref="float"/>, through the double quotient when narrowing it rounds once.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseWindowedSingle(ReadOnlySpan<byte> window, int start, int length, out float value)
    {
        value = 0;
        return TryScanWindowedDigitsAndPoint(window, start, length, out ulong digits, out int fractionDigits, out int negative)
            && DecimalFloat.TryExactQuotient(digits, fractionDigits, negative, out value);
    }

    /// <summary>
    /// An optional '-' and 1 to 15 digits with at most one '.' between two of them, the whole field
    /// <c>window[start..start + length]</c>: the digits as one number, how many follow the point (0 without one), and
    /// 1 after a '-'. One 16-byte load inside the window holds the field (from its first byte, or ending at the
    /// window's end); one compare finds the point and one byte shuffle right-aligns the digits behind zeros, taking
    /// the lane before for the digits up to the point, so the point and the neighbours' bytes drop out; one compare
    /// checks what is left. No branch depends on the field's length, its sign or where its point is.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryScanWindowedDigitsAndPoint(ReadOnlySpan<byte> window, int start, int length, out ulong digits, out int fractionDigits, out int negative)
    {
        digits = 0;
        fractionDigits = 0;
        negative = 0;
        if (!IsWindowAccelerated || !IsWindowedField(window, start, length))
        {
            return false;
        }

        ref byte origin = ref MemoryMarshal.GetReference(window);
        negative = MinusSign(Unsafe.Add(ref origin, start));
        int fieldStart = start + negative;
        int fieldLength = length - negative;
        if ((uint)(fieldLength - 1) >= WindowLength)
        {
            return false;
        }

        // window.Length >= 16 and the field ends inside it, so the load lies inside the window and the field inside
        // the load: lanes offset to offset + fieldLength - 1 (at most lane 15, so the masks fit in 16 bits).
        int loadAt = AtMost(fieldStart, window.Length - WindowLength);
        int offset = fieldStart - loadAt;
        int lastLane = offset + fieldLength - 1;
        Vector128<byte> bytes = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref origin, loadAt));
        uint fieldLanes = ((2u << lastLane) - 1) & ~((1u << offset) - 1);
        uint pointLanes = Vector128.Equals(bytes, Vector128.Create((byte)'.')).ExtractMostSignificantBits() & fieldLanes;

        // A second point, or one that starts or ends the field (".5", "5."), is a shape the runtime's parser decides.
        int hasPoint = (int)((0u - pointLanes) >> 31);
        int digitCount = fieldLength - hasPoint;
        if ((pointLanes & (pointLanes - 1)) != 0 || (pointLanes & ((1u << offset) | (1u << lastLane))) != 0 || digitCount > MaxExactDecimalDigits)
        {
            return false;
        }

        // Output lane i takes load lane i + lastLane - 15, or the lane before that up to the point (pointEnd is the
        // lane after the point, 0 without one); the lanes before the first digit get an all-ones control, which
        // selects zero.
        int pointEnd = 32 - BitOperations.LeadingZeroCount(pointLanes);
        Vector128<byte> source = LaneNumbers + Vector128.Create((byte)(lastLane + 1 - WindowLength));
        Vector128<byte> control = (source + Vector128.LessThan(source, Vector128.Create((byte)pointEnd)))
            | Vector128.LessThan(LaneNumbers, Vector128.Create((byte)(WindowLength - digitCount)));
        Vector128<byte> values = ByteShuffle.Shuffle(bytes - Vector128.Create((byte)'0'), control);
        if (!Vector128.EqualsAll(Vector128.Min(values, Vector128.Create((byte)9)), values))
        {
            return false;
        }

        digits = SixteenDigits.Value(values);
        fractionDigits = (lastLane + 1 - pointEnd) & -hasPoint;
        return true;
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
