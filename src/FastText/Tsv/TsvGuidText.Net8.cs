using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using FastText.Internal;

namespace FastText;

/// <summary>
/// The 'D' form without a loop over the digits: three 16-byte loads inside the text (bytes 0-15, 16-31 and 20-35);
/// four byte shuffles drop the dashes and put each byte's two hex digits side by side in the order Guid keeps its
/// bytes in memory (the first three groups little-endian); one pass of compares turns 32 hex digits into nibbles and
/// checks them all; one shift-or and a narrowing make the 16 bytes. SSSE3 on x64, AdvSimd on ARM64; elsewhere
/// <see cref="TryParseDashedScalar"/>, the scalar twin the tests compare this with.
/// </summary>
internal static partial class TsvGuidText
{
    private const byte ZeroLane = 0x80;

    // Memory byte m of a Guid holds the text's byte pair MemoryOrder[m]: _a, _b and _c are stored little-endian.
    private static ReadOnlySpan<byte> MemoryOrder => [3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15];

    // Digits for memory bytes 0-7 come from the loads at 0 and 16; for bytes 8-15 from the load at 16 (only byte 19:
    // the load at 20 holds the rest) and the load at 20. Each control takes what its load holds and zeroes the rest.
    private static readonly Vector128<byte> FirstHalfFromBytes0 = Control(firstMemoryByte: 0, loadStart: 0, takeFrom: 0, takeBefore: 16);
    private static readonly Vector128<byte> FirstHalfFromBytes16 = Control(firstMemoryByte: 0, loadStart: 16, takeFrom: 16, takeBefore: 32);
    private static readonly Vector128<byte> SecondHalfFromBytes16 = Control(firstMemoryByte: 8, loadStart: 16, takeFrom: 16, takeBefore: 20);
    private static readonly Vector128<byte> SecondHalfFromBytes20 = Control(firstMemoryByte: 8, loadStart: 20, takeFrom: 20, takeBefore: 36);

    /// <summary>True where <see cref="TryParseDashedVector"/> runs as vector code (SSSE3 or AdvSimd, little-endian).</summary>
    internal static bool IsDashedAccelerated => BitConverter.IsLittleEndian && ByteShuffle.IsAccelerated;

    /// <summary>The 'D' form as vector code; false for any other text, and where <see cref="IsDashedAccelerated"/> is false.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParseDashedVector(ReadOnlySpan<byte> text, out Guid value)
    {
        value = default;
        if (!IsDashedAccelerated || text.Length != DashedLength || !HasDashes(text))
        {
            return false;
        }

        // Three loads of 16 bytes at 0, 16 and 20: the last ends at byte 35, the text's last.
        ref byte start = ref MemoryMarshal.GetReference(text);
        Vector128<byte> bytes0 = Unsafe.ReadUnaligned<Vector128<byte>>(ref start);
        Vector128<byte> bytes16 = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref start, 16));
        Vector128<byte> bytes20 = Unsafe.ReadUnaligned<Vector128<byte>>(ref Unsafe.Add(ref start, 20));
        Vector128<byte> firstHalf = ByteShuffle.Shuffle(bytes0, FirstHalfFromBytes0) | ByteShuffle.Shuffle(bytes16, FirstHalfFromBytes16);
        Vector128<byte> secondHalf = ByteShuffle.Shuffle(bytes16, SecondHalfFromBytes16) | ByteShuffle.Shuffle(bytes20, SecondHalfFromBytes20);
        if (!TryNibbles(firstHalf, out Vector128<ushort> firstNibbles) | !TryNibbles(secondHalf, out Vector128<ushort> secondNibbles))
        {
            return false;
        }

        // Each 16-bit lane holds a byte's high digit in its low byte and its low digit in its high byte: the shift-or
        // puts (high << 4) | low in the low byte, which the narrowing keeps.
        Vector128<byte> guidBytes = Vector128.Narrow((firstNibbles << 4) | (firstNibbles >> 8), (secondNibbles << 4) | (secondNibbles >> 8));
        value = Unsafe.As<Vector128<byte>, Guid>(ref guidBytes);
        return true;
    }

    /// <summary>Each lane's hex value; false when a lane is not a hex digit ('0'-'9', 'a'-'f', 'A'-'F').</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryNibbles(Vector128<byte> digits, out Vector128<ushort> nibbles)
    {
        Vector128<byte> decimalValue = digits - Vector128.Create((byte)'0');

        // Setting bit 5 lower-cases a letter; only 'a'-'f' and 'A'-'F' land in 0-5 (byte arithmetic wraps the rest high).
        Vector128<byte> letterValue = (digits | Vector128.Create((byte)0x20)) - Vector128.Create((byte)'a');
        Vector128<byte> isDecimal = Vector128.LessThan(decimalValue, Vector128.Create((byte)10));
        Vector128<byte> isLetter = Vector128.LessThan(letterValue, Vector128.Create((byte)6));
        nibbles = Vector128.ConditionalSelect(isDecimal, decimalValue, letterValue + Vector128.Create((byte)10)).AsUInt16();
        return (isDecimal | isLetter).ExtractMostSignificantBits() == 0xFFFF;
    }

    /// <summary>
    /// The shuffle that fills lanes 2k and 2k+1 with the high and low digit of memory byte firstMemoryByte + k, for
    /// the digits at text positions takeFrom to takeBefore - 1 of the load that starts at loadStart. 0x80 selects zero
    /// on both SSSE3 (the high bit) and AdvSimd (an index past the table).
    /// </summary>
    private static Vector128<byte> Control(int firstMemoryByte, int loadStart, int takeFrom, int takeBefore)
    {
        Span<byte> lanes = stackalloc byte[16];
        for (int lane = 0; lane < 16; lane++)
        {
            int position = PairStarts[MemoryOrder[firstMemoryByte + (lane / 2)]] + (lane % 2);
            lanes[lane] = position >= takeFrom && position < takeBefore ? (byte)(position - loadStart) : ZeroLane;
        }

        return Vector128.Create((ReadOnlySpan<byte>)lanes);
    }
}
