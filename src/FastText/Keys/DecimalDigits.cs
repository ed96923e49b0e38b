using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

/// <summary>Invariant decimal digits of an unsigned integer, counted and written without allocating.</summary>
internal static partial class DecimalDigits
{
    /// <summary>"00" to "99".</summary>
    private const string PairChars =
        "0001020304050607080910111213141516171819" +
        "2021222324252627282930313233343536373839" +
        "4041424344454647484950515253545556575859" +
        "6061626364656667686970717273747576777879" +
        "8081828384858687888990919293949596979899";

    /// <summary>Writes the digits so the last one lands at the end of <paramref name="destination"/>.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is shorter than the digits (a caller's miscount).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void WriteRightAligned(ulong value, Span<char> destination)
    {
        if (Count(value) > destination.Length)
        {
            Internal.ThrowHelper.ThrowArgumentOutOfRange(nameof(destination));
        }

        WriteBackwards(value, ref Unsafe.Add(ref MemoryMarshal.GetReference(destination), destination.Length));
    }

    /// <summary>
    /// Writes the <see cref="Count(ulong)"/> digits of <paramref name="value"/> that end right before
    /// <paramref name="end"/>. The caller has made sure those chars are its own (it measured them with Count).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void WriteBackwards(ulong value, ref char end)
    {
        // Two digits per division, the division by a constant being the cost: in 64 bits only while the value needs it.
        while (value > uint.MaxValue)
        {
            ulong quotient = value / 100;
            end = ref Unsafe.Subtract(ref end, 2);
            CopyPair((int)(value - (quotient * 100)), ref end);
            value = quotient;
        }

        WriteBackwards((uint)value, ref end);
    }

    /// <summary>The 32-bit <see cref="WriteBackwards(ulong, ref char)"/>: <see cref="Count(uint)"/> digits before <paramref name="end"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void WriteBackwards(uint value, ref char end)
    {
        while (value >= 100)
        {
            uint quotient = value / 100;
            end = ref Unsafe.Subtract(ref end, 2);
            CopyPair((int)(value - (quotient * 100)), ref end);
            value = quotient;
        }

        if (value >= 10)
        {
            CopyPair((int)value, ref Unsafe.Subtract(ref end, 2));
        }
        else
        {
            Unsafe.Subtract(ref end, 1) = (char)('0' + value);
        }
    }

    /// <summary>Writes exactly <paramref name="width"/> digits of <paramref name="value"/> (zero-padded) at <paramref name="destination"/>[0].</summary>
    internal static void WritePadded(int value, int width, Span<char> destination)
    {
        for (int i = width - 1; i >= 0; i--)
        {
            int quotient = value / 10;
            destination[i] = (char)('0' + (value - (quotient * 10)));
            value = quotient;
        }
    }

    /// <summary>The two chars of <paramref name="pair"/> (0-99) at <paramref name="destination"/>, copied from the table as
    /// one 4-byte unit, which keeps their order on either endianness.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyPair(int pair, ref char destination) =>
        Unsafe.WriteUnaligned(
            ref Unsafe.As<char, byte>(ref destination),
            Unsafe.ReadUnaligned<uint>(ref Unsafe.As<char, byte>(ref Unsafe.Add(ref MemoryMarshal.GetReference(PairChars.AsSpan()), pair * 2))));
}
