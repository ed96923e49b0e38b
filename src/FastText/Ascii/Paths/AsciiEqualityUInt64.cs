using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// ASCII equality eight bytes (or four chars) per 64-bit step with SWAR bit tricks: the netstandard2.0 build's path
/// for inputs shorter than a <see cref="System.Numerics.Vector{T}"/> and for CPUs without one, where a loop of one
/// pair at a time costs more than a naive loop in the caller. Like the vector path it ends with one step that
/// overlaps the previous one (never reading past either span) and folds every reason for "unequal" into one word.
/// Callers pass equal lengths. Below one step, the first and the last half step make one word (4-7 bytes, 2-3 chars);
/// shorter inputs and a big-endian process take the per-pair loop.
/// </summary>
internal static class AsciiEqualityUInt64
{
    private const ulong ByteHighBits = 0x8080_8080_8080_8080;
    private const ulong ByteLanes = 0x0101_0101_0101_0101;
    private const ulong CharNonAsciiBits = 0xFF80_FF80_FF80_FF80;
    private const ulong CharLanes = 0x0001_0001_0001_0001;

    public static bool Equals(ref byte left, ref byte right, nuint length, bool ignoreCase)
    {
        if (!BitConverter.IsLittleEndian || length < sizeof(uint))
        {
            return AsciiEqualityScalar.Equals(ref left, ref right, length, ignoreCase);
        }

        if (length < sizeof(ulong))
        {
            // 4-7 bytes: the first four and the last four (they may overlap) as one word.
            return Unequal(Pair(ref left, length - 4), Pair(ref right, length - 4), ByteHighBits, ByteLanes, ignoreCase) == 0;
        }

        nuint last = length - sizeof(ulong);
        for (nuint i = 0; i < length; i += sizeof(ulong))
        {
            i = i > last ? last : i;
            ulong a = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref left, (nint)i));
            ulong b = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref right, (nint)i));
            if (Unequal(a, b, ByteHighBits, ByteLanes, ignoreCase) != 0)
            {
                return false;
            }
        }

        return true;
    }

    public static bool Equals(ref byte left, ref char right, nuint length, bool ignoreCase)
    {
        if (!BitConverter.IsLittleEndian || length < 2)
        {
            return AsciiEqualityScalar.Equals(ref left, ref right, length, ignoreCase);
        }

        ref byte rightBytes = ref Unsafe.As<char, byte>(ref right);
        if (length < 4)
        {
            // 2-3 elements: the first two and the last two (they may overlap) as one word.
            uint leftPair = Unsafe.ReadUnaligned<ushort>(ref left) | ((uint)Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref left, (nint)(length - 2))) << 16);
            return Unequal(WidenFour(leftPair), Pair(ref rightBytes, (length - 2) * 2), CharNonAsciiBits, CharLanes, ignoreCase) == 0;
        }

        nuint last = length - 4;
        for (nuint i = 0; i < length; i += 4)
        {
            i = i > last ? last : i;
            ulong a = WidenFour(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref left, (nint)i)));
            ulong b = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref rightBytes, (nint)(i * 2)));
            if (Unequal(a, b, CharNonAsciiBits, CharLanes, ignoreCase) != 0)
            {
                return false;
            }
        }

        return true;
    }

    public static bool Equals(ref char left, ref char right, nuint length, bool ignoreCase)
    {
        if (!BitConverter.IsLittleEndian || length < 2)
        {
            return AsciiEqualityScalar.Equals(ref left, ref right, length, ignoreCase);
        }

        ref byte leftBytes = ref Unsafe.As<char, byte>(ref left);
        ref byte rightBytes = ref Unsafe.As<char, byte>(ref right);
        if (length < 4)
        {
            // 2-3 chars: the first two and the last two (they may overlap) as one word.
            return Unequal(Pair(ref leftBytes, (length - 2) * 2), Pair(ref rightBytes, (length - 2) * 2), CharNonAsciiBits, CharLanes, ignoreCase) == 0;
        }

        nuint last = length - 4;
        for (nuint i = 0; i < length; i += 4)
        {
            i = i > last ? last : i;
            ulong a = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref leftBytes, (nint)(i * 2)));
            ulong b = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref rightBytes, (nint)(i * 2)));
            if (Unequal(a, b, CharNonAsciiBits, CharLanes, ignoreCase) != 0)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Nonzero when a lane of <paramref name="a"/> or <paramref name="b"/> is not ASCII or the lanes differ (after
    /// folding case). <paramref name="nonAsciiBits"/> marks the bits a lane may not have; <paramref name="lanes"/> has
    /// 1 in the lowest bit of each lane.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Unequal(ulong a, ulong b, ulong nonAsciiBits, ulong lanes, bool ignoreCase) =>
        ignoreCase
            ? ((a | b) & nonAsciiBits) | (FoldCase(a, lanes) ^ FoldCase(b, lanes))
            : (a ^ b) | (a & nonAsciiBits);

    /// <summary>
    /// 'A'..'Z' to 'a'..'z' in every lane. Exact only for lanes below 0x80 (then no addition carries out of its
    /// lane); a word with any other lane is unequal through the non-ASCII bits whatever this returns.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong FoldCase(ulong value, ulong lanes)
    {
        // Bit 7 of a lane: set by +0x3F when the lane is at least 'A', set by +0x25 when it is past 'Z'.
        ulong atLeastA = value + (lanes * (0x80 - 'A'));
        ulong pastZ = value + (lanes * (0x80 - 'Z' - 1));
        ulong upper = atLeastA & ~pastZ & (lanes * 0x80);
        return value | (upper >> 2);
    }

    /// <summary>The four bytes at 0 in the low half, the four at <paramref name="lastOffset"/> in the high half.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Pair(ref byte source, nuint lastOffset) =>
        Unsafe.ReadUnaligned<uint>(ref source) | ((ulong)Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, (nint)lastOffset)) << 32);

    /// <summary>Four bytes to four 16-bit lanes (little-endian order kept).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong WidenFour(uint value)
    {
        ulong wide = value;
        wide = (wide | (wide << 16)) & 0x0000_FFFF_0000_FFFF;
        return (wide | (wide << 8)) & 0x00FF_00FF_00FF_00FF;
    }
}
