using System;
using System.Buffers;
using System.Globalization;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// Generic typed parsing on net8.0: <see cref="Parse{T}(int, IFormatProvider?)"/> for any <see cref="IUtf8SpanParsable{TSelf}"/>
/// (the numeric types; straight from the UTF-8 bytes), <see cref="ParseChars{T}"/> for types that only parse UTF-16
/// (<see cref="ISpanParsable{TSelf}"/>: dates, times, <see cref="Guid"/>, <see cref="bool"/>, your own types). Both use
/// the type's own parsing rules with <see cref="CultureInfo.InvariantCulture"/> unless a provider is given. With the
/// invariant culture the plain shapes of the common types (digits, a decimal point and exponent, ISO 8601 dates,
/// 'D' Guids, "true"/"false") are parsed by the library itself, to the value the type's parser gives, so a column of
/// any of those types costs about what <see cref="GetInt32"/> or <see cref="GetDouble"/> costs.
/// </summary>
public readonly ref partial struct TsvRow
{
    /// <summary>
    /// Selected column <paramref name="column"/> parsed by <typeparamref name="T"/>'s
    /// <see cref="IUtf8SpanParsable{TSelf}.TryParse(ReadOnlySpan{byte}, IFormatProvider?, out TSelf)"/>, without
    /// transcoding. The type's rules apply: the BCL numbers use <see cref="NumberStyles.Integer"/> or
    /// <see cref="NumberStyles.Float"/> | <see cref="NumberStyles.AllowThousands"/>, which allow surrounding white
    /// space (the non-generic getters such as <see cref="GetInt32"/> do not).
    /// </summary>
    /// <typeparam name="T">The type to parse, for example <see cref="int"/>, <see cref="double"/> or <see cref="byte"/>.</typeparam>
    /// <param name="column">An index into the selection.</param>
    /// <param name="provider">Culture-specific formatting; <see cref="CultureInfo.InvariantCulture"/> when null.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or <typeparamref name="T"/> does not parse it.</exception>
    public T Parse<T>(int column, IFormatProvider? provider = null)
        where T : IUtf8SpanParsable<T>
    {
        if (IsInvariant(provider) && TryParseWindowed(column, out T windowed))
        {
            return windowed;
        }

        ReadOnlySpan<byte> value = this[column];
        if (!TryParseUtf8(value, provider, out T? result))
        {
            ThrowNotConvertible(column, value, typeof(T).Name);
        }

        return result!;
    }

    /// <summary>Gets selected column <paramref name="column"/> parsed as <see cref="Parse{T}(int, IFormatProvider?)"/> does.</summary>
    /// <typeparam name="T">The type to parse.</typeparam>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or <see langword="default"/>.</param>
    /// <param name="provider">Culture-specific formatting; <see cref="CultureInfo.InvariantCulture"/> when null.</param>
    /// <returns>False when the column is absent or does not parse.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryParse<T>(int column, out T? value, IFormatProvider? provider = null)
        where T : IUtf8SpanParsable<T>
    {
        if (IsInvariant(provider) && TryParseWindowed(column, out value))
        {
            return true;
        }

        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseUtf8(text, provider, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>
    /// Selected column <paramref name="column"/> parsed by <typeparamref name="T"/>'s
    /// <see cref="ISpanParsable{TSelf}.TryParse(ReadOnlySpan{char}, IFormatProvider?, out TSelf)"/>, for types without
    /// a UTF-8 parser: the column is transcoded to UTF-16 on the stack (ASCII widened with SIMD, invalid UTF-8 as
    /// U+FFFD), nothing is allocated up to 256 bytes and a pooled buffer is used beyond.
    /// </summary>
    /// <typeparam name="T">The type to parse, for example <see cref="Guid"/>, <see cref="TimeOnly"/> or your own type.</typeparam>
    /// <param name="column">An index into the selection.</param>
    /// <param name="provider">Culture-specific formatting; <see cref="CultureInfo.InvariantCulture"/> when null.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or <typeparamref name="T"/> does not parse it.</exception>
    public T ParseChars<T>(int column, IFormatProvider? provider = null)
        where T : ISpanParsable<T>
    {
        if (IsInvariant(provider) && TryParseWindowed(column, out T windowed))
        {
            return windowed;
        }

        ReadOnlySpan<byte> value = this[column];
        if (!TryParseChars(value, provider, out T? result))
        {
            ThrowNotConvertible(column, value, typeof(T).Name);
        }

        return result!;
    }

    /// <summary>Gets selected column <paramref name="column"/> parsed as <see cref="ParseChars{T}"/> does.</summary>
    /// <typeparam name="T">The type to parse.</typeparam>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or <see langword="default"/>.</param>
    /// <param name="provider">Culture-specific formatting; <see cref="CultureInfo.InvariantCulture"/> when null.</param>
    /// <returns>False when the column is absent or does not parse.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryParseChars<T>(int column, out T? value, IFormatProvider? provider = null)
        where T : ISpanParsable<T>
    {
        if (IsInvariant(provider) && TryParseWindowed(column, out value))
        {
            return true;
        }

        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseChars(text, provider, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>
    /// Parses selected columns <paramref name="firstColumn"/> to <paramref name="firstColumn"/> + <c>values.Length</c> - 1
    /// into <paramref name="values"/>, each as <see cref="Parse{T}(int, IFormatProvider?)"/> parses it: the forty
    /// feature columns of a row into one span, say. On an exception the values before the failing column are written.
    /// </summary>
    /// <typeparam name="T">The type to parse.</typeparam>
    /// <param name="firstColumn">The index into the selection of the column parsed into <c>values[0]</c>.</param>
    /// <param name="values">One value per column.</param>
    /// <param name="provider">Culture-specific formatting; <see cref="CultureInfo.InvariantCulture"/> when null.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="firstColumn"/> is negative, or a column is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before a column, or <typeparamref name="T"/> does not parse it.</exception>
    public void Parse<T>(int firstColumn, Span<T> values, IFormatProvider? provider = null)
        where T : IUtf8SpanParsable<T>
    {
        if (firstColumn < 0 || firstColumn > int.MaxValue - values.Length)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(firstColumn));
        }

        bool invariant = IsInvariant(provider);
        for (int i = 0; i < values.Length; i++)
        {
            if (invariant && TryParseWindowed(firstColumn + i, out T windowed))
            {
                values[i] = windowed;
                continue;
            }

            ReadOnlySpan<byte> text = this[firstColumn + i];
            if (!TryParseUtf8(text, provider, out T? value))
            {
                ThrowNotConvertible(firstColumn + i, text, typeof(T).Name);
            }

            values[i] = value!;
        }
    }

    /// <summary>
    /// Parses the selected columns <paramref name="columns"/> into <paramref name="values"/> (<c>values[i]</c> from
    /// <c>columns[i]</c>), each as <see cref="Parse{T}(int, IFormatProvider?)"/> parses it. On an exception the values
    /// before the failing column are written.
    /// </summary>
    /// <typeparam name="T">The type to parse.</typeparam>
    /// <param name="columns">Indices into the selection.</param>
    /// <param name="values">One value per index, as long as <paramref name="columns"/>.</param>
    /// <param name="provider">Culture-specific formatting; <see cref="CultureInfo.InvariantCulture"/> when null.</param>
    /// <exception cref="ArgumentException"><paramref name="values"/> is not as long as <paramref name="columns"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException">An index is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before a column, or <typeparamref name="T"/> does not parse it.</exception>
    public void Parse<T>(ReadOnlySpan<int> columns, Span<T> values, IFormatProvider? provider = null)
        where T : IUtf8SpanParsable<T>
    {
        if (values.Length != columns.Length)
        {
            ThrowHelper.ThrowArgument(nameof(values), "Must be as long as columns.");
        }

        bool invariant = IsInvariant(provider);
        for (int i = 0; i < columns.Length; i++)
        {
            if (invariant && TryParseWindowed(columns[i], out T windowed))
            {
                values[i] = windowed;
                continue;
            }

            ReadOnlySpan<byte> text = this[columns[i]];
            if (!TryParseUtf8(text, provider, out T? value))
            {
                ThrowNotConvertible(columns[i], text, typeof(T).Name);
            }

            values[i] = value!;
        }
    }

    // The library's own parse of the plain shapes when the culture is the invariant one (the fast path gives what T
    // gives there), T's own parser for everything else.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseUtf8<T>(ReadOnlySpan<byte> text, IFormatProvider? provider, out T? value)
        where T : IUtf8SpanParsable<T>
    {
        if (IsInvariant(provider) && TsvPlainParse.TryParse(text, out value))
        {
            return true;
        }

        return T.TryParse(text, provider ?? CultureInfo.InvariantCulture, out value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsInvariant(IFormatProvider? provider) =>
        provider is null || ReferenceEquals(provider, CultureInfo.InvariantCulture) || ReferenceEquals(provider, NumberFormatInfo.InvariantInfo);

    // Inlined, so a plain shape costs what Parse<T> costs: the transcoding (a stack buffer, a try/finally) is in a
    // method of its own that only the type's own parser needs.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseChars<T>(ReadOnlySpan<byte> utf8, IFormatProvider? provider, out T? value)
        where T : ISpanParsable<T>
    {
        if (IsInvariant(provider) && TsvPlainParse.TryParse(utf8, out value))
        {
            return true;
        }

        return TryParseTranscoded(utf8, provider, out value);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TryParseTranscoded<T>(ReadOnlySpan<byte> utf8, IFormatProvider? provider, out T? value)
        where T : ISpanParsable<T>
    {
        char[]? rented = null;
        Span<char> chars = utf8.Length <= StackDecodeLimit ? stackalloc char[StackDecodeLimit] : (rented = ArrayPool<char>.Shared.Rent(utf8.Length));
        try
        {
            int length = TranscodeToUtf16(utf8, chars);
            return T.TryParse(chars.Slice(0, length), provider ?? CultureInfo.InvariantCulture, out value);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<char>.Shared.Return(rented);
            }
        }
    }
}
