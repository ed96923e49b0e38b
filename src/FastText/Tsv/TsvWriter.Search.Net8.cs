using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace FastText;

/// <summary>
/// Finding the bytes a field cannot hold as they are: vector compares of the words being copied (short fields, then
/// 32 or 16 bytes at a time for longer ones), <see cref="SearchValues{T}"/> to find the index once a hit is known,
/// and for a staged value a single 16-byte compare over the copy already in the buffer (the writer keeps 16 bytes of
/// slack after every staged field, so the load never leaves the array).
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

    /// <summary>True when a byte lane of either word is special.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool HasSpecial(ulong head, ulong tail)
    {
        if (!Vector128.IsHardwareAccelerated)
        {
            return HasSpecialInWords(head, tail);
        }

        Vector128<byte> bytes = Vector128.Create(head, tail).AsByte();
        return SpecialLanes(bytes) != Vector128<byte>.Zero;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Vector128<byte> SpecialLanes(Vector128<byte> bytes) =>
        Vector128.Equals(bytes, Vector128.Create(_separator))
        | Vector128.Equals(bytes, Vector128.Create(LineFeed))
        | Vector128.Equals(bytes, Vector128.Create(CarriageReturn))
        | Vector128.Equals(bytes, Vector128.Create((byte)_extraWord));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Vector256<byte> SpecialLanes(Vector256<byte> bytes) =>
        Vector256.Equals(bytes, Vector256.Create(_separator))
        | Vector256.Equals(bytes, Vector256.Create(LineFeed))
        | Vector256.Equals(bytes, Vector256.Create(CarriageReturn))
        | Vector256.Equals(bytes, Vector256.Create((byte)_extraWord));

    /// <summary>
    /// Copies a field longer than <see cref="ShortField"/> unless it holds a special byte, checking each vector as it
    /// passes through registers (the last one overlaps the one before). On a hit part of the field may already be in
    /// the buffer, past <c>_position</c>, where it counts for nothing.
    /// </summary>
    private bool TryCopyLong(ReadOnlySpan<byte> value, Span<byte> destination)
    {
        ref byte source = ref System.Runtime.InteropServices.MemoryMarshal.GetReference(value);
        ref byte target = ref System.Runtime.InteropServices.MemoryMarshal.GetReference(destination.Slice(0, value.Length));
        nuint length = (nuint)value.Length;
        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<byte>.Count)
        {
            nuint last = length - (nuint)Vector256<byte>.Count;
            for (nuint i = 0; ; i = Math.Min(i + (nuint)Vector256<byte>.Count, last))
            {
                Vector256<byte> bytes = Vector256.LoadUnsafe(ref source, i);
                if (SpecialLanes(bytes) != Vector256<byte>.Zero)
                {
                    return false;
                }

                bytes.StoreUnsafe(ref target, i);
                if (i == last)
                {
                    return true;
                }
            }
        }

        if (Vector128.IsHardwareAccelerated && length >= (nuint)Vector128<byte>.Count)
        {
            nuint last = length - (nuint)Vector128<byte>.Count;
            for (nuint i = 0; ; i = Math.Min(i + (nuint)Vector128<byte>.Count, last))
            {
                Vector128<byte> bytes = Vector128.LoadUnsafe(ref source, i);
                if (SpecialLanes(bytes) != Vector128<byte>.Zero)
                {
                    return false;
                }

                bytes.StoreUnsafe(ref target, i);
                if (i == last)
                {
                    return true;
                }
            }
        }

        if (IndexOfSpecial(value) >= 0)
        {
            return false;
        }

        value.CopyTo(destination);
        return true;
    }

    /// <summary>True when the field staged at [start, start + length) of the buffer holds a byte that must be escaped or refused.</summary>
    private bool HasSpecialStaged(int start, int length)
    {
        if (length > Vector128<byte>.Count || !Vector128.IsHardwareAccelerated)
        {
            return IndexOfSpecial(_buffer.AsSpan(start, length)) >= 0;
        }

        // Bytes past the field (up to the slack) are compared too and masked off.
        Vector128<byte> bytes = Vector128.Create(_buffer.AsSpan(start, Vector128<byte>.Count));
        uint mask = SpecialLanes(bytes).ExtractMostSignificantBits() & (uint)((1 << length) - 1);
        return mask != 0;
    }
}
