using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// Builds UTF-8 text without garbage, byte-identical to <see cref="System.Text.Encoding.UTF8"/> applied to the same
/// text built as a string: into a buffer the caller supplies (typically <c>stackalloc</c>), growing into arrays
/// rented from <see cref="ArrayPool{T}.Shared"/>, or straight into an <see cref="IBufferWriter{T}"/>.
/// </summary>
/// <remarks>
/// <para>Ownership rules are those of <see cref="ValueStringBuilder"/>: pass it by <see langword="ref"/>, never copy
/// it, call <see cref="Dispose"/> once. The caller's buffer is never returned to a pool. Copies share a rented array
/// but not the length; each rented array carries a stamp (in 8 bytes past the span the builder writes into) that
/// only its current owner holds, so the array goes back to the pool once: the first copy to grow, flush or dispose
/// returns it; a later <see cref="Dispose"/> of another copy returns and advances nothing, without throwing, and
/// that copy's growth, <see cref="Flush"/>, <see cref="TryCopyTo"/>, <see cref="ToArray"/>,
/// <see cref="ToString()"/> and interpolated appends throw <see cref="InvalidOperationException"/>. Plain appends
/// that fit do not check (to stay cheap): in such a stale copy they write into the returned array. Growth works as in
/// <see cref="ValueStringBuilder"/>, but without its per-thread spare array and outgrown-buffer prediction: a UTF-8
/// builder given a buffer always starts in it, and every array it rents goes back to the pool it came from.</para>
/// <para>Over an <see cref="IBufferWriter{T}"/> the builder writes into the span <c>GetSpan</c> hands out and calls
/// <c>Advance</c> only when it needs the next span, on <see cref="Flush"/> and on <see cref="Dispose"/> (which
/// flushes). A writer that hands out a span shorter than asked for (against its contract) still works: the builder
/// then writes into a rented array and copies it out in as many spans as the writer gives. An append that throws
/// (a throwing formatter) appends nothing; what was appended before stays and is advanced at the next flush, also
/// when <see cref="Dispose"/> runs while the exception propagates through a <c>using</c>.</para>
/// <para>Surrogates: a high surrogate at the end of a char append is written as U+FFFD (what
/// <see cref="System.Text.Encoding.UTF8"/> writes for a lone surrogate) and remembered; if the next append is chars
/// that start with a low surrogate, the U+FFFD is replaced by the pair's 4-byte sequence. So a pair split across two
/// appends encodes as it would in the concatenated string, and <see cref="Length"/> and <see cref="WrittenSpan"/>
/// are always the encoding of the text so far. Any other append that writes something (bytes, numbers), and
/// <see cref="Flush"/> over a writer, settle the U+FFFD; an append that writes nothing (empty bytes, a value that
/// formats as nothing) leaves it pending, as it leaves the string unchanged.</para>
/// <para>Formatting: a <see langword="null"/> provider means the current culture, as in <see cref="ValueStringBuilder"/>.
/// On net8.0 values format through <c>IUtf8SpanFormattable</c> straight into the buffer (other
/// <c>ISpanFormattable</c> values into a stack buffer of chars, then encoded). On netstandard2.0 integers (default,
/// "G", "D", "X" with precision), <see cref="Guid"/> ("D", "N", "B", "P"), <see cref="TimeSpan"/> (default, "c"),
/// <see cref="DateTime"/> and <see cref="DateTimeOffset"/> ("O", "R"; default and "G" when the culture uses the
/// invariant patterns), <see cref="bool"/> and <see cref="char"/> format through <c>Utf8Formatter</c> without
/// allocating; everything else through <c>ToString(format, provider)</c>, encoded, which allocates that string.</para>
/// </remarks>
public ref partial struct Utf8ValueStringBuilder
{
    /// <summary>The bytes at the end of every rented array that hold its stamp; never part of the builder's span.</summary>
    internal const int StampLength = OwnershipStamp.Bytes;

    // The first rent of a builder that has no room: a typical log line in one rent (the shared pool's 256-byte
    // bucket, stamp included).
    internal const int MinimumRentLength = BuilderMemory<byte>.MinimumRentLength;

    // The room in that first array: the rest is the ownership stamp.
    internal const int MinimumRentCapacity = MinimumRentLength - StampLength;

    // The largest byte[] the runtime allows (Array.MaxLength, which netstandard2.0 lacks); also the most a builder
    // writes in total over a writer, so that Length stays an int.
    internal const int MaximumLength = BuilderMemory<byte>.ArrayMaxLength;

    // The most bytes a rented array holds: the largest array less its stamp.
    internal const int MaximumCapacity = MaximumLength - StampLength;

    // U+FFFD in UTF-8: what a lone surrogate becomes.
    private const int ReplacementLength = 3;

    private Span<byte> _bytes;
    private int _pos;
    private IBufferWriter<byte>? _writer;
    private int _committed;
    private char _pendingHigh;
    private BuilderMemory<byte> _memory;

    /// <summary>
    /// Starts writing into <paramref name="initialBuffer"/>, always (this constructor reads no per-thread state), which
    /// is never returned to any pool.
    /// </summary>
    /// <param name="initialBuffer">The buffer to write into first; often <c>stackalloc byte[256]</c>. May be empty.</param>
    public Utf8ValueStringBuilder(Span<byte> initialBuffer)
        : this(initialBuffer, null)
    {
    }

    /// <summary>
    /// Writes into <paramref name="writer"/>: into the spans it hands out, advancing it when the builder needs the
    /// next span, on <see cref="Flush"/> and on <see cref="Dispose"/>. <see cref="WrittenSpan"/>,
    /// <see cref="TryCopyTo"/>, <see cref="ToArray"/> and <see cref="ToString()"/> are not available then: the
    /// writer owns the bytes.
    /// </summary>
    /// <param name="writer">Receives the bytes.</param>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is <see langword="null"/>.</exception>
    public Utf8ValueStringBuilder(IBufferWriter<byte> writer)
        : this(writer, null)
    {
    }

    /// <summary>The same as the public constructor, renting from <paramref name="pool"/> (a test's recording pool, an
    /// interpolation draft's owner's) instead of the shared pool.</summary>
    internal Utf8ValueStringBuilder(Span<byte> initialBuffer, ArrayPool<byte>? pool)
    {
        _bytes = initialBuffer;
        _pos = 0;
        _writer = null;
        _committed = 0;
        _pendingHigh = '\0';
        _memory = new BuilderMemory<byte>(pool);
    }

    /// <summary>The same as the public constructor, renting from <paramref name="pool"/> (a test's recording pool, an
    /// interpolation draft's owner's) instead of the shared pool.</summary>
    internal Utf8ValueStringBuilder(IBufferWriter<byte> writer, ArrayPool<byte>? pool)
    {
        if (writer is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        _bytes = default;
        _pos = 0;
        _writer = writer;
        _committed = 0;
        _pendingHigh = '\0';
        _memory = new BuilderMemory<byte>(pool);
    }


    /// <summary>The test hook: the array this builder rented, stamp included.</summary>
    internal readonly byte[]? RentedForTests => _memory.Rented;

    /// <summary>The test hook: the stamp this builder keeps for the array it rented (0 when it rented none).</summary>
    internal readonly long StampForTests => _memory.Stamp;

    /// <summary>The test hook: the bytes this builder can still append before it grows (or takes the writer's next span).</summary>
    internal readonly int FreeForTests => _bytes.Length - _pos;

    /// <summary>The number of bytes written, including those already advanced into the writer.</summary>
    public readonly int Length => _committed + _pos;

    /// <summary>The written bytes. Valid until the builder next grows or is disposed.</summary>
    /// <exception cref="InvalidOperationException">The builder writes into an <see cref="IBufferWriter{T}"/>, or
    /// it was copied and another copy already returned the array it writes into.</exception>
    public readonly ReadOnlySpan<byte> WrittenSpan
    {
        get
        {
            ThrowIfOverWriter();
            ThrowIfCopyReturnedArray(); // a buffer the caller gave costs one null test
            return _bytes.Slice(0, _pos);
        }
    }

    /// <summary>The written bytes, as <see cref="WrittenSpan"/>. Valid until the builder next grows or is disposed.</summary>
    /// <returns>A span over the written bytes.</returns>
    /// <exception cref="InvalidOperationException">The builder writes into an <see cref="IBufferWriter{T}"/>, or
    /// it was copied and another copy already returned the array it writes into.</exception>
    public readonly ReadOnlySpan<byte> AsSpan() => WrittenSpan;

    /// <summary>Copies the written bytes to <paramref name="destination"/> when they all fit.</summary>
    /// <param name="destination">Receives the bytes.</param>
    /// <param name="bytesWritten">The number of bytes copied: <see cref="Length"/>, or 0 when they did not fit.</param>
    /// <returns><see langword="true"/> when everything was copied; <see langword="false"/> (nothing written) otherwise.</returns>
    /// <exception cref="InvalidOperationException">The builder writes into an <see cref="IBufferWriter{T}"/>, or
    /// it was copied and another copy already returned the array it writes into.</exception>
    public readonly bool TryCopyTo(Span<byte> destination, out int bytesWritten)
    {
        ThrowIfOverWriter();
        ThrowIfCopyReturnedArray(); // a buffer the caller gave costs one null test
        if (_bytes.Slice(0, _pos).TryCopyTo(destination))
        {
            bytesWritten = _pos;
            return true;
        }

        bytesWritten = 0;
        return false;
    }

    /// <summary>The written bytes as a new array. Does NOT dispose the builder.</summary>
    /// <returns>A copy of the written bytes.</returns>
    /// <exception cref="InvalidOperationException">The builder writes into an <see cref="IBufferWriter{T}"/>, or
    /// it was copied and another copy already returned the array it writes into.</exception>
    public readonly byte[] ToArray()
    {
        ThrowIfOverWriter();
        ThrowIfCopyReturnedArray();
        return _bytes.Slice(0, _pos).ToArray();
    }

    /// <summary>The written bytes decoded as a string (the text appended). Does NOT dispose the builder.</summary>
    /// <returns>The text built so far.</returns>
    /// <exception cref="InvalidOperationException">The builder writes into an <see cref="IBufferWriter{T}"/>, or
    /// it was copied and another copy already returned the array it writes into.</exception>
    public override readonly string ToString()
    {
        ThrowIfOverWriter();
        ThrowIfCopyReturnedArray();
        return TsvText.Decode(_bytes.Slice(0, _pos));
    }

    /// <summary>
    /// Over a writer: advances it past every byte written so far (a pending U+FFFD for a trailing high surrogate
    /// included, which a later low surrogate then no longer pairs with). Over a buffer: does nothing.
    /// </summary>
    /// <exception cref="InvalidOperationException">The builder was copied and another copy already returned the
    /// array whose bytes it would give the writer.</exception>
    public void Flush()
    {
        if (_writer is not null)
        {
            ThrowIfCopyReturnedArray();
            CommitToWriter(keepReplacement: false);
        }
    }

    /// <summary>
    /// Over a writer, flushes first (see <see cref="Flush"/>). Then returns the rented array (if any) to the pool and
    /// leaves an empty builder over no buffer (and no writer) that rents when written to. A second call does
    /// nothing. The caller's initial buffer is forgotten, never returned. A copy of this builder whose array another
    /// copy already returned returns nothing, gives the writer nothing and does not throw.
    /// </summary>
    public void Dispose()
    {
        // Dispose often runs in a finally while another exception is in flight: a stale copy only forgets.
        if (_writer is not null && _memory.IsOwned)
        {
            CommitToWriter(keepReplacement: false);
        }

        int written = _pos;
        _bytes = default;
        _pos = 0;
        _writer = null;
        _committed = 0;
        _pendingHigh = '\0';
        _memory.Dispose(written);
    }

    private readonly void ThrowIfOverWriter()
    {
        if (_writer is not null)
        {
            ThrowHelper.ThrowInvalidOperation("The builder writes into an IBufferWriter<byte>, which owns the bytes.");
        }
    }

    /// <summary>Makes sure <paramref name="count"/> bytes fit contiguously after the written ones.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Ensure(int count)
    {
        if (count > _bytes.Length - _pos)
        {
            Grow(count);
        }
    }

    /// <summary>Makes room for <paramref name="count"/> more bytes; only for callers that hold no span into the buffer.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Grow(int count)
    {
        byte[]? previous = GrowKeepingPrevious(count);
        if (previous is not null)
        {
            _memory.Release(previous);
        }
    }

    /// <summary>
    /// Makes room for <paramref name="count"/> more contiguous bytes. Over a buffer: rents at least double the
    /// capacity, copies the written bytes, and hands back the previously rented array WITHOUT returning it, so that
    /// a caller whose input may be a span into it (<c>b.Append(b.WrittenSpan)</c>) copies first and then releases it. Over a writer: advances it and takes its next span (returns <see langword="null"/>).
    /// A throwing rent or writer leaves the builder consistent.
    /// </summary>
    /// <exception cref="InvalidOperationException">A copy of this builder already returned its array.</exception>
    private byte[]? GrowKeepingPrevious(int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count), "The count must not be negative.");
        }

        if ((ulong)(uint)_committed + (uint)_pos + (uint)count > MaximumLength)
        {
            ThrowHelper.ThrowOutOfMemory("A Utf8ValueStringBuilder cannot write more than 2,147,483,591 bytes.");
        }

        ThrowIfCopyReturnedArray();
        if (_writer is not null)
        {
            GrowOverWriter(count);
            return null;
        }

        // Over a buffer everything is in one array, which also holds the stamp.
        _bytes = _memory.Grow(_bytes, _pos, count, _pos, out byte[]? previous);
        return previous;
    }

    /// <summary>
    /// Advances the writer past the written bytes, except a trailing U+FFFD that a low surrogate may still replace
    /// (rewritten at the start of the next span), and takes a span of at least <paramref name="count"/> bytes; or a
    /// rented array when the writer's span is shorter than asked for.
    /// </summary>
    private void GrowOverWriter(int count)
    {
        bool keep = _pendingHigh != '\0';
        CommitToWriter(keepReplacement: keep);
        int needed = keep ? count + ReplacementLength : count;
        Span<byte> span = _writer!.GetSpan(needed);
        if (span.Length >= needed)
        {
            _bytes = span;
        }
        else
        {
            _bytes = _memory.Rent(Math.Max(needed, MinimumRentCapacity), out _);
        }

        if (keep)
        {
            WriteReplacement(_bytes);
            _pos = ReplacementLength;
        }
    }

    /// <summary>Gives the written bytes (all, or all but a trailing U+FFFD) to the writer and leaves no buffer.</summary>
    private void CommitToWriter(bool keepReplacement)
    {
        int count = keepReplacement ? _pos - ReplacementLength : _pos;
        if (!keepReplacement)
        {
            _pendingHigh = '\0';
        }

        // A handler's draft may be writing into this span after our bytes: tell it the memory is going away.
        BuilderThreadState.Current.MemoryGeneration++;
        byte[]? rented = _memory.Rented;
        if (rented is null)
        {
            if (count > 0)
            {
                _writer!.Advance(count);
            }
        }
        else
        {
            Drain(rented.AsSpan(0, count));
        }

        _committed += count;
        _pos = 0;
        _bytes = default;
        if (rented is not null)
        {
            _memory.Suspend(out _);
            _memory.Release(rented);
        }
    }

    /// <summary>Copies <paramref name="data"/> into the writer in as many spans as it hands out.</summary>
    private readonly void Drain(ReadOnlySpan<byte> data)
    {
        while (!data.IsEmpty)
        {
            Span<byte> span = _writer!.GetSpan(data.Length);
            if (span.IsEmpty)
            {
                ThrowHelper.ThrowInvalidOperation("The buffer writer returned an empty span.");
            }

            int n = Math.Min(span.Length, data.Length);
            data.Slice(0, n).CopyTo(span);
            _writer.Advance(n);
            data = data.Slice(n);
        }
    }

    private static void WriteReplacement(Span<byte> destination)
    {
        destination[0] = 0xEF;
        destination[1] = 0xBF;
        destination[2] = 0xBD;
    }

    /// <summary>Throws when a copy of this builder already returned the array it writes into.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly void ThrowIfCopyReturnedArray() => _memory.ThrowIfCopyReturnedArray();
}
