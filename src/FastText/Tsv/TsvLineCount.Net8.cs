using System;

namespace FastText;

/// <summary>The lines of a chunk, for the line numbers of the chunks after it.</summary>
internal static class TsvLineCount
{
    /// <summary>The line terminators in <paramref name="lines"/>, plus one for a last line without one.</summary>
    public static long Count(ReadOnlySpan<byte> lines, byte terminator)
    {
        // One vectorized pass; the data is then in this core's cache for the rows that follow.
        long count = lines.Count(terminator);
        return !lines.IsEmpty && lines[lines.Length - 1] != terminator ? count + 1 : count;
    }
}
