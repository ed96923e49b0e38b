using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// The arrays a builder rents once the caller's buffer is outgrown, for both builders (<typeparamref name="T"/> is
/// <see cref="char"/> for <see cref="ValueStringBuilder"/>, <see cref="byte"/> for <see cref="Utf8ValueStringBuilder"/>):
/// renting and stamping them (<see cref="OwnershipStamp"/>), the one ownership check, giving them back, adopting
/// the array an interpolation draft rented, and (for the char builder) starting past a caller buffer this thread's
/// builders keep outgrowing. The builder keeps its span and length (the hot path); this keeps where the span came from.
/// </summary>
/// <remarks>
/// <para>Invariant: when <see cref="Rented"/> is <see langword="null"/> the stamp and the skipped buffer length are 0,
/// so a builder that never rented forgets nothing but its span.</para>
/// <para>The spare array (char builders only, see below): each thread keeps one array of up to
/// <see cref="SpareArrayMaxLength"/> chars in front of <see cref="ArrayPool{T}.Shared"/>. A builder that outgrows its stack buffer, or starts
/// without one, takes it when it is long enough, so a hot loop that builds text a little longer than its stackalloc
/// rents from and returns to the shared pool never, as a reused StringBuilder keeps its capacity. The slot keeps the
/// longer of two arrays it is offered, so it settles at the size the thread's builders need. Taking it empties the
/// slot (a nested builder rents from the pool), and only an owner that passed the stamp check puts it back, stamp
/// cleared, so a stale copy can neither put it back twice nor find it stamped as its own. Builders on an explicit
/// pool never use it, so that pool's accounting stays exact.</para>
/// <para>The outgrown buffer: a loop whose text is regularly a little longer than its stackalloc pays, on every
/// pass, for growing out of it: the call out of the append loop, a mispredicted branch, and a copy of the whole
/// buffer from stores that have not yet reached the cache (docs/valuestringbuilder.md, "What growing out of a stack
/// buffer costs"). So the thread remembers the length of the last caller buffer one of its builders outgrew, and the
/// next builder given a buffer of exactly that length starts in the spare array. The prediction is dropped when such
/// a builder ends short enough to have fit the buffer it skipped. A wrong prediction costs time, never text.</para>
/// <para>Both are <see cref="ValueStringBuilder"/>'s only (<see cref="UsesSpareArray"/>). The prediction's check reads
/// thread-local storage, which on Linux is a call into the runtime on every construction: the char builder's
/// appends-in-a-loop workloads repay it, the UTF-8 builder's interpolation workloads ran measurably slower with it
/// (bench/results/compare). And the spare slot keeps an array rented from the shared pool on the thread: a server
/// that checks every request gives back to <see cref="ArrayPool{T}.Shared"/> what it rented there (the sample
/// service's tests do) sees that array as never returned. So a UTF-8 builder given a buffer always starts in it, and
/// its arrays go back to the shared pool.</para>
/// </remarks>
/// <typeparam name="T">The element the builder writes.</typeparam>
internal struct BuilderMemory<T>
    where T : unmanaged
{
    /// <summary>The shortest array a builder rents: a typical log line or key in one rent (the shared pool's 256 bucket).</summary>
    public const int MinimumRentLength = 256;

    /// <summary>The longest array (stamp included) the per-thread spare slot keeps.</summary>
    public const int SpareArrayMaxLength = 4096;

    /// <summary>The longest array the runtime allows (Array.MaxLength, which netstandard2.0 lacks).</summary>
    public const int ArrayMaxLength = 0x7FFFFFC7;

    private readonly ArrayPool<T>? _pool;
    private T[]? _rented;
    private long _stamp;

    // The length of the caller's buffer the builder left unused because this thread's builders had outgrown one of
    // that length; 0 when it writes, or wrote, into the caller's buffer.
    private int _skippedBufferLength;

    /// <summary>Nothing rented yet; renting from <paramref name="pool"/> when given, else from the shared pool.</summary>
    public BuilderMemory(ArrayPool<T>? pool)
    {
        _pool = pool;
        _rented = null;
        _stamp = 0;
        _skippedBufferLength = 0;
    }

    /// <summary>Resumes ownership of <paramref name="rented"/> (stamped <paramref name="stamp"/>) that <see cref="Suspend"/> handed out.</summary>
    public BuilderMemory(T[]? rented, long stamp, ArrayPool<T>? pool)
    {
        _pool = pool;
        _rented = rented;
        _stamp = rented is null ? 0 : stamp;
        _skippedBufferLength = 0;
    }

    /// <summary>The elements at the end of every rented array that hold its stamp; never part of the builder's span.</summary>
    public static int StampLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => OwnershipStamp.Bytes / Unsafe.SizeOf<T>();
    }

    /// <summary>The most elements a builder holds in one array: the largest array less its stamp.</summary>
    public static int MaximumCapacity
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => ArrayMaxLength - StampLength;
    }

    /// <summary>The pool the builder's constructor was given (a writer's, a test's), or <see langword="null"/> for the shared pool.</summary>
    public readonly ArrayPool<T>? Pool => _pool;

    /// <summary>The array the builder writes into, stamp included, or <see langword="null"/> while it writes into a caller's buffer or a writer's span.</summary>
    public readonly T[]? Rented => _rented;

    /// <summary>The stamp the builder keeps for <see cref="Rented"/>; 0 without one.</summary>
    public readonly long Stamp => _stamp;

    /// <summary>The pool for scratch copies the builder rents and returns within one call.</summary>
    public readonly ArrayPool<T> ScratchPool => _pool ?? ArrayPool<T>.Shared;

    /// <summary>Whether no copy of the builder returned the array it writes into; true when it rented none.</summary>
    public readonly bool IsOwned => _rented is null || OwnershipStamp.Holds(_rented, _stamp);

    /// <summary>The part of a rented array a builder writes into: all of it but the stamp.</summary>
    public static Span<T> Writable(T[] array) => array.AsSpan(0, array.Length - StampLength);

    /// <summary>
    /// The capacity to grow to: what is needed (<paramref name="pos"/> + <paramref name="additional"/>, computed
    /// without overflow) and at least what makes the new array (capacity plus stamp) double
    /// <paramref name="currentLength"/> and at least <see cref="MinimumRentLength"/> long (clamped to
    /// <see cref="MaximumCapacity"/>), so that arrays stay in the shared pool's power-of-two buckets.
    /// </summary>
    /// <param name="currentLength">The length of the current buffer: the whole rented array, stamp included, or the caller's buffer.</param>
    /// <param name="pos">The elements written.</param>
    /// <param name="additional">The elements needed beyond <paramref name="pos"/>.</param>
    /// <exception cref="OutOfMemoryException">More than <see cref="MaximumCapacity"/> elements are needed.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="additional"/> is negative.</exception>
    public static int ComputeGrownCapacity(int currentLength, int pos, int additional)
    {
        if (additional < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(additional), "The additional capacity must not be negative.");
        }

        ulong required = (ulong)(uint)pos + (uint)additional;
        if (required > (ulong)MaximumCapacity)
        {
            ThrowTooLong();
        }

        ulong doubled = Math.Max((ulong)(uint)currentLength * 2, MinimumRentLength) - (ulong)StampLength;
        return (int)Math.Min(Math.Max(required, doubled), (ulong)MaximumCapacity);
    }

    /// <summary>Throws when a copy of the builder already returned the array it writes into.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly void ThrowIfCopyReturnedArray()
    {
        if (!IsOwned)
        {
            ThrowCopied();
        }
    }

    /// <summary>Whether builders of <typeparamref name="T"/> keep the per-thread spare array and the outgrown-buffer prediction: the char builder's only.</summary>
    private static bool UsesSpareArray
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => typeof(T) == typeof(char);
    }

    /// <summary>
    /// The span a char builder given <paramref name="buffer"/> starts in: the buffer, or this thread's spare array when the
    /// thread's last builder given a buffer of this length outgrew it and the spare is free.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Span<T> Start(Span<T> buffer)
    {
        if (!UsesSpareArray)
        {
            return buffer;
        }

        BuilderThreadState? state = BuilderThreadState.CurrentOrNull;
        return state is not null && state.OutgrownCharBufferLength == buffer.Length ? StartPastOutgrownBuffer(state, buffer) : buffer;
    }

    /// <summary>
    /// Rents a stamped array for at least <paramref name="additional"/> elements beyond <paramref name="pos"/>, at
    /// least double <paramref name="span"/> (or the rented array); copies the first <paramref name="keep"/> elements;
    /// and hands back the array held before WITHOUT returning it, so that a caller whose input may be a span into it
    /// (<c>b.Append(b.AsSpan())</c>) copies the input first and then calls <see cref="Release"/>. A throwing rent
    /// leaves everything as it was.
    /// </summary>
    /// <returns>The span to write into from now on.</returns>
    /// <exception cref="InvalidOperationException">A copy of the builder already returned its array.</exception>
    public Span<T> Grow(ReadOnlySpan<T> span, int pos, int additional, int keep, out T[]? previous)
    {
        ThrowIfCopyReturnedArray();
        int capacity = ComputeGrownCapacity(_rented?.Length ?? span.Length, pos, additional);
        Span<T> grown = Rent(capacity, out previous);
        span.Slice(0, Math.Min(keep, span.Length)).CopyTo(grown);
        if (UsesSpareArray && previous is null && !span.IsEmpty)
        {
            BuilderThreadState.Current.OutgrownCharBufferLength = span.Length;
        }

        return grown;
    }

    /// <summary>Rents a stamped array for <paramref name="capacity"/> elements and makes it the builder's, handing back the one held before (not returned).</summary>
    /// <returns>The writable part of the new array.</returns>
    public Span<T> Rent(int capacity, out T[]? previous)
    {
        // capacity <= MaximumCapacity, so adding the stamp stays within the largest array.
        BuilderThreadState state = BuilderThreadState.Current;
        T[] array = RentArray(state, capacity + StampLength);
        long stamp = OwnershipStamp.Stamp(array, state);
        previous = _rented;
        _rented = array;
        _stamp = stamp;
        return Writable(array);
    }

    /// <summary>
    /// Moves an interpolation draft out of memory it borrowed into an array of its own (rented and stamped for at
    /// least <paramref name="minimumCapacity"/>), copying <paramref name="written"/>. Only for a builder that rented nothing.
    /// </summary>
    /// <returns>The span to write into from now on.</returns>
    public Span<T> MoveIntoOwnArray(ReadOnlySpan<T> written, int minimumCapacity)
    {
        Span<T> own = Rent(minimumCapacity, out _);
        written.CopyTo(own);
        return own;
    }

    /// <summary>Makes <paramref name="array"/>, which an interpolation draft rented and stamped <paramref name="stamp"/>, the builder's.</summary>
    /// <returns>The array held before, for the caller to <see cref="Release"/> once it no longer reads it.</returns>
    public T[]? Adopt(T[] array, long stamp)
    {
        T[]? previous = _rented;
        _rented = array;
        _stamp = stamp;
        _skippedBufferLength = 0;
        return previous;
    }

    /// <summary>Forgets the rented array and its stamp and hands them to the caller (a writer between calls, or a
    /// builder that gives the array's bytes away first); the builder is left owning nothing.</summary>
    public T[]? Suspend(out long stamp)
    {
        T[]? rented = _rented;
        stamp = _stamp;
        _rented = null;
        _stamp = 0;
        _skippedBufferLength = 0;
        return rented;
    }

    /// <summary>
    /// Forgets the rented array, then returns it when no copy of the builder did (a stale copy returns nothing and
    /// does not throw: Dispose often runs in a finally while another exception is in flight). Forgetting first means
    /// a throwing pool cannot leave the array for a second Dispose. <paramref name="written"/> drops the outgrown
    /// buffer prediction when the text would have fit the buffer the builder skipped.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Dispose(int written)
    {
        // A builder that never rented (the caller's buffer was enough) only tests, inline.
        if (_rented is not null)
        {
            DisposeRented(written);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void DisposeRented(int written)
    {
        int skippedBufferLength = _skippedBufferLength;
        T[]? rented = Suspend(out long stamp);
        if (rented is null || !OwnershipStamp.Holds(rented, stamp))
        {
            return;
        }

        if (skippedBufferLength != 0 && written <= skippedBufferLength)
        {
            ref int outgrown = ref BuilderThreadState.Current.OutgrownCharBufferLength;
            if (outgrown == skippedBufferLength)
            {
                outgrown = -1;
            }
        }

        Release(rented);
    }

    /// <summary>
    /// Gives back an array the builder owned (the caller checked), stamp cleared first so no copy of the builder can
    /// return it later, and moves the thread's memory generation so any interpolation draft borrowing it moves out:
    /// to the explicit pool, else to this thread's spare slot when it is short enough and the slot is free or holds a
    /// shorter one (which then goes to the shared pool), else to the shared pool.
    /// </summary>
    public readonly void Release(T[] array)
    {
        OwnershipStamp.Clear(array);
        BuilderThreadState state = BuilderThreadState.Current;
        state.MemoryGeneration++;
        if (_pool is not null)
        {
            _pool.Return(array);
            return;
        }

        if (!UsesSpareArray)
        {
            ArrayPool<T>.Shared.Return(array);
            return;
        }

        ref T[]? slot = ref SpareSlot(state);
        T[]? spare = slot;
        if (array.Length > SpareArrayMaxLength || (spare is not null && spare.Length >= array.Length))
        {
            ArrayPool<T>.Shared.Return(array);
            return;
        }

        slot = array;
        if (spare is not null)
        {
            ArrayPool<T>.Shared.Return(spare); // displaced by a longer one
        }
    }

    /// <summary>This thread's spare slot; only for <see cref="UsesSpareArray"/> (char) builders.</summary>
    private static ref T[]? SpareSlot(BuilderThreadState state)
    {
        Debug.Assert(UsesSpareArray, "only the char builder keeps a spare array");
        return ref Unsafe.As<char[]?, T[]?>(ref state.SpareChars);
    }

    /// <summary>Takes this thread's spare array when it holds at least <paramref name="length"/> elements (stamp included); null, and the slot untouched, otherwise.</summary>
    private static T[]? TryTakeSpare(BuilderThreadState state, int length)
    {
        ref T[]? slot = ref SpareSlot(state);
        T[]? spare = slot;
        if (spare is null || spare.Length < length)
        {
            return null;
        }

        slot = null;
        return spare;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowCopied() => ThrowHelper.ThrowInvalidOperation(
        $"This {BuilderName} was copied (var b2 = b, or passed by value) and another copy already returned its pooled "
        + "array; pass builders by ref. Nothing was changed.");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowTooLong() => ThrowHelper.ThrowOutOfMemory(typeof(T) == typeof(char)
        ? "A ValueStringBuilder cannot hold more than 2,147,483,587 chars."
        : "A Utf8ValueStringBuilder over a buffer cannot hold more than 2,147,483,583 bytes.");

    private static string BuilderName => typeof(T) == typeof(char) ? nameof(ValueStringBuilder) : nameof(Utf8ValueStringBuilder);

    /// <summary>Rents <paramref name="length"/> elements: the explicit pool's, else this thread's spare array when it is free and long enough.</summary>
    private readonly T[] RentArray(BuilderThreadState state, int length)
    {
        if (_pool is not null)
        {
            return _pool.Rent(length);
        }

        if (UsesSpareArray && length <= SpareArrayMaxLength)
        {
            T[]? spare = TryTakeSpare(state, length);
            if (spare is not null)
            {
                return spare;
            }

            length = Math.Max(length, MinimumRentLength);
        }

        return ArrayPool<T>.Shared.Rent(length);
    }

    /// <summary>Starts in this thread's spare array when it is free (a builder given a pool: in an array of that pool).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private Span<T> StartPastOutgrownBuffer(BuilderThreadState state, Span<T> buffer)
    {
        int length = ComputeGrownCapacity(buffer.Length, buffer.Length, 1) + StampLength;

        // Renting from the shared pool would cost more than the copy it saves; a nested builder (the spare is taken)
        // writes into its own buffer as before.
        T[]? array = _pool is null ? TryTakeSpare(state, length) : _pool.Rent(length);
        if (array is null)
        {
            return buffer;
        }

        _rented = array;
        _stamp = OwnershipStamp.Stamp(array, state);
        _skippedBufferLength = buffer.Length;
        return Writable(array);
    }
}
