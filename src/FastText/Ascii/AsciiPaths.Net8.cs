using System.Collections.Generic;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace FastText;

internal static partial class AsciiPaths
{
    private static AsciiPath[] Create() =>
    [
        new("Vector512", AsciiVector512.IsHardwareAccelerated, Vector512.IsHardwareAccelerated && Avx512BW.IsSupported,
            AsciiVector512.Narrow, AsciiVector512.Widen, AsciiVector512.IndexOfNonAscii, AsciiVector512.IndexOfNonAscii,
            AsciiVector512.ChangeCase, AsciiVector512.ChangeCase),
        new("Vector256", AsciiVector256.IsHardwareAccelerated, Vector256.IsHardwareAccelerated,
            AsciiVector256.Narrow, AsciiVector256.Widen, AsciiVector256.IndexOfNonAscii, AsciiVector256.IndexOfNonAscii,
            AsciiVector256.ChangeCase, AsciiVector256.ChangeCase),
        new("Vector128", AsciiVector128.IsHardwareAccelerated, Vector128.IsHardwareAccelerated,
            AsciiVector128.Narrow, AsciiVector128.Widen, AsciiVector128.IndexOfNonAscii, AsciiVector128.IndexOfNonAscii,
            AsciiVector128.ChangeCase, AsciiVector128.ChangeCase),
        new("UInt64", false, true,
            AsciiUInt64.Narrow, AsciiUInt64.Widen, AsciiUInt64.IndexOfNonAscii, AsciiUInt64.IndexOfNonAscii,
            AsciiUInt64.ChangeCase, AsciiUInt64.ChangeCase),
        new("Scalar", false, false,
            AsciiScalar.Narrow, AsciiScalar.Widen, AsciiScalar.IndexOfNonAscii, AsciiScalar.IndexOfNonAscii,
            AsciiScalar.ChangeCase, AsciiScalar.ChangeCase),
    ];
}
