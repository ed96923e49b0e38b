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
    /// <param name="handler">Built by the compiler from the interpolated string.</param>
    public void Append([InterpolatedStringHandlerArgument("")] AppendInterpolatedStringHandler handler) =>
        handler.CompleteInto(ref this);

    /// <summary>
    /// Appends an interpolated string without allocating, formatting the holes with <paramref name="provider"/>
    /// (an <see cref="ICustomFormatter"/> it supplies is honoured, as <c>string.Format</c> does).
    /// If a hole throws, nothing of the interpolated string is appended and the builder is unchanged.
    /// </summary>
    /// <param name="provider">The culture information for every hole, or <see langword="null"/> for the current culture.</param>
    /// <param name="handler">Built by the compiler from the interpolated string.</param>
    public void Append(IFormatProvider? provider, [InterpolatedStringHandlerArgument("", nameof(provider))] AppendInterpolatedStringHandler handler) =>
        handler.CompleteInto(ref this);

    /// <summary>Appends an interpolated string as <see cref="Append(AppendInterpolatedStringHandler)"/> does, then <see cref="Environment.NewLine"/>.</summary>
    /// <param name="handler">Built by the compiler from the interpolated string.</param>
    public void AppendLine([InterpolatedStringHandlerArgument("")] AppendInterpolatedStringHandler handler)
    {
        handler.CompleteInto(ref this);
        Append(Environment.NewLine);
    }

    /// <summary>
    /// The compiler's builder for <see cref="Append(AppendInterpolatedStringHandler)"/>. Use it only through
    /// interpolated strings.
    /// </summary>
    /// <remarks>
    /// <para>The invariant that makes a throwing hole safe: the handler never owns or returns the builder's array.
    /// It writes into a <em>draft</em>, a second ValueStringBuilder that treats the builder's current buffer like a
    /// caller-supplied one (never returned to the pool) and starts at the builder's length. When the draft outgrows
    /// that buffer it rents its own array; any later growth returns only arrays the draft rented itself.</para>
    /// <para>Only when every part has been formatted does the builder adopt the draft: it takes the draft's length
    /// and, if the draft grew, its array, and only then returns its own previous array. So at every moment each
    /// rented array has exactly one owner. If a hole throws, the builder was never touched (its length still
    /// excludes anything the draft wrote into its spare capacity) and an array the draft rented is simply left to
    /// the garbage collector: never returned, so never returned twice.</para>
    /// <para>Adoption checks that the builder is still as the handler found it (length, rented array, capacity):
    /// changing the builder from inside a hole (<c>b.Append($"{Modify(ref b)}")</c>) throws
    /// <see cref="InvalidOperationException"/> and appends nothing. Do not do it anyway: if the hole made the builder
    /// grow, the draft may already have written into the array the builder gave back to the pool.</para>
    /// <para>Why no ref field to the builder: the compiler passes a struct receiver to the handler's constructor by
    /// value, and netstandard2.0 has no ref fields; the draft design works the same on both targets and makes an
    /// interpolated append all-or-nothing.</para>
    /// </remarks>
    [InterpolatedStringHandler]
    public ref struct AppendInterpolatedStringHandler
    {
        private ValueStringBuilder _draft;
        private readonly IFormatProvider? _provider;
        private readonly bool _hasCustomFormatter;
        private readonly char[]? _ownerRented;
        private readonly int _ownerLength;
        private readonly int _ownerCapacity;

        /// <summary>Called by the compiler.</summary>
        /// <param name="literalLength">The total length of the literal parts.</param>
        /// <param name="formattedCount">The number of holes.</param>
        /// <param name="builder">A copy of the builder to append to (the compiler passes struct receivers by value); only read.</param>
        public AppendInterpolatedStringHandler(int literalLength, int formattedCount, scoped ValueStringBuilder builder)
            : this(literalLength, formattedCount, builder, null)
        {
        }

        /// <summary>Called by the compiler.</summary>
        /// <param name="literalLength">The total length of the literal parts.</param>
        /// <param name="formattedCount">The number of holes.</param>
        /// <param name="builder">A copy of the builder to append to (the compiler passes struct receivers by value); only read.</param>
        /// <param name="provider">The culture information for every hole.</param>
        public AppendInterpolatedStringHandler(int literalLength, int formattedCount, scoped ValueStringBuilder builder, IFormatProvider? provider)
        {
            // The compiler passes a struct receiver by value, so `builder` is a copy: it is only read here, and its
            // buffer is borrowed, never returned (see the remarks). Growth happens in the draft, sized by need.
            _ = literalLength;
            _ = formattedCount;
            _draft = new ValueStringBuilder(Unscoped(builder._chars), builder._pool) { _pos = builder._pos };
            _ownerRented = builder._rented;
            _ownerLength = builder._pos;
            _ownerCapacity = builder._chars.Length;
            _provider = provider;
            _hasCustomFormatter = provider is not null
                && provider.GetType() != typeof(CultureInfo)
                && provider.GetFormat(typeof(ICustomFormatter)) is not null;
        }

        /// <summary>Called by the compiler for a literal part.</summary>
        /// <param name="value">The literal.</param>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void AppendLiteral(string value) => _draft.Append(value);

        /// <summary>Called by the compiler for a hole.</summary>
        /// <typeparam name="T">The hole's type.</typeparam>
        /// <param name="value">The hole's value.</param>
        public void AppendFormatted<T>(T value)
        {
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
            int start = _draft._pos;
            AppendFormatted(value, format);
            Pad(start, alignment);
        }

        /// <summary>Called by the compiler for a span hole.</summary>
        /// <param name="value">The chars.</param>
        public void AppendFormatted(scoped ReadOnlySpan<char> value) => _draft.Append(value);

        /// <summary>Called by the compiler for a span hole with an alignment or a format (the format is ignored).</summary>
        /// <param name="value">The chars.</param>
        /// <param name="alignment">The minimum width: positive pads on the left, negative on the right.</param>
        /// <param name="format">Ignored, as string.Format ignores it for strings.</param>
        public void AppendFormatted(scoped ReadOnlySpan<char> value, int alignment = 0, string? format = null)
        {
            _ = format;
            int start = _draft._pos;
            _draft.Append(value);
            Pad(start, alignment);
        }

        /// <summary>Called by the compiler for a string hole.</summary>
        /// <param name="value">The string; <see langword="null"/> appends nothing.</param>
        public void AppendFormatted(string? value)
        {
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

        /// <summary>Moves the draft into <paramref name="builder"/>; see the type's remarks for why this order is safe.</summary>
        internal readonly void CompleteInto(ref ValueStringBuilder builder)
        {
            // A second completion of the same handler (only possible by calling Append with it by hand) finds the
            // builder changed, unless the draft added nothing, in which case completing again changes nothing.
            if (builder._pos != _ownerLength
                || !ReferenceEquals(builder._rented, _ownerRented)
                || builder._chars.Length != _ownerCapacity)
            {
                ThrowHelper.ThrowInvalidOperation(
                    "The builder changed while the interpolated string was being formatted, or the handler was already used; nothing was appended.");
            }

            if (_draft._rented is null)
            {
                builder._pos = _draft._pos;
                return;
            }

            char[]? previous = builder._rented;
            builder._chars = _draft._chars;
            builder._rented = _draft._rented;
            builder._pos = _draft._pos;
            if (previous is not null)
            {
                builder.Pool.Return(previous);
            }
        }

        /// <summary>
        /// The builder parameter is <see langword="scoped"/> so that a builder passed by <see langword="ref"/> can
        /// take an interpolated string (otherwise the compiler rejects <c>b.Append($"...")</c> on a ref parameter);
        /// but the draft must write into the builder's buffer. Reading the span back through a pointer to the
        /// parameter's own stack slot (which never moves; the span's reference inside stays GC-tracked) drops the
        /// compiler's scope. It is sound because the draft only ever flows back into the builder it was taken from,
        /// which CompleteInto verifies, within the one statement the compiler builds the handler for.
        /// </summary>
        private static unsafe Span<char> Unscoped(scoped Span<char> span)
        {
#pragma warning disable CS8500 // The pointer is to a stack slot holding a span; it is dereferenced at once.
            return *&span;
#pragma warning restore CS8500
        }

        private void Pad(int start, int alignment)
        {
            int written = _draft._pos - start;
            bool leftAlign = alignment < 0;
            long width = leftAlign ? -(long)alignment : alignment;
            if (width <= written)
            {
                return;
            }

            int padding = (int)(width - written);
            if (leftAlign)
            {
                _draft.Append(' ', padding);
            }
            else
            {
                _draft.OpenGap(start, padding).Fill(' ');
            }
        }

        private void AppendCustomFormatted<T>(T value, string? format)
        {
            var formatter = (ICustomFormatter?)_provider!.GetFormat(typeof(ICustomFormatter));
            if (formatter is not null)
            {
                _draft.Append(formatter.Format(format, value, _provider));
            }
            else
            {
                _draft.AppendValue(value, format, _provider);
            }
        }
    }
}
