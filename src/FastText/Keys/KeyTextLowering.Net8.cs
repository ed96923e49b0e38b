using System;
using System.Diagnostics;

namespace FastText;

internal static partial class KeyTextLowering
{
    // The span overload runs the same invariant casing as string.ToLowerInvariant, surrogate pairs included.
    private static void LowerNonAsciiTail(ReadOnlySpan<char> source, Span<char> destination)
    {
        int written = source.ToLowerInvariant(destination);
        Debug.Assert(written == source.Length);
    }
}
