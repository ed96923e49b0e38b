using System;
using System.Buffers.Text;
using System.Globalization;

namespace FastText;

/// <summary>
/// Dates and times of one column. Without a format the ISO 8601 forms logs use are accepted (see
/// <see cref="GetDateTime(int)"/> for exactly which); a .NET custom format string reads anything else.
/// </summary>
public readonly ref partial struct TsvRow
{
    private const DateTimeStyles DefaultDateTimeStyles = DateTimeStyles.AdjustToUniversal;
    private const DateTimeStyles DefaultDateTimeOffsetStyles = DateTimeStyles.AssumeUniversal;

    /// <summary>
    /// Selected column <paramref name="column"/> as a <see cref="DateTime"/> in one of these ISO 8601 forms (digits
    /// ASCII, every field zero-padded to its width, nothing else before or after):
    /// <list type="bullet">
    /// <item><c>yyyy-MM-dd</c> (<c>2026-01-01</c>): midnight, <see cref="DateTimeKind.Unspecified"/>;</item>
    /// <item>that date, then 'T' or one space, then <c>HH:mm</c>, <c>HH:mm:ss</c> or <c>HH:mm:ss.f</c> with 1 to 7
    /// fraction digits (<c>2026-01-01T10:00:00</c>, <c>2026-01-01 10:00:00.123</c>): <see cref="DateTimeKind.Unspecified"/>;</item>
    /// <item>a time followed by 'Z' or an offset <c>+HH:mm</c> / <c>-HH:mm</c> of at most 14:00
    /// (<c>2026-01-01T10:00:00Z</c>, <c>2026-01-01T12:00:00+02:00</c>): converted to UTC,
    /// <see cref="DateTimeKind.Utc"/> (use <see cref="GetDateTimeOffset(int)"/> to keep the offset).</item>
    /// </list>
    /// Years 0001 to 9999, months 01 to 12, days that exist in that month, hours 00 to 23, minutes and seconds 00 to
    /// 59 (no leap second, no 24:00). Lower-case 't' or 'z', week dates, ordinal dates and offsets without a colon
    /// are rejected: read those with <see cref="GetDateTime(int, string, DateTimeStyles)"/>.
    /// </summary>
    /// <param name="column">An index into the selection.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column is not one of the forms above
    /// (or its UTC time falls outside <see cref="DateTime"/>'s range).</exception>
    public DateTime GetDateTime(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!TryParseIsoDateTime(value, out DateTime result))
        {
            ThrowNotConvertible(column, value, "ISO 8601 DateTime");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="DateTime"/> in the ISO 8601 forms <see cref="GetDateTime(int)"/> accepts.</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or <see cref="DateTime.MinValue"/>.</param>
    /// <returns>False when the column is absent or does not convert.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryGetDateTime(int column, out DateTime value)
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseIsoDateTime(text, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>
    /// Selected column <paramref name="column"/> as a <see cref="DateTime"/> in a <see cref="Utf8Parser"/> standard
    /// format: 'O' (round-trip, exactly 7 fraction digits; an offset gives local time), 'R' (RFC 1123),
    /// 'G' (<c>MM/dd/yyyy HH:mm:ss</c>) or 'l' (lower-case RFC 1123).
    /// </summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="standardFormat">'O', 'R', 'G' or 'l'.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column is not in that format.</exception>
    /// <exception cref="FormatException"><paramref name="standardFormat"/> is not one of the four.</exception>
    public DateTime GetDateTime(int column, char standardFormat)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!Utf8Parser.TryParse(value, out DateTime result, out int consumed, standardFormat) || consumed != value.Length)
        {
            ThrowNotConvertible(column, value, "DateTime");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="DateTime"/> in a <see cref="Utf8Parser"/> standard format (see <see cref="GetDateTime(int, char)"/>).</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="standardFormat">'O', 'R', 'G' or 'l'.</param>
    /// <param name="value">The value, or <see cref="DateTime.MinValue"/>.</param>
    /// <returns>False when the column is absent or does not convert.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="FormatException"><paramref name="standardFormat"/> is not one of the four.</exception>
    public bool TryGetDateTime(int column, char standardFormat, out DateTime value)
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && Utf8Parser.TryParse(text, out value, out int consumed, standardFormat) && consumed == text.Length)
        {
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>
    /// Selected column <paramref name="column"/> as a <see cref="DateTime"/> in a .NET custom or standard format string
    /// (<see cref="DateTime.ParseExact(string, string, IFormatProvider, DateTimeStyles)"/> rules, invariant culture).
    /// The default style converts a value with a zone ('Z', 'K', 'zzz') to UTC, like <see cref="GetDateTime(int)"/>.
    /// On net8.0 the column is parsed from a stack copy (nothing allocated up to 256 bytes); on netstandard2.0 it is
    /// decoded into a temporary string.
    /// </summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="format">The format, for example <c>"dd/MMM/yyyy:HH:mm:ss zzz"</c>.</param>
    /// <param name="styles">How zones and missing parts are treated.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="ArgumentException"><paramref name="styles"/> is not a valid combination.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column does not match the format.</exception>
    public DateTime GetDateTime(int column, string format, DateTimeStyles styles = DefaultDateTimeStyles)
    {
        ValidateFormat(format);
        ReadOnlySpan<byte> value = this[column];
        if (!TryParseExact(value, format, styles, out DateTime result))
        {
            ThrowNotConvertible(column, value, "DateTime in format '" + format + "'");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="DateTime"/> in a format string (see <see cref="GetDateTime(int, string, DateTimeStyles)"/>).</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="format">The format.</param>
    /// <param name="value">The value, or <see cref="DateTime.MinValue"/>.</param>
    /// <param name="styles">How zones and missing parts are treated.</param>
    /// <returns>False when the column is absent or does not match.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="ArgumentException"><paramref name="styles"/> is not a valid combination.</exception>
    public bool TryGetDateTime(int column, string format, out DateTime value, DateTimeStyles styles = DefaultDateTimeStyles)
    {
        ValidateFormat(format);
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseExact(text, format, styles, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>
    /// Selected column <paramref name="column"/> as a <see cref="DateTimeOffset"/> in the ISO 8601 forms
    /// <see cref="GetDateTime(int)"/> accepts; the offset is kept, and a value without 'Z' or an offset is UTC (offset zero).
    /// </summary>
    /// <param name="column">An index into the selection.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column is not one of the forms
    /// (or its UTC time falls outside the range of <see cref="DateTimeOffset"/>).</exception>
    public DateTimeOffset GetDateTimeOffset(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!TryParseIsoDateTimeOffset(value, out DateTimeOffset result))
        {
            ThrowNotConvertible(column, value, "ISO 8601 DateTimeOffset");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="DateTimeOffset"/> as <see cref="GetDateTimeOffset(int)"/> reads it.</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or <see cref="DateTimeOffset.MinValue"/>.</param>
    /// <returns>False when the column is absent or does not convert.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryGetDateTimeOffset(int column, out DateTimeOffset value)
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseIsoDateTimeOffset(text, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>
    /// Selected column <paramref name="column"/> as a <see cref="DateTimeOffset"/> in a .NET format string (invariant
    /// culture); by default a value without a zone is UTC. Allocation as for <see cref="GetDateTime(int, string, DateTimeStyles)"/>.
    /// </summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="format">The format, for example <c>"dd/MMM/yyyy:HH:mm:ss zzz"</c>.</param>
    /// <param name="styles">How zones and missing parts are treated.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="ArgumentException"><paramref name="styles"/> is not a valid combination.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column does not match the format.</exception>
    public DateTimeOffset GetDateTimeOffset(int column, string format, DateTimeStyles styles = DefaultDateTimeOffsetStyles)
    {
        ValidateFormat(format);
        ReadOnlySpan<byte> value = this[column];
        if (!TryParseExact(value, format, styles, out DateTimeOffset result))
        {
            ThrowNotConvertible(column, value, "DateTimeOffset in format '" + format + "'");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="DateTimeOffset"/> in a format string (see <see cref="GetDateTimeOffset(int, string, DateTimeStyles)"/>).</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="format">The format.</param>
    /// <param name="value">The value, or <see cref="DateTimeOffset.MinValue"/>.</param>
    /// <param name="styles">How zones and missing parts are treated.</param>
    /// <returns>False when the column is absent or does not match.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="ArgumentException"><paramref name="styles"/> is not a valid combination.</exception>
    public bool TryGetDateTimeOffset(int column, string format, out DateTimeOffset value, DateTimeStyles styles = DefaultDateTimeOffsetStyles)
    {
        ValidateFormat(format);
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseExact(text, format, styles, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    private static void ValidateFormat(string format)
    {
        if (format is null)
        {
            Internal.ThrowHelper.ThrowArgumentNull(nameof(format));
        }
    }

    /// <summary>The ISO 8601 forms of <see cref="GetDateTime(int)"/>: no zone → Unspecified, a zone → converted to UTC.</summary>
    internal static bool TryParseIsoDateTime(ReadOnlySpan<byte> text, out DateTime value)
    {
        if (!TryParseIso8601(text, out long localTicks, out bool hasZone, out long offsetTicks))
        {
            value = default;
            return false;
        }

        if (!hasZone)
        {
            value = new DateTime(localTicks, DateTimeKind.Unspecified);
            return true;
        }

        long utcTicks = localTicks - offsetTicks;
        if ((ulong)utcTicks > (ulong)DateTime.MaxValue.Ticks)
        {
            value = default;
            return false;
        }

        value = new DateTime(utcTicks, DateTimeKind.Utc);
        return true;
    }

    /// <summary>
    /// The ISO 8601 forms of <see cref="GetDateTime(int)"/> that have no zone, <see cref="DateTimeKind.Unspecified"/>:
    /// what <c>DateTime.TryParse(text, CultureInfo.InvariantCulture, out value)</c> makes of them with the
    /// invariant culture (a zone would make it convert to the machine's local time).
    /// </summary>
    internal static bool TryParseIsoDateTimeWithoutZone(ReadOnlySpan<byte> text, out DateTime value)
    {
        if (TryParseIso8601(text, out long localTicks, out bool hasZone, out _) && !hasZone)
        {
            value = new DateTime(localTicks, DateTimeKind.Unspecified);
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>
    /// The ISO 8601 forms of <see cref="GetDateTime(int)"/> that have a zone, with their offset: what
    /// <c>DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, out value)</c> makes of them
    /// (without a zone it would take the machine's offset).
    /// </summary>
    internal static bool TryParseIsoDateTimeOffsetWithZone(ReadOnlySpan<byte> text, out DateTimeOffset value)
    {
        if (TryParseIso8601(text, out long localTicks, out bool hasZone, out long offsetTicks) && hasZone
            && (ulong)(localTicks - offsetTicks) <= (ulong)DateTime.MaxValue.Ticks)
        {
            value = new DateTimeOffset(localTicks, new TimeSpan(offsetTicks));
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>The ISO 8601 forms of <see cref="GetDateTime(int)"/> with the offset kept (zero without a zone).</summary>
    internal static bool TryParseIsoDateTimeOffset(ReadOnlySpan<byte> text, out DateTimeOffset value)
    {
        if (!TryParseIso8601(text, out long localTicks, out _, out long offsetTicks)
            || (ulong)(localTicks - offsetTicks) > (ulong)DateTime.MaxValue.Ticks)
        {
            value = default;
            return false;
        }

        value = new DateTimeOffset(localTicks, new TimeSpan(offsetTicks));
        return true;
    }

    // yyyy-MM-dd[(T| )HH:mm[:ss[.f{1,7}]][Z|(+|-)HH:mm]]; see GetDateTime(int) for the rules.
    private static bool TryParseIso8601(ReadOnlySpan<byte> text, out long localTicks, out bool hasZone, out long offsetTicks)
    {
        localTicks = 0;
        hasZone = false;
        offsetTicks = 0;
        if (!TryParseIsoDateTicks(text, out long ticks))
        {
            return false;
        }

        if (text.Length == 10)
        {
            localTicks = ticks;
            return true;
        }

        if ((text[10] != (byte)'T' && text[10] != (byte)' ') || !TryParseIsoTimeOfDay(text, 11, out long timeTicks, out int position))
        {
            return false;
        }

        ticks += timeTicks;
        localTicks = ticks;
        if (position == text.Length)
        {
            return true;
        }

        hasZone = true;
        byte zone = text[position];
        if (zone == (byte)'Z')
        {
            return position + 1 == text.Length;
        }

        if ((zone != (byte)'+' && zone != (byte)'-')
            || text.Length - position != 6
            || !TryDigits(text, position + 1, 2, out int offsetHours) || text[position + 3] != (byte)':'
            || !TryDigits(text, position + 4, 2, out int offsetMinutes)
            || offsetMinutes > 59 || (offsetHours * 60) + offsetMinutes > 14 * 60)
        {
            return false;
        }

        offsetTicks = (offsetHours * TimeSpan.TicksPerHour) + (offsetMinutes * TimeSpan.TicksPerMinute);
        if (zone == (byte)'-')
        {
            offsetTicks = -offsetTicks;
        }

        return true;
    }

    // HH:mm[:ss[.f{1,7}]] from start: the time of day in ticks and where it ends (the rest is the caller's).
    private static bool TryParseIsoTimeOfDay(ReadOnlySpan<byte> text, int start, out long ticks, out int end)
    {
        ticks = 0;
        end = start;
        if (text.Length < start + 5
            || !TryDigits(text, start, 2, out int hour) || text[start + 2] != (byte)':'
            || !TryDigits(text, start + 3, 2, out int minute)
            || hour > 23 || minute > 59)
        {
            return false;
        }

        ticks = (hour * TimeSpan.TicksPerHour) + (minute * TimeSpan.TicksPerMinute);
        int position = start + 5;
        if (position < text.Length && text[position] == (byte)':')
        {
            if (!TryDigits(text, position + 1, 2, out int second) || second > 59)
            {
                return false;
            }

            ticks += second * TimeSpan.TicksPerSecond;
            position += 3;
            if (position < text.Length && text[position] == (byte)'.')
            {
                position++;
                int digits = 0;
                long fraction = 0;
                while (position < text.Length && IsDigit(text[position]) && digits < 7)
                {
                    fraction = (fraction * 10) + (text[position] - '0');
                    digits++;
                    position++;
                }

                if (digits == 0 || (position < text.Length && IsDigit(text[position])))
                {
                    return false;
                }

                for (; digits < 7; digits++)
                {
                    fraction *= 10;
                }

                ticks += fraction;
            }
        }

        end = position;
        return true;
    }

    // yyyy-MM-dd at the start of text (what follows is the caller's): midnight of that day in ticks.
    private static bool TryParseIsoDateTicks(ReadOnlySpan<byte> text, out long ticks)
    {
        ticks = 0;
        if (text.Length < 10
            || !TryDigits(text, 0, 4, out int year) || text[4] != (byte)'-'
            || !TryDigits(text, 5, 2, out int month) || text[7] != (byte)'-'
            || !TryDigits(text, 8, 2, out int day)
            || year < 1 || month < 1 || month > 12 || day < 1 || day > DateTime.DaysInMonth(year, month))
        {
            return false;
        }

        ticks = new DateTime(year, month, day).Ticks;
        return true;
    }

    private static bool IsDigit(byte value) => (uint)(value - '0') <= 9;

    private static bool TryDigits(ReadOnlySpan<byte> text, int start, int count, out int value)
    {
        value = 0;
        if (start + count > text.Length)
        {
            return false;
        }

        for (int i = start; i < start + count; i++)
        {
            uint digit = (uint)(text[i] - '0');
            if (digit > 9)
            {
                return false;
            }

            value = (value * 10) + (int)digit;
        }

        return true;
    }
}
