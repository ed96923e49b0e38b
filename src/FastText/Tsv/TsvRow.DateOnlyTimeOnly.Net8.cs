using System;

namespace FastText;

/// <summary><see cref="DateOnly"/> and <see cref="TimeOnly"/> columns in their ISO 8601 forms (net8.0).</summary>
public readonly ref partial struct TsvRow
{
    /// <summary>
    /// Selected column <paramref name="column"/> as a <see cref="DateOnly"/> in the form <c>yyyy-MM-dd</c>
    /// (<c>2026-01-31</c>: ASCII digits, zero-padded, a day that exists, nothing before or after).
    /// </summary>
    /// <param name="column">An index into the selection.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column is not a <c>yyyy-MM-dd</c> date.</exception>
    public DateOnly GetDateOnly(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!TryParseIsoDate(value, out DateOnly result))
        {
            ThrowNotConvertible(column, value, "ISO 8601 DateOnly");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="DateOnly"/> as <see cref="GetDateOnly"/> reads it.</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or <see cref="DateOnly.MinValue"/>.</param>
    /// <returns>False when the column is absent or does not convert.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryGetDateOnly(int column, out DateOnly value)
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseIsoDate(text, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>
    /// Selected column <paramref name="column"/> as a <see cref="TimeOnly"/> in the form <c>HH:mm</c>, <c>HH:mm:ss</c>
    /// or <c>HH:mm:ss.f</c> with 1 to 7 fraction digits (<c>23:59:59.9999999</c>; hours 00 to 23).
    /// </summary>
    /// <param name="column">An index into the selection.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column is not one of those forms.</exception>
    public TimeOnly GetTimeOnly(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!TryParseIsoTime(value, out TimeOnly result))
        {
            ThrowNotConvertible(column, value, "ISO 8601 TimeOnly");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="TimeOnly"/> as <see cref="GetTimeOnly"/> reads it.</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or <see cref="TimeOnly.MinValue"/>.</param>
    /// <returns>False when the column is absent or does not convert.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryGetTimeOnly(int column, out TimeOnly value)
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseIsoTime(text, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    internal static bool TryParseIsoDate(ReadOnlySpan<byte> text, out DateOnly value)
    {
        if (text.Length == 10 && TryParseIsoDateTicks(text, out long ticks))
        {
            value = DateOnly.FromDayNumber((int)(ticks / TimeSpan.TicksPerDay));
            return true;
        }

        value = default;
        return false;
    }

    internal static bool TryParseIsoTime(ReadOnlySpan<byte> text, out TimeOnly value)
    {
        if (TryParseIsoTimeOfDay(text, 0, out long ticks, out int end) && end == text.Length)
        {
            value = new TimeOnly(ticks);
            return true;
        }

        value = default;
        return false;
    }
}
