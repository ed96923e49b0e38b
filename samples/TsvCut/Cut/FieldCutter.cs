using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace FastText.Samples.TsvCut;

/// <summary>
/// GNU <c>cut -f</c> on the library's reader: <see cref="TsvReader"/> with <see cref="TsvOptions.ByteExact"/>
/// options finds the lines, <see cref="TsvRow.Fields"/> walks their fields (only as far as the last selected one,
/// and an open range "N-" is written as one <see cref="TsvFieldEnumerator.Rest"/> slice); this class only decides
/// what to write. A line without the delimiter is written whole (or dropped with -s); otherwise the selected fields
/// are joined by the output delimiter. Every output line ends with the line terminator, even the last.
/// Memory: one input buffer of fixed size and the output buffer; a line longer than the input buffer is cut as it
/// streams through (FieldCutter.LongLine.cs), only field 1 held when -s and "field 1 selected" agree, as cut does.
/// When LIST names few fields (at most <see cref="MaxSelectedColumns"/>, plus one open range), the reader is given
/// them as its column selection instead: it then finds them in the same pass that looks for the line end and stops
/// looking for separators after the last one (its fastest path), and field 2 is selected too, as the probe for "the
/// line holds a delimiter".
/// With -w (-F) every input is read through <see cref="BlankRunsAsTabs"/>, which turns each run of blanks into one
/// TAB, and cut as TAB-delimited; such inputs are cut as a stream (a mapped file too), never in parallel chunks.
/// </summary>
internal sealed partial class FieldCutter : IDisposable
{
    private readonly TsvReader _reader;
    private CutOutput _output;
    private readonly ulong[] _lows;
    private readonly ulong[] _highs;
    private readonly bool _onlyDelimited;
    private readonly byte _terminator;
    private readonly byte[] _outputDelimiter;
    private readonly bool _restIsVerbatim;
    private readonly bool _delimiterIsTerminator;
    private readonly bool _firstFieldSelected;
    private readonly bool _mayDropLastTerminator;
    private readonly int _bufferSize;
    private readonly int _mappedWindow;
    private byte[]? _buffer;

    // -w: read inputs through BlankRunsAsTabs; trimmed; LIST selects nothing; field 1 is printed whole on a line
    // without a delimiter (selected, no -s).
    private readonly bool _whitespaceDelimited;
    private readonly bool _trimBlanks;
    private readonly bool _nothingSelected;

    // Over-long lines (see LongLine.cs): a reader without column selection that finds where such a line ends and
    // walks its fields piece by piece, and whether field 1 is held until the line shows whether it has a delimiter.
    private readonly TsvReader _pieceReader;
    private readonly bool _holdFirstField;

    // Column-selection mode (null: walk TsvRow.Fields): per selected reader column, whether it is printed; the
    // reader column that starts the open range (-1 if none); the reader column of file column 1 (field 2).
    private readonly bool[]? _columnIsPrinted;
    private readonly int _openRangeColumn = -1;
    private readonly int _separatorProbeColumn;

    // The printed reader columns grouped into runs of adjacent file columns (first and last reader column of
    // each): a run is one slice of the line, separators included, so it goes out in one copy.
    private readonly int[] _runFirst = Array.Empty<int>();
    private readonly int[] _runLast = Array.Empty<int>();
    private readonly int _lastSelectedColumn;

    // Lines up to this long are cut into output room reserved at once; longer ones piece by piece (a piece larger
    // than the output buffer goes straight out, uncopied).
    private const int MaxReservedLine = 1 << 16;

    /// <summary>Above this many selected fields the per-line walk is as fast and needs no selection array.</summary>
    public const int MaxSelectedColumns = 256;

    // Per input, when the delimiter is the line terminator (-d $'\n', or -z -d ''): the whole input is one record
    // and each line the reader returns is one of its fields.
    private ulong _recordFieldCount;
    private bool _recordFirstFieldTerminated;
    private bool _recordWroteField;

