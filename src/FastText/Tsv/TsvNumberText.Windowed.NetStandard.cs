using System;

namespace FastText;

internal static partial class TsvNumberText
{
    /// <summary>False: netstandard2.0 has no byte shuffle, and the scalar parse of the field is the only one.</summary>
    internal static bool IsWindowAccelerated => false;

    private static bool TryParseWindowedMagnitude(ReadOnlySpan<byte> window, int start, int length, bool signed, bool narrow, out ulong magnitude, out int negative)
    {
        magnitude = 0;
        negative = 0;
        return false;
    }
}
