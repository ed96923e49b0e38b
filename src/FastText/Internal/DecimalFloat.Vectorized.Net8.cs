using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace FastText.Internal;

/// <summary>
/// The shape most float and double columns hold, <c>digits.digits</c> with 8 to 16 bytes (after a sign) and the
/// point among the first eight, read without a loop over the digits: the field's first eight and last eight bytes
/// (two loads inside the span, overlapping when it is shorter than 16) make one vector; one compare finds the point
/// and another checks that every other byte is a digit; one byte shuffle drops the point and right-aligns the digits
/// (zeros in front); <see cref="SixteenDigits"/> turns the 16 digit bytes into one number. At most 15 digits, so the
/// value is below 2^53 and Clinger's exact case always applies. SSSE3 on x64 and AdvSimd on ARM64; elsewhere, and
/// for every other shape, <see cref="TryScan"/> (the scalar twin the tests compare this with).
/// </summary>
internal static partial class DecimalFloat
{
    private const int ShortShapeMinLength = 8;
    private const int ShortShapeMaxLength = 16;

    // One 16-byte control per (length 8..16, point 0..7), built once: see BuildShortShapeControls.
    private const int ShortShapeControlsPerLength = 8;

    private static readonly byte[] ShortShapeControls = BuildShortShapeControls();

    /// <summary>True where <see cref="TryScanShortShape"/> runs as vector code (SSSE3 or AdvSimd).</summary>
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

        // '+' and '-' are 0x2B and 0x2D: one compare tells a sign.
        uint first = text[0];
        negative = first == '-';
        return TryScanShortShape(text.Slice(((first - '+') & ~2u) == 0 ? 1 : 0), out digits, out fractionDigits);
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