    public FieldCutter(CutCommandLine settings, CutOutput output, int bufferSize = 1 << 20, int mappedWindow = MaxMappedWindow)
    {
        _mappedWindow = mappedWindow;
        _output = output;
        _lows = settings.Fields.Lows;
        _highs = settings.Fields.Highs;
        _onlyDelimited = settings.OnlyDelimited;
        _terminator = settings.ZeroTerminated ? (byte)0 : (byte)'\n';
        _outputDelimiter = settings.OutputDelimiter ?? new[] { settings.Delimiter };
        _restIsVerbatim = _outputDelimiter.Length == 1 && _outputDelimiter[0] == settings.Delimiter;
        _delimiterIsTerminator = settings.Delimiter == _terminator;
        _firstFieldSelected = settings.Fields.IsSelected(1);
        _whitespaceDelimited = settings.WhitespaceDelimited;
        _trimBlanks = settings.TrimBlanks;
        // As cut 9.11 sees it: no range, or only the one --complement leaves after 1-18446744073709551614 (its first
        // field is 2^64-1, cut's end-of-list sentinel, so cut treats it as no field at all).
        _nothingSelected = _lows.Length == 0 || _lows[0] == CutFieldList.ToEndOfLine;

        // cut 9.1 reads the first field ahead when -s and "field 1 selected" agree; with -z that path leaves its
        // "previous byte" at NUL, the terminator, so a last line without terminator whose second and last field is
        // empty ("a<TAB>" at the end of the input) gets no terminator. Reproduced for byte-identical output. cut
        // 9.11, whose -w this is, has no such quirk.
        _mayDropLastTerminator = settings.ZeroTerminated && (_onlyDelimited ^ !_firstFieldSelected) && !_whitespaceDelimited;

        // The reader cannot split on its own terminator; in that case each of its lines is a field and its
        // separator, any other byte, is never looked at.
        byte separator = _delimiterIsTerminator ? (byte)(_terminator + 1) : settings.Delimiter;
        // GNU cut reads ragged lines as they are: no row shape is checked (ByteExact says so too; stated here so a
        // change of that preset cannot change cut's output).
        TsvOptions options = TsvOptions.ByteExact.WithSeparator(separator).WithLineTerminator(_terminator)
            .WithColumnCountCheck(TsvColumnCountCheck.None)
            .WithAllowDuplicateColumnNames(true);
        int[]? columns = _delimiterIsTerminator ? null : SelectColumns(out _columnIsPrinted, out _openRangeColumn, out _separatorProbeColumn);
        if (columns is not null && _restIsVerbatim)
        {
            (_runFirst, _runLast) = FindRuns(columns, _columnIsPrinted!);
            _lastSelectedColumn = columns.Length - 1;
        }
        _reader = columns is null ? new TsvReader(options) : new TsvReader(columns, options);
        _pieceReader = new TsvReader(options);
        _bufferSize = bufferSize;

        // Field 1 is written as it streams when it is printed either way (no -s, selected: the whole line is field 1
        // when it has no delimiter) and skipped when it is printed in neither case (-s, not selected); it must be
        // held when -s and "selected" agree (printed only if a delimiter follows, or only if none does).
        _holdFirstField = _onlyDelimited == _firstFieldSelected;
    }

    /// <summary>The byte that ends a line (<c>\n</c>, or NUL with -z).</summary>
    public byte Terminator => _terminator;

    /// <summary>
    /// Whether each line is cut on its own (true unless the delimiter is the terminator, where the whole input is one
    /// record): then an input can be cut in chunks of whole lines, in any order, and the outputs joined in order.
    /// </summary>
    public bool CutsLinesIndependently => !_delimiterIsTerminator && !_whitespaceDelimited;

