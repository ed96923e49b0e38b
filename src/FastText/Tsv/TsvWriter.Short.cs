using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Short fields (up to <see cref="MediumField"/> bytes), the common case, without a call into a search or a memmove:
/// the field is loaded as two overlapping words or vectors (head and tail), checked for special bytes in registers
/// and stored with the same two overlapping stores. Checking the registers, not the copy, avoids reading back a few
/// small stores with one wide load (a store-forwarding stall that cost more than the rest of the field).
/// </summary>
public sealed partial class TsvWriter
{
    /// <summary>The longest field taken as two 8-byte words.</summary>
    private const int ShortField = 16;

    /// <summary>The longest field the inlined path takes (two 16-byte vectors, or four words).</summary>
    private const int MediumField = 32;

    /// <summary>Room the inlined paths need after <c>_position</c>: a separator and a field, or a line feed.</summary>
    private const int FastReserve = 1 + MediumField;

    private const ulong LowBits = 0x0101_0101_0101_0101;
    private const ulong HighBits = 0x8080_8080_8080_8080;

    // The separator and the fourth special byte (backslash when escaping, else the separator again) in every byte lane.
    private readonly ulong _separatorWord;
    private readonly ulong _extraWord;

    /// <summary>
    /// The last position at which the inlined paths may start: the buffer holds <see cref="FastReserve"/> bytes after
    /// it. -1 once disposed or faulted, so the inlined paths fall through to the checked ones, which throw.
    /// </summary>
    private int _fastEnd;

    /// <summary>1 at the index of each special byte.</summary>
    private readonly byte[] _specialTable = new byte[256];

    /// <summary>
    /// Loads a field of at most <see cref="ShortField"/> bytes as two words whose byte lanes are all bytes of the field
    /// (lengths under 8 repeat some): false for an empty field.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryLoadShort(ref byte source, nuint length, out ulong head, out ulong tail)
    {
        if (length >= 8)
        {
            head = Unsafe.ReadUnaligned<ulong>(ref source);
            tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, length - 8));
            return true;
        }

        if (length >= 4)
        {
            head = Unsafe.ReadUnaligned<uint>(ref source) | ((ulong)Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, length - 4)) << 32);
            tail = head;
            return true;
        }

        if (length != 0)
        {
            // First, middle and last byte cover 1 to 3 bytes; the first is repeated into the fourth lane.
            uint bytes = source | ((uint)Unsafe.Add(ref source, length >> 1) << 8) | ((uint)Unsafe.Add(ref source, length - 1) << 16);
            bytes |= bytes << 24;
            head = bytes | ((ulong)bytes << 32);
            tail = head;
            return true;
        }

        head = 0;
        tail = 0;
        return false;
    }

    /// <summary>Stores a field loaded by <see cref="TryLoadShort"/>, touching only its <paramref name="length"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreShort(ref byte destination, nuint length, ulong head, ulong tail)
    {
        if (length >= 8)
        {
            Unsafe.WriteUnaligned(ref destination, head);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, length - 8), tail);
        }
        else if (length >= 4)
        {
            Unsafe.WriteUnaligned(ref destination, (uint)head);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, length - 4), (uint)(head >> 32));
        }
        else if (length != 0)
        {
            destination = (byte)head;
            Unsafe.Add(ref destination, length >> 1) = (byte)(head >> 8);
            Unsafe.Add(ref destination, length - 1) = (byte)(head >> 16);
        }
    }

    /// <summary>Copies a short field unless it holds a special byte (then nothing is written and false returned).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryCopyShort(ref byte source, ref byte destination, nuint length)
    {
        if (length - 1 < 3)
        {
            // 1 to 3 bytes: first, middle and last, looked up in the table (shorter than packing them for a compare).
            byte first = source;
            byte middle = Unsafe.Add(ref source, length >> 1);
            byte last = Unsafe.Add(ref source, length - 1);
            ref byte table = ref _specialTable[0];
            if ((Unsafe.Add(ref table, first) | Unsafe.Add(ref table, middle) | Unsafe.Add(ref table, last)) != 0)
            {
                return false;
            }

            destination = first;
            Unsafe.Add(ref destination, length >> 1) = middle;
            Unsafe.Add(ref destination, length - 1) = last;
            return true;
        }

        if (!TryLoadShort(ref source, length, out ulong head, out ulong tail))
        {
            return true;
        }

        if (HasSpecial(head, tail))
        {
            return false;
        }

        StoreShort(ref destination, length, head, tail);
        return true;
    }

    /// <summary>
    /// True when a short field just narrowed into the buffer holds a special byte. The narrowing stored it with the
    /// same head/tail words (bytes under 4), so these loads are forwarded from the stores.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool HasSpecialShort(ref byte field, nuint length) =>
        TryLoadShort(ref field, length, out ulong head, out ulong tail) && HasSpecial(head, tail);

    /// <summary>Copies a field of 17 to 32 bytes as four overlapping words unless it holds a special byte (then nothing is written).</summary>
    private bool TryCopyMediumInWords(ref byte source, ref byte destination, nuint length)
    {
        ulong a = Unsafe.ReadUnaligned<ulong>(ref source);
        ulong b = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, 8));
        ulong c = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, length - 16));
        ulong d = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, length - 8));
        if (HasSpecialInWords(a, b) || HasSpecialInWords(c, d))
        {
            return false;
        }

        Unsafe.WriteUnaligned(ref destination, a);
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 8), b);
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, length - 16), c);
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, length - 8), d);
        return true;
    }

    /// <summary>True when the 17 to 32 bytes at <paramref name="field"/> hold a special byte (four overlapping words).</summary>
    private bool HasSpecialMediumInWords(ref byte field, nuint length) =>
        HasSpecialInWords(Unsafe.ReadUnaligned<ulong>(ref field), Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref field, 8)))
        || HasSpecialInWords(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref field, length - 16)), Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref field, length - 8)));

    /// <summary>True when a byte lane of either word is special (word arithmetic, for CPUs or builds without vectors).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool HasSpecialInWords(ulong head, ulong tail) => (SpecialLanes(head) | SpecialLanes(tail)) != 0;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ulong SpecialLanes(ulong word) =>
        ZeroLanes(word ^ _separatorWord) | ZeroLanes(word ^ (LowBits * LineFeed)) | ZeroLanes(word ^ (LowBits * CarriageReturn)) | ZeroLanes(word ^ _extraWord);

    /// <summary>Nonzero exactly when some byte of <paramref name="word"/> is zero (a borrow can only mark lanes above a real zero).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ZeroLanes(ulong word) => (word - LowBits) & ~word & HighBits;
}
