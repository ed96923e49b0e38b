using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Reading every column (<see cref="TsvFileReader"/> without a projection) finds a line's fields only as far as rows
/// have asked for them. A reader starts by finding each line's end alone: a loop that only counts rows, or keeps
/// whole lines, never pays for the fields. The first time a row asks for field <c>c</c> beyond those found, the
/// row's line is scanned whole (so every later question about that row is answered) and from the next line on the
/// scan records fields 0 to <c>c</c> as it goes: the rows of a loop that reads two columns find two columns' worth
/// of fields, and one that reads them all (or asks for <see cref="TsvRow.ColumnCount"/>) finds them all, inline.
/// What a row returns never depends on this: only when its fields are found.
/// </summary>
/// <remarks>
/// Invariants: in all-columns mode the first <see cref="_foundCount"/> slots are fields 0 to _foundCount - 1 of the
/// current line; <see cref="_lineFieldCount"/> is the line's field count when known (a complete scan, or the column
/// count check's counting scan), else -1. <see cref="_eagerFields"/> never decreases. Unescaping and the straddling
/// lines of a sequence need every field up front: they scan the whole line.
/// </remarks>
public sealed partial class TsvReader
{
    // How many leading fields each line's scan records in all-columns mode: 0 (only the line's end), a prefix, or
    // int.MaxValue (all of them). Raised by rows' demands.
    private int _eagerFields;

    // 0, 1, ..., _eagerFields - 1 while a prefix is scanned: the selection the scan is given.
    private int[] _eagerPrefix = Array.Empty<int>();

    // The current line's field count once known, else -1.
    private int _lineFieldCount = -1;

    /// <summary>The current line's field count when known (every field found, or counted), else -1.</summary>
    internal int LineFieldCount => _lineFieldCount;

    /// <summary>
    /// The all-columns scan of the line at the front of <paramref name="data"/>: as many leading fields as rows have
    /// asked for (see the type's remarks); the line's end as the other scans return it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int ScanAllColumns(ReadOnlySpan<byte> data, bool isFinal, out int found, out int fieldCount)
    {
        int lineEnd;
        if (_eagerFields == int.MaxValue || _unescapeBackslashes)
        {
            lineEnd = TsvLineScan.AllFieldsOnBestPath(data, _separator, _lineTerminator, ref _starts, ref _lengths, isFinal, out found);
            fieldCount = found;
            _lineFieldCount = found;
            return lineEnd;
        }

        if (_countFields)
        {
            lineEnd = TsvLineScan.SelectColumnsCountingOnBestPath(data, _separator, _lineTerminator, _eagerPrefix, _starts, _lengths, isFinal, out found, out fieldCount);
            _lineFieldCount = fieldCount;
            return lineEnd;
        }

        fieldCount = 0;
        if (_eagerFields == 0)
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
            lineEnd = TsvLineScan.SelectColumnsOnBestPath(data, _separator, _lineTerminator, _eagerPrefix, _starts, _lengths, isFinal, out found);
        }

        // Fewer fields than the prefix asked for: the line has exactly those.
        _lineFieldCount = found < _eagerFields ? found : -1;
        return lineEnd;
    }

    /// <summary>
    /// A row of the current line (line number <paramref name="lineNumber"/>, columns <paramref name="columns"/>)
    /// asks for field <paramref name="column"/> (int.MaxValue: for the field count): finds every field of the line
    /// when that one is not found yet, raises what later lines find, and returns the count of fields now found. A
    /// row kept past the reader's next call (another line number) gets the current count: such a row was never
    /// valid, and its question must not change the current line's fields.
    /// </summary>
    internal int FindFields(ReadOnlySpan<byte> columns, long lineNumber, int column)
    {
        if (lineNumber != _lineNumber || column < _foundCount || (_lineFieldCount >= 0 && (_lineFieldCount == _foundCount || column == int.MaxValue || column >= _lineFieldCount)))
        {
            return _foundCount;
        }

        // The row's columns are its line without the terminator (and a trimmed '\r'), so the scan ends at their end.
        TsvLineScan.AllFieldsOnBestPath(columns, _separator, _lineTerminator, ref _starts, ref _lengths, true, out int found);
        _lineFieldCount = found;
        SetFound(found);
        RaiseEagerFields(column == int.MaxValue ? int.MaxValue : column + 1);
        return found;
    }

    private void RaiseEagerFields(int fields)
    {
        if (fields <= _eagerFields)
        {
            return;
        }

        _eagerFields = fields;
        if (fields == int.MaxValue)
        {
            _eagerPrefix = Array.Empty<int>();
            return;
        }

        int[] prefix = new int[fields];
        for (int i = 0; i < prefix.Length; i++)
        {
            prefix[i] = i;
        }

        _eagerPrefix = prefix;
        if (_starts.Length < fields)
        {
            Array.Resize(ref _starts, fields);
            Array.Resize(ref _lengths, fields);
        }
    }
}
