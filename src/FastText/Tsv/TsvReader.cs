using System;
using System.Buffers;
using System.Linq;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// Pulls rows out of UTF-8 tab-separated text and slices the selected columns where they lie, without copying or
/// allocating per row. Configure it once (options and columns), then call <c>TryReadRow</c> in a loop like
/// <c>Utf8JsonReader</c>: each call consumes one line from the front of the buffer. A reader keeps state between
/// calls (line number, header, a pooled buffer for rows that straddle segments); it is not thread-safe, and a
/// <see cref="TsvRow"/> is valid only until the next call. Dispose it to return its pooled buffer.
/// </summary>
/// <remarks>
/// Scanning a line stops after its highest selected column; the rest of the line is skipped with one vectorized
/// search for '\n'. This file is the contiguous fast path; everything about rows split across the segments of a
/// <see cref="ReadOnlySequence{T}"/> lives in TsvReader.MultiSegment.cs and is reached only when a line does not
/// end inside the first segment.
/// </remarks>
public sealed partial class TsvReader : IDisposable
{
    private const byte Tab = (byte)'\t';
    private const byte LineFeed = (byte)'\n';
    private const byte CarriageReturn = (byte)'\r';
    private const byte CommentMarker = (byte)'#';

    private readonly TsvOptions _options;
    private readonly byte[][]? _columnNamesUtf8;
    private readonly string[]? _columnNames;
    private readonly int _maxLineLength;
    private readonly bool _trimCarriageReturn;
    private readonly bool _skipCommentLines;
    private readonly bool _unescapeBackslashes;
    private readonly bool _skipEmptyLines;
    private readonly bool _throwOnMissingColumns;
    private readonly TsvColumnCountCheck _columnCountCheck;
    private readonly bool _checkDuplicateNames;
    private readonly byte _separator;
    private readonly byte _lineTerminator;

    // The selected columns as distinct file-column indices in ascending order, so one left-to-right pass finds them;
    // _slotOfColumn maps each position the caller asked for onto that order (duplicates share a slot).
    private int[] _sortedColumns = Array.Empty<int>();
    private int[] _slotOfColumn = Array.Empty<int>();
    private int[] _columnIndices = Array.Empty<int>();

    // Where the current line's selected columns lie; the first _foundCount slots are present, the rest absent.
    private int[] _starts = Array.Empty<int>();
    private int[] _lengths = Array.Empty<int>();
    private int _foundCount;

    // Row columns below _directLimit are slots of the same number (int.MaxValue for a selection given in ascending
    // order without duplicates, and every column of a line scanned whole; the leading asked-for columns otherwise):
    // _directFound is the found ones among them, so TsvRow reads such a column with one comparison, and maps any
    // other to its slot.
    private int _directLimit;
    private int _directFound;

    private long _lineNumber;
    private bool _atStart = true;
    private bool _headerPending;

    // TsvOptions.ColumnCountCheck: when _countFields, every scan counts the line's fields and a row must have
    // _expectedColumnCount of them (-1 until the header or, headerless, the first row sets it). The all-columns scan
    // counts them anyway; the others switch to the counting kernel only then, so a reader that checks nothing scans
    // as before.
    private bool _countFields;
    private int _expectedColumnCount = -1;

    // No header to read, no comments, no unescaping: every line is a row or a skipped empty line, so TryReadRow's
    // fast path (one scan per line, no special-line checks) applies.
    private bool _plainLines;

    // How many bytes at the front of the caller's buffer are known to hold no line terminator: the incomplete line
    // examined by the previous call that returned false. The next call (given, by contract, the same bytes plus
    // more) searches only what follows them, so a long line arriving in small reads costs linear time.
    private long _pendingExamined;

    // The header line's names, once read (HasHeader).
    private TsvHeader? _header;

    // Every field of each line is recorded (no selection): row column i is file column i.
    private bool _allColumns;

    // Bytes the scanner has looked at, for the complexity tests (one add per line; never read on the hot path).
    private long _bytesExamined;

