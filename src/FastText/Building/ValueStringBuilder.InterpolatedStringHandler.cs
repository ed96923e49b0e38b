using System;
using System.Globalization;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    /// <summary>
    /// Appends an interpolated string without allocating: <c>builder.Append($"id={id}, at {time:O}")</c>.
    /// Each hole is formatted as the matching Append overload formats it, with the current culture.
    /// If a hole throws, nothing of the interpolated string is appended and the builder is unchanged.
    /// </summary>
    /// <param name="handler">Built by the compiler from the interpolated string, over this builder.</param>
    /// <exception cref="InvalidOperationException">The handler was made for another builder, was already used, or
    /// a hole changed this builder, or a copy of this builder already returned its pooled array.</exception>
    public void Append([InterpolatedStringHandlerArgument("")] scoped AppendInterpolatedStringHandler handler) =>
        AdoptDraft(handler);

    /// <summary>
    /// Appends an interpolated string without allocating, formatting the holes with <paramref name="provider"/>
    /// (an <see cref="ICustomFormatter"/> it supplies is honoured, as <c>string.Format</c> does).
    /// If a hole throws, nothing of the interpolated string is appended and the builder is unchanged.
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

    /// <summary>Takes the handler's text; see <see cref="AppendInterpolatedStringHandler"/>'s remarks for why this order is safe.</summary>
    private void AdoptDraft(scoped AppendInterpolatedStringHandler handler)
    {
        // Anything else than "the builder this handler was made for, exactly as the handler found it" is refused:
        // another builder, a second completion of the same handler, or a hole that changed the builder.
        if (!handler.WasCreatedFor(in _pos, _chars)
            || _pos != handler.OwnerLength
            || !ReferenceEquals(_memory.Rented, handler.OwnerRented)
            || _chars.Length != handler.OwnerCapacity)
        {
            ThrowHelper.ThrowInvalidOperation(
                "The interpolated string handler was made for another builder, was already used, or the builder changed while a hole was formatted; nothing was appended.");
        }

        // The handler's constructor refused a stale copy, but a hole may have disposed or grown a copy of this
        // builder since: then the array is no longer ours to release (the draft left it before the next write, and
        // its own array, if any, goes to the garbage collector).
        ThrowIfCopyReturnedArray();

        char[]? grown = handler.DraftRented;
        if (grown is null)
        {
            _pos = handler.DraftLength;
            return;
        }

        char[]? previous = _memory.Adopt(grown, handler.DraftStamp);
        _chars = BuilderMemory<char>.Writable(grown);
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
    /// without <see langword="scoped"/>, so under the C# 11 ref-safety rules a handler can live no longer than the
    /// builder variable and the buffer it writes into. Returning a handler over a local (<c>stackalloc</c>) builder,
    /// or storing it anywhere that outlives the builder, does not compile.</para>
    /// <para>A throwing hole is safe because the handler never owns or returns the builder's array. It writes into
    /// a <em>draft</em>, a second ValueStringBuilder that treats the builder's current buffer like a caller-supplied
    /// one (never returned to the pool) and starts at the builder's length. When the draft outgrows that buffer it
    /// rents its own array; later growth returns only arrays the draft rented itself. Only when every part has
    /// been formatted does the builder adopt the draft (its length and, if it grew, its array) and only then
    /// returns its own previous array. If a hole throws, the builder was never touched (its length excludes
    /// anything the draft wrote into its spare capacity) and an array the draft rented is left to the garbage
    /// collector: never returned, so never returned twice.</para>
    /// <para>Changing the builder from inside a hole (<c>b.Append($"{Modify(ref b)}")</c>) makes the append throw
    /// <see cref="InvalidOperationException"/> and append nothing. Before each hole is written, a draft that borrows
    /// the builder's rented array checks whether any builder on this thread returned an array since the draft
    /// started; if so it first moves into an array of its own, so it never writes into memory another renter owns.
    /// Completing a handler into another builder also throws.</para>
    /// </remarks>
    [InterpolatedStringHandler]
    public ref partial struct AppendInterpolatedStringHandler
    {
        private ValueStringBuilder _draft;
        private readonly IFormatProvider? _provider;
        private readonly bool _hasCustomFormatter;
        private readonly char[]? _ownerRented;
        private readonly int _ownerLength;
        private readonly int _ownerCapacity;
        private readonly BuilderIdentity<char> _owner;
        private readonly MemoryGenerationWatch _borrowed;

        /// <summary>Called by the compiler.</summary>
        /// <param name="literalLength">The total length of the literal parts.</param>
        /// <param name="formattedCount">The number of holes.</param>
        /// <param name="builder">The builder to append to; the handler cannot outlive it.</param>
        /// <exception cref="InvalidOperationException">A copy of <paramref name="builder"/> already returned its pooled array.</exception>
        public AppendInterpolatedStringHandler(int literalLength, int formattedCount, in ValueStringBuilder builder)
            : this(literalLength, formattedCount, in builder, null)
        {
        }

        /// <summary>Called by the compiler.</summary>
        /// <param name="literalLength">The total length of the literal parts.</param>
        /// <param name="formattedCount">The number of holes.</param>
        /// <param name="builder">The builder to append to; the handler cannot outlive it.</param>
        /// <param name="provider">The culture information for every hole.</param>
        /// <exception cref="InvalidOperationException">A copy of <paramref name="builder"/> already returned its pooled array.</exception>
        public AppendInterpolatedStringHandler(int literalLength, int formattedCount, in ValueStringBuilder builder, IFormatProvider? provider)
        {
            // Refused before the draft writes anything: a stale copy's array may already be another renter's.
            builder.ThrowIfCopyReturnedArray(); // a buffer the caller gave costs one null test
            _ = literalLength;
            _ = formattedCount;
            _draft = new ValueStringBuilder(builder._chars, builder._memory.Pool) { _pos = builder._pos };
            _ownerRented = builder._memory.Rented;
            _ownerLength = builder._pos;
            _ownerCapacity = builder._chars.Length;
            _owner = new BuilderIdentity<char>(in builder._pos, builder._chars);

            // Only a draft over a rented array borrows memory that can go away; one over a caller's buffer never
            // reads the counter.
            _borrowed = new MemoryGenerationWatch(borrowsMemory: _ownerRented is not null);

            _provider = provider;
            _hasCustomFormatter = provider is not null
                && provider.GetType() != typeof(CultureInfo)
                && provider.GetFormat(typeof(ICustomFormatter)) is not null;
        }

        internal readonly char[]? OwnerRented => _ownerRented;

        /// <summary>Whether the builder whose length field is <paramref name="pos"/> and buffer <paramref name="chars"/> is the one this handler was made for.</summary>
        internal readonly bool WasCreatedFor(in int pos, ReadOnlySpan<char> chars) => _owner.Is(in pos, chars);

        internal readonly int OwnerLength => _ownerLength;

        internal readonly int OwnerCapacity => _ownerCapacity;

        internal readonly char[]? DraftRented => _draft._memory.Rented;

        internal readonly long DraftStamp => _draft._memory.Stamp;

        internal readonly int DraftLength => _draft._pos;

        /// <summary>Called by the compiler for a literal part.</summary>
        /// <param name="value">The literal.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void AppendLiteral(string value) => _draft.Append(value);

        /// <summary>Called by the compiler for a hole.</summary>
        /// <typeparam name="T">The hole's type.</typeparam>
        /// <param name="value">The hole's value.</param>
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
        /// <param name="alignment">The minimum width: positive pads on the left, negative on the right.</param>
        public void AppendFormatted<T>(T value, int alignment)
        {
            LeaveMemoryGivenAway();
            int start = _draft._pos;
            AppendFormatted(value);
            Pad(start, alignment);
        }

        /// <summary>Called by the compiler for a hole with an alignment and a format.</summary>
        /// <typeparam name="T">The hole's type.</typeparam>
        /// <param name="value">The hole's value.</param>
        /// <param name="alignment">The minimum width: positive pads on the left, negative on the right.</param>
        /// <param name="format">The format after the colon.</param>
        public void AppendFormatted<T>(T value, int alignment, string? format)
        {
            LeaveMemoryGivenAway();
            int start = _draft._pos;
            AppendFormatted(value, format);
            Pad(start, alignment);
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
        /// <param name="alignment">The minimum width: positive pads on the left, negative on the right.</param>
        /// <param name="format">Ignored, as string.Format ignores it for strings.</param>
        public void AppendFormatted(scoped ReadOnlySpan<char> value, int alignment = 0, string? format = null)
        {
            _ = format;
            LeaveMemoryGivenAway();
            int start = _draft._pos;
            _draft.Append(value);
            Pad(start, alignment);
        }

        /// <summary>Called by the compiler for a string hole.</summary>
        /// <param name="value">The string; <see langword="null"/> appends nothing.</param>
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
        /// <param name="alignment">The minimum width: positive pads on the left, negative on the right.</param>
        /// <param name="format">The format (used only by a custom formatter).</param>
        public void AppendFormatted(string? value, int alignment = 0, string? format = null) =>
            AppendFormatted<string?>(value, alignment, format);

        /// <summary>Called by the compiler for an object hole.</summary>
        /// <param name="value">The value.</param>
        /// <param name="alignment">The minimum width: positive pads on the left, negative on the right.</param>
        /// <param name="format">The format after the colon.</param>
        public void AppendFormatted(object? value, int alignment = 0, string? format = null) =>
            AppendFormatted<object?>(value, alignment, format);

        /// <summary>
        /// A hole's expression may have made some builder return an array (only its own builder matters, but the
        /// counter is per thread): a draft still writing into the borrowed array moves into its own array first. The
        /// builder then refuses the draft if it was its own array that went away.
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
            _draft._chars = _draft._memory.MoveIntoOwnArray(_draft._chars.Slice(0, _draft._pos), Math.Max(_draft._chars.Length, MinimumRentCapacity));

        private void Pad(int start, int alignment)
        {
            int written = _draft._pos - start;
            bool leftAlign = alignment < 0;
            long width = leftAlign ? -(long)alignment : alignment;
            if (width <= written)
            {
                return;
            }

            // {x,-2147483648} asks for 2^31 chars: more than any builder holds, so OutOfMemoryException (not a
            // negative count wrapped from the long).
            int padding = CheckedLength(width - written);
            if (leftAlign)
            {
                _draft.Append(' ', padding);
            }
            else
            {
                _draft.OpenGap(start, padding).Fill(' ');
            }
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
