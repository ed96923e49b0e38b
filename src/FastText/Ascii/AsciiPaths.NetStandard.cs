using System.Numerics;

namespace FastText;

internal static partial class AsciiPaths
{
    private static AsciiPath[] Create() =>
    [
        new("VectorT", AsciiVectorT.IsHardwareAccelerated, Vector.IsHardwareAccelerated,
            AsciiVectorT.Narrow, AsciiVectorT.Widen, AsciiVectorT.IndexOfNonAscii, AsciiVectorT.IndexOfNonAscii,
            AsciiVectorT.ChangeCase, AsciiVectorT.ChangeCase),
        new("UInt64", false, true,
            AsciiUInt64.Narrow, AsciiUInt64.Widen, AsciiUInt64.IndexOfNonAscii, AsciiUInt64.IndexOfNonAscii,
            AsciiUInt64.ChangeCase, AsciiUInt64.ChangeCase),
        new("Scalar", false, false,
            AsciiScalar.Narrow, AsciiScalar.Widen, AsciiScalar.IndexOfNonAscii, AsciiScalar.IndexOfNonAscii,
            AsciiScalar.ChangeCase, AsciiScalar.ChangeCase),
    ];
}
