using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Reading every column (<see cref="TsvFileReader"/> without a projection) finds a line's fields only as far as rows
/// have asked for them. A reader starts by finding each line's end alone: a loop that only counts rows, or keeps
/// whole lines, never pays for the fields. The first time a row asks for a field that the line's scan did not
/// record, the row's line is scanned whole (so every later question about that row is answered) and from the next
/// line on the scan records that field too, as a projection would: the rows of a loop that reads columns 3 and 18
/// find those two fields and pass the others a chunk at a time; one that reads many columns up to the highest it
/// reads records every field up to there (cheaper than finding each); one that reads them all (or asks for
/// <see cref="TsvRow.ColumnCount"/>) finds them all, inline. What a row returns never depends on this: only when its
/// fields are found.
/// </summary>
/// <remarks>
/// Invariants: in all-columns mode, after a whole-line scan (<see cref="_lineScannedWhole"/>) the first
/// <see cref="_foundCount"/> slots are fields 0 to _foundCount - 1 of the current line; otherwise slot i is field
/// <c>_recordedColumns[i]</c>, present when i &lt; _foundCount and absent from the line when not. A row reads slot i
/// as column i without a lookup only for the leading slots where the two agree (<see cref="_directLimit"/>).
/// <see cref="_lineFieldCount"/> is the line's field count when known (a whole-line scan, the column count check's
/// counting scan, or an asked-for leading column found absent), else -1. The asked columns only grow. Unescaping
/// needs every field up front: it scans the whole line.
/// </remarks>
public sealed partial class TsvReader
{
    // Absent columns up to this index are remembered as asked for, so a loop that asks every line for an optional
    // trailing column learns from the scan that it is absent; a larger index (a bug in the caller, most likely) is
    // not, so it cannot make the reader allocate a map as long as the index.
    private const int AbsentColumnsRemembered = 1024;

    // Recording every field up to the highest asked for costs a few instructions per field; passing the fields
    // between asked-for columns costs little per chunk, but finding each asked-for column in its chunk costs about
    // as much as recording this many fields (a test per separator, and a mispredicted branch where it matches). So
    // the scan records only the asked-for columns while they are fewer than one in this many, and every field up to
    // the highest otherwise. In one process on the 33-column web log, against recording 0 to 18: columns 3 and 18
    // alone took 0.8x the time, 0, 6, 12 and 18 alone about the same, 0, 3, ..., 18 alone 1.1x, 1 to 18 alone 1.3x.
    private const int FieldsRecordedPerColumnPassed = 6;

    // Every field of each line is recorded (a row asked for the field count).
    private bool _allAsked;

    // The file columns rows have asked for, ascending and distinct.
    private int[] _askedColumns = Array.Empty<int>();

    // The selection each line's scan records: the asked columns, or every column up to the highest of them (see
    // FieldsRecordedPerColumnPassed); empty: only the line's end is searched.
    private int[] _recordedColumns = Array.Empty<int>();

    // By file column: its slot in _recordedColumns, or -1; as long as the highest column asked for, plus one.
    private int[] _slotOfRecordedColumn = Array.Empty<int>();

    // How many of _recordedColumns are 0, 1, 2, ...: the slots a row reads as its columns directly.
    private int _recordedLeading;

    // The current line was scanned whole: slot i is field i.
    private bool _lineScannedWhole;

    // The current line's scan recorded columns that are not 0, 1, 2, ...: SetFound copies the found ones to
    // _fieldStarts and _fieldLengths, indexed by file column (as long as _slotOfRecordedColumn), and sets their bits
    // (columns below 64) in _directBits, so a row reads them there as directly as a column below _directFound. The
    // other entries hold earlier lines' fields: no bit points at them.
    private bool _scatterAsked;
    private int[] _fieldStarts = Array.Empty<int>();
    private int[] _fieldLengths = Array.Empty<int>();
    private ulong _directBits;