    /// <summary>
    /// Reads whole lines and selects no columns: the fastest scan (only the line terminator is searched for), for
    /// code that walks every field itself with <see cref="TsvRow.Fields"/> or uses <see cref="TsvRow.Line"/>.
    /// </summary>
    /// <param name="options">Format options; <see cref="TsvOptions.Default"/> when null.</param>
    /// <exception cref="ArgumentException"><see cref="TsvOptions.Separator"/> equals <see cref="TsvOptions.LineTerminator"/>,
    /// or is '\r' while <see cref="TsvOptions.TrimCarriageReturn"/> is on, or is '\\', 't', 'n' or 'r' while
    /// <see cref="TsvOptions.UnescapeBackslashes"/> is on.</exception>
    public TsvReader(TsvOptions? options)
        : this(Array.Empty<int>(), options)
    {
    }

    /// <summary>Reads the columns at the given 0-based indices (any order, duplicates allowed).</summary>
    /// <param name="columns">0-based column indices; <see cref="TsvRow"/> column <c>i</c> is file column <c>columns[i]</c>.</param>
    /// <param name="options">Format options; <see cref="TsvOptions.Default"/> when null.</param>
    /// <exception cref="ArgumentOutOfRangeException">A column index is negative.</exception>
    /// <exception cref="ArgumentException"><see cref="TsvOptions.Separator"/> equals <see cref="TsvOptions.LineTerminator"/>,
    /// or is '\r' while <see cref="TsvOptions.TrimCarriageReturn"/> is on, or is '\\', 't', 'n' or 'r' while
    /// <see cref="TsvOptions.UnescapeBackslashes"/> is on.</exception>
    public TsvReader(int[] columns, TsvOptions? options = null)
    {
        if (columns is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(columns));
        }

        _options = options ?? TsvOptions.Default;
        ValidateOptions(_options, nameof(options));
        _maxLineLength = _options.MaxLineLength;
        _trimCarriageReturn = _options.TrimCarriageReturn;
        _skipCommentLines = SkipsCommentLines(_options);
        _unescapeBackslashes = _options.UnescapeBackslashes;
        _skipEmptyLines = _options.SkipEmptyLines;
        _throwOnMissingColumns = _options.ThrowOnMissingColumns;
        _columnCountCheck = _options.ColumnCountCheck;

        // A selection by index reads what it asked for whatever the names say, so their duplicates do not matter.
        _checkDuplicateNames = !_options.AllowDuplicateColumnNames && columns.Length == 0;
        _separator = _options.Separator;
        _lineTerminator = _options.LineTerminator;
        _headerPending = _options.HasHeader;
        foreach (int column in columns)
        {
            if (column < 0)
            {
                ThrowHelper.ThrowArgumentOutOfRange(nameof(columns), "Column indices must be non-negative.");
            }
        }