    /// <summary>
    /// Cuts all of <paramref name="source"/>; output stays buffered (call <see cref="CutOutput.Flush"/>). Memory is the
    /// one buffer of the size given to the constructor whatever the line lengths: a line that does not fit is cut
    /// as it streams through (<see cref="ContinueLongLine"/>).
    /// </summary>
    /// <exception cref="CutInputException">Reading failed; what was read before the failure has been cut (as if the
    /// input ended there) into the output buffer.</exception>
    public void Cut(Stream source)
    {
        if (_whitespaceDelimited)
        {
            source = new BlankRunsAsTabs(source, _terminator, _trimBlanks, _nothingSelected, _firstFieldSelected && !_onlyDelimited);
        }

        _buffer ??= new byte[_bufferSize];
        StartInput();
        int start = 0;
        int end = 0;
        bool endOfInput = false;
        bool fillBuffer = false;
        CutInputException? readError = null;
        while (!endOfInput)
        {
            do
            {
                if (end == _buffer.Length)
                {
                    if (start == 0)
                    {
                        // The buffer holds part of one line and nothing else: cut it as an over-long line below.
                        break;
                    }

                    Buffer.BlockCopy(_buffer, start, _buffer, 0, end - start);
                    end -= start;
                    start = 0;
                }

                int read;
                try
                {
                    read = source.Read(_buffer, end, _buffer.Length - end);
                }
                catch (CutInputException e)
                {
                    // As cut does, treat what was read as the end of the input, cut it, then report the error.
                    readError = e;
                    read = 0;
                }

                if (read == 0)
                {
                    endOfInput = true;
                    break;
                }

                end += read;
            }
            while (fillBuffer && end < _buffer.Length);

            ReadOnlySpan<byte> window = _buffer.AsSpan(start, end - start);
            int before = window.Length;
            CutWindow(ref window, endOfInput, inputEndsWithTerminator: end > 0 && _buffer[end - 1] == _terminator, windowIsFull: end - start == _buffer.Length);

            // No complete line in what was read: read until the buffer is full before the reader looks again, so
            // a line is rescanned at most a few times before it is either cut or streamed as an over-long line.
            fillBuffer = window.Length == before;
            start = end - window.Length;
            if (start == end)
            {
                start = 0;
                end = 0;
            }
        }

        FinishInput();
        if (readError is not null)
        {
            throw readError;
        }
    }

    /// <summary>
    /// Cuts a whole input that is already in memory (a mapped file): no copy, no buffer. It is cut in windows of up
    /// to 1 GiB (a span's limit); a line that does not end within one streams through as an over-long line.
    /// </summary>
    public unsafe void Cut(byte* input, long length)
    {
        if (_whitespaceDelimited)
        {
            // Blank runs are rewritten as the input is read: a mapped input is read as a stream. (An empty input
            // may come with a null pointer, which UnmanagedMemoryStream refuses.)
            using Stream stream = length == 0 ? Stream.Null : new UnmanagedMemoryStream(input, length);
            Cut(stream);
            return;
        }

        StartInput();
        long position = 0;
        bool endsWithTerminator = length > 0 && input[length - 1] == _terminator;
        while (true)
        {
            int windowLength = (int)Math.Min(length - position, _mappedWindow);
            bool endOfInput = position + windowLength == length;
            var window = new ReadOnlySpan<byte>(input + position, windowLength);
            CutWindow(ref window, endOfInput, endsWithTerminator, windowIsFull: windowLength == _mappedWindow);
            if (endOfInput)
            {
                break;
            }

            position += windowLength - window.Length;
        }

        FinishInput();
    }

    /// <summary>The longest window of a mapped input handed to the reader at once (tests pass a smaller one).</summary>
    internal const int MaxMappedWindow = 1 << 30;

    /// <summary>
    /// Cuts <paramref name="lines"/>, whole lines of an input (each ends with the terminator unless it is the end
    /// of the input), into <paramref name="output"/>. Only when <see cref="CutsLinesIndependently"/>.
    /// </summary>
    public void CutChunk(ReadOnlySpan<byte> lines, bool isEndOfInput, bool inputEndsWithTerminator, CutOutput output)
    {
        Debug.Assert(CutsLinesIndependently, "a record spanning the whole input cannot be cut in chunks");
        CutOutput previous = _output;
        _output = output;
        try
        {
            StartInput();
            CutWindow(ref lines, isEndOfInput, inputEndsWithTerminator, windowIsFull: false);
            Debug.Assert(lines.IsEmpty, "every line of a chunk is complete");
        }
        finally
        {
            _output = previous;
        }
    }

    private void StartInput()
    {
        _reader.Reset();
        _pieceReader.Reset();
        _inLongLine = false;
        _held.Clear();
        _recordFieldCount = 0;
        _recordFirstFieldTerminated = false;
        _recordWroteField = false;
    }

    private void FinishInput()
    {
        if (_delimiterIsTerminator)
        {
            FinishRecord();
        }
    }

