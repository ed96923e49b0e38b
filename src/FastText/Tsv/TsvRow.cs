using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// One data row of a <see cref="TsvReader"/>: the selected columns as UTF-8 byte spans, in the order they were
/// selected. Valid only until the reader's next call. A column the line is too short to have is <em>absent</em>
/// (<see cref="TryGetColumn(int, out ReadOnlySpan{byte})"/> returns false, the indexer throws), which is distinct from present and empty.
/// </summary>
[DebuggerDisplay("{DebuggerDisplay,nq}")]
public readonly ref partial struct TsvRow
{
    private const int DebuggerLineLimit = 200;

    private readonly TsvReader _reader;
    private readonly ReadOnlySpan<byte> _line;
    private readonly ReadOnlySpan<byte> _columns;
    private readonly long _lineNumber;

    // A snapshot of where the reader recorded this line's columns, so reading a column touches only the row (the
    // all-columns loop reads dozens per line). The reader's found count never exceeds its arrays' length, its direct
    // bits name only columns inside the arrays they go with, and all are taken together, so _direct and _directBits
    // bound these arrays even for a row kept past the reader's next call
    // (ItemOf relies on it). Spans, unlike the arrays, need no null check. The slices stay checked: a stale row's
    // offsets may not fit its line.
    private readonly ReadOnlySpan<int> _starts;
    private readonly ReadOnlySpan<int> _lengths;
    private readonly int _direct;
    private readonly ulong _directBits;
    private readonly int _columnCount;

    // columns is where the column offsets point: the line itself, or the unescaped copies of the columns.
    internal TsvRow(TsvReader reader, ReadOnlySpan<byte> line, ReadOnlySpan<byte> columns, long lineNumber)
    {
        _reader = reader;
        _line = line;
        _columns = columns;
        _lineNumber = lineNumber;
        _starts = reader.RowStarts;
        _lengths = reader.RowLengths;
        _direct = reader.DirectFound;
        _directBits = reader.DirectBits;
        _columnCount = reader.AllColumns ? reader.LineFieldCount : reader.SlotOfColumn.Length;
    }

    /// <summary>Where the column offsets point: the line, or the reader's unescaped copies.</summary>
    internal ReadOnlySpan<byte> ColumnBytes => _columns;

    /// <summary>The 1-based physical line number of this row in the input (comments, header and empty lines count).</summary>
    public long LineNumber => _lineNumber;

    /// <summary>The whole line without its line end ('\n', and '\r' when trimmed).</summary>
    public ReadOnlySpan<byte> Line => _line;

    /// <summary>
    /// True when <see cref="Line"/> holds at least one <see cref="TsvOptions.Separator"/>, i.e. has more than one
    /// field (GNU <c>cut</c> prints a line without one whole, or drops it with <c>-s</c>). Searches only up to the
    /// first separator.
    /// </summary>
    public bool HasSeparator => _line.IndexOf(Separator) >= 0;

    /// <summary>
    /// Every field of the line in file order, whatever columns the reader selected: <c>foreach (ReadOnlySpan&lt;byte&gt;
    /// field in row.Fields)</c>, or step it by hand for the field number (<see cref="TsvFieldEnumerator.Index"/>)
    /// and the open-ended rest of the line (<see cref="TsvFieldEnumerator.Rest"/>). Raw slices of <see cref="Line"/>.
    /// </summary>
    public TsvFieldEnumerator Fields => new(_line, Separator);

    /// <summary>
    /// The number of selected columns (present or absent); without a selection (every column), the line's field count.
    /// </summary>
    public int ColumnCount => _columnCount >= 0 ? _columnCount : CountFields(this);

    // Every column, and the line's fields not all found yet: find them (static, the row by value: see ColumnOrThrow).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int CountFields(TsvRow row) => row._reader.FieldCountOf(row._columns, row._lineNumber);

    /// <summary>The selected column <paramref name="column"/> (an index into the selection, not the file).</summary>
    /// <exception cref="TsvFormatException">The line ends before that column.</exception>
    public ReadOnlySpan<byte> this[int column]
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get
        {
            // The direct test inline (the span comes back in registers, no out value), everything else out of line.
            if (IsDirect(column))
            {
                return _columns.Slice(ItemOf(_starts, column), ItemOf(_lengths, column));
            }

            return ColumnOrThrow(this, column);
        }
    }

    // Below the found count of a selection's leading slots, or a found column of the ones a reader without a
    // projection was asked for (their bits; the unsigned test keeps a negative column from selecting a bit).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool IsDirect(int column) => (uint)column < (uint)_direct || ((uint)column < 64u && (_directBits & (1UL << column)) != 0);

    // Only after the caller's index was checked by IsDirect.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ItemOf(ReadOnlySpan<int> items, int index) => Unsafe.Add(ref MemoryMarshal.GetReference(items), index);

    // Static, the row by value: a call on the row itself would take its address, and a struct whose address is taken
    // lives in memory in the caller's loop (every field reloaded per column) instead of in registers.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ReadOnlySpan<byte> ColumnOrThrow(TsvRow row, int column)
    {
        if (!TryGetColumnMapped(row, column, out ReadOnlySpan<byte> value))
        {
            row.ThrowAbsent(column);
        }

        return value;
    }

    /// <summary>Gets selected column <paramref name="column"/>; false when the line ends before it (absent).</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryGetColumn(int column, out ReadOnlySpan<byte> value)
    {
        if (IsDirect(column))
        {
            value = _columns.Slice(ItemOf(_starts, column), ItemOf(_lengths, column));
            return true;
        }

        return TryGetColumnMapped(this, column, out value);
    }

    // Any column the direct test above does not answer: absent ones, unsorted or duplicate selections, bad indices.
    // Static, the row by value, for the reason given at ColumnOrThrow.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TryGetColumnMapped(TsvRow row, int column, out ReadOnlySpan<byte> value)
    {
        TsvReader? reader = row._reader;
        if (reader is not null && reader.AllColumns)
        {
            return row.TryGetFileColumn(column, out value);
        }

        int[] slots = reader?.SlotOfColumn ?? Array.Empty<int>();
        if ((uint)column >= (uint)slots.Length)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(column));
        }

        int slot = slots[column];
        if (slot >= reader!.FoundCount)
        {
            value = default;
            return false;
        }

        value = row._columns.Slice(reader.Starts[slot], reader.Lengths[slot]);
        return true;
    }

    /// <summary>
    /// Gets the column named <paramref name="name"/> in the header (<see cref="TsvOptions.HasHeader"/>); false when
    /// the line ends before it. With duplicate names, the first column of that name.
    /// </summary>
    /// <param name="name">A header name.</param>
    /// <param name="value">The column's bytes.</param>
    /// <returns>True when present.</returns>
    /// <exception cref="KeyNotFoundException">The header has no such name, or the reader was given a column selection without it.</exception>
    /// <exception cref="InvalidOperationException">The input has no header.</exception>
    public bool TryGetColumn(string name, out ReadOnlySpan<byte> value) => TryGetColumn(ColumnOf(name), out value);

    /// <summary>The column named <paramref name="name"/> in the header (see <see cref="TryGetColumn(string, out ReadOnlySpan{byte})"/>).</summary>
    /// <param name="name">A header name.</param>
    /// <exception cref="TsvFormatException">The line ends before that column.</exception>
    /// <exception cref="KeyNotFoundException">No such name (or not selected).</exception>
    /// <exception cref="InvalidOperationException">The input has no header.</exception>
    public ReadOnlySpan<byte> this[string name] => this[ColumnOf(name)];

    /// <summary>
    /// The row column index of the header name <paramref name="name"/>: its file index when the reader exposes
    /// every column, else its position in the selection.
    /// </summary>
    /// <param name="name">A header name.</param>
    /// <returns>An index for the indexer and <see cref="TryGetColumn(int, out ReadOnlySpan{byte})"/>.</returns>
    /// <exception cref="KeyNotFoundException">No such name (or not selected).</exception>
    /// <exception cref="InvalidOperationException">The input has no header.</exception>
    public int ColumnOf(string name)
    {
        TsvHeader? header = _reader?.Header;
        if (header is null)
        {
            ThrowHelper.ThrowInvalidOperation("Columns by name need a header (TsvOptions.HasHeader).");
        }

        int fileColumn = header[name];
        if (_reader!.AllColumns)
        {
            return fileColumn;
        }

        int selected = _reader.ColumnIndices.IndexOf(fileColumn);
        if (selected < 0)
        {
            throw new KeyNotFoundException(TsvFormatException.Format("The column '{0}' was not selected.", name));
        }

        return selected;
    }

    /// <summary>True when the line is long enough to have selected column <paramref name="column"/>.</summary>
    public bool HasColumn(int column) => TryGetColumn(column, out _);

    /// <summary>The 0-based file column that selected column <paramref name="column"/> reads.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public int FileColumnOf(int column)
    {
        if (_reader is not null && _reader.AllColumns)
        {
            return column >= 0 ? column : ThrowNegative(column);
        }

        ReadOnlySpan<int> columns = _reader is null ? default : _reader.ColumnIndices;
        if ((uint)column >= (uint)columns.Length)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(column));
        }

        return columns[column];
    }

    // What the debugger shows: the line number, the column count and the line's start, separators shown as arrows.
    private bool TryGetFileColumn(int column, out ReadOnlySpan<byte> value)
    {
        if (column < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(column));
        }

        int slot = _reader.SlotOfField(_columns, _lineNumber, column);
        if (slot < 0)
        {
            value = default;
            return false;
        }

        value = _columns.Slice(_reader.Starts[slot], _reader.Lengths[slot]);
        return true;
    }

    private static int ThrowNegative(int column)
    {
        ThrowHelper.ThrowArgumentOutOfRange(nameof(column));
        return column;
    }

    internal string DebuggerDisplay
    {
        get
        {
            ReadOnlySpan<byte> shown = _line.Length > DebuggerLineLimit ? _line.Slice(0, DebuggerLineLimit) : _line;
            string text = TsvText.Decode(shown);
            text = Separator < 0x80 ? text.Replace((char)Separator, '\u2192') : text;
            return TsvFormatException.Format(
                "Line {0}, {1} column(s): {2}{3}", _lineNumber, ColumnCount, text, _line.Length > DebuggerLineLimit ? "…" : string.Empty);
        }
    }

    private byte Separator => _reader is null ? TsvOptions.Default.Separator : _reader.Separator;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowAbsent(int column)
    {
        int fileColumn = FileColumnOf(column);
        throw new TsvFormatException(
            TsvFormatException.Format("Line {0} ends before column {1} (0-based).", _lineNumber, fileColumn),
            _lineNumber,
            fileColumn);
    }
}