    // The current line's field count once known, else -1.
    private int _lineFieldCount = -1;

    /// <summary>The current line's field count when known (every field found, or counted), else -1.</summary>
    internal int LineFieldCount => _lineFieldCount;

    /// <summary>
    /// The all-columns scan of the line at the front of <paramref name="data"/>: the fields rows have asked for (see
    /// the type's remarks); the line's end as the other scans return it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ScanAllColumns(ReadOnlySpan<byte> data, bool isFinal, out int found, out int fieldCount)
    {
        int lineEnd;
        if (_allAsked || _unescapeBackslashes)
        {
            lineEnd = TsvLineScan.AllFieldsOnBestPath(data, _separator, _lineTerminator, ref _starts, ref _lengths, isFinal, out found);
            fieldCount = found;
            _lineFieldCount = found;
            _lineScannedWhole = true;
            _scatterAsked = false;
            _directBits = 0;
            _directLimit = int.MaxValue;
            return lineEnd;
        }

        _lineScannedWhole = false;
        _scatterAsked = _recordedLeading < _recordedColumns.Length;
        _directBits = 0;
        _directLimit = _recordedLeading;
        if (_countFields)
        {
            lineEnd = TsvLineScan.SelectColumnsCountingOnBestPath(data, _separator, _lineTerminator, _recordedColumns, _starts, _lengths, isFinal, out found, out fieldCount);
            _lineFieldCount = fieldCount;
            return lineEnd;
        }

        fieldCount = 0;
        if (_recordedColumns.Length == 0)
        {
            found = 0;
            lineEnd = data.IndexOf(_lineTerminator);
            if (lineEnd < 0 && isFinal)
            {
                lineEnd = data.Length;
            }
        }
        else
        {
            lineEnd = TsvLineScan.SelectColumnsOnBestPath(data, _separator, _lineTerminator, _recordedColumns, _starts, _lengths, isFinal, out found);
        }

        // A leading column found absent (column found, where found - 1 is present): the line has exactly found fields.
        _lineFieldCount = found < _recordedLeading ? found : -1;
        return lineEnd;
    }

    /// <summary>
    /// The slot of field <paramref name="column"/> for a row of line <paramref name="lineNumber"/> whose columns are
    /// <paramref name="columns"/>, or -1 when the line has no such field. A field the line's scan did not record
    /// makes the whole line scanned (see the type's remarks). A row kept past the reader's next call (another line
    /// number) gets the current line's answer without a scan: such a row was never valid, and its question must not
    /// change the current line's fields.
    /// </summary>
    internal int SlotOfField(ReadOnlySpan<byte> columns, long lineNumber, int column)
    {
        int slot = _lineScannedWhole ? column : (uint)column < (uint)_slotOfRecordedColumn.Length ? _slotOfRecordedColumn[column] : -1;
        if (slot >= 0 || _lineScannedWhole || lineNumber != _lineNumber || (_lineFieldCount >= 0 && column >= _lineFieldCount))
        {
            // A slot the scan did not reach is a column past the line's end.
            return slot < _foundCount ? slot : -1;
        }

        ScanWholeLine(columns);
        if (column < _foundCount || column < AbsentColumnsRemembered)
        {
            Ask(column);
        }

        return column < _foundCount ? column : -1;
    }

    /// <summary>
    /// The field count of the line of a row (as for <see cref="SlotOfField"/>): known, or found by scanning the
    /// line whole, after which every line is scanned whole (a loop that asks for the count reads every field).
    /// </summary>
    internal int FieldCountOf(ReadOnlySpan<byte> columns, long lineNumber)
    {
        if (lineNumber != _lineNumber)
        {
            return _foundCount;
        }

        if (_lineFieldCount < 0)
        {
            ScanWholeLine(columns);
            _allAsked = true;
        }

        return _lineFieldCount;
    }

