using System;
using System.Buffers;
using System.Buffers.Text;
using System.Runtime.CompilerServices;
using CommunityToolkit.HighPerformance.Buffers;
using FastText.Internal;

namespace FastText;

/// <summary>
/// Conversions of one column with <see cref="Utf8Parser"/>'s invariant rules, on both builds: the whole column must
/// convert (no surrounding spaces, nothing after the value); the numeric types are in TsvRow.Numbers.cs. A <c>Get</c> method throws
/// <see cref="TsvFormatException"/> naming the line, the file column and (when the reader selected it by name) the
/// header name; its <c>TryGet</c> twin returns false instead, also for an absent column.
/// </summary>
public readonly ref partial struct TsvRow
{
    private const int StackDecodeLimit = 256;

    /// <summary>Selected column <paramref name="column"/> decoded from UTF-8 (ASCII fast path; invalid bytes become U+FFFD).</summary>
    /// <param name="column">An index into the selection.</param>
    /// <returns>A new string (the shared empty string for an empty column).</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column.</exception>
    public string GetString(int column) => TsvText.Decode(this[column]);

    /// <summary>
    /// Selected column <paramref name="column"/> decoded and interned through <paramref name="pool"/>, so a
    /// repetitive column (status codes, host names) allocates each distinct value once.
    /// </summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="pool">The pool that interns the decoded text.</param>
    /// <returns>The pooled string equal to the decoded column.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="pool"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column.</exception>
    public string GetString(int column, StringPool pool)
    {
        if (pool is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(pool));
        }

        ReadOnlySpan<byte> value = this[column];
        if (value.Length <= StackDecodeLimit)
        {
            Span<char> chars = stackalloc char[StackDecodeLimit];
            if (AsciiText.ToUtf16(value, chars, out int written) == OperationStatus.Done)
            {
                return pool.GetOrAdd(chars.Slice(0, written));
            }
        }

        return pool.GetOrAdd(value, Utf8Fallback.Encoding);
    }

    /// <summary>Selected column <paramref name="column"/> as a <see cref="decimal"/> (invariant format, '.' decimal point).</summary>
    /// <param name="column">An index into the selection.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column is not a <see cref="decimal"/>.</exception>
    public decimal GetDecimal(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!TsvNumberText.TryParseDecimal(value, out decimal result))
        {
            ThrowNotConvertible(column, value, "Decimal");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="decimal"/> as <see cref="GetDecimal"/> reads it.</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or 0.</param>
    /// <returns>False when the column is absent or does not convert.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryGetDecimal(int column, out decimal value)
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TsvNumberText.TryParseDecimal(text, out value))
        {
            return true;
        }

        value = 0;
        return false;
    }

    /// <summary>Selected column <paramref name="column"/> as a <see cref="bool"/>: "true" or "false" in any case.</summary>
    /// <param name="column">An index into the selection.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column is not a <see cref="bool"/>.</exception>
    public bool GetBoolean(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!TsvBooleanText.TryParse(value, out bool result))
        {
            ThrowNotConvertible(column, value, "Boolean");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="bool"/> as <see cref="GetBoolean"/> reads it.</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or false.</param>
    /// <returns>False when the column is absent or does not convert.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryGetBoolean(int column, out bool value)
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TsvBooleanText.TryParse(text, out value))
        {
            return true;
        }

        value = false;
        return false;
    }

    /// <summary>Selected column <paramref name="column"/> as a <see cref="Guid"/> in the 'D' format (<c>0f8fad5b-d9cb-469f-a165-70867728950e</c>, either case).</summary>
    /// <param name="column">An index into the selection.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column is not a 'D' <see cref="Guid"/>.</exception>
    public Guid GetGuid(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!TsvGuidText.TryParse(value, out Guid result))
        {
            ThrowNotConvertible(column, value, "Guid");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="Guid"/> as <see cref="GetGuid"/> reads it.</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or <see cref="Guid.Empty"/>.</param>
    /// <returns>False when the column is absent or does not convert.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryGetGuid(int column, out Guid value)
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TsvGuidText.TryParse(text, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>
    /// Selected column <paramref name="column"/> as a <see cref="TimeSpan"/> in the constant 'c' format,
    /// <c>[-][d.]hh:mm:ss[.fffffff]</c>, which <see cref="TimeSpan.ToString()"/> writes.
    /// </summary>
    /// <param name="column">An index into the selection.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    /// <exception cref="TsvFormatException">The line ends before the column, or the column is not a 'c' <see cref="TimeSpan"/>.</exception>
    public TimeSpan GetTimeSpan(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!TryParseTimeSpan(value, out TimeSpan result))
        {
            ThrowNotConvertible(column, value, "TimeSpan");
        }

        return result;
    }

    /// <summary>Gets selected column <paramref name="column"/> as a <see cref="TimeSpan"/> as <see cref="GetTimeSpan"/> reads it.</summary>
    /// <param name="column">An index into the selection.</param>
    /// <param name="value">The value, or <see cref="TimeSpan.Zero"/>.</param>
    /// <returns>False when the column is absent or does not convert.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public bool TryGetTimeSpan(int column, out TimeSpan value)
    {
        if (TryGetColumn(column, out ReadOnlySpan<byte> text) && TryParseTimeSpan(text, out value))
        {
            return true;
        }

        value = default;
        return false;
    }

    // Utf8Parser skips white space before a TimeSpan (and nothing else), so the first byte is checked here.
    private static bool TryParseTimeSpan(ReadOnlySpan<byte> text, out TimeSpan value)
    {
        if (!text.IsEmpty && (text[0] == (byte)'-' || (uint)(text[0] - '0') <= 9)
            && Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length)
        {
            return true;
        }

        value = default;
        return false;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowNotConvertible(int column, ReadOnlySpan<byte> value, string typeName)
    {
        const int Shown = 64;
        string text = TsvText.Decode(value.Length > Shown ? value.Slice(0, Shown) : value);
        int fileColumn = FileColumnOf(column);
        string? name = _reader?.NameOfSelectedColumn(column, fileColumn);
        throw new TsvFormatException(
            TsvFormatException.Format(
                "Line {0}, column {1}{2} (0-based): '{3}'{4} is not a valid {5}.",
                _lineNumber, fileColumn, name is null ? "" : " '" + name + "'", text, value.Length > Shown ? "..." : "", typeName),
            _lineNumber,
            fileColumn);
    }
}
