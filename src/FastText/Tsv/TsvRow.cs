using System;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// One data row of a <see cref="TsvReader"/>: the selected columns as UTF-8 byte spans, in the order they were
/// selected. Valid only until the reader's next call. A column the line is too short to have is <em>absent</em>
/// (<see cref="TryGetColumn"/> returns false, the indexer throws), which is distinct from present and empty.
/// </summary>
public readonly ref partial struct TsvRow
{
    private readonly TsvReader _reader;
    private readonly ReadOnlySpan<byte> _line;
    private readonly ReadOnlySpan<byte> _columns;
    private readonly long _lineNumber;

    // columns is where the column offsets point: the line itself, or the unescaped copies of the columns.
    internal TsvRow(TsvReader reader, ReadOnlySpan<byte> line, ReadOnlySpan<byte> columns, long lineNumber)
    {
        _reader = reader;
        _line = line;
        _columns = columns;
        _lineNumber = lineNumber;
    }

    /// <summary>The 1-based physical line number of this row in the input (comments, header and empty lines count).</summary>
    public long LineNumber => _lineNumber;

    /// <summary>The whole line without its line end ('\n', and '\r' when trimmed).</summary>
    public ReadOnlySpan<byte> Line => _line;

    /// <summary>The number of selected columns (present or absent).</summary>
    public int ColumnCount => _reader is null ? 0 : _reader.SlotOfColumn.Length;

    /// <summary>The selected column <paramref name="column"/> (an index into the selection, not the file).</summary>
    /// <exception cref="TsvFormatException">The line ends before that column.</exception>
    public ReadOnlySpan<byte> this[int column]
    {
        get
        {
            if (!TryGetColumn(column, out ReadOnlySpan<byte> value))
            {
                ThrowAbsent(column);
            }

            return value;
        }
    }

    /// <summary>Gets selected column <paramref name="column"/>; false when the line ends before it (absent).</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryGetColumn(int column, out ReadOnlySpan<byte> value)
    {
        int[] slots = _reader?.SlotOfColumn ?? Array.Empty<int>();
        if ((uint)column >= (uint)slots.Length)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(column));
        }

        int slot = slots[column];
        if (slot >= _reader!.FoundCount)
        {
            value = default;
            return false;
        }

        value = _columns.Slice(_reader.Starts[slot], _reader.Lengths[slot]);
        return true;
    }

    /// <summary>True when the line is long enough to have selected column <paramref name="column"/>.</summary>
    public bool HasColumn(int column) => TryGetColumn(column, out _);

    /// <summary>The 0-based file column that selected column <paramref name="column"/> reads.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="column"/> is not an index into the selection.</exception>
    public int FileColumnOf(int column)
    {
        ReadOnlySpan<int> columns = _reader is null ? default : _reader.ColumnIndices;
        if ((uint)column >= (uint)columns.Length)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(column));
        }

        return columns[column];
    }

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
