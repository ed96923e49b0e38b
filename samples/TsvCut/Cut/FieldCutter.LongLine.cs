using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace FastText.Samples.TsvCut;

/// <summary>
/// Lines longer than the input buffer (or than a 1 GiB window of a mapped file), cut as they stream through, so
/// memory does not grow with the line: the same reader options find where the line ends
/// (<see cref="TsvReader.TryReadRow(ref ReadOnlySpan{byte}, bool, out TsvRow)"/>) and split each piece into fields
/// (<see cref="TsvRow.Fields"/>, the library's scan; no scanner of tsvcut's own). Field bytes go out as they come
/// when they are printed and are dropped when not; after the last selected field the rest of the line is only
/// searched for its end. Only field 1 may be held (<see cref="_holdFirstField"/>, in chunks, so past 2 GiB as
/// well): whether it is printed depends on whether a delimiter follows, as in cut, which buffers it too.
/// With the delimiter equal to the terminator (the whole input one record) the over-long piece is one field.
/// </summary>
internal sealed partial class FieldCutter
{
    private readonly HeldBytes _held = new();

    private bool _inLongLine;

    // The field being streamed (0-based), whether the line has shown a delimiter, whether a field was written (the
    // next one is preceded by the output delimiter), whether the current field is still empty and printed, the
    // range of LIST at or after it, and whether nothing more of the line can be printed.
    private ulong _longField;
    private bool _longDelimited;
    private bool _longWroteField;
    private bool _longFieldEmpty;
    private bool _longFieldPrinted;
    private int _longRange;
    private bool _longRestSkipped;
    private bool _longRestVerbatim;

    /// <summary>Starts streaming the line (or, delimiter = terminator, the record field) at the front of the window.</summary>
    private void StartLongLine()
    {
        // The main reader has looked at the window without finding a line end: it must not resume that search
        // on another window.
        _reader.Reset();
        _inLongLine = true;
        _held.Clear();
        _longFieldEmpty = true;
        _longRestSkipped = false;
        _longRestVerbatim = false;
        if (_delimiterIsTerminator)
        {
            ulong number = ++_recordFieldCount;
            _longField = number - 1;
            _longFieldPrinted = number > 1 && IsSelected(number);
            if (_longFieldPrinted)
            {
                if (_recordWroteField)
                {
                    _output.Write(_outputDelimiter);
                }

                _recordWroteField = true;
            }

            return;
        }

        _longField = 0;
        _longDelimited = false;
        _longWroteField = false;
        _longFieldPrinted = false;
        _longRange = 0;
    }

    /// <summary>
    /// Cuts the over-long line in progress with the bytes at the front of <paramref name="window"/>: up to and
    /// including its terminator if the window holds it (the line is then done), otherwise the whole window.
    /// </summary>
    private void ContinueLongLine(ref ReadOnlySpan<byte> window, bool endOfInput)
    {
        ReadOnlySpan<byte> rest = window;
        if (_pieceReader.TryReadRow(ref rest, endOfInput, out TsvRow row))
        {
            bool terminated = window.Length - rest.Length > row.Line.Length;
            LongPiece(row);
            window = rest;
            EndLongLine(terminated);
            return;
        }

        if (endOfInput)
        {
            // Nothing left: the line ended with the input, unterminated.
            window = rest;
            EndLongLine(terminated: false);
            return;
        }

        // No terminator in the window: all of it is the middle of the line. Read as a final block it is one row
        // whose fields are the line's (the reader resumes its terminator search where it stopped, at the end).
        _ = _pieceReader.TryReadRow(ref rest, isFinalBlock: true, out row);
        LongPiece(row);
        window = rest;
    }

    /// <summary>A piece of the line that holds no terminator: each separator in it ends a field of the line.</summary>
    private void LongPiece(TsvRow piece)
    {
        if (_longRestSkipped)
        {
            return;
        }

        if (_longRestVerbatim)
        {
            _output.Write(piece.Line);
            return;
        }

        if (_delimiterIsTerminator)
        {
            LongFieldBytes(piece.Line);
            return;
        }

        TsvFieldEnumerator fields = piece.Fields;
        bool first = true;
        while (fields.MoveNext())
        {
            if (!first)
            {
                LongDelimiter();
                if (_longRestSkipped)
                {
                    return;
                }

                if (_longRestVerbatim)
                {
                    // An open range printed with the input delimiter: the line from here on, as it is.
                    _output.Write(fields.Rest);
                    return;
                }
            }

            first = false;
            LongFieldBytes(fields.Current);
        }
    }

