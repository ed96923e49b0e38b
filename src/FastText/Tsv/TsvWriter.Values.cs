using System;
using System.Buffers;
using System.Buffers.Text;

namespace FastText;

/// <summary>
/// Fields from values, formatted with <see cref="Utf8Formatter"/> (invariant, no allocation) straight into the
/// buffer; every one of them reads back with the matching <see cref="TsvRow"/> getter.
/// </summary>
public sealed partial class TsvWriter
{
    // Longer than any Utf8Formatter output without a precision; a precision can ask for more (see WriteFormatted).
    private const int FormattedReserve = 64;

    /// <summary>Writes an <see cref="int"/> field: by default decimal digits, '-' when negative.</summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A <see cref="Utf8Formatter"/> format: 'G'/'D' (default), 'N' or 'X' with an optional precision.</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not supported for the type.</exception>
    /// <exception cref="TsvFormatException">The formatted text holds the separator (a separator such as '-', '.', ':' or a digit) and cannot be escaped.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(int value, StandardFormat format = default)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        for (int reserve = FormattedReserve; ; reserve *= 2)
        {
            EnsureRoom(separatorLength + (long)reserve);
            int start = _position + separatorLength;
            if (Utf8Formatter.TryFormat(value, _buffer.AsSpan(start, reserve), out int written, format))
            {
                CommitStaged(start, written);
                return;
            }

            CheckFormatReserve(reserve);
        }
    }

    /// <summary>Writes a <see cref="long"/> field: by default decimal digits, '-' when negative.</summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A <see cref="Utf8Formatter"/> format: 'G'/'D' (default), 'N' or 'X' with an optional precision.</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not supported for the type.</exception>
    /// <exception cref="TsvFormatException">The formatted text holds the separator (a separator such as '-', '.', ':' or a digit) and cannot be escaped.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(long value, StandardFormat format = default)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        for (int reserve = FormattedReserve; ; reserve *= 2)
        {
            EnsureRoom(separatorLength + (long)reserve);
            int start = _position + separatorLength;
            if (Utf8Formatter.TryFormat(value, _buffer.AsSpan(start, reserve), out int written, format))
            {
                CommitStaged(start, written);
                return;
            }

            CheckFormatReserve(reserve);
        }
    }

    /// <summary>
    /// Writes a <see cref="double"/> field: by default text that reads back as the same value, the shortest such text
    /// on .NET Core 3.0+ (<c>1.5E+20</c>); <c>NaN</c>, <c>Infinity</c>, <c>-Infinity</c>. On .NET Framework and Mono the
    /// default goes through <c>ToString("R")</c> (one string per value), since their Utf8Formatter keeps 15 digits.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A <see cref="Utf8Formatter"/> format: 'G' (default), 'E' or 'F' with an optional precision.</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not supported for the type.</exception>
    /// <exception cref="TsvFormatException">The formatted text holds the separator (a separator such as '-', '.', ':' or a digit) and cannot be escaped.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(double value, StandardFormat format = default)
    {
        CheckWritable();
        if (format.IsDefault && !DoublesRoundTripWithoutAllocation)
        {
            WriteField(RoundTripText(value));
            return;
        }

        if (format.Symbol == 'F' && TryWriteFixedPoint(value, format))
        {
            return;
        }

        int separatorLength = _fieldCount == 0 ? 0 : 1;
        for (int reserve = FormattedReserve; ; reserve *= 2)
        {
            EnsureRoom(separatorLength + (long)reserve);
            int start = _position + separatorLength;
            if (Utf8Formatter.TryFormat(value, _buffer.AsSpan(start, reserve), out int written, format))
            {
                CommitStaged(start, written);
                return;
            }

            CheckFormatReserve(reserve);
        }
    }

    /// <summary>Writes a <see cref="decimal"/> field: by default invariant, '.' decimal point, trailing zeros kept.</summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A <see cref="Utf8Formatter"/> format: 'G' (default), 'E' or 'F' with an optional precision.</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not supported for the type.</exception>
    /// <exception cref="TsvFormatException">The formatted text holds the separator (a separator such as '-', '.', ':' or a digit) and cannot be escaped.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(decimal value, StandardFormat format = default)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        for (int reserve = FormattedReserve; ; reserve *= 2)
        {
            EnsureRoom(separatorLength + (long)reserve);
            int start = _position + separatorLength;
            if (Utf8Formatter.TryFormat(value, _buffer.AsSpan(start, reserve), out int written, format))
            {
                CommitStaged(start, written);
                return;
            }

            CheckFormatReserve(reserve);
        }
    }

    /// <summary>Writes a <see cref="bool"/> field: by default <c>True</c> or <c>False</c>.</summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A <see cref="Utf8Formatter"/> format: 'G' (default) or 'l' (lower case).</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not supported for the type.</exception>
    /// <exception cref="TsvFormatException">The formatted text holds the separator (a separator such as '-', '.', ':' or a digit) and cannot be escaped.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(bool value, StandardFormat format = default)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        for (int reserve = FormattedReserve; ; reserve *= 2)
        {
            EnsureRoom(separatorLength + (long)reserve);
            int start = _position + separatorLength;
            if (Utf8Formatter.TryFormat(value, _buffer.AsSpan(start, reserve), out int written, format))
            {
                CommitStaged(start, written);
                return;
            }

            CheckFormatReserve(reserve);
        }
    }

    /// <summary>Writes a <see cref="Guid"/> field: by default the 'D' format (<c>0f8fad5b-d9cb-469f-a165-70867728950e</c>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A <see cref="Utf8Formatter"/> format: 'D' (default), 'B', 'P' or 'N'.</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not supported for the type.</exception>
    /// <exception cref="TsvFormatException">The formatted text holds the separator (a separator such as '-', '.', ':' or a digit) and cannot be escaped.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(Guid value, StandardFormat format = default)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        for (int reserve = FormattedReserve; ; reserve *= 2)
        {
            EnsureRoom(separatorLength + (long)reserve);
            int start = _position + separatorLength;
            if (Utf8Formatter.TryFormat(value, _buffer.AsSpan(start, reserve), out int written, format))
            {
                CommitStaged(start, written);
                return;
            }

            CheckFormatReserve(reserve);
        }
    }

    /// <summary>Writes a <see cref="TimeSpan"/> field: by default the constant 'c' format (<c>1.02:03:04.5000000</c>).</summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A <see cref="Utf8Formatter"/> format: 'c' (default), 'G' or 'g'.</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not supported for the type.</exception>
    /// <exception cref="TsvFormatException">The formatted text holds the separator (a separator such as '-', '.', ':' or a digit) and cannot be escaped.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(TimeSpan value, StandardFormat format = default)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        for (int reserve = FormattedReserve; ; reserve *= 2)
        {
            EnsureRoom(separatorLength + (long)reserve);
            int start = _position + separatorLength;
            if (Utf8Formatter.TryFormat(value, _buffer.AsSpan(start, reserve), out int written, format))
            {
                CommitStaged(start, written);
                return;
            }

            CheckFormatReserve(reserve);
        }
    }

    /// <summary>
    /// Writes a <see cref="DateTime"/> field, by default in the ISO 8601 round-trip format 'O'
    /// (<c>2026-01-01T10:00:00.0000000Z</c> for UTC, no zone for Unspecified, the local offset for Local), which
    /// <see cref="TsvRow.GetDateTime(int)"/> reads back.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">'O' (default), 'R' (RFC 1123), 'l' (lower-case RFC 1123) or 'G' (<c>MM/dd/yyyy HH:mm:ss</c>).</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not one of those.</exception>
    /// <exception cref="TsvFormatException">The formatted text holds the separator and cannot be escaped.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(DateTime value, StandardFormat format = default)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        EnsureRoom(separatorLength + (long)FormattedReserve);
        int start = _position + separatorLength;
        Utf8Formatter.TryFormat(value, _buffer.AsSpan(start, FormattedReserve), out int written, format.IsDefault ? new StandardFormat('O') : format);
        CommitStaged(start, written);
    }

    /// <summary>
    /// Writes a <see cref="DateTimeOffset"/> field, by default in the ISO 8601 round-trip format 'O'
    /// (<c>2026-01-01T12:00:00.0000000+02:00</c>), which <see cref="TsvRow.GetDateTimeOffset(int)"/> reads back.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">'O' (default), 'R', 'l' or 'G'.</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not one of those.</exception>
    /// <exception cref="TsvFormatException">The formatted text holds the separator and cannot be escaped.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(DateTimeOffset value, StandardFormat format = default)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        EnsureRoom(separatorLength + (long)FormattedReserve);
        int start = _position + separatorLength;
        Utf8Formatter.TryFormat(value, _buffer.AsSpan(start, FormattedReserve), out int written, format.IsDefault ? new StandardFormat('O') : format);
        CommitStaged(start, written);
    }

    private static void CheckFormatReserve(int reserve)
    {
        // A precision is at most 99 digits, so a few kilobytes hold any Utf8Formatter output; failing beyond means the format is wrong.
        if (reserve > 4096)
        {
            throw new FormatException("The value could not be formatted with this StandardFormat.");
        }
    }
}
