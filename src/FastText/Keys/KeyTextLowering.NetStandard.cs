using System;
using System.Globalization;

namespace FastText;

internal static partial class KeyTextLowering
{
    // netstandard2.0 has no span casing that maps supplementary-plane letters, and char.ToLowerInvariant sees only half a
    // pair. Single chars go through char.ToLowerInvariant (the invariant casing string.ToLowerInvariant uses); a valid
    // surrogate pair is lowered through a two-char string: a documented, rare allocation that keeps the result exact.
    private static void LowerNonAsciiTail(ReadOnlySpan<char> source, Span<char> destination)
    {
        for (int i = 0; i < source.Length; i++)
        {
            char c = source[i];
            if (char.IsHighSurrogate(c) && i + 1 < source.Length && char.IsLowSurrogate(source[i + 1]))
            {
                string pair = CultureInfo.InvariantCulture.TextInfo.ToLower(new string(new[] { c, source[i + 1] }));
                destination[i] = pair[0];
                destination[i + 1] = pair[1];
                i++;
            }
            else
            {
                destination[i] = char.ToLowerInvariant(c);
            }
        }
    }
}
