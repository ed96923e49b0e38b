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

    /// <summary>Copies a field of 17 to 32 bytes (two overlapping vectors) unless it holds a special byte (then nothing is written).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryCopyMedium(ref byte source, ref byte destination, nuint length)
    {
        if (!Vector128.IsHardwareAccelerated)
        {
            return TryCopyMediumInWords(ref source, ref destination, length);
        }

        Vector128<byte> head = Vector128.LoadUnsafe(ref source);
        Vector128<byte> tail = Vector128.LoadUnsafe(ref source, length - (nuint)Vector128<byte>.Count);
        if ((SpecialLanes(head) | SpecialLanes(tail)) != Vector128<byte>.Zero)
        {
            return false;
        }

        head.StoreUnsafe(ref destination);
        tail.StoreUnsafe(ref destination, length - (nuint)Vector128<byte>.Count);
        return true;
    }

    /// <summary>
    /// True when the 17 to 32 bytes at <paramref name="field"/> hold a special byte. Text narrowed there was stored as
    /// the same two 16-byte vectors (or one 32-byte vector), so these loads are forwarded from the stores.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool HasSpecialMedium(ref byte field, nuint length) =>
        Vector128.IsHardwareAccelerated
            ? (SpecialLanes(Vector128.LoadUnsafe(ref field)) | SpecialLanes(Vector128.LoadUnsafe(ref field, length - (nuint)Vector128<byte>.Count))) != Vector128<byte>.Zero
            : HasSpecialMediumInWords(ref field, length);

    /// <summary>
    /// True when fewer than 16 chars of ASCII text (already narrowed to <paramref name="narrowed"/>) hold a special
    /// byte. The chars are compared as they are, with head and tail loads of their own: for ASCII, a char equals a
    /// special byte exactly when its byte does, and loading the source does not wait for the narrowed stores.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool HasSpecialShortText(ref char text, ref byte narrowed, nuint length)
    {
        if (!Vector128.IsHardwareAccelerated)
        {
            return HasSpecialShort(ref narrowed, length);
        }

        ref ushort chars = ref Unsafe.As<char, ushort>(ref text);
        Vector128<ushort> lanes;
        if (length >= 8)
        {
            lanes = SpecialLanes(Vector128.LoadUnsafe(ref chars)) | SpecialLanes(Vector128.LoadUnsafe(ref chars, length - 8));
        }
        else if (length >= 4)
        {
            ref byte bytes = ref Unsafe.As<ushort, byte>(ref chars);
            lanes = SpecialLanes(Vector128.Create(
                Unsafe.ReadUnaligned<ulong>(ref bytes),
                Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref bytes, (length - 4) * 2))).AsUInt16());
        }
        else if (length != 0)
        {
            // ASCII chars index the byte table directly.
            ref byte table = ref _specialTable[0];
            return (Unsafe.Add(ref table, (byte)chars) | Unsafe.Add(ref table, (byte)Unsafe.Add(ref chars, length >> 1))
                | Unsafe.Add(ref table, (byte)Unsafe.Add(ref chars, length - 1))) != 0;
        }
        else
        {
            return false;
        }

        return lanes != Vector128<ushort>.Zero;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Vector128<ushort> SpecialLanes(Vector128<ushort> chars) =>
        Vector128.Equals(chars, Vector128.Create((ushort)_separator))
        | Vector128.Equals(chars, Vector128.Create((ushort)LineFeed))
        | Vector128.Equals(chars, Vector128.Create((ushort)CarriageReturn))
        | Vector128.Equals(chars, Vector128.Create((ushort)(byte)_extraWord));

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

    /// <summary>
    /// True when the <paramref name="length"/> (more than 16) bytes at <paramref name="field"/> hold a special byte:
    /// the vector compares of <see cref="TryCopyLong"/> without the store, in place of a search call for text that
    /// is mostly a few dozen bytes.
    /// </summary>
    private bool HasSpecialLong(ref byte field, nuint length)
    {
        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<byte>.Count)
        {
            nuint last = length - (nuint)Vector256<byte>.Count;
            for (nuint i = 0; ; i = Math.Min(i + (nuint)Vector256<byte>.Count, last))
            {
                if (SpecialLanes(Vector256.LoadUnsafe(ref field, i)) != Vector256<byte>.Zero)
                {
                    return true;
                }

                if (i == last)
                {
                    return false;
                }
            }
        }

        nuint last128 = length - (nuint)Vector128<byte>.Count;
        for (nuint i = 0; ; i = Math.Min(i + (nuint)Vector128<byte>.Count, last128))
        {
            if (SpecialLanes(Vector128.LoadUnsafe(ref field, i)) != Vector128<byte>.Zero)
            {
                return true;
            }

            if (i == last128)
            {
                return false;
            }
        }
    }

    /// <summary>True when the field staged at [start, start + length) of the buffer holds a byte that must be escaped or refused.</summary>
    private bool HasSpecialStaged(int start, int length)
    {
        if (!Vector128.IsHardwareAccelerated)
        {
            return IndexOfSpecial(_buffer.AsSpan(start, length)) >= 0;
        }

        if (length > Vector128<byte>.Count)
        {
            return length <= MediumField
                ? HasSpecialMedium(ref _buffer[start], (nuint)length)
                : HasSpecialLong(ref _buffer[start], (nuint)length);
        }

        // Bytes past the field (up to the slack) are compared too and masked off.
        Vector128<byte> bytes = Vector128.Create(_buffer.AsSpan(start, Vector128<byte>.Count));
        uint mask = SpecialLanes(bytes).ExtractMostSignificantBits() & (uint)((1 << length) - 1);
        return mask != 0;
    }
}