    /// <summary>
    /// Cuts every complete line at the front of <paramref name="window"/> (all of it at the end of the input), first
    /// the rest of an over-long line in progress. When <paramref name="windowIsFull"/> (the window is as large as it
    /// can get) and no line ends in it, its line is started as an over-long line and the whole window consumed.
    /// </summary>
    private void CutWindow(ref ReadOnlySpan<byte> window, bool endOfInput, bool inputEndsWithTerminator, bool windowIsFull)
    {
        if (_inLongLine)
        {
            ContinueLongLine(ref window, endOfInput);
            if (_inLongLine)
            {
                return;
            }

            windowIsFull = false;
        }

        int before = window.Length;
        CutLines(ref window, endOfInput, inputEndsWithTerminator);
        if (windowIsFull && !endOfInput && window.Length == before && !window.IsEmpty)
        {
            StartLongLine();
            ContinueLongLine(ref window, endOfInput);
        }
    }

    /// <summary>Cuts every complete line at the front of <paramref name="window"/> (all of it at the end of the input).</summary>
    private void CutLines(ref ReadOnlySpan<byte> window, bool endOfInput, bool inputEndsWithTerminator)
    {
        if (_delimiterIsTerminator)
        {
            CutRecordFields(ref window, endOfInput);
            return;
        }

        while (_reader.TryReadRow(ref window, endOfInput, out TsvRow row))
        {
            if (_runFirst.Length != 0)
            {
                CutSelectedRuns(in row);
            }
            else if (_columnIsPrinted is not null)
            {
                CutSelectedColumns(in row);
            }
            else
            {
                CutLine(in row);
            }

            if (_mayDropLastTerminator && endOfInput && window.IsEmpty && !inputEndsWithTerminator)
            {
                DropTerminatorAfterEmptySecondField(in row);
            }
        }
    }

    public void Dispose()
    {
        _reader.Dispose();
        _pieceReader.Dispose();
        _held.Clear();
    }

    /// <summary>
    /// The file columns (0-based, ascending) to give the reader, or null when LIST selects too many fields or an
    /// open range that must be joined by a different output delimiter (then the fields are walked).
    /// </summary>
    private int[]? SelectColumns(out bool[]? isPrinted, out int openRangeColumn, out int separatorProbeColumn)
    {
        isPrinted = null;
        openRangeColumn = -1;
        separatorProbeColumn = -1;
        var columns = new SortedSet<int>();
        int openFrom = -1;
        for (int i = 0; i < _lows.Length; i++)
        {
            // A line is at most int.MaxValue bytes, so it has no field beyond int.MaxValue.
            if (_lows[i] > int.MaxValue)
            {
                break;
            }

            if (_highs[i] == CutFieldList.ToEndOfLine)
            {
                if (!_restIsVerbatim)
                {
                    return null;
                }

                openFrom = (int)_lows[i] - 1;
                break;
            }

            ulong high = Math.Min(_highs[i], int.MaxValue);
            if (high - _lows[i] + (ulong)columns.Count >= MaxSelectedColumns)
            {
                return null;
            }

            for (ulong field = _lows[i]; field <= high; field++)
            {
                columns.Add((int)field - 1);
            }
        }

        var printed = new HashSet<int>(columns);
        if (openFrom >= 0)
        {
            columns.Add(openFrom);
            printed.Add(openFrom);
        }

        columns.Add(1);
        int[] sorted = new int[columns.Count];
        columns.CopyTo(sorted);
        isPrinted = new bool[sorted.Length];
        for (int i = 0; i < sorted.Length; i++)
        {
            isPrinted[i] = printed.Contains(sorted[i]);
            if (sorted[i] == openFrom)
            {
                openRangeColumn = i;
            }

            if (sorted[i] == 1)
            {
                separatorProbeColumn = i;
            }
        }

        return sorted;
    }

    /// <summary>Runs of printed reader columns whose file columns are adjacent (see _runFirst).</summary>
    private static (int[] First, int[] Last) FindRuns(int[] columns, bool[] isPrinted)
    {
        var first = new List<int>();
        var last = new List<int>();
        for (int i = 0; i < columns.Length; i++)
        {
            if (!isPrinted[i])
            {
                continue;
            }

            if (last.Count > 0 && last[^1] == i - 1 && columns[i - 1] == columns[i] - 1)
            {
                last[^1] = i;
            }
            else
            {
                first.Add(i);
                last.Add(i);
            }
        }

        return (first.ToArray(), last.ToArray());
    }

