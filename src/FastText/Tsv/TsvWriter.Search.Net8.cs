using System;
using System.Buffers;
using System.Runtime.Intrinsics;

namespace FastText;

/// <summary>
/// Finding the bytes a field cannot hold as they are: <see cref="SearchValues{T}"/> for a long field, and for a
/// short one a single 16-byte compare over the copy already in the buffer (the writer keeps 16 bytes of slack
/// after every staged field, so the load never leaves the array).
/// </summary>
public sealed partial class TsvWriter
{
    private const int StagingSlack = 16;

    private readonly SearchValues<byte> _specialBytes;

    private static SearchValues<byte> CreateSpecialBytes(byte separator, bool escape) =>
        escape
            ? SearchValues.Create(new[] { separator, LineFeed, CarriageReturn, Backslash })
            : SearchValues.Create(new[] { separator, LineFeed, CarriageReturn });

    /// <summary>The index of the first byte that must be escaped (or refused), or -1.</summary>
    private int IndexOfSpecial(ReadOnlySpan<byte> value) => value.IndexOfAny(_specialBytes);

    /// <summary>True when the field staged at [start, start + length) of the buffer holds a byte that must be escaped or refused.</summary>
    private bool HasSpecialStaged(int start, int length)
    {
        if (length > Vector128<byte>.Count || !Vector128.IsHardwareAccelerated)
        {
            return IndexOfSpecial(_buffer.AsSpan(start, length)) >= 0;
        }

        // Bytes past the field (up to the slack) are compared too and masked off.
        Vector128<byte> bytes = Vector128.Create(_buffer.AsSpan(start, Vector128<byte>.Count));
        Vector128<byte> hits = Vector128.Equals(bytes, Vector128.Create(_separator))
            | Vector128.Equals(bytes, Vector128.Create(LineFeed))
            | Vector128.Equals(bytes, Vector128.Create(CarriageReturn));
        if (_escape)
        {
            hits |= Vector128.Equals(bytes, Vector128.Create(Backslash));
        }

        uint mask = hits.ExtractMostSignificantBits() & (uint)((1 << length) - 1);
        return mask != 0;
    }
}
