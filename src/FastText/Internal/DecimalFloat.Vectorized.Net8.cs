using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace FastText.Internal;

/// <summary>
/// The shapes most float and double columns hold, read without a loop over the digits, so a column whose values
/// vary in length costs what a column of one length costs. The short shape, <c>digits.digits</c> with 8 to 16 bytes
/// (after a sign) and the point among the first eight: the field's first eight and last eight bytes (two loads
/// inside the span, overlapping when it is shorter than 16) make one vector; one compare finds the point and another
/// checks that every other byte is a digit; one byte shuffle drops the point and right-aligns the digits (zeros in
/// front); <see cref="SixteenDigits"/> turns the 16 digit bytes into one number. At most 15 digits, so the value is
/// below 2^53 and Clinger's exact case always applies. The long shape, the same with 17 to 32 bytes and at most 19
/// significant digits (a double's shortest round-trip text, "0.6393648086299024"): the first 16 bytes as the short
/// shape reads 16, the bytes after them from a second load that ends the field. SSSE3 on x64 and AdvSimd on ARM64;
/// elsewhere, and for every other shape, <see cref="TryScan"/> (the scalar twin the tests compare both with).
/// </summary>
internal static partial class DecimalFloat
{
    private const int ShortShapeMinLength = 8;
    private const int ShortShapeMaxLength = 16;

    // One 16-byte control per (length 8..16, point 0..7), built once: see BuildShortShapeControls.
    private const int ShortShapeControlsPerLength = 8;

    private static readonly byte[] ShortShapeControls = BuildShortShapeControls();

    private const int LongShapeMaxLength = 32;

    // The long shape's tail mask: the 16 bytes from offset n are 16 - n zeros, then n bytes of all ones.
    private static ReadOnlySpan<byte> TailLanes =>
    [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    ];

    private static ReadOnlySpan<ulong> UInt64PowersOfTen =>
    [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000,
    ];

    /// <summary>True where <see cref="TryScanShortShape"/> and <see cref="TryScanLongShape"/> run as vector code (SSSE3 or AdvSimd).</summary>
    internal static bool IsShortShapeAccelerated => ByteShuffle.IsAccelerated;

    /// <summary><see cref="TryScanShortShape"/> after an optional '-' or '+'.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryScanShortShapeSigned(ReadOnlySpan<byte> text, out ulong digits, out int fractionDigits, out bool negative)
    {
        negative = false;
        if (!IsShortShapeAccelerated || text.Length < ShortShapeMinLength)
        {
            digits = 0;
            fractionDigits = 0;
            return false;
        }

        return TryScanShortShape(WithoutSign(text, out negative), out digits, out fractionDigits);
    }

    /// <summary><see cref="TryScanLongShape"/> after an optional '-' or '+'.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryScanLongShapeSigned(ReadOnlySpan<byte> text, out ulong digits, out int fractionDigits, out bool negative)
    {
        negative = false;
        if (!IsShortShapeAccelerated || text.Length <= ShortShapeMaxLength)
        {
            digits = 0;
            fractionDigits = 0;
            return false;
        }

        return TryScanLongShape(WithoutSign(text, out negative), out digits, out fractionDigits);
    }

    // '+' and '-' are 0x2B and 0x2D: one compare tells a sign. The text is not empty.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ReadOnlySpan<byte> WithoutSign(ReadOnlySpan<byte> text, out bool negative)
    {
        uint first = text[0];
        negative = first == '-';
        return text.Slice(((first - '+') & ~2u) == 0 ? 1 : 0);
    }