    /// <summary>
    /// The output delimiter is the input one: each run of adjacent printed fields is copied from the line as one
    /// slice, separators included, and the open range as the rest of the line.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void CutSelectedRuns(in TsvRow row)
    {
        // The common line: long enough for every selected column (so it has a separator: file column 1 is one of
        // them), no open range, not long. Each run is then present whole, so the runs go out with no presence test
        // per run, into room reserved once: runs and the delimiters between them are slices of the line and its
        // own separators, so they take at most the line's length, plus the terminator.
        ReadOnlySpan<byte> whole = row.Line;
        if (_openRangeColumn < 0 && whole.Length < MaxReservedLine && row.TryGetColumn(_lastSelectedColumn, out _))
        {
            Span<byte> room = _output.Reserve(whole.Length + 1);
            int[] firsts = _runFirst;
            int[] lasts = _runLast;
            byte delimiter = _outputDelimiter[0]; // read once: the stores into room could alias the array for the JIT
            int written = 0;
            for (int r = 0; r < firsts.Length; r++)
            {
                ReadOnlySpan<byte> from = row[firsts[r]];
                ReadOnlySpan<byte> to = row[lasts[r]];
                int begin = OffsetInLine(whole, from);
                int end = OffsetInLine(whole, to) + to.Length;
                if (r > 0)
                {
                    room[written++] = delimiter;
                }

                CopyRun(whole, begin, end - begin, room, written);
                written += end - begin;
            }

            room[written++] = _terminator;
            _output.Advance(written);
            return;
        }

        CutSelectedRunsChecked(in row);
    }

    /// <summary>
    /// Copies the run of <paramref name="length"/> bytes at <paramref name="begin"/> of <paramref name="line"/> to
    /// <paramref name="written"/> of <paramref name="room"/>. A short run goes as one or two 16-byte vectors, bytes after
    /// it included, where both spans have them: those land in room not yet written (the next writes cover them, or
    /// they lie past the line's output). Most fields are short, and a call to memmove per run cost more than the copy.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyRun(ReadOnlySpan<byte> line, int begin, int length, Span<byte> room, int written)
    {
        const int Lane = 16;
        if (length <= 2 * Lane && line.Length - begin >= 2 * Lane && room.Length - written >= 2 * Lane)
        {
            Vector128.Create(line.Slice(begin, Lane)).CopyTo(room.Slice(written, Lane));
            if (length > Lane)
            {
                Vector128.Create(line.Slice(begin + Lane, Lane)).CopyTo(room.Slice(written + Lane, Lane));
            }

            return;
        }

        line.Slice(begin, length).CopyTo(room.Slice(written));
    }

    /// <summary>Where <paramref name="column"/>, a slice the reader took of <paramref name="line"/> (ByteExact options never copy), starts in it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int OffsetInLine(ReadOnlySpan<byte> line, ReadOnlySpan<byte> column) =>
        (int)Unsafe.ByteOffset(ref MemoryMarshal.GetReference(line), ref MemoryMarshal.GetReference(column));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void CutSelectedRunsChecked(in TsvRow row)
    {
        if (!row.HasColumn(_separatorProbeColumn))
        {
            if (!_onlyDelimited)
            {
                _output.WriteLine(row.Line, _terminator);
            }

            return;
        }

        ReadOnlySpan<byte> line = row.Line;
        int[] runFirst = _runFirst;
        int[] runLast = _runLast;
        for (int r = 0; r < runFirst.Length; r++)
        {
            if (!row.TryGetColumn(runFirst[r], out ReadOnlySpan<byte> first))
            {
                break;
            }

            if (r > 0)
            {
                _output.WriteByte(_outputDelimiter[0]);
            }

            int start = OffsetInLine(line, first);
            int lastColumn = runLast[r];
            if (_openRangeColumn >= runFirst[r] && _openRangeColumn <= lastColumn && row.HasColumn(_openRangeColumn))
            {
                _output.WriteLine(line.Slice(start), _terminator);
                return;
            }

            // The line may end inside the run: its last present column ends the slice.
            ReadOnlySpan<byte> end;
            while (!row.TryGetColumn(lastColumn, out end))
            {
                lastColumn--;
            }

            int stop = OffsetInLine(line, end) + end.Length;
            _output.Write(line.Slice(start, stop - start));
            if (lastColumn != runLast[r])
            {
                break;
            }
        }

        _output.WriteByte(_terminator);
    }

