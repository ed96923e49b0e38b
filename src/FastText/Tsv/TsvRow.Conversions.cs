using System;
using System.Buffers;
using System.Buffers.Text;
using System.Runtime.CompilerServices;
using CommunityToolkit.HighPerformance.Buffers;
using FastText.Internal;

namespace FastText;

/// <summary>Conversions of one column; a value that does not convert throws <see cref="TsvFormatException"/> naming the line and column.</summary>
public readonly ref partial struct TsvRow
{
    private const int StackDecodeLimit = 256;

    /// <summary>Selected column <paramref name="column"/> decoded from UTF-8 (ASCII fast path; invalid bytes become U+FFFD).</summary>
    public string GetString(int column) => TsvText.Decode(this[column]);

    /// <summary>
    /// Selected column <paramref name="column"/> decoded and interned through <paramref name="pool"/>, so a
    /// repetitive column (status codes, host names) allocates each distinct value once.
    /// </summary>
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

    /// <summary>Selected column <paramref name="column"/> as a decimal <see cref="int"/> (Utf8Parser, whole column).</summary>
    public int GetInt32(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!Utf8Parser.TryParse(value, out int result, out int consumed) || consumed != value.Length)
        {
            ThrowNotConvertible(column, value, "Int32");
        }

        return result;
    }

    /// <summary>Selected column <paramref name="column"/> as a decimal <see cref="long"/>.</summary>
    public long GetInt64(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!Utf8Parser.TryParse(value, out long result, out int consumed) || consumed != value.Length)
        {
            ThrowNotConvertible(column, value, "Int64");
        }

        return result;
    }

    /// <summary>Selected column <paramref name="column"/> as a <see cref="double"/> (invariant format, '.' decimal point).</summary>
    public double GetDouble(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!Utf8Parser.TryParse(value, out double result, out int consumed) || consumed != value.Length)
        {
            ThrowNotConvertible(column, value, "Double");
        }

        return result;
    }

    /// <summary>Selected column <paramref name="column"/> as a <see cref="decimal"/> (invariant format).</summary>
    public decimal GetDecimal(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!Utf8Parser.TryParse(value, out decimal result, out int consumed) || consumed != value.Length)
        {
            ThrowNotConvertible(column, value, "Decimal");
        }

        return result;
    }

    /// <summary>Selected column <paramref name="column"/> as a <see cref="bool"/> ("true"/"false", any case).</summary>
    public bool GetBoolean(int column)
    {
        ReadOnlySpan<byte> value = this[column];
        if (!Utf8Parser.TryParse(value, out bool result, out int consumed) || consumed != value.Length)
        {
            ThrowNotConvertible(column, value, "Boolean");
        }

        return result;
    }

    /// <summary>
    /// Selected column <paramref name="column"/> as a <see cref="DateTime"/> in a Utf8Parser standard format:
    /// 'O' (ISO 8601 round-trip, the default), 'R' (RFC 1123), 'G' (MM/dd/yyyy HH:mm:ss) or 'l'.
    /// </summary>
    public DateTime GetDateTime(int column, char standardFormat = 'O')
    {
        ReadOnlySpan<byte> value = this[column];
        if (!Utf8Parser.TryParse(value, out DateTime result, out int consumed, standardFormat) || consumed != value.Length)
        {
            ThrowNotConvertible(column, value, "DateTime");
        }

        return result;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowNotConvertible(int column, ReadOnlySpan<byte> value, string typeName)
    {
        const int Shown = 64;
        string text = TsvText.Decode(value.Length > Shown ? value.Slice(0, Shown) : value);
        int fileColumn = FileColumnOf(column);
        throw new TsvFormatException(
            TsvFormatException.Format(
                "Line {0}, column {1} (0-based): '{2}'{3} is not a valid {4}.",
                _lineNumber, fileColumn, text, value.Length > Shown ? "..." : "", typeName),
            _lineNumber,
            fileColumn);
    }
}
