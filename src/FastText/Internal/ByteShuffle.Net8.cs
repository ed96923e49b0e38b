using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace FastText.Internal;

/// <summary>
/// The one byte shuffle of the vector parsers (TsvGuidText, DecimalFloat's short shape, TsvNumberText's windowed
/// integers): lane i of the result is lane <c>control[i]</c> of the values. SSSE3's <c>pshufb</c> on x64, AdvSimd's
/// <c>tbl</c> on ARM64. A control byte of 0x80 or more selects zero on both (pshufb reads its high bit, tbl an index
/// past its table), so the controls here use only 0-15 and such bytes.
/// </summary>
internal static class ByteShuffle
{
    /// <summary>True where <see cref="Shuffle"/> is one instruction; callers keep a scalar twin for everywhere else.</summary>
    internal static bool IsAccelerated => Ssse3.IsSupported || AdvSimd.Arm64.IsSupported;

    /// <summary>Lane i takes lane <c>control[i]</c> of <paramref name="values"/>, or zero for a control byte of 0x80 or more. Only where <see cref="IsAccelerated"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<byte> Shuffle(Vector128<byte> values, Vector128<byte> control) =>
        Ssse3.IsSupported ? Ssse3.Shuffle(values, control) : AdvSimd.Arm64.VectorTableLookup(values, control);
}
