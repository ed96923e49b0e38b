using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// Builds a string without garbage: it writes into a buffer the caller supplies (typically <c>stackalloc</c>)
/// and, only when that is outgrown, into arrays rented from <see cref="ArrayPool{T}.Shared"/>.
/// The only allocation on the hot path is the string <see cref="ToString()"/> returns.
/// </summary>
/// <remarks>
/// <para>Ownership rules (the misuse that returns a pooled array twice is what keeps the runtime's own copy internal):</para>
/// <list type="bullet">
/// <item>Pass the builder to other methods by <see langword="ref"/>; never copy it (<c>var b2 = b;</c> or a by-value
/// parameter). Copies share the rented array but not the length. Each rented array carries a stamp (in chars
/// reserved past <see cref="Capacity"/>) that only its current owner holds, so however copies are grown and
/// disposed the array goes back to the pool once: the first copy to grow or dispose returns it; a later
/// <see cref="Dispose"/> of another copy leaves it alone (without throwing, since Dispose often runs in a
/// <c>finally</c> while another exception is in flight), and that copy's growth, <see cref="ToString()"/> or
/// interpolated append throws <see cref="InvalidOperationException"/>. Writes into such a stale copy between those
/// points (plain appends do not check, to stay cheap) land in the returned array: no memory outside a managed array
/// is touched, but they may overwrite text the array's next renter builds.</item>
/// <item>Call <see cref="Dispose"/> once, typically with <c>using</c>/<c>try/finally</c>. A second call does nothing,
/// and a disposed builder is empty and reusable (it rents again when written to).</item>
/// <item><see cref="ToString()"/> does NOT dispose: the builder stays usable, and you still dispose it.</item>
/// <item>The caller's initial buffer is never returned to the pool; only arrays the builder rented are.</item>
/// </list>
/// <para>Growth rents at least double the current capacity (and at least what is needed), copies only the
/// written part, then returns the previously rented array. Arrays of up to 4096 chars come from a per-thread spare
/// in front of the shared pool (the longest one returned so far), held by one builder at a time, so a loop that
/// outgrows its stack buffer by a little rents from the shared pool only on its first pass. From its second pass on,
/// such a loop's builders start in that spare array and leave the caller's buffer untouched (the thread remembers the
/// length of the buffer its builders outgrew), so they neither grow nor copy; read the text through the builder, and
/// dispose every builder, since one given a buffer may hold a rented array from its first append.</para>
/// <para>Formatting matches <see cref="System.Text.StringBuilder"/> exactly: a <see langword="null"/> provider means
/// the current culture. On net8.0 every supported value formats in place through <c>ISpanFormattable</c> (never an
/// allocating <c>ToString</c>), and a <see cref="double"/> or <see cref="float"/> in a fixed-point format ("F", "F0" to "F15") is written by
/// the library's own exact rounding, several times faster than the runtime's, with the same text. On netstandard2.0 these format in place without allocating: integers with the
/// default, "G", "D"/"Dnn" and "X"/"Xnn" formats (negative values only when the culture's minus sign is "-");
/// <see cref="Guid"/> with "D", "N", "B", "P", "X"; <see cref="TimeSpan"/> with the default or "c"; <see cref="DateTime"/>
/// and <see cref="DateTimeOffset"/> with "O" and "R", and with the default or "G" when the culture's date pattern is
/// the invariant one; <see cref="bool"/>, <see cref="char"/> and strings. Everything else (<see cref="float"/>,
/// <see cref="double"/>, <see cref="decimal"/>, other formats and cultures, other <see cref="IFormattable"/>
/// types) is written through <c>ToString(format, provider)</c>, which allocates that intermediate string (float,
/// double and decimal call their own, so Mono boxes nothing for them); the text is identical.</para>
/// </remarks>
public ref partial struct ValueStringBuilder
{
    /// <summary>The chars at the end of every rented array that hold its stamp; never part of the builder's span.</summary>
    internal const int StampLength = OwnershipStamp.Bytes / sizeof(char);

    // The first rent of a builder that starts without a buffer: big enough for a typical log line or key, so
    // building one costs a single rent instead of a chain of small ones (ArrayPool.Shared's 256-char bucket).
    internal const int MinimumRentLength = BuilderMemory<char>.MinimumRentLength;

    // The capacity of that first array: the rest is the ownership stamp.
    internal const int MinimumRentCapacity = MinimumRentLength - StampLength;

    // The most chars a builder holds: the largest array less its stamp.
    internal const int MaximumCapacity = BuilderMemory<char>.ArrayMaxLength - StampLength;

    /// <summary>The longest array (stamp included) the per-thread spare slot keeps: 8 KiB of chars per thread at most.</summary>
    internal const int SpareArrayMaxLength = BuilderMemory<char>.SpareArrayMaxLength;

    private Span<char> _chars;
    private int _pos;
    private BuilderMemory<char> _memory;

    /// <summary>
    /// Starts writing into <paramref name="initialBuffer"/>, which is never returned to any pool. When the last builder
    /// on this thread that was given a buffer of this length outgrew it, and this thread's spare array is free, the
    /// builder starts in the spare array instead (and leaves <paramref name="initialBuffer"/> untouched), so a loop
    /// whose strings regularly outgrow their <c>stackalloc</c> does not copy the buffer into an array on every pass.
    /// </summary>
    /// <param name="initialBuffer">The buffer to write into first; often <c>stackalloc char[256]</c>. May be empty.</param>
    public ValueStringBuilder(Span<char> initialBuffer)
    {
        _pos = 0;
        _memory = default;
        _chars = _memory.Start(initialBuffer);
    }

    /// <summary>Starts with an array of at least <paramref name="initialCapacity"/> chars rented from <see cref="ArrayPool{T}.Shared"/>.</summary>
    /// <param name="initialCapacity">The capacity to rent up front; 0 takes the array a first append would take
    /// (256 chars, this thread's spare one when it is free), as a builder without a buffer of its own.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="initialCapacity"/> is negative.</exception>
    public ValueStringBuilder(int initialCapacity)
        : this(initialCapacity, null)
    {
    }

    /// <summary>
    /// Writes into <paramref name="initialBuffer"/>, renting from <paramref name="pool"/> (a writer's, an interpolation
    /// draft's owner's, a test's recording pool) instead of the shared pool and the spare array; never started past the
    /// buffer, whatever this thread's builders outgrew (<see cref="StartedForTests"/> is the public constructor's start).
    /// </summary>
    internal ValueStringBuilder(Span<char> initialBuffer, ArrayPool<char>? pool)
    {
        _chars = initialBuffer;
        _pos = 0;
        _memory = new BuilderMemory<char>(pool);
    }

    /// <summary>
    /// The test hook for the public constructor with a recording pool: starts where it starts (past a buffer this
    /// thread's builders keep outgrowing, in an array of <paramref name="pool"/>), so a test checks every rent.
    /// </summary>
    internal static ValueStringBuilder StartedForTests(Span<char> initialBuffer, ArrayPool<char>? pool)
    {
        var builder = new ValueStringBuilder(initialBuffer, pool);
        builder._chars = builder._memory.Start(initialBuffer);
        return builder;
    }

    /// <summary>The same as the public constructor, renting from <paramref name="pool"/> (a test's recording pool)
    /// instead of the shared pool and the spare array.</summary>
    internal ValueStringBuilder(int initialCapacity, ArrayPool<char>? pool)
    {
        if (initialCapacity < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(initialCapacity), "The capacity must not be negative.");
        }

        if (initialCapacity > MaximumCapacity)
        {
            ThrowHelper.ThrowOutOfMemory("A ValueStringBuilder cannot hold more than 2,147,483,587 chars.");
        }

        _pos = 0;
        _memory = new BuilderMemory<char>(pool);

        // 0 means "no buffer of my own": take the first array now rather than on the first append, which would
        // otherwise start with a format attempt into an empty span that can only fail. It is the size the first
        // append would take (this thread's spare array when it is free), so nothing more is held.
        _chars = _memory.Rent(initialCapacity == 0 ? MinimumRentCapacity : initialCapacity, out _);
    }

    /// <summary>
    /// The test hook: forgets this thread's outgrown-buffer prediction, so that a test's builders start where the
    /// test's own earlier builders (not an earlier test's on the same thread) make them start.
    /// </summary>
    internal static void ForgetOutgrownBufferForTests() => BuilderThreadState.Current.OutgrownCharBufferLength = -1;

    /// <summary>The test hook: this thread's spare array.</summary>
    internal static char[]? SpareArrayForTests => BuilderThreadState.CurrentOrNull is { } state ? state.SpareChars : null;

    /// <summary>The test hook: the array this builder rented, stamp included.</summary>
    internal readonly char[]? RentedForTests => _memory.Rented;

    /// <summary>
    /// The number of chars written. Setting a smaller value truncates; setting a larger value grows the builder and
    /// pads with <c>'\0'</c>, like <see cref="System.Text.StringBuilder.Length"/>.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public int Length
    {
        readonly get => _pos;
        set
        {
            if (value < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(value), "The length must not be negative.");
            }

            if (value > _pos)
            {
                if (value > _chars.Length)
                {
                    Grow(value - _pos);
                }

                _chars.Slice(_pos, value - _pos).Clear();
            }

            _pos = value;
        }
    }

    /// <summary>The number of chars the current buffer holds before the builder must grow.</summary>
    public readonly int Capacity => _chars.Length;

    /// <summary>
    /// A reference to the written char at <paramref name="index"/>: read it (<c>b[i]</c>) or write it
    /// (<c>b[i] = 'x'</c>) as with StringBuilder's indexer. The bounds are the written length, not the capacity, so
    /// the indexer never reaches chars past <see cref="Length"/>. It returns a reference (as the runtime's internal
    /// ValueStringBuilder does) so a char can be changed in place without a second bounds check; like
    /// <see cref="AsSpan()"/>, the reference is valid only until the builder next grows or is disposed.
    /// </summary>
    /// <param name="index">0 to <see cref="Length"/> - 1.</param>
    /// <exception cref="ArgumentOutOfRangeException">
    /// <paramref name="index"/> is outside the written chars (for reads too, where StringBuilder's getter throws
    /// <see cref="IndexOutOfRangeException"/>: one exception, naming the parameter, for both uses).
    /// </exception>
    public readonly ref char this[int index]
    {
        get
        {
            if ((uint)index >= (uint)_pos)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(index), "The index must be within the written chars.");
            }

            return ref _chars[index];
        }
    }

    /// <summary>Makes sure at least <paramref name="capacity"/> chars fit without growing again.</summary>
    /// <param name="capacity">The minimum capacity.</param>
    /// <returns>The capacity after the call.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="capacity"/> is negative.</exception>
    public int EnsureCapacity(int capacity)
    {
        if (capacity < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(capacity), "The capacity must not be negative.");
        }

        if (capacity > _chars.Length)
        {
            Grow(capacity - _pos);
        }

        return _chars.Length;
    }

    /// <summary>Forgets the written chars and keeps the buffer.</summary>
    public void Clear() => _pos = 0;

    /// <summary>The written chars. Valid until the builder next grows or is disposed.</summary>
    /// <returns>A span over the written chars.</returns>
    /// <exception cref="InvalidOperationException">This builder was copied and another copy already returned the
    /// array it writes into (see the remarks on copies).</exception>
    public readonly ReadOnlySpan<char> AsSpan()
    {
        ThrowIfCopyReturnedArray(); // a buffer the caller gave costs one null test
        return _chars.Slice(0, _pos);
    }

    /// <summary>The written chars from <paramref name="start"/>. Valid until the builder next grows or is disposed.</summary>
    /// <param name="start">The first char; 0 to <see cref="Length"/>.</param>
    /// <returns>A span over the written chars from <paramref name="start"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> is outside 0..Length.</exception>
    /// <exception cref="InvalidOperationException">This builder was copied and another copy already returned the
    /// array it writes into (see the remarks on copies).</exception>
    public readonly ReadOnlySpan<char> AsSpan(int start)
    {
        ThrowIfCopyReturnedArray();
        if ((uint)start > (uint)_pos)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(start), "The start must be within the written chars.");
        }

        return _chars.Slice(start, _pos - start);
    }

    /// <summary>A slice of the written chars. Valid until the builder next grows or is disposed.</summary>
    /// <param name="start">The first char.</param>
    /// <param name="length">The number of chars.</param>
    /// <returns>A span over the slice.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The slice is not within the written chars.</exception>
    /// <exception cref="InvalidOperationException">This builder was copied and another copy already returned the
    /// array it writes into (see the remarks on copies).</exception>
    public readonly ReadOnlySpan<char> AsSpan(int start, int length)
    {
        ThrowIfCopyReturnedArray();
        ValidateRange(start, length);
        return _chars.Slice(start, length);
    }

    /// <summary>Copies the written chars to <paramref name="destination"/> when they all fit.</summary>
    /// <param name="destination">Receives the chars.</param>
    /// <param name="charsWritten">The number of chars copied: <see cref="Length"/>, or 0 when they did not fit.</param>
    /// <returns><see langword="true"/> when everything was copied; <see langword="false"/> (nothing written) otherwise.</returns>
    /// <exception cref="InvalidOperationException">This builder was copied and another copy already returned the
    /// array it writes into (see the remarks on copies).</exception>
    public readonly bool TryCopyTo(Span<char> destination, out int charsWritten)
    {
        ThrowIfCopyReturnedArray();
        if (_chars.Slice(0, _pos).TryCopyTo(destination))
        {
            charsWritten = _pos;
            return true;
        }

        charsWritten = 0;
        return false;
    }

    /// <summary>The written chars as a new string. Does NOT dispose the builder: it stays usable and you still dispose it.</summary>
    /// <returns>The text built so far.</returns>
    /// <exception cref="InvalidOperationException">This builder was copied and another copy already returned the
    /// array it writes into (see the remarks on copies).</exception>
    public override readonly string ToString()
    {
        ThrowIfCopyReturnedArray(); // a buffer the caller gave costs one null test

        return _chars.Slice(0, _pos).ToString();
    }

    /// <summary>A slice of the written chars as a new string. Does NOT dispose the builder.</summary>
    /// <param name="start">The first char.</param>
    /// <param name="length">The number of chars.</param>
    /// <returns>The slice as a string.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The slice is not within the written chars.</exception>
    /// <exception cref="InvalidOperationException">This builder was copied and another copy already returned the
    /// array it writes into (see the remarks on copies).</exception>
    public readonly string ToString(int start, int length)
    {
        ThrowIfCopyReturnedArray();
        ValidateRange(start, length);
        return _chars.Slice(start, length).ToString();
    }

    /// <summary>
    /// Returns the rented array (if any) to the pool and leaves an empty builder that rents again when written to.
    /// A second call does nothing. The caller's initial buffer is forgotten, never returned. A copy of this builder
    /// whose array another copy already returned returns nothing and does not throw.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Dispose()
    {
        // A builder that never rented (the caller's buffer was enough) does only the test and the two stores, inline.
        if (_memory.Rented is not null)
        {
            DisposeRented();
            return;
        }

        _chars = default;
        _pos = 0;
    }

    /// <summary>Dispose's part for a builder that rented.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void DisposeRented()
    {
        int written = _pos;
        _chars = default;
        _pos = 0;
        _memory.Dispose(written);
    }

    private readonly void ValidateRange(int start, int length)
    {
        if ((uint)start > (uint)_pos)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(start), "The start must be within the written chars.");
        }

        if ((uint)length > (uint)(_pos - start))
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(length), "The range must be within the written chars.");
        }
    }

    /// <summary>
    /// Makes room for <paramref name="additionalCapacityBeyondPos"/> more chars and releases the previous array at
    /// once. Only for callers that hold no span into the builder's buffer; the others use
    /// <see cref="GrowKeepingPrevious"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Grow(int additionalCapacityBeyondPos)
    {
        char[]? previous = GrowKeepingPrevious(additionalCapacityBeyondPos, _pos);
        if (previous is not null)
        {
            _memory.Release(previous);
        }
    }

    /// <summary>
    /// Makes room for <paramref name="additionalCapacityBeyondPos"/> chars beyond the written ones, keeping the first
    /// <paramref name="charsToKeep"/>, and hands back the array rented before WITHOUT returning it
    /// (<see cref="BuilderMemory{T}.Grow"/>): a caller whose input may be a span into it copies it, then releases it.
    /// </summary>
    /// <exception cref="InvalidOperationException">A copy of this builder already returned its array.</exception>
    private char[]? GrowKeepingPrevious(int additionalCapacityBeyondPos, int charsToKeep)
    {
        _chars = _memory.Grow(_chars, _pos, additionalCapacityBeyondPos, charsToKeep, out char[]? previous);
        return previous;
    }

    /// <summary>The capacity growth picks (<see cref="BuilderMemory{T}.ComputeGrownCapacity"/>).</summary>
    internal static int ComputeGrownCapacity(int currentLength, int pos, int additional) =>
        BuilderMemory<char>.ComputeGrownCapacity(currentLength, pos, additional);

    /// <summary>Throws when a copy of this builder already returned the array it writes into.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly void ThrowIfCopyReturnedArray() => _memory.ThrowIfCopyReturnedArray();
}
