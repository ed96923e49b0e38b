using System;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    // The ownership stamp (see OwnershipStamp for the invariant) on the char arrays this builder rents. Letting one go
    // means growth, Dispose and adopting an interpolation draft.

    /// <summary>The chars at the end of every rented array that hold its stamp; never part of the builder's span.</summary>
    internal const int StampLength = OwnershipStamp.Bytes / sizeof(char);

    private const string CopiedMessage =
        "This ValueStringBuilder was copied (var b2 = b, or passed by value) and another copy already returned its "
        + "pooled array; pass builders by ref. Nothing was changed.";

    /// <summary>Rents an array with room for <paramref name="capacity"/> chars plus the stamp and stamps it.</summary>
    private readonly char[] RentStamped(int capacity, out long stamp)
    {
        // capacity <= MaximumCapacity, so adding the stamp stays within the largest array.
        BuilderThreadState state = BuilderThreadState.Current;
        char[] array = RentArray(state, capacity + StampLength);
        stamp = OwnershipStamp.Stamp(array, state);
        return array;
    }

    /// <summary>The part of a rented array the builder writes into: all of it but the stamp.</summary>
    private static Span<char> Writable(char[] array) => array.AsSpan(0, array.Length - StampLength);

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
    /// borrowing memory on this thread that memory went away (<see cref="BuilderThreadState.MemoryGeneration"/>).
    /// </summary>
    private readonly void ReleaseRented(char[] array)
    {
        OwnershipStamp.Clear(array);
        ReturnArray(array);
    }
}
