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
