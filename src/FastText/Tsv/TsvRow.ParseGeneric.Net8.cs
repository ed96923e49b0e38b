using System;
using System.Buffers;
using System.Globalization;

namespace FastText;

/// <summary>
/// Generic typed parsing on net8.0: <see cref="Parse{T}"/> for any <see cref="IUtf8SpanParsable{TSelf}"/> (straight
/// from the UTF-8 bytes), <see cref="ParseChars{T}"/> for types that only parse UTF-16 (<see cref="ISpanParsable{TSelf}"/>).
/// Both use the type's own parsing rules with <see cref="CultureInfo.InvariantCulture"/> unless a provider is given.
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
        ReadOnlySpan<byte> value = this[column];
        if (!T.TryParse(value, provider ?? CultureInfo.InvariantCulture, out T? result))
        {
            ThrowNotConvertible(column, value, typeof(T).Name);
        }

        return result!;
    }

    /// <summary>Gets selected column <paramref name="column"/> parsed as <see cref="Parse{T}"/> does.</summary>
    /// <typeparam name="T">The type to parse.</typeparam>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or <see langword="default"/>.</param>
    /// <param name="provider">Culture-specific formatting; <see cref="CultureInfo.InvariantCulture"/> when null.</param>
    /// <returns>False when the column is absent or does not parse.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryParse<T>(int column, out T? value, IFormatProvider? provider = null)
        where T : IUtf8SpanParsable<T>
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && T.TryParse(text, provider ?? CultureInfo.InvariantCulture, out value))
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
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseChars(text, provider, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    private static bool TryParseChars<T>(ReadOnlySpan<byte> utf8, IFormatProvider? provider, out T? value)
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