    /// <summary>
    /// Reads <c>digits.digits</c>, the whole span, when it has 8 to 16 bytes and the point among the first eight:
    /// the digits without the point, and how many of them follow it. False for any other text, and where
    /// <see cref="IsShortShapeAccelerated"/> is false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryScanShortShape(ReadOnlySpan<byte> text, out ulong digits, out int fractionDigits)
    {
        int length = text.Length;
        digits = 0;
        fractionDigits = 0;
        if (!IsShortShapeAccelerated || (uint)(length - ShortShapeMinLength) > ShortShapeMaxLength - ShortShapeMinLength)
        {
            return false;
        }

        // Lanes 0-7 hold bytes 0-7 and lanes 8-15 bytes length-8 to length-1: every byte is in a lane, and a byte of
        // the overlap is in two.
        ref byte start = ref MemoryMarshal.GetReference(text);
        Vector128<byte> bytes = Vector128.Create(
            Unsafe.ReadUnaligned<ulong>(ref start),
            Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, length - 8))).AsByte();
        Vector128<byte> values = bytes - Vector128.Create((byte)'0');
        uint digitLanes = Vector128.Equals(Vector128.Min(values, Vector128.Create((byte)9)), values).ExtractMostSignificantBits();
        uint pointLanes = Vector128.Equals(bytes, Vector128.Create((byte)'.')).ExtractMostSignificantBits();

        // The first point's byte, and the lanes that must hold it and nothing else: its own lane, and its lane among
        // the last eight when it lies there. A second point, a point past byte 7, or any other byte breaks the match.
        int point = BitOperations.TrailingZeroCount(pointLanes | 0x100);
        uint expectedPointLanes = (1u << point) | ((1u << (point + 16 - length)) & 0xFF00);
        fractionDigits = length - 1 - point;
        if (point is 0 or >= 8 || fractionDigits == 0 || pointLanes != expectedPointLanes || (digitLanes | pointLanes) != 0xFFFF)
        {
            fractionDigits = 0;
            return false;
        }

        Vector128<byte> control = Unsafe.ReadUnaligned<Vector128<byte>>(
            ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(ShortShapeControls), (((length - ShortShapeMinLength) * ShortShapeControlsPerLength) + point) * 16));
        digits = SixteenDigits.Value(ByteShuffle.Shuffle(values, control));
        return true;
    }

    /// <summary>
    /// Reads <c>digits.digits</c>, the whole span, when it has 17 to 32 bytes, the point among the first eight and at
    /// most 19 significant digits (leading zeros, before or after the point, are not significant): the digits without
    /// the point, and how many of them follow it. False for any other text, and where
    /// <see cref="IsShortShapeAccelerated"/> is false.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryScanLongShape(ReadOnlySpan<byte> text, out ulong digits, out int fractionDigits)
    {
        int length = text.Length;
        digits = 0;
        fractionDigits = 0;
        if (!IsShortShapeAccelerated || (uint)(length - ShortShapeMaxLength - 1) > LongShapeMaxLength - ShortShapeMaxLength - 1)
        {
            return false;
        }

        // The head is bytes 0-15: the point and 15 digits. The tail load ends the field; its lanes from 32 - length
        // on are the 1 to 16 bytes after the head (the lanes before them, bytes the head holds, are zeroed).
        ref byte start = ref MemoryMarshal.GetReference(text);
        int tailCount = length - 16;
        Vector128<byte> head = Unsafe.ReadUnaligned<Vector128<byte>>(ref start);
        Vector128<byte> tailLanes = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref MemoryMarshal.GetReference(TailLanes), tailCount));
        Vector128<byte> headValues = head - Vector128.Create((byte)'0');
        Vector128<byte> tailValues = (Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref start, tailCount)) - Vector128.Create((byte)'0')) & tailLanes;
        uint headDigitLanes = Vector128.Equals(Vector128.Min(headValues, Vector128.Create((byte)9)), headValues).ExtractMostSignificantBits();
        uint tailDigitLanes = Vector128.Equals(Vector128.Min(tailValues, Vector128.Create((byte)9)), tailValues).ExtractMostSignificantBits();
        uint pointLanes = Vector128.Equals(head, Vector128.Create((byte)'.')).ExtractMostSignificantBits();
        uint zeroLanes = Vector128.Equals(headValues, Vector128<byte>.Zero).ExtractMostSignificantBits();

        int point = BitOperations.TrailingZeroCount(pointLanes | 0x100);
        if (point is 0 or >= 8 || pointLanes != 1u << point || (headDigitLanes | pointLanes) != 0xFFFF || tailDigitLanes != 0xFFFF)
        {
            return false;
        }

        // The first byte that is neither a zero nor the point starts the significant digits; the zeros before it,
        // the point not counted, are leading ones. A head of zeros (16: none found) leaves the tail's 1 to 16 digits.
        int firstSignificant = BitOperations.TrailingZeroCount(~(zeroLanes | pointLanes));
        int leadingZeros = firstSignificant - (int)((uint)(point - firstSignificant) >> 31);
        if (length - 1 - leadingZeros > MaxSignificantDigits)
        {
            return false;
        }

        // Below 10^19 once the leading zeros are set aside, so neither the product nor the sum wraps.
        Vector128<byte> control = Unsafe.ReadUnaligned<Vector128<byte>>(
            ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(ShortShapeControls), (((ShortShapeMaxLength - ShortShapeMinLength) * ShortShapeControlsPerLength) + point) * 16));
        digits = (SixteenDigits.Value(ByteShuffle.Shuffle(headValues, control)) * UInt64PowersOfTen[tailCount]) + SixteenDigits.Value(tailValues);
        fractionDigits = length - 1 - point;
        return true;
    }

    /// <summary>
    /// The shuffle for each (length, point): output byte o takes digit o - (16 - digitCount) of the text without
    /// its point (none, a zero, for the leading output bytes) from the lane that holds it. 0x80 selects zero on both
    /// SSSE3 (the high bit) and AdvSimd (an index past the table).
    /// </summary>
    private static byte[] BuildShortShapeControls()
    {
        const byte Zero = 0x80;
        byte[] controls = new byte[(ShortShapeMaxLength - ShortShapeMinLength + 1) * ShortShapeControlsPerLength * 16];
        for (int length = ShortShapeMinLength; length <= ShortShapeMaxLength; length++)
        {
            for (int point = 0; point < ShortShapeControlsPerLength; point++)
            {
                int digitCount = length - 1;
                for (int output = 0; output < 16; output++)
                {
                    int digit = output - (16 - digitCount);
                    int textIndex = digit + (digit >= point ? 1 : 0);
                    int lane = textIndex < 8 ? textIndex : textIndex + 16 - length;
                    controls[(((((length - ShortShapeMinLength) * ShortShapeControlsPerLength) + point) * 16)) + output] = digit < 0 ? Zero : (byte)lane;
                }
            }
        }

        return controls;
    }
}