    private void LongFieldBytes(ReadOnlySpan<byte> bytes)
    {
        if (bytes.IsEmpty)
        {
            return;
        }

        _longFieldEmpty = false;
        if (_longField != 0)
        {
            if (_longFieldPrinted)
            {
                _output.Write(bytes);
            }
        }
        else if (_holdFirstField)
        {
            _held.Append(bytes);
        }
        else if (!_onlyDelimited)
        {
            _output.Write(bytes);
        }
    }

    /// <summary>A delimiter of the line: the next field starts.</summary>
    private void LongDelimiter()
    {
        if (_longField == 0)
        {
            FirstFieldDelimited();
            _longDelimited = true;
            _longWroteField = _firstFieldSelected;
        }

        _longField++;
        _longFieldEmpty = true;
        ulong number = _longField + 1;
        while (_longRange < _lows.Length && number > _highs[_longRange])
        {
            _longRange++;
        }

        if (_longRange == _lows.Length)
        {
            _longFieldPrinted = false;

            // Nothing more to print; unless cut's -z quirk needs the field count of the last line (see the
            // constructor), the rest of the line is only searched for its end.
            _longRestSkipped = !_mayDropLastTerminator;
            return;
        }

        _longFieldPrinted = number >= _lows[_longRange];
        if (_longFieldPrinted)
        {
            if (_longWroteField)
            {
                _output.Write(_outputDelimiter);
            }

            _longWroteField = true;
            _longRestVerbatim = _highs[_longRange] == CutFieldList.ToEndOfLine && _restIsVerbatim && !_mayDropLastTerminator;
        }
    }

    /// <summary>Field 1 turned out to be followed by a delimiter: a held field 1 is printed if selected, else dropped.</summary>
    private void FirstFieldDelimited()
    {
        if (_holdFirstField && _firstFieldSelected)
        {
            _held.WriteTo(_output);
        }

        _held.Clear();
    }

    private void EndLongLine(bool terminated)
    {
        _inLongLine = false;
        if (_delimiterIsTerminator)
        {
            if (_longField == 0)
            {
                // As CutRecordFields: a terminated field 1 makes the record delimited; an unterminated one is the
                // whole input, written unless -s.
                _recordFirstFieldTerminated = terminated;
                if (terminated)
                {
                    FirstFieldDelimited();
                    _recordWroteField = _firstFieldSelected;
                }
                else if (!_onlyDelimited)
                {
                    _held.WriteTo(_output);
                }
            }

            _held.Clear();
            return;
        }

        if (!_longDelimited)
        {
            // No delimiter: the line is written whole (field 1, streamed or held) unless -s.
            if (!_onlyDelimited)
            {
                _held.WriteTo(_output);
                _output.WriteByte(_terminator);
            }
        }
        else if (!(_mayDropLastTerminator && !terminated && _longField == 1 && _longFieldEmpty))
        {
            _output.WriteByte(_terminator);
        }

        _held.Clear();
    }

    /// <summary>
    /// Bytes held in 1 MiB chunks: no array grows past that, so a held field may exceed 2 GiB. The chunks are native
    /// memory: when none can be had (ulimit -v, memory exhausted) the allocation throws OutOfMemoryException, which
    /// tsvcut reports as cut does ("memory exhausted", exit 1, after the output before it); the runtime's own heap
    /// failing to grow would end the process instead.
    /// </summary>
    private sealed unsafe class HeldBytes
    {
        private const int ChunkLength = 1 << 20;
        private readonly List<nint> _chunks = new();
        private int _lastLength;

        ~HeldBytes() => Clear();

        public void Append(ReadOnlySpan<byte> bytes)
        {
            while (!bytes.IsEmpty)
            {
                if (_chunks.Count == 0 || _lastLength == ChunkLength)
                {
                    _chunks.Add((nint)NativeMemory.Alloc(ChunkLength));
                    _lastLength = 0;
                }

                int count = Math.Min(bytes.Length, ChunkLength - _lastLength);
                bytes.Slice(0, count).CopyTo(new Span<byte>((byte*)_chunks[^1] + _lastLength, count));
                _lastLength += count;
                bytes = bytes.Slice(count);
            }
        }

        public void WriteTo(CutOutput output)
        {
            for (int i = 0; i < _chunks.Count; i++)
            {
                output.Write(new ReadOnlySpan<byte>((byte*)_chunks[i], i == _chunks.Count - 1 ? _lastLength : ChunkLength));
            }
        }

        public void Clear()
        {
            foreach (nint chunk in _chunks)
            {
                NativeMemory.Free((void*)chunk);
            }

            _chunks.Clear();
            _lastLength = 0;
        }
    }
}
