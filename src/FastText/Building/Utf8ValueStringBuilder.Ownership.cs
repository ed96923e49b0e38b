using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

public ref partial struct Utf8ValueStringBuilder
{
    // The ownership stamp (see OwnershipStamp for the invariant) on the byte arrays this builder rents: growth over a
    // buffer, the array a writer's too-short span makes it write into, and an interpolation draft's own array (the
    // builder adopts it with its stamp). Letting one go means growth, Flush or growth over a writer (which first
    // copy the array's bytes out), Dispose and adopting a draft. A stale copy's Dispose neither returns the array nor
    // gives its bytes (possibly the next renter's) to the writer. The caller's buffer and the writer's own spans
    // carry no stamp and pay nothing.

    /// <summary>The bytes at the end of every rented array that hold its stamp; never part of the builder's span.</summary>
    internal const int StampLength = OwnershipStamp.Bytes;

    private const string CopiedMessage =
        "This Utf8ValueStringBuilder was copied (var b2 = b, or passed by value) and another copy already returned "
        + "its pooled array; pass builders by ref. Nothing was changed.";

    /// <summary>The test hook: the array this builder rented, stamp included.</summary>
    internal readonly byte[]? RentedForTests => _rented;

    /// <summary>The test hook: the stamp this builder keeps for the array it rented (0 when it rented none).</summary>
    internal readonly long StampForTests => _stamp;

    /// <summary>The test hook: the bytes this builder can still append before it grows (or takes the writer's next span).</summary>
    internal readonly int FreeForTests => _bytes.Length - _pos;

    /// <summary>Rents an array with room for <paramref name="capacity"/> bytes plus the stamp and stamps it.</summary>
    private readonly byte[] RentStamped(int capacity, out long stamp)
    {
        // Callers keep capacity <= MaximumCapacity, so adding the stamp stays within the largest array.
        BuilderThreadState state = BuilderThreadState.Current;
        byte[] array = (_pool ?? state.BytePoolForTests ?? ArrayPool<byte>.Shared).Rent(capacity + StampLength);
        stamp = OwnershipStamp.Stamp(array, state);
        return array;
    }

    /// <summary>The part of a rented array the builder writes into: all of it but the stamp.</summary>
    private static Span<byte> Writable(byte[] array) => array.AsSpan(0, array.Length - StampLength);

    /// <summary>Whether this builder still owns the array it rented (no copy of it returned the array); true when it rented none.</summary>
    private readonly bool OwnsRented => _rented is null || OwnershipStamp.Holds(_rented, _stamp);

    /// <summary>Throws when a copy of this builder already returned the array it writes into.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly void ThrowIfCopyReturnedArray()
    {
        if (!OwnsRented)
        {
            ThrowHelper.ThrowInvalidOperation(CopiedMessage);
        }
    }

    /// <summary>
    /// Gives an array this builder owns (the caller checked <see cref="OwnsRented"/> before replacing it) back to the
    /// pool, stamp cleared first so no copy of this builder can return it later, and tells any interpolation draft
    /// borrowing memory on this thread that memory went away (<see cref="BuilderThreadState.MemoryGeneration"/>). Growth and return are one pair with
    /// <see cref="RentStamped"/>, so that a different pooling mechanism replaces both together.
    /// </summary>
    private readonly void Release(byte[] array)
    {
        OwnershipStamp.Clear(array);
        BuilderThreadState state = BuilderThreadState.Current;
        state.MemoryGeneration++;
        (_pool ?? state.BytePoolForTests ?? ArrayPool<byte>.Shared).Return(array);
    }
}