    // The row's columns are its line without the terminator (and a trimmed '\r'), so the scan ends at their end.
    private void ScanWholeLine(ReadOnlySpan<byte> columns)
    {
        TsvLineScan.AllFieldsOnBestPath(columns, _separator, _lineTerminator, ref _starts, ref _lengths, true, out int found);
        _lineFieldCount = found;
        _lineScannedWhole = true;
        _scatterAsked = false;
        _directBits = 0;
        _directLimit = int.MaxValue;
        SetFound(found);
    }

    /// <summary>The arrays a row of the current line reads its direct columns from (see <see cref="_scatterAsked"/>).</summary>
    internal int[] RowStarts => _directBits == 0 ? _starts : _fieldStarts;

    /// <summary>The lengths beside <see cref="RowStarts"/>.</summary>
    internal int[] RowLengths => _directBits == 0 ? _lengths : _fieldLengths;

    /// <summary>The columns below 64 a row reads from <see cref="RowStarts"/> besides those below <see cref="DirectFound"/>.</summary>
    internal ulong DirectBits => _directBits;

    // After the '\r' trim, which may shorten the last found slot.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ScatterAskedColumns(int found)
    {
        int[] asked = _recordedColumns;
        int[] starts = _fieldStarts;
        int[] lengths = _fieldLengths;
        ulong bits = 0;
        for (int slot = 0; slot < found && slot < asked.Length; slot++)
        {
            int column = asked[slot];
            starts[column] = _starts[slot];
            lengths[column] = _lengths[slot];
            bits |= column < 64 ? 1UL << column : 0;
        }

        _directBits = bits;
    }

    // Everything is allocated before any state changes, so running out of memory here leaves the reader as it was.
    private void Ask(int column)
    {
        if (_allAsked || ((uint)column < (uint)_slotOfRecordedColumn.Length && _slotOfRecordedColumn[column] >= 0))
        {
            return;
        }

        int[] asked = new int[_askedColumns.Length + 1];
        int at = 0;
        while (at < _askedColumns.Length && _askedColumns[at] < column)
        {
            asked[at] = _askedColumns[at];
            at++;
        }

        asked[at] = column;
        Array.Copy(_askedColumns, at, asked, at + 1, _askedColumns.Length - at);

        int highest = asked[asked.Length - 1];
        int[] recorded = asked;
        if (asked.Length * FieldsRecordedPerColumnPassed > highest)
        {
            recorded = new int[highest + 1];
            for (int i = 0; i < recorded.Length; i++)
            {
                recorded[i] = i;
            }
        }

        int[] slotOf = highest < _slotOfRecordedColumn.Length ? _slotOfRecordedColumn : new int[highest + 1];
        int[] fieldStarts = _fieldStarts.Length < slotOf.Length ? new int[slotOf.Length] : _fieldStarts;
        int[] fieldLengths = _fieldLengths.Length < slotOf.Length ? new int[slotOf.Length] : _fieldLengths;
        int[] starts = _starts.Length < recorded.Length ? new int[recorded.Length] : _starts;
        int[] lengths = _lengths.Length < recorded.Length ? new int[recorded.Length] : _lengths;

        slotOf.AsSpan().Fill(-1);
        int leading = 0;
        for (int slot = 0; slot < recorded.Length; slot++)
        {
            slotOf[recorded[slot]] = slot;
            leading += recorded[slot] == leading ? 1 : 0;
        }

        // The current line was scanned whole before a column is asked for: its fields stay where its rows read them.
        if (starts != _starts)
        {
            Array.Copy(_starts, starts, _starts.Length);
        }

        if (lengths != _lengths)
        {
            Array.Copy(_lengths, lengths, _lengths.Length);
        }

        _askedColumns = asked;
        _recordedColumns = recorded;
        _slotOfRecordedColumn = slotOf;
        _recordedLeading = leading;
        _fieldStarts = fieldStarts;
        _fieldLengths = fieldLengths;
        _starts = starts;
        _lengths = lengths;
    }
}
