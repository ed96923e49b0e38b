using System;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace FastText;

internal static partial class DecimalDigits
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Count(ulong value)
    {
        if (value <= uint.MaxValue)
        {
            return Count((uint)value);
        }

        // 2^32 has 10 digits; above 10^10 the rest after 10 digits fits in 32 bits.
        return value < 10_000_000_000 ? 10 : 10 + Count((uint)(value / 10_000_000_000));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Count(uint value)
    {
        // Values with the same highest set bit have d or d + 1 digits. The entry for that bit is (d + 1) * 2^32 minus
        // the power of 10 where d + 1 digits begin (d * 2^32 when no power of 10 falls in that range), so the high
        // half of value + entry is the count: no division, no loop.
        return (int)((value + DigitCountEntries[BitOperations.Log2(value)]) >> 32);
    }

    private static ReadOnlySpan<long> DigitCountEntries => new long[]
    {
        4294967296, 4294967296, 4294967296, 8589934582,
        8589934592, 8589934592, 12884901788, 12884901888,
        12884901888, 17179868184, 17179869184, 17179869184,
        17179869184, 21474826480, 21474836480, 21474836480,
        25769703776, 25769803776, 25769803776, 30063771072,
        30064771072, 30064771072, 30064771072, 34349738368,
        34359738368, 34359738368, 38554705664, 38654705664,
        38654705664, 41949672960, 42949672960, 42949672960,
    };
}
