using System;
using System.Runtime.CompilerServices;

namespace FastText;

public sealed partial class TsvReader
{
    // netstandard2.0 has no portable intrinsics; the IndexOfAny loop (vectorized by System.Memory) does all the work.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryScanColumnsVectorized(ReadOnlySpan<byte> data, ref int position, ref int column, ref int found, out int lineEnd)
    {
        lineEnd = 0;
        return false;
    }
}
