using System;
using System.Buffers;

namespace FastText;

/// <summary>Finding the bytes a field cannot hold as they are: one vectorized pass with <see cref="SearchValues{T}"/>.</summary>
public sealed partial class TsvWriter
{
    private readonly SearchValues<byte> _specialBytes;

    private static SearchValues<byte> CreateSpecialBytes(byte separator, bool escape) =>
        escape
            ? SearchValues.Create(new[] { separator, LineFeed, CarriageReturn, Backslash })
            : SearchValues.Create(new[] { separator, LineFeed, CarriageReturn });

    /// <summary>The index of the first byte that must be escaped (or refused), or -1.</summary>
    private int IndexOfSpecial(ReadOnlySpan<byte> value) => value.IndexOfAny(_specialBytes);
}