        SelectColumns((int[])columns.Clone());
        UpdateCountFields();
    }

    /// <summary>Reads the columns named in the header line (requires <see cref="TsvOptions.HasHeader"/>).</summary>
    /// <param name="columnNames">Header names, matched byte for byte against the UTF-8 header fields.</param>
    /// <param name="options">Format options; must have <see cref="TsvOptions.HasHeader"/> set.</param>
    public TsvReader(string[] columnNames, TsvOptions options)
    {
        if (columnNames is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(columnNames));
        }

        if (options is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(options));
        }

        if (!options.HasHeader)
        {
            ThrowHelper.ThrowArgument(nameof(options), "Selecting columns by name needs TsvOptions.HasHeader.");
        }

        ValidateOptions(options, nameof(options));
        _options = options;
        _maxLineLength = options.MaxLineLength;
        _trimCarriageReturn = options.TrimCarriageReturn;
        _skipCommentLines = SkipsCommentLines(options);
        _unescapeBackslashes = options.UnescapeBackslashes;
        _skipEmptyLines = options.SkipEmptyLines;
        _throwOnMissingColumns = options.ThrowOnMissingColumns;
        _columnCountCheck = options.ColumnCountCheck;
        _checkDuplicateNames = !options.AllowDuplicateColumnNames;
        _separator = options.Separator;
        _lineTerminator = options.LineTerminator;
        _headerPending = true;
        _columnNames = (string[])columnNames.Clone();
        _columnNamesUtf8 = new byte[_columnNames.Length][];
        for (int i = 0; i < _columnNames.Length; i++)
        {
            if (_columnNames[i] is null)
            {
                ThrowHelper.ThrowArgument(nameof(columnNames), "Column names must not be null.");
            }

            _columnNamesUtf8[i] = Utf8Fallback.Encoding.GetBytes(_columnNames[i]);
        }

        UpdateCountFields();
    }

    /// <summary>The options this reader was built with.</summary>
    public TsvOptions Options => _options;

    /// <summary>How many columns each row exposes (the length of the selection).</summary>
    public int ColumnCount => _columnNamesUtf8?.Length ?? _slotOfColumn.Length;

    /// <summary>
    /// The header's names and name lookup once the header line has been read (<see cref="TsvOptions.HasHeader"/>);
    /// null before that and without a header. It is read by the first <c>TryReadRow</c> call that reaches it.
    /// </summary>
    public TsvHeader? Header => _header;

    /// <summary>The number of lines consumed so far, counting comments, header and empty lines.</summary>
    public long LineNumber => _lineNumber;

    /// <summary>
    /// The 0-based file column read for each selected column; for a selection by name, empty until the header
    /// line has been read.
    /// </summary>
    public ReadOnlySpan<int> ColumnIndices => _columnIndices;

    internal byte Separator => _separator;

    /// <summary>Bytes examined by every search so far: the complexity tests bound it by a constant times the input.</summary>
    internal long BytesExamined => _bytesExamined;

    internal int[] SlotOfColumn => _slotOfColumn;

    internal bool AllColumns => _allColumns;

    /// <summary>A reader whose rows expose every field by file index (<see cref="TsvFileReader"/> without a projection).</summary>
    internal static TsvReader ForAllColumns(TsvOptions? options)
    {
        var reader = new TsvReader(options);
        reader._allColumns = true;
        reader._directLimit = 0;
        return reader;
    }

    internal int[] Starts => _starts;

    internal int[] Lengths => _lengths;

    internal int FoundCount => _foundCount;

    internal int DirectFound => _directFound;

    /// <summary>
    /// Reads the next data row from the front of <paramref name="buffer"/>, skipping comment, header and (by
    /// default) empty lines, and advances <paramref name="buffer"/> past everything consumed. Returns false when
    /// the buffer holds no complete line: pass more data (the unconsumed rest plus what follows), or, with
    /// <paramref name="isFinalBlock"/> true, the input is exhausted.
    /// </summary>
    /// <param name="buffer">The unread input; on return, what is left of it.</param>
    /// <param name="isFinalBlock">True when no data follows, so a last line without '\n' is a row.</param>
    /// <param name="row">The row; valid until the next call on this reader.</param>
    /// <exception cref="TsvFormatException">A line is longer than <see cref="TsvOptions.MaxLineLength"/>, a named
    /// column is missing from the header, the header names two columns alike (unless
    /// <see cref="TsvOptions.AllowDuplicateColumnNames"/>), a row's column count differs from the expected one
    /// (<see cref="TsvOptions.ColumnCountCheck"/>), or (with <see cref="TsvOptions.ThrowOnMissingColumns"/>) a row is short.
    /// <paramref name="buffer"/> is then past the lines skipped before the bad one (comments, empty lines, the header;
    /// <see cref="LineNumber"/> counts them) and at the start of the bad line: calling again throws for the same
    /// line.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryReadRow(scoped ref ReadOnlySpan<byte> buffer, bool isFinalBlock, out TsvRow row)
    {
        if (!TryReadLine(ref buffer, isFinalBlock, out ReadOnlySpan<byte> line, out ReadOnlySpan<byte> columns))
        {
            row = default;
            return false;
        }

        row = new TsvRow(this, line, columns, _lineNumber);
        return true;
    }

    /// <summary>
    /// <see cref="TryReadRow(ref ReadOnlySpan{byte}, bool, out TsvRow)"/> without the row: the line and where its
    /// column offsets point (the line, or the unescaped copies). The plain path inline, the general one a call.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TryReadLine(scoped ref ReadOnlySpan<byte> buffer, bool isFinalBlock, out ReadOnlySpan<byte> line, out ReadOnlySpan<byte> columns)
    {
        if (TryReadPlainLine(ref buffer, out line, out columns))
        {
            return true;
        }

        // The general path reports where the row lies rather than the row: passing the caller's row to a call
        // takes its address, and a row whose address is taken stays in memory in the caller's loop, every column
        // access reloading its fields.
        ReadOnlySpan<byte> unread = buffer;
        if (!TryReadRowGeneral(ref buffer, isFinalBlock, out int generalStart, out int generalLength, out int unescapedLength))
        {
            line = default;
            columns = default;
            return false;
        }

        line = unread.Slice(generalStart, generalLength);
        // _unescapeBuffer is the reading thread's own reference (Dispose never clears it).
        columns = unescapedLength < 0 ? line : _unescapeBuffer.AsSpan(0, unescapedLength);
        return true;
    }

    /// <summary>
    /// The cut fast path of <see cref="TryReadLine"/> alone: one complete line when no special line can come (header
    /// read, no comments, no unescaping). False, having consumed nothing, for everything else (an unfinished line, an
    /// empty line to skip): then the caller takes the general path. It throws only before consuming, so a caller that
    /// keeps its own copy of the unread bytes (the file reader's enumerator) cannot lose track of a skipped line when
    /// a format error is thrown: the line numbers of a retry stay right.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal bool TryReadPlainLine(scoped ref ReadOnlySpan<byte> buffer, out ReadOnlySpan<byte> line, out ReadOnlySpan<byte> columns)
    {
        // Small enough to inline into the caller's row loop with the row built in place; the scans are calls of
        // their own (NoInlining), and the rest is TryReadRowGeneral. Inlining the whole of it made the JIT's Tier1
        // (Dynamic PGO) code of a user's loop call even the row constructor and Span.Slice out of line: the
        // all-columns loop ran 1.6x slower than the same loop compiled by OSR.
        if (_plainLines && _pendingExamined == 0 && !_atStart)
        {
            // A line without its terminator yet takes the general path, which knows about limits and the final
            // line and, told what was examined here, does not search it again.
            int found = 0;
            int fieldCount = 0;
            int[] sortedColumns = _sortedColumns;
            int lineEnd;
            if (_allColumns)
            {
                lineEnd = ScanAllColumns(buffer, false, out found, out fieldCount);
            }
            else if (_countFields)
            {
                lineEnd = TsvLineScan.SelectColumnsCountingOnBestPath(buffer, _separator, _lineTerminator, sortedColumns, _starts, _lengths, false, out found, out fieldCount);
            }
            else
            {
                lineEnd = sortedColumns.Length == 0
                    ? buffer.IndexOf(_lineTerminator)
                    : TsvLineScan.SelectColumnsOnBestPath(buffer, _separator, _lineTerminator, sortedColumns, _starts, _lengths, false, out found);
            }

            if (lineEnd < 0)
            {
                _bytesExamined += buffer.Length;
                _pendingExamined = buffer.Length;
            }
            else
            {
                if (lineEnd > _maxLineLength)
                {
                    ThrowLineTooLong(_lineNumber + 1);
                }

                int lineLength = TrimmedLineLength(buffer, lineEnd, found);

                // An empty line to skip is left to the general path (rare), which skips it and reads on.
                if (lineLength != 0 || !_skipEmptyLines)
                {
                    if (_countFields && fieldCount != _expectedColumnCount)
                    {
                        CheckColumnCount(fieldCount);
                    }

                    if (!_allColumns && found < sortedColumns.Length && _throwOnMissingColumns)
                    {
                        ThrowMissingColumns(_lineNumber + 1, sortedColumns[found]);
                    }

                    _bytesExamined += lineEnd + 1;
                    line = buffer.Slice(0, lineLength);
                    columns = line;
                    buffer = buffer.Slice(lineEnd + 1);
                    _lineNumber++;
                    SetFound(found);
                    return true;
                }
            }
        }

        line = default;
        columns = default;
        return false;
    }

    /// <summary>
    /// Everything <see cref="TryReadLine"/> does not inline: the preamble (byte order mark, header), a line that has
    /// not ended yet, comments and unescaping. Reports the row as where its line starts in <paramref name="buffer"/>
    /// (as passed), its length, and the length of its unescaped columns in the unescape buffer (-1 when the columns
    /// are the line itself).
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool TryReadRowGeneral(scoped ref ReadOnlySpan<byte> buffer, bool isFinalBlock, out int lineStart, out int lineLength, out int unescapedLength)
    {
        ReadOnlySpan<byte> unread = buffer;
        lineStart = 0;
        lineLength = 0;
        unescapedLength = -1;
        if (_atStart && !TrySkipPreamble(ref buffer, isFinalBlock))
        {
            return false;
        }

        while (true)
        {
            LineKind kind = ScanLine(buffer, isFinalBlock, _pendingExamined, out int consumed, out int length);
            if (kind == LineKind.NeedMoreData)
            {
                _pendingExamined = isFinalBlock ? 0 : Math.Max(_pendingExamined, buffer.Length);
                return false;
            }

            _pendingExamined = 0;
            lineStart = unread.Length - buffer.Length;
            lineLength = length;
            buffer = buffer.Slice(consumed);
            _lineNumber++;
            if (kind == LineKind.Row)
            {
                if (_unescapeBackslashes)
                {
                    unescapedLength = UnescapeColumns(unread.Slice(lineStart, length), out _);
                }

                return true;
            }
        }
    }

    /// <summary>
    /// Reads the next data row from the front of <paramref name="buffer"/> (see the span overload); a row whose
    /// line straddles segments is copied into a pooled buffer, every other row is sliced in place.
    /// </summary>
    /// <param name="buffer">The unread input; on return, what is left of it (pass <c>buffer.Start</c> as consumed to a PipeReader).</param>
    /// <param name="isFinalBlock">True when no data follows, so a last line without '\n' is a row.</param>
    /// <param name="row">The row; valid until the next call on this reader and while the buffer's memory is.</param>
    /// <exception cref="TsvFormatException">As for the span overload.</exception>
    public bool TryReadRow(scoped ref ReadOnlySequence<byte> buffer, bool isFinalBlock, out TsvRow row)
    {
        if (_atStart)
        {
            if (!TrySkipPreamble(ref buffer, isFinalBlock))
            {
                row = default;
                return false;
            }
        }

        while (true)
        {
            ReadOnlySpan<byte> first = SequenceSpans.First(buffer);
            bool isSingleSegment = buffer.IsSingleSegment;
            LineKind kind = ScanLine(first, isFinalBlock && isSingleSegment, _pendingExamined, out int consumed, out int lineLength);
            ReadOnlySpan<byte> line;
            if (kind == LineKind.NeedMoreData)
            {
                if (isSingleSegment)
                {
                    _pendingExamined = isFinalBlock ? 0 : Math.Max(_pendingExamined, first.Length);
                    row = default;
                    return false;
                }

                kind = ReadStraddlingLine(ref buffer, isFinalBlock, Math.Max(_pendingExamined, first.Length), out line);
                if (kind == LineKind.NeedMoreData)
                {
                    row = default;
                    return false;
                }
            }
            else
            {
                line = first.Slice(0, lineLength);
                buffer = buffer.Slice(consumed);
            }

            _pendingExamined = 0;
            _lineNumber++;
            if (kind == LineKind.Row)
            {
                row = _unescapeBackslashes ? CreateUnescapedRow(line) : new TsvRow(this, line, line, _lineNumber);
                return true;
            }
        }
    }

    /// <summary>
    /// Consumes the lines up to and including the header (comments, skipped empty lines, BOM) without reading a
    /// data row. True when the header has been read (or there is none to read).
    /// </summary>
    internal bool TryReadHeader(scoped ref ReadOnlySpan<byte> buffer, bool isFinalBlock)
    {
        if (_atStart && !TrySkipPreamble(ref buffer, isFinalBlock))
        {
            return false;
        }

        while (_headerPending)
        {
            // With the header pending every line is special: a comment, a skipped empty line or the header.
            LineKind kind = ScanLine(buffer, isFinalBlock, _pendingExamined, out int consumed, out _);
            if (kind == LineKind.NeedMoreData)
            {
                _pendingExamined = isFinalBlock ? 0 : Math.Max(_pendingExamined, buffer.Length);
                return false;
            }

            _pendingExamined = 0;
            buffer = buffer.Slice(consumed);
            _lineNumber++;
        }

        return true;
    }

    /// <summary>Forgets the position, line number and header so the reader can read another input from its start.</summary>
    public void Reset()
    {
        _header = null;
        _lineNumber = 0;
        _pendingExamined = 0;
        _atStart = true;
        _expectedColumnCount = -1;
        _lineFieldCount = -1;
        UpdateCountFields();
        SetFound(0);
        if (_options.HasHeader)
        {
            _headerPending = true;
            if (_columnNamesUtf8 is not null)
            {
                SelectColumns(Array.Empty<int>());
            }

            UpdatePlainLines();
        }
    }

    /// <summary>
    /// Returns the pooled buffers (for rows that straddle segments, and for unescaped columns). One that a read is
    /// writing into at that moment is left to it (never returned while written); a later read rents again.
    /// </summary>
    public void Dispose()
    {
        ReturnStitchBuffer();
        ReturnUnescapeBuffer();
    }

    private enum LineKind
    {
        NeedMoreData,
        Row,
        Skipped,
    }

    /// <summary>
    /// Finds the selected columns of the line at the start of <paramref name="data"/>. consumed includes the '\n';
    /// lineLength excludes it and a trimmed '\r'. NeedMoreData when the line does not end inside the span and more
    /// may come (or the span is empty).
    /// </summary>
    private LineKind ScanLine(ReadOnlySpan<byte> data, bool isFinal, long knownIncomplete, out int consumed, out int lineLength)
    {
        if (data.IsEmpty)
        {
            consumed = 0;
            lineLength = 0;
            return LineKind.NeedMoreData;
        }

        if (knownIncomplete > 0 && IsStillIncomplete(data, isFinal, knownIncomplete))
        {
            consumed = 0;
            lineLength = 0;
            return LineKind.NeedMoreData;
        }

        if (_headerPending || (_skipCommentLines && data[0] == CommentMarker))
        {
            return ScanSpecialLine(data, isFinal, out consumed, out lineLength);
        }

        int[] sortedColumns = _sortedColumns;
        int found;
        int fieldCount = 0;
        int lineEnd;
        if (_allColumns)
        {
            lineEnd = ScanAllColumns(data, isFinal, out found, out fieldCount);
        }
        else if (_countFields)
        {
            lineEnd = TsvLineScan.SelectColumnsCountingOnBestPath(data, _separator, _lineTerminator, sortedColumns, _starts, _lengths, isFinal, out found, out fieldCount);
        }
        else if (sortedColumns.Length == 0)
        {
            // No selection (whole lines, fields walked by the caller): one search for the terminator is all.
            found = 0;
            lineEnd = data.IndexOf(_lineTerminator);
            if (lineEnd < 0 && isFinal)
            {
                lineEnd = data.Length;
            }
        }
        else
        {
            lineEnd = TsvLineScan.SelectColumnsOnBestPath(data, _separator, _lineTerminator, sortedColumns, _starts, _lengths, isFinal, out found);
        }

        if (lineEnd < 0)
        {
            _bytesExamined += data.Length;
            if (data.Length > _maxLineLength)
            {
                ThrowLineTooLong(_lineNumber + 1);
            }

            consumed = 0;
            lineLength = 0;
            return LineKind.NeedMoreData;
        }

        // Without a terminator (the final line) the line runs to the end of the data.
        consumed = lineEnd == data.Length ? lineEnd : lineEnd + 1;

        _bytesExamined += consumed;
        if (lineEnd > _maxLineLength)
        {
            ThrowLineTooLong(_lineNumber + 1);
        }

        lineLength = TrimmedLineLength(data, lineEnd, found);

        SetFound(found);
        if (lineLength == 0 && _skipEmptyLines)
        {
            return LineKind.Skipped;
        }

        if (_countFields && fieldCount != _expectedColumnCount)
        {
            CheckColumnCount(fieldCount);
        }

        if (!_allColumns && found < sortedColumns.Length && _throwOnMissingColumns)
        {
            ThrowMissingColumns(_lineNumber + 1, sortedColumns[found]);
        }

        return LineKind.Row;
    }

    /// <summary>
    /// The line at the front of <paramref name="data"/> was incomplete when its first <paramref name="knownIncomplete"/>
    /// bytes were examined: search only the bytes after them. True when it is still incomplete and more may come;
    /// false when it now ends (or the input does), so the caller scans it from its start, once.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private bool IsStillIncomplete(ReadOnlySpan<byte> data, bool isFinal, long knownIncomplete)
    {
        if (isFinal)
        {
            return false;
        }

        if (knownIncomplete >= data.Length)
        {
            // Nothing new: by contract these are the bytes already examined (or the first segment of them).
            if (data.Length > _maxLineLength)
            {
                ThrowLineTooLong(_lineNumber + 1);
            }

            return true;
        }

        int from = (int)knownIncomplete;
        int found = data.Slice(from).IndexOf(_lineTerminator);
        if (found >= 0)
        {
            _bytesExamined += found + 1;
            return false;
        }

        _bytesExamined += data.Length - from;
        if (data.Length > _maxLineLength)
        {
            ThrowLineTooLong(_lineNumber + 1);
        }

        return true;
    }

    /// <summary>A comment line, or the header line (which may also be preceded by comments and empty lines).</summary>
    private LineKind ScanSpecialLine(ReadOnlySpan<byte> data, bool isFinal, out int consumed, out int lineLength)
    {
        int lineEnd = data.IndexOf(_lineTerminator);
        _bytesExamined += lineEnd < 0 ? data.Length : lineEnd + 1;
        if (lineEnd < 0)
        {
            if (!isFinal)
            {
                if (data.Length > _maxLineLength)
                {
                    ThrowLineTooLong(_lineNumber + 1);
                }

                consumed = 0;
                lineLength = 0;
                return LineKind.NeedMoreData;
            }

            lineEnd = data.Length;
            consumed = lineEnd;
        }
        else
        {
            consumed = lineEnd + 1;
        }

        if (lineEnd > _maxLineLength)
        {
            ThrowLineTooLong(_lineNumber + 1);
        }

        lineLength = TrimmedLineLength(data, lineEnd, found: 0);
        SetFound(0);
        if (_skipCommentLines && data[0] == CommentMarker)
        {
            return LineKind.Skipped;
        }

        if (lineLength == 0 && _skipEmptyLines)
        {
            return LineKind.Skipped;
        }

        ReadHeader(data.Slice(0, lineLength));
        return LineKind.Skipped;
    }

    private void ReadHeader(ReadOnlySpan<byte> header)
    {
        var names = new TsvHeader(header, _separator);
        if (_checkDuplicateNames && names.TryFindDuplicate(out int first, out int second))
        {
            // Before the header is kept: it stays pending, so the next call reports the same line again.
            ThrowDuplicateColumnName(_lineNumber + 1, names.Names[first], first, second);
        }

        _header = names;
        if (_columnCountCheck != TsvColumnCountCheck.None)
        {
            _expectedColumnCount = names.Count;
        }

        UpdateCountFields();
        if (_columnNamesUtf8 is null)
        {
            _headerPending = false;
            UpdatePlainLines();
            return;
        }

        int[] columns = new int[_columnNamesUtf8.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            columns[i] = -1;
        }

        ReadOnlySpan<byte> rest = header;
        int column = 0;
        while (true)
        {
            int tab = rest.IndexOf(_separator);
            ReadOnlySpan<byte> name = tab < 0 ? rest : rest.Slice(0, tab);
            for (int i = 0; i < columns.Length; i++)
            {
                if (columns[i] < 0 && name.SequenceEqual(_columnNamesUtf8[i]))
                {
                    columns[i] = column;
                }
            }

            if (tab < 0)
            {
                break;
            }

            rest = rest.Slice(tab + 1);
            column++;
        }

        for (int i = 0; i < columns.Length; i++)
        {
            if (columns[i] < 0)
            {
                throw new TsvFormatException(
                    TsvFormatException.Format("Line {0}: the header has no column named '{1}'.", _lineNumber + 1, _columnNames![i]),
                    _lineNumber + 1);
            }
        }

        // Only now: a header missing a name stays pending, so the next call reports it again instead of reading it as data.
        _headerPending = false;
        SelectColumns(columns);
    }

    private void SelectColumns(int[] columns)
    {
        int[] sorted = columns.Distinct().OrderBy(c => c).ToArray();
        int[] slots = new int[columns.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            slots[i] = Array.BinarySearch(sorted, columns[i]);
        }

        _columnIndices = columns;
        _directLimit = IsIdentity(slots) ? int.MaxValue : 0;
        _sortedColumns = sorted;
        _slotOfColumn = slots;
        _starts = new int[sorted.Length];
        _lengths = new int[sorted.Length];
        SetFound(0);
        UpdatePlainLines();
    }

    /// <summary>
    /// The line's length without a trailing '\r' when <see cref="TsvOptions.TrimCarriageReturn"/> is on, the last of
    /// the <paramref name="found"/> fields shortened when it ran to the line end. The byte is read again after the
    /// scan: where the scan saw a separator there (the last field starts at the line end) but the caller's memory now
    /// holds '\r', the line stays as scanned, so no field ends past the line or gets a negative length.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int TrimmedLineLength(ReadOnlySpan<byte> data, int lineEnd, int found)
    {
        if (!_trimCarriageReturn || lineEnd == 0 || data[lineEnd - 1] != CarriageReturn)
        {
            return lineEnd;
        }

        if (found > 0)
        {
            int last = found - 1;
            if (_starts[last] == lineEnd)
            {
                return lineEnd;
            }

            if (_starts[last] + _lengths[last] == lineEnd)
            {
                _lengths[last]--;
            }
        }

        return lineEnd - 1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void SetFound(int found)
    {
        _foundCount = found;
        _directFound = found < _directLimit ? found : _directLimit;
        if (_scatterAsked)
        {
            ScatterAskedColumns(found);
        }
    }

    private static bool IsIdentity(int[] columns)
    {
        for (int i = 0; i < columns.Length; i++)
        {
            if (columns[i] != i)
            {
                return false;
            }
        }

        return true;
    }

    private void UpdateCountFields() =>
        _countFields = _columnCountCheck == TsvColumnCountCheck.Always
            || (_columnCountCheck == TsvColumnCountCheck.WhenHeader && _header is not null);

    /// <summary>
    /// A row whose field count differs from the expected one: the first data row sets it when no header has
    /// (<see cref="TsvColumnCountCheck.Always"/> on headerless input); any later one is an error.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void CheckColumnCount(int fieldCount)
    {
        if (_expectedColumnCount < 0)
        {
            _expectedColumnCount = fieldCount;
            return;
        }

        ThrowColumnCountMismatch(_lineNumber + 1, _expectedColumnCount, fieldCount, _header is not null);
    }

    private void UpdatePlainLines() =>
        _plainLines = !_headerPending && !_skipCommentLines && !_unescapeBackslashes;

    /// <summary>
    /// Whether a line can be a comment: with '#' as the line terminator no line starts with '#' (that byte ends it;
    /// the first byte of an empty line is its terminator), so none is, and an empty line stays an empty line.
    /// </summary>
    private static bool SkipsCommentLines(TsvOptions options) =>
        options.SkipCommentLines && options.LineTerminator != CommentMarker;

    private static void ValidateOptions(TsvOptions options, string parameterName)
    {
        if (options.Separator == options.LineTerminator)
        {
            ThrowHelper.ThrowArgument(parameterName, "The separator and the line terminator must be different bytes.");
        }

        if (options.Separator == CarriageReturn && options.TrimCarriageReturn)
        {
            // A trimmed '\r' would be a separator too, leaving a column that ends before it starts.
            ThrowHelper.ThrowArgument(parameterName, "A '\\r' separator needs TrimCarriageReturn off.");
        }

        if (options.UnescapeBackslashes && TsvOptions.IsEscapeByte(options.Separator))
        {
            // The line is split before the columns are unescaped: "\\t" with a 't' separator would be two columns.
            ThrowHelper.ThrowArgument(
                parameterName,
                "With UnescapeBackslashes the separator cannot be '\\', 't', 'n' or 'r': splitting on it would cut the escapes \\t \\n \\r \\\\ in two.");
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ThrowLineTooLong(long lineNumber) =>
        throw new TsvFormatException(
            TsvFormatException.Format("Line {0} is longer than the maximum line length of {1} bytes.", lineNumber, _maxLineLength),
            lineNumber);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowColumnCountMismatch(long lineNumber, int expected, int actual, bool fromHeader) =>
        throw new TsvFormatException(
            TsvFormatException.Format(
                "Line {0} has {1} columns; expected {2}, the {3}'s column count.", lineNumber, actual, expected, fromHeader ? "header" : "first row"),
            lineNumber);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowDuplicateColumnName(long lineNumber, string name, int first, int second) =>
        throw new TsvFormatException(
            TsvFormatException.Format(
                "Line {0}: the header has two columns named '{1}', columns {2} and {3} (0-based).", lineNumber, name, first, second),
            lineNumber,
            second);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowMissingColumns(long lineNumber, int column) =>
        throw new TsvFormatException(
            TsvFormatException.Format("Line {0} ends before column {1} (0-based).", lineNumber, column),
            lineNumber,
            column);
}
