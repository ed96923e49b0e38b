using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Finding the bytes a field cannot hold as they are: word arithmetic on short fields, and System.Memory's IndexOfAny
/// for longer ones, which vectorizes up to three values only, so the backslash (escaping mode) is a second search
/// limited to the part before the first other hit.
/// </summary>
public sealed partial class TsvWriter
{
    private const int StagingSlack = 0;

    private readonly bool _specialBytes;

    private static bool CreateSpecialBytes(byte separator, bool escape) => escape;

    /// <summary>The index of the first byte that must be escaped (or refused), or -1.</summary>
    private int IndexOfSpecial(ReadOnlySpan<byte> value)
    {
        int first = value.IndexOfAny(_separator, LineFeed, CarriageReturn);
        if (!_specialBytes)
        {
            return first;
        }

        int backslash = (first < 0 ? value : value.Slice(0, first)).IndexOf(Backslash);
        return backslash >= 0 ? backslash : first;
    }

    /// <summary>True when a byte lane of either word is special.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool HasSpecial(ulong head, ulong tail) => HasSpecialInWords(head, tail);

    /// <summary>True when fewer than 16 chars of ASCII text, already narrowed to <paramref name="narrowed"/>, hold a special byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool HasSpecialShortText(ref char text, ref byte narrowed, nuint length) => HasSpecialShort(ref narrowed, length);

    /// <summary>Copies a field of 17 to 32 bytes unless it holds a special byte (then nothing is written).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryCopyMedium(ref byte source, ref byte destination, nuint length) => TryCopyMediumInWords(ref source, ref destination, length);

    /// <summary>True when the 17 to 32 bytes at <paramref name="field"/> hold a special byte.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool HasSpecialMedium(ref byte field, nuint length) => HasSpecialMediumInWords(ref field, length);

    /// <summary>Copies a field longer than <see cref="ShortField"/> unless it holds a special byte (then nothing is written).</summary>
    private bool TryCopyLong(ReadOnlySpan<byte> value, Span<byte> destination)
    {
        if (IndexOfSpecial(value) >= 0)
        {
            return false;
        }

        value.CopyTo(destination);
        return true;
    }

    /// <summary>True when the field staged at [start, start + length) of the buffer holds a byte that must be escaped or refused.</summary>
    private bool HasSpecialStaged(int start, int length) => IndexOfSpecial(_buffer.AsSpan(start, length)) >= 0;
}
