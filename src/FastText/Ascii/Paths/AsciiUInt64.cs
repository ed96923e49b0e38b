using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Four chars (or eight bytes) per 64-bit step with SWAR bit tricks: the path for CPUs without usable SIMD, and
/// the short-input and tail path of the vector paths. Like them it ends with one step overlapping the previous
/// one, checks a step for non-ASCII before writing it, and hands a step holding non-ASCII to the per-element loop.
/// The tricks assume little-endian lanes; a big-endian process takes the per-element loop.
/// </summary>
internal static class AsciiUInt64
{
    private const ulong CharsNonAsciiBits = 0xFF80_FF80_FF80_FF80;
    private const ulong CharLanes = 0x0001_0001_0001_0001;
    private const ulong ByteLanes = 0x0101_0101_0101_0101;

    public static bool IsHardwareAccelerated => false;

    public static nuint Narrow(ref char source, ref byte destination, nuint length)
    {
        nuint i = 0;
        if (BitConverter.IsLittleEndian && length >= 4)
        {
            ref byte sourceBytes = ref Unsafe.As<char, byte>(ref source);
            if (length >= 8)
            {
                nuint lastPair = length - 8;
                do
                {
                    ulong a = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref sourceBytes, i * 2));
                    ulong b = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref sourceBytes, (i + 4) * 2));
                    if (((a | b) & CharsNonAsciiBits) != 0)
                    {
                        goto NonAscii;
                    }

                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, i), NarrowFour(a));
                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, i + 4), NarrowFour(b));
                    i += 8;
                }
                while (i <= lastPair);
            }

            // Fewer than 8 remain: at most one whole step, then the step that ends at length.
            if (i < length)
            {
                if (length - i > 4 && !TryNarrowStep(ref sourceBytes, ref destination, i))
                {
                    goto NonAscii;
                }

                i = length - 4;
                if (!TryNarrowStep(ref sourceBytes, ref destination, i))
                {
                    goto NonAscii;
                }
            }

            return length;
        }

    NonAscii:
        // The first non-ASCII char is within 8 of i (or this is a short or big-endian input): one at a time.
        return i + AsciiScalar.Narrow(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), length - i);
    }

    public static nuint Widen(ref byte source, ref char destination, nuint length)
    {
        nuint i = 0;
        if (BitConverter.IsLittleEndian && length >= 4)
        {
            ref byte destinationBytes = ref Unsafe.As<char, byte>(ref destination);
            if (length >= 8)
            {
                nuint lastPair = length - 8;
                do
                {
                    ulong eight = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, i));
                    if ((eight & (ByteLanes * 0x80)) != 0)
                    {
                        goto NonAscii;
                    }

                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref destinationBytes, i * 2), WidenFour((uint)eight));
                    Unsafe.WriteUnaligned(ref Unsafe.Add(ref destinationBytes, (i + 4) * 2), WidenFour((uint)(eight >> 32)));
                    i += 8;
                }
                while (i <= lastPair);
            }

            if (i < length)
            {
                if (length - i > 4 && !TryWidenStep(ref source, ref destinationBytes, i))
                {
                    goto NonAscii;
                }

                i = length - 4;
                if (!TryWidenStep(ref source, ref destinationBytes, i))
                {
                    goto NonAscii;
                }
            }

            return length;
        }

    NonAscii:
        return i + AsciiScalar.Widen(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), length - i);
    }

    public static nuint IndexOfNonAscii(ref char source, nuint length)
    {
        nuint i = 0;
        if (length >= 4)
        {
            ref byte sourceBytes = ref Unsafe.As<char, byte>(ref source);
            nuint last = length - 4;
            for (; i < length; i += 4)
            {
                i = i > last ? last : i;
                if ((Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref sourceBytes, i * 2)) & CharsNonAsciiBits) != 0)
                {
                    break;
                }
            }
        }

        while (i < length && Unsafe.Add(ref source, i) <= 0x7F)
        {
            i++;
        }

        return i;
    }

    public static nuint IndexOfNonAscii(ref byte source, nuint length)
    {
        nuint i = 0;
        if (length >= 8)
        {
            nuint last = length - 8;
            for (; i < length; i += 8)
            {
                i = i > last ? last : i;
                if ((Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, i)) & (ByteLanes * 0x80)) != 0)
                {
                    break;
                }
            }
        }

        while (i < length && Unsafe.Add(ref source, i) <= 0x7F)
        {
            i++;
        }

        return i;
    }

    public static nuint ChangeCase(ref char source, ref char destination, nuint length, bool toUpper)
    {
        nuint i = 0;
        if (BitConverter.IsLittleEndian && length >= 4)
        {
            ref byte sourceBytes = ref Unsafe.As<char, byte>(ref source);
            ref byte destinationBytes = ref Unsafe.As<char, byte>(ref destination);
            // For an ASCII lane c, bit 7 of c + (0x80 - first) says c >= first and bit 7 of c + (0x80 - first - 26)
            // says c >= first + 26; they differ exactly for the 26 letters to flip. No lane can carry into the next.
            ulong first = toUpper ? 'a' : 'A';
            ulong atLeastFirst = (0x80 - first) * CharLanes;
            ulong pastLast = (0x80 - first - 26) * CharLanes;
            nuint last = length - 4;
            for (; i < length; i += 4)
            {
                i = i > last ? last : i;
                ulong four = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref sourceBytes, i * 2));
                if ((four & CharsNonAsciiBits) != 0)
                {
                    return i + AsciiScalar.ChangeCase(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), 4, toUpper);
                }

                ulong isLetter = ((four + atLeastFirst) ^ (four + pastLast)) & (CharLanes * 0x80);
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destinationBytes, i * 2), four ^ (isLetter >> 2));
            }

            return length;
        }

        return AsciiScalar.ChangeCase(ref source, ref destination, length, toUpper);
    }

    public static nuint ChangeCase(ref byte source, ref byte destination, nuint length, bool toUpper)
    {
        nuint i = 0;
        if (BitConverter.IsLittleEndian && length >= 8)
        {
            ulong first = toUpper ? 'a' : 'A';
            ulong atLeastFirst = (0x80 - first) * ByteLanes;
            ulong pastLast = (0x80 - first - 26) * ByteLanes;
            nuint last = length - 8;
            for (; i < length; i += 8)
            {
                i = i > last ? last : i;
                ulong eight = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, i));
                if ((eight & (ByteLanes * 0x80)) != 0)
                {
                    return i + AsciiScalar.ChangeCase(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), 8, toUpper);
                }

                ulong isLetter = ((eight + atLeastFirst) ^ (eight + pastLast)) & (ByteLanes * 0x80);
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, i), eight ^ (isLetter >> 2));
            }

            return length;
        }

        return AsciiScalar.ChangeCase(ref source, ref destination, length, toUpper);
    }

    /// <summary>Four ASCII chars (little-endian lanes) to four bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static uint NarrowFour(ulong four)
    {
        // Lanes are [c0 0 c1 0 c2 0 c3 0]; or-ing in the value shifted by a byte gives [c0 c1 c1 c2 c2 c3 c3 0],
        // whose bytes 0-1 and 4-5 are the answer.
        four |= four >> 8;
        return (uint)(four & 0xFFFF) | ((uint)(four >> 16) & 0xFFFF_0000);
    }

    /// <summary>Four ASCII bytes to four little-endian chars.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong WidenFour(uint four)
    {
        // Spread [b0 b1 b2 b3] to [b0 b1 0 0 b2 b3 0 0], then to [b0 0 b1 0 b2 0 b3 0].
        ulong widened = four;
        widened = (widened | (widened << 16)) & 0x0000_FFFF_0000_FFFF;
        return (widened | (widened << 8)) & 0x00FF_00FF_00FF_00FF;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryNarrowStep(ref byte sourceBytes, ref byte destination, nuint i)
    {
        ulong four = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref sourceBytes, i * 2));
        if ((four & CharsNonAsciiBits) != 0)
        {
            return false;
        }

        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, i), NarrowFour(four));
        return true;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryWidenStep(ref byte source, ref byte destinationBytes, nuint i)
    {
        uint four = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, i));
        if ((four & 0x8080_8080) != 0)
        {
            return false;
        }

        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destinationBytes, i * 2), WidenFour(four));
        return true;
    }
}
