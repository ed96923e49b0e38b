using System;
using System.Buffers;
using System.Globalization;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

public ref partial struct Utf8ValueStringBuilder
{
    /// <summary>
    /// Appends an interpolated string as UTF-8 without allocating: <c>builder.Append($"id={id}, at {time:O}")</c>.
    /// Each hole is formatted as the matching Append overload formats it, with the current culture.
    /// If a hole throws, nothing of the interpolated string is appended and the builder is unchanged.
    /// </summary>
    /// <param name="handler">Built by the compiler from the interpolated string, over this builder.</param>
    /// <exception cref="InvalidOperationException">The handler was made for another builder, was already used, or
    /// a hole changed this builder, or a copy of this builder already returned its pooled array.</exception>
    public void Append([InterpolatedStringHandlerArgument("")] scoped AppendInterpolatedStringHandler handler) =>
        AdoptDraft(handler);

    /// <summary>
    /// Appends an interpolated string as UTF-8 without allocating, formatting the holes with
    /// <paramref name="provider"/> (an <see cref="ICustomFormatter"/> it supplies is honoured, as <c>string.Format</c>
    /// does). If a hole throws, nothing of the interpolated string is appended and the builder is unchanged.
    /// </summary>
    /// <param name="provider">The culture information for every hole, or <see langword="null"/> for the current culture.</param>
    /// <param name="handler">Built by the compiler from the interpolated string, over this builder.</param>
    /// <exception cref="InvalidOperationException">The handler was made for another builder, was already used, or
    /// a hole changed this builder, or a copy of this builder already returned its pooled array.</exception>
    public void Append(IFormatProvider? provider, [InterpolatedStringHandlerArgument("", nameof(provider))] scoped AppendInterpolatedStringHandler handler)
    {
        _ = provider; // Already in the handler.
        AdoptDraft(handler);
    }

    /// <summary>Appends an interpolated string as <see cref="Append(AppendInterpolatedStringHandler)"/> does, then <see cref="Environment.NewLine"/>.</summary>
    /// <param name="handler">Built by the compiler from the interpolated string, over this builder.</param>
    /// <exception cref="InvalidOperationException">The handler was made for another builder, was already used, or
    /// a hole changed this builder, or a copy of this builder already returned its pooled array.</exception>
    public void AppendLine([InterpolatedStringHandlerArgument("")] scoped AppendInterpolatedStringHandler handler)
    {
        AdoptDraft(handler);
        Append(Environment.NewLine);
    }

    /// <summary>
    /// Appends an interpolated string as <see cref="Append(IFormatProvider?, AppendInterpolatedStringHandler)"/>
    /// does, then <see cref="Environment.NewLine"/>.
    /// </summary>
    /// <param name="provider">The culture information for every hole, or <see langword="null"/> for the current culture.</param>
    /// <param name="handler">Built by the compiler from the interpolated string, over this builder.</param>
    /// <exception cref="InvalidOperationException">The handler was made for another builder, was already used, or
    /// a hole changed this builder, or a copy of this builder already returned its pooled array.</exception>
    public void AppendLine(IFormatProvider? provider, [InterpolatedStringHandlerArgument("", nameof(provider))] scoped AppendInterpolatedStringHandler handler)
    {
        _ = provider;
        AdoptDraft(handler);
        Append(Environment.NewLine);
    }

    /// <summary>Takes the handler's bytes; see <see cref="AppendInterpolatedStringHandler"/>'s remarks for why this order is safe.</summary>
    private void AdoptDraft(scoped AppendInterpolatedStringHandler handler)
    {
        // Anything else than "the builder this handler was made for, exactly as the handler found it" is refused:
        // another builder, a second completion of the same handler, or a hole that changed the builder.
        if (!handler.WasCreatedFor(in _pos, _bytes)
            || _pos != handler.OwnerLength
            || _committed != handler.OwnerCommitted
            || !ReferenceEquals(_memory.Rented, handler.OwnerRented)
            || !ReferenceEquals(_writer, handler.OwnerWriter)
            || _bytes.Length != handler.OwnerCapacity)
        {
            ThrowHelper.ThrowInvalidOperation(
                "The interpolated string handler was made for another builder, was already used, or the builder changed while a hole was formatted; nothing was appended.");
        }

        // The handler's constructor refused a stale copy, but a hole may have disposed or grown a copy of this
        // builder since: then the array is no longer ours to release (the draft left it before the next write, and
        // its own array, if any, goes to the garbage collector).
        ThrowIfCopyReturnedArray();
        _pendingHigh = handler.DraftPendingHigh;
        byte[]? grown = handler.DraftRented;
        if (grown is null)
        {
            if (!handler.WriterMemory.IsEmpty)
            {
                // The draft wrote into writer memory taken when this builder had nothing unadvanced.
                byte[]? replaced = _memory.Suspend(out _);
                _bytes = handler.WriterMemory.Span;
                _pos = handler.DraftLength;
                if (replaced is not null)
                {
                    _memory.Release(replaced);
                }

                return;
            }

            _pos = handler.DraftLength;
            return;
        }

        // Over a writer the builder now writes into the draft's array (its span is left unadvanced: the array holds
        // those bytes too) and copies it into the writer at the next flush.
        byte[]? previous = _memory.Adopt(grown, handler.DraftStamp);
        _bytes = BuilderMemory<byte>.Writable(grown);
        _pos = handler.DraftLength;
        if (previous is not null)
        {
            _memory.Release(previous);
        }
    }

    /// <summary>
    /// The compiler's builder for <see cref="Append(AppendInterpolatedStringHandler)"/>. Use it only through
    /// interpolated strings.
    /// </summary>
    /// <remarks>
    /// <para>Lifetime, checked by the compiler: the constructor takes the builder by <see langword="in"/> reference
    /// without <see langword="scoped"/>, so a handler can live no longer than the builder variable and the buffer
    /// it writes into.</para>
    /// <para>A throwing hole is safe because the handler never owns or returns the builder's memory. It writes into
    /// a <em>draft</em>, a second builder that treats the builder's current buffer (the caller's, a rented array, or
    /// the writer's span) like a caller-supplied one and starts after the builder's bytes; when it outgrows it, it
    /// rents its own array. Only when every part has been formatted does the builder adopt the draft (its length
    /// and, if it grew, its array). If a hole throws, the builder was never touched (its length excludes anything
    /// the draft wrote into its spare room) and an array the draft rented is left to the garbage collector.</para>
    /// <para>Changing the builder from inside a hole makes the append throw <see cref="InvalidOperationException"/>
    /// and append nothing. Before each hole is written, a draft that borrows a rented array or a writer's span
    /// checks whether any builder on this thread returned an array or advanced a writer since the draft started;
    /// if so it first moves into an array of its own, so it never writes into memory another renter owns or into
    /// bytes a writer already received. Completing a handler into another builder also throws.</para>
    /// <para>A handler made for a copy of a builder whose pooled array another copy already returned throws
    /// <see cref="InvalidOperationException"/> when it is made, before any hole is evaluated, so its draft never
    /// writes into that array.</para>
    /// </remarks>
    [InterpolatedStringHandler]
    public ref partial struct AppendInterpolatedStringHandler
    {
        // Room asked of a writer per hole up front, so that a typical interpolated string fits its span.
        private const int BytesPerHole = 16;

        // Longer interpolated strings draft into a rented array rather than ask a writer for that much up front.
        private const int MaximumWriterHint = 4096;

        private Utf8ValueStringBuilder _draft;
        private readonly IFormatProvider? _provider;
        private readonly bool _hasCustomFormatter;
        private readonly byte[]? _ownerRented;
        private readonly IBufferWriter<byte>? _ownerWriter;
        private readonly int _ownerLength;
        private readonly int _ownerCommitted;
        private readonly int _ownerCapacity;
        private readonly MemoryGenerationWatch _borrowed;
        private readonly BuilderIdentity<byte> _owner;
        private readonly Memory<byte> _writerMemory;

        /// <summary>Called by the compiler.</summary>
        /// <param name="literalLength">The total length of the literal parts.</param>
        /// <param name="formattedCount">The number of holes.</param>
        /// <param name="builder">The builder to append to; the handler cannot outlive it.</param>
        /// <exception cref="InvalidOperationException">A copy of <paramref name="builder"/> already returned its pooled array.</exception>
        public AppendInterpolatedStringHandler(int literalLength, int formattedCount, in Utf8ValueStringBuilder builder)
            : this(literalLength, formattedCount, in builder, null)
        {
        }

        /// <summary>Called by the compiler.</summary>
        /// <param name="literalLength">The total length of the literal parts.</param>
        /// <param name="formattedCount">The number of holes.</param>
        /// <param name="builder">The builder to append to; the handler cannot outlive it.</param>
        /// <param name="provider">The culture information for every hole.</param>
        /// <exception cref="InvalidOperationException">A copy of <paramref name="builder"/> already returned its pooled array.</exception>
        public AppendInterpolatedStringHandler(int literalLength, int formattedCount, in Utf8ValueStringBuilder builder, IFormatProvider? provider)
        {
            builder.ThrowIfCopyReturnedArray(); // a buffer or writer span costs one null test
            Span<byte> bytes = builder._bytes;
            _writerMemory = default;
            if (builder._writer is not null && bytes.IsEmpty)
            {
                // The builder holds no writer memory (nothing unadvanced): take some for the whole string now (never
                // advancing it; the builder adopts it), so the draft writes straight into the writer instead of
                // into an array that is copied out later. Never while the builder holds a span: asking again
                // without an Advance may move the writer's buffer (ArrayBufferWriter does), and a hole that throws
                // would leave the builder writing into the old one.
                long hint = literalLength + ((long)formattedCount * BytesPerHole);
                if (hint > bytes.Length && hint <= MaximumWriterHint)
                {
                    _writerMemory = builder._writer.GetMemory((int)hint);
                    bytes = _writerMemory.Span;
                }
            }

            _draft = new Utf8ValueStringBuilder(bytes, builder._memory.Pool)
            {
                _pos = builder._pos,
                _pendingHigh = builder._pendingHigh,
            };
            if (builder._pendingHigh != '\0')
            {
                // A low surrogate at the start would rewrite the builder's last 3 bytes (its U+FFFD for the high
                // one), below the builder's length, which a throwing hole must leave untouched: draft in a copy.
                MoveDraftIntoOwnArray();
            }

            _ownerRented = builder._memory.Rented;
            _ownerWriter = builder._writer;
            _ownerLength = builder._pos;
            _ownerCommitted = builder._committed;
            _ownerCapacity = builder._bytes.Length;
            _owner = new BuilderIdentity<byte>(in builder._pos, builder._bytes);

            // Only a draft over a rented array or a writer's span borrows memory that can go away; one over a
            // caller's buffer never reads the counter.
            _borrowed = new MemoryGenerationWatch(borrowsMemory: _ownerRented is not null || builder._writer is not null);
            _provider = provider;
            _hasCustomFormatter = provider is not null
                && provider.GetType() != typeof(CultureInfo)
                && provider.GetFormat(typeof(ICustomFormatter)) is not null;
        }

        internal readonly byte[]? OwnerRented => _ownerRented;

        internal readonly IBufferWriter<byte>? OwnerWriter => _ownerWriter;

        internal readonly int OwnerLength => _ownerLength;

        internal readonly int OwnerCommitted => _ownerCommitted;

        internal readonly int OwnerCapacity => _ownerCapacity;

        internal readonly byte[]? DraftRented => _draft._memory.Rented;

        internal readonly long DraftStamp => _draft._memory.Stamp;

        internal readonly int DraftLength => _draft._pos;

        internal readonly char DraftPendingHigh => _draft._pendingHigh;

        /// <summary>Writer memory the draft was given in place of the builder's empty span, or empty.</summary>
        internal readonly Memory<byte> WriterMemory => _writerMemory;

        /// <summary>Whether the builder whose length field is <paramref name="pos"/> and buffer <paramref name="bytes"/> is the one this handler was made for.</summary>
        internal readonly bool WasCreatedFor(in int pos, ReadOnlySpan<byte> bytes) => _owner.Is(in pos, bytes);

        /// <summary>Called by the compiler for a literal part.</summary>
        /// <param name="value">The literal.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void AppendLiteral(string value)
        {
            // A short ASCII literal (the common case: " user=", ", ") is narrowed inline, without the call to the
            // text path; anything else (longer, non-ASCII, after a lone high surrogate, not fitting) goes there.
            if (_draft._pendingHigh == '\0' && _draft.TryAppendShortAscii(value))
            {
                return;
            }

            _draft.Append(value);
        }

        /// <summary>Called by the compiler for a hole.</summary>
        /// <typeparam name="T">The hole's type.</typeparam>
        /// <param name="value">The hole's value.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void AppendFormatted<T>(T value)
        {
            LeaveMemoryGivenAway();
            if (_hasCustomFormatter)
            {
                AppendCustomFormatted(value, null);
            }
            else
            {
                _draft.AppendValue(value, null, _provider);
            }
        }

        /// <summary>Called by the compiler for a hole with a format.</summary>
        /// <typeparam name="T">The hole's type.</typeparam>
        /// <param name="value">The hole's value.</param>
        /// <param name="format">The format after the colon.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void AppendFormatted<T>(T value, string? format)
        {
            LeaveMemoryGivenAway();
            if (_hasCustomFormatter)
            {
                AppendCustomFormatted(value, format);
            }
            else
            {
                _draft.AppendValue(value, format, _provider);
            }
        }

        /// <summary>Called by the compiler for a hole with an alignment.</summary>
        /// <typeparam name="T">The hole's type.</typeparam>
        /// <param name="value">The hole's value.</param>
        /// <param name="alignment">The minimum width in UTF-16 chars, as string.Format counts it: positive pads on the left, negative on the right.</param>
        public void AppendFormatted<T>(T value, int alignment)
        {
            LeaveMemoryGivenAway();
            int start = _draft._pos;
            bool afterHigh = _draft._pendingHigh != '\0';
            AppendFormatted(value);
            Pad(start, afterHigh, alignment);
        }

        /// <summary>Called by the compiler for a hole with an alignment and a format.</summary>
        /// <typeparam name="T">The hole's type.</typeparam>
        /// <param name="value">The hole's value.</param>
        /// <param name="alignment">The minimum width in UTF-16 chars, as string.Format counts it: positive pads on the left, negative on the right.</param>
        /// <param name="format">The format after the colon.</param>
        public void AppendFormatted<T>(T value, int alignment, string? format)
        {
            LeaveMemoryGivenAway();
            int start = _draft._pos;
            bool afterHigh = _draft._pendingHigh != '\0';
            AppendFormatted(value, format);
            Pad(start, afterHigh, alignment);
        }

        /// <summary>Called by the compiler for a span hole.</summary>
        /// <param name="value">The chars.</param>
        public void AppendFormatted(scoped ReadOnlySpan<char> value)
        {
            LeaveMemoryGivenAway();
            _draft.Append(value);
        }

        /// <summary>Called by the compiler for a span hole with an alignment or a format (the format is ignored).</summary>
        /// <param name="value">The chars.</param>
        /// <param name="alignment">The minimum width in UTF-16 chars: positive pads on the left, negative on the right.</param>
        /// <param name="format">Ignored, as string.Format ignores it for strings.</param>
        public void AppendFormatted(scoped ReadOnlySpan<char> value, int alignment = 0, string? format = null)
        {
            _ = format;
            LeaveMemoryGivenAway();
            int start = _draft._pos;
            bool afterHigh = _draft._pendingHigh != '\0';
            _draft.Append(value);
            Pad(start, afterHigh, alignment);
        }

        /// <summary>Called by the compiler for a hole of UTF-8 bytes, appended as they are.</summary>
        /// <param name="utf8">The bytes.</param>
        public void AppendFormatted(scoped ReadOnlySpan<byte> utf8)
        {
            LeaveMemoryGivenAway();
            _draft.Append(utf8);
        }

        /// <summary>Called by the compiler for a string hole.</summary>
        /// <param name="value">The string; <see langword="null"/> appends nothing.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void AppendFormatted(string? value)
        {
            LeaveMemoryGivenAway();
            if (_hasCustomFormatter)
            {
                AppendCustomFormatted(value, null);
            }
            else
            {
                _draft.Append(value);
            }
        }

        /// <summary>Called by the compiler for a string hole with an alignment or a format.</summary>
        /// <param name="value">The string; <see langword="null"/> appends nothing.</param>
        /// <param name="alignment">The minimum width in UTF-16 chars: positive pads on the left, negative on the right.</param>
        /// <param name="format">The format (used only by a custom formatter).</param>
        public void AppendFormatted(string? value, int alignment = 0, string? format = null) =>
            AppendFormatted<string?>(value, alignment, format);

        /// <summary>Called by the compiler for an object hole.</summary>
        /// <param name="value">The value.</param>
        /// <param name="alignment">The minimum width in UTF-16 chars: positive pads on the left, negative on the right.</param>
        /// <param name="format">The format after the colon.</param>
        public void AppendFormatted(object? value, int alignment = 0, string? format = null) =>
            AppendFormatted<object?>(value, alignment, format);

        /// <summary>
        /// A hole's expression may have made some builder return an array or advance a writer (only its own builder
        /// matters, but the counter is per thread): a draft still writing into borrowed memory moves into its own
        /// array first. The builder then refuses the draft if it was its own memory that went away.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private void LeaveMemoryGivenAway()
        {
            if (_borrowed.MemoryWasGivenAway && _draft._memory.Rented is null)
            {
                MoveDraftIntoOwnArray();
            }
        }

        // Out of line: every hole inlines the check above, none the move.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private void MoveDraftIntoOwnArray() =>
            _draft._bytes = _draft._memory.MoveIntoOwnArray(_draft._bytes.Slice(0, _draft._pos), Math.Max(_draft._bytes.Length, MinimumRentCapacity));

        /// <summary>
        /// Pads the hole written from <paramref name="start"/> to <paramref name="alignment"/> UTF-16 chars, as
        /// string.Format pads the hole's text. When the hole followed a pending high surrogate
        /// (<paramref name="afterHigh"/>) and starts with a low one, the pair's 4 bytes replaced the U+FFFD before
        /// <paramref name="start"/>: the low half is the hole's first char, and padding on the left goes between the
        /// halves, which then encode apart (U+FFFD, spaces, U+FFFD), as in the string the same appends build.
        /// </summary>
        private void Pad(int start, bool afterHigh, int alignment)
        {
            bool paired = afterHigh && _draft._pos > start && _draft._bytes[start - ReplacementLength] >= 0xF0;
            int holeStart = paired ? start - ReplacementLength : start;
            int written = Utf16Length(_draft._bytes.Slice(holeStart, _draft._pos - holeStart)) - (paired ? 1 : 0);
            bool leftAlign = alignment < 0;
            long width = leftAlign ? -(long)alignment : alignment;
            if (width <= written)
            {
                return;
            }

            // {x,-2147483648} asks for 2^31 chars: more than any builder holds, so OutOfMemoryException (not a
            // negative count wrapped from the long).
            if (width - written > MaximumLength)
            {
                ThrowHelper.ThrowOutOfMemory("A Utf8ValueStringBuilder cannot write more than 2,147,483,591 bytes.");
            }

            int padding = (int)(width - written);
            if (leftAlign)
            {
                _draft.Append(' ', padding);
                return;
            }

            if (paired)
            {
                PadBetweenHalves(holeStart, padding);
                return;
            }

            if (_draft._pos == start)
            {
                // Nothing written: the spaces end the text, so a pending high surrogate before them stays alone.
                _draft._pendingHigh = '\0';
            }

            _draft.Ensure(padding);
            int end = _draft._pos;
            _draft._bytes.Slice(start, end - start).CopyTo(_draft._bytes.Slice(start + padding));
            _draft._bytes.Slice(start, padding).Fill((byte)' ');
            _draft._pos = end + padding;
        }

        /// <summary>
        /// Right-aligns a hole that completed a pair at <paramref name="pairStart"/>: the pair's 4 bytes become
        /// U+FFFD, the padding, U+FFFD (the high half, the spaces, then the hole's low half), and the rest of the
        /// hole moves up behind them.
        /// </summary>
        private void PadBetweenHalves(int pairStart, int padding)
        {
            const int PairLength = 4;
            _draft.Ensure(padding + (2 * ReplacementLength) - PairLength);
            int end = _draft._pos;
            Span<byte> bytes = _draft._bytes;
            int restStart = pairStart + PairLength;
            int newRestStart = pairStart + ReplacementLength + padding + ReplacementLength;
            bytes.Slice(restStart, end - restStart).CopyTo(bytes.Slice(newRestStart));
            WriteReplacement(bytes.Slice(pairStart));
            bytes.Slice(pairStart + ReplacementLength, padding).Fill((byte)' ');
            WriteReplacement(bytes.Slice(pairStart + ReplacementLength + padding));
            _draft._pos = newRestStart + (end - restStart);
        }

        /// <summary>How many UTF-16 chars the UTF-8 <paramref name="utf8"/> decodes to: one per lead byte, two for a 4-byte sequence.</summary>
        private static int Utf16Length(ReadOnlySpan<byte> utf8)
        {
            int count = 0;
            foreach (byte b in utf8)
            {
                if ((b & 0xC0) != 0x80)
                {
                    count += b >= 0xF0 ? 2 : 1;
                }
            }

            return count;
        }

        /// <summary>
        /// As the runtime's DefaultInterpolatedStringHandler does: the text the custom formatter returns, and nothing
        /// when it returns <see langword="null"/> or the provider no longer supplies it (no fallback, unlike
        /// string.Format's composite items).
        /// </summary>
        private void AppendCustomFormatted<T>(T value, string? format)
        {
            var formatter = (ICustomFormatter?)_provider!.GetFormat(typeof(ICustomFormatter));
            if (formatter is not null)
            {
                _draft.Append(formatter.Format(format, value, _provider));
            }
        }
    }
}
