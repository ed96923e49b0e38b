using System;
using System.Buffers;

namespace FastText;

/// <summary>Invariant lower-casing of a key part: the SIMD ASCII converter first, the runtime's invariant casing from the first non-ASCII char on.</summary>
internal static partial class KeyTextLowering
{
    /// <summary>Writes <paramref name="source"/> lower-cased into <paramref name="destination"/> (same length, no overlap); equals <see cref="string.ToLowerInvariant"/>.</summary>
    internal static void ToLowerInvariant(ReadOnlySpan<char> source, Span<char> destination)
    {
        if (AsciiText.ToLower(source, destination, out int converted) == OperationStatus.Done)
        {
            return;
        }

        // converted is the index of a non-ASCII char, so it never splits a surrogate pair.
        LowerNonAsciiTail(source.Slice(converted), destination.Slice(converted));
    }
}
