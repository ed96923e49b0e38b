using System;

namespace FastText;

/// <summary>The lines of a chunk, for the line numbers of the chunks after it.</summary>
internal static class TsvLineCount
{
    /// <summary>The line terminators in <paramref name="lines"/>, plus one for a last line without one.</summary>
    public static long Count(ReadOnlySpan<byte> lines, byte terminator)
    {
        // netstandard2.0 has no Span.Count: one vectorized IndexOf per line.
        long count = 0;
        ReadOnlySpan<byte> rest = lines;
        int found;
        while ((found = rest.IndexOf(terminator)) >= 0)
        {
            count++;
            rest = rest.Slice(found + 1);
        }

        return rest.IsEmpty ? count : count + 1;
    }
}