    private void CutSelectedColumns(in TsvRow row)
    {
        if (!row.HasColumn(_separatorProbeColumn))
        {
            if (!_onlyDelimited)
            {
                _output.Write(row.Line);
                _output.WriteByte(_terminator);
            }

            return;
        }

        bool[] isPrinted = _columnIsPrinted!;
        bool wroteField = false;
        for (int i = 0; i < isPrinted.Length; i++)
        {
            if (!row.TryGetColumn(i, out ReadOnlySpan<byte> column))
            {
                break;
            }

            if (!isPrinted[i])
            {
                continue;
            }

            if (wroteField)
            {
                _output.Write(_outputDelimiter);
            }

            if (i == _openRangeColumn)
            {
                // The open range is the line from this column on: the column is a slice of the line (ByteExact
                // options never copy), so its offset in the line is where the rest starts.
                ReadOnlySpan<byte> line = row.Line;
                _output.Write(line.Slice(OffsetInLine(line, column)));
                break;
            }

            _output.Write(column);
            wroteField = true;
        }

        _output.WriteByte(_terminator);
    }

    private void CutLine(in TsvRow row)
    {
        TsvFieldEnumerator fields = row.Fields;
        fields.MoveNext();
        if (fields.IsLast)
        {
            if (!_onlyDelimited)
            {
                _output.Write(row.Line);
                _output.WriteByte(_terminator);
            }

            return;
        }

        ulong[] lows = _lows;
        ulong[] highs = _highs;
        int range = 0;
        bool wroteField = false;
        if (lows.Length != 0)
        {
            while (true)
            {
                ulong field = (ulong)fields.Index + 1;
                while (field > highs[range])
                {
                    if (++range == lows.Length)
                    {
                        goto LineDone;
                    }
                }

                if (field >= lows[range])
                {
                    if (wroteField)
                    {
                        _output.Write(_outputDelimiter);
                    }

                    if (highs[range] == CutFieldList.ToEndOfLine && _restIsVerbatim)
                    {
                        _output.Write(fields.Rest);
                        break;
                    }

                    _output.Write(fields.Current);
                    wroteField = true;
                }

                if (!fields.MoveNext())
                {
                    break;
                }
            }
        }

    LineDone:
        _output.WriteByte(_terminator);
    }

    /// <summary>cut's -z quirk (see the constructor): takes back the terminator just written for the last line.</summary>
    private void DropTerminatorAfterEmptySecondField(in TsvRow row)
    {
        TsvFieldEnumerator fields = row.Fields;
        if (fields.MoveNext() && fields.MoveNext() && fields.Index == 1 && fields.IsLast && fields.Current.IsEmpty)
        {
            _output.Unwrite(1);
        }
    }

    /// <summary>
    /// Delimiter = terminator: each line the reader returns is the next field of the one record that is the whole
    /// input. As in cut, a final terminator does not start another field.
    /// </summary>
    private void CutRecordFields(ref ReadOnlySpan<byte> window, bool endOfInput)
    {
        while (true)
        {
            int before = window.Length;
            if (!_reader.TryReadRow(ref window, endOfInput, out TsvRow row))
            {
                return;
            }

            ReadOnlySpan<byte> field = row.Line;
            ulong number = ++_recordFieldCount;
            if (number == 1)
            {
                _recordFirstFieldTerminated = before - window.Length > field.Length;
                if (!_recordFirstFieldTerminated)
                {
                    // No delimiter at all: a non-delimited record, written whole unless -s.
                    if (!_onlyDelimited)
                    {
                        _output.Write(field);
                    }

                    continue;
                }
            }

            if (IsSelected(number))
            {
                if (_recordWroteField)
                {
                    _output.Write(_outputDelimiter);
                }

                _output.Write(field);
                _recordWroteField = true;
            }
        }
    }

    private void FinishRecord()
    {
        ulong count = _recordFieldCount;
        if (count == 0 || (count == 1 && !_recordFirstFieldTerminated && _onlyDelimited))
        {
            return;
        }

        // cut's one quirk here: a lone terminated field with -s and field 1 unselected prints nothing at all.
        if (count == 1 && _recordFirstFieldTerminated && _onlyDelimited && !_firstFieldSelected)
        {
            return;
        }

        _output.WriteByte(_terminator);
    }

    private bool IsSelected(ulong field)
    {
        for (int i = 0; i < _lows.Length; i++)
        {
            if (field <= _highs[i])
            {
                return field >= _lows[i];
            }
        }

        return false;
    }
}
