using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace FastText.Internal;

/// <summary>
/// Sixteen digit values (0-9, lane 0 the most significant) as one number, without a loop: three multiply-adds make
/// pairs, fours and two eight-digit halves. Shared by the vector parsers that right-align digits with
/// <see cref="ByteShuffle"/> (zeros in front). Only where <see cref="ByteShuffle.IsAccelerated"/>.
/// </summary>
internal static class SixteenDigits
{
    /// <summary>The number the 16 lanes spell, below 10^16; every lane must hold 0-9.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong Value(Vector128<byte> digitValues)
    {
        (ulong high, ulong low) = Ssse3.IsSupported ? EightDigitHalvesSsse3(digitValues) : EightDigitHalvesAdvSimd(digitValues);
        return (high * 100_000_000) + low;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (ulong High, ulong Low) EightDigitHalvesSsse3(Vector128<byte> digitValues)
    {
        Vector128<short> pairs = Ssse3.MultiplyAddAdjacent(digitValues, Vector128.Create((sbyte)10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1));
        Vector128<int> fours = Sse2.MultiplyAddAdjacent(pairs, Vector128.Create((short)100, 1, 100, 1, 100, 1, 100, 1));
        Vector128<short> packed = Sse2.PackSignedSaturate(fours, fours);
        ulong eights = Sse2.MultiplyAddAdjacent(packed, Vector128.Create((short)10_000, 1, 10_000, 1, 10_000, 1, 10_000, 1)).AsUInt64().ToScalar();
        return (eights & uint.MaxValue, eights >> 32);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (ulong High, ulong Low) EightDigitHalvesAdvSimd(Vector128<byte> digitValues)
    {
        Vector128<ushort> pairs = AdvSimd.MultiplyWideningLowerAndAdd(
            AdvSimd.ZeroExtendWideningLower(AdvSimd.Arm64.UnzipOdd(digitValues, digitValues).GetLower()),
            AdvSimd.Arm64.UnzipEven(digitValues, digitValues).GetLower(),
            Vector64.Create((byte)10));
        Vector128<uint> fours = AdvSimd.MultiplyWideningLowerAndAdd(
            AdvSimd.ZeroExtendWideningLower(AdvSimd.Arm64.UnzipOdd(pairs, pairs).GetLower()),
            AdvSimd.Arm64.UnzipEven(pairs, pairs).GetLower(),
            Vector64.Create((ushort)100));
        Vector128<ulong> eights = AdvSimd.MultiplyWideningLowerAndAdd(
            AdvSimd.ZeroExtendWideningLower(AdvSimd.Arm64.UnzipOdd(fours, fours).GetLower()),
            AdvSimd.Arm64.UnzipEven(fours, fours).GetLower(),
            Vector64.Create(10_000u));
        return (eights.ToScalar(), eights.GetElement(1));
    }
}
