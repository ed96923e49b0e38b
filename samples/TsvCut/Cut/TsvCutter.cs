using System;
using System.IO;
using System.Numerics;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace FastText.Samples.TsvCut;

/// <summary>
/// <c>cut -f LIST</c> for tab-separated input, byte for byte: a line without a tab is copied whole (or dropped
/// with onlyDelimited); otherwise the selected fields are joined by tabs in ascending order; every output line
/// ends with '\n'. '\r' is an ordinary byte, as it is for cut. Memory is one input buffer that grows only to hold
/// the longest line, and one output buffer.
/// </summary>
internal sealed class TsvCutter
{
    private const byte Tab = (byte)'\t';
    private const byte LineFeed = (byte)'\n';

    private readonly CutFieldList _fields;
    private readonly bool _onlyDelimited;
    private byte[] _input = new byte[1 << 18];
    private readonly byte[] _output = new byte[1 << 16];
    private int _outputLength;
    private Stream _destination = Stream.Null;

    public TsvCutter(CutFieldList fields, bool onlyDelimited)
    {
        _fields = fields;
        _onlyDelimited = onlyDelimited;
    }

    /// <summary>Cuts all of <paramref name="source"/> into <paramref name="destination"/> (flushed at the end).</summary>
    public void Cut(Stream source, Stream destination)
    {
        _destination = destination;
        int start = 0;
        int end = 0;
        while (true)
        {
            if (end == _input.Length)
            {
                if (start > 0)
                {
                    Buffer.BlockCopy(_input, start, _input, 0, end - start);
                    end -= start;
                    start = 0;
                }
                else
                {
                    Array.Resize(ref _input, _input.Length * 2);
                }
            }

            int read = source.Read(_input, end, _input.Length - end);
            if (read == 0)
            {
                if (end > start)
                {
                    CutLine(_input.AsSpan(start, end - start));
                }

                break;
            }

            // Only the newly read bytes can hold a '\n' the previous pass did not see.
            int searchFrom = end;
            end += read;
            ReadOnlySpan<byte> window = _input.AsSpan(0, end);
            while (true)
            {
                int lineFeed = window.Slice(searchFrom).IndexOf(LineFeed);
                if (lineFeed < 0)
                {
                    break;
                }

                int lineEnd = searchFrom + lineFeed;
                CutLine(window.Slice(start, lineEnd - start));
                start = lineEnd + 1;
                searchFrom = start;
            }

            if (start == end)
            {
                start = 0;
                end = 0;
            }
        }

        Flush();
        destination.Flush();
    }

    private void CutLine(ReadOnlySpan<byte> line)
    {
        var tabs = new TabCursor(line);
        int tab = tabs.Next();
        if (tab < 0)
        {
            if (!_onlyDelimited)
            {
                Write(line);
                WriteByte(LineFeed);
            }

            return;
        }

        bool wroteField = false;
        int field = 1;
        int fieldStart = 0;
        int openFrom = _fields.OpenFrom;
        int lastField = _fields.LastField;
        while (true)
        {
            if (field >= openFrom)
            {
                // Every field from here on is selected: the rest of the line, tabs included, is the output.
                if (wroteField)
                {
                    WriteByte(Tab);
                }

                Write(line.Slice(fieldStart));
                break;
            }

            if (_fields.IsSelected(field))
            {
                if (wroteField)
                {
                    WriteByte(Tab);
                }

                Write(tab < 0 ? line.Slice(fieldStart) : line.Slice(fieldStart, tab - fieldStart));
                wroteField = true;
            }

            if (tab < 0 || field >= lastField)
            {
                break;
            }

            fieldStart = tab + 1;
            tab = tabs.Next();
            field++;
        }

        WriteByte(LineFeed);
    }

    /// <summary>
    /// Yields the tabs of a line in order: a 32-byte block at a time, one compare giving a bit mask that is walked
    /// with TrailingZeroCount (short fields cost no call each); the tail shorter than a block, and machines without
    /// AVX2, use IndexOf.
    /// </summary>
    private ref struct TabCursor
    {
        private readonly ReadOnlySpan<byte> _line;
        private int _blockStart;
        private uint _mask;
        private int _scalarFrom;

        public TabCursor(ReadOnlySpan<byte> line)
        {
            _line = line;
            _blockStart = -Vector256<byte>.Count;
            _mask = 0;
            _scalarFrom = Vector256.IsHardwareAccelerated ? -1 : 0;
        }

        public int Next()
        {
            while (_mask == 0)
            {
                if (_scalarFrom >= 0)
                {
                    int found = _line.Slice(_scalarFrom).IndexOf(Tab);
                    if (found < 0)
                    {
                        _scalarFrom = _line.Length;
                        return -1;
                    }

                    int at = _scalarFrom + found;
                    _scalarFrom = at + 1;
                    return at;
                }

                _blockStart += Vector256<byte>.Count;
                if (_blockStart > _line.Length - Vector256<byte>.Count)
                {
                    _scalarFrom = _blockStart;
                    continue;
                }

                Vector256<byte> bytes = Vector256.LoadUnsafe(ref MemoryMarshal.GetReference(_line), (nuint)_blockStart);
                _mask = Vector256.Equals(bytes, Vector256.Create(Tab)).ExtractMostSignificantBits();
            }

            int tab = _blockStart + BitOperations.TrailingZeroCount(_mask);
            _mask &= _mask - 1;
            return tab;
        }
    }

    private void WriteByte(byte value)
    {
        if (_outputLength == _output.Length)
        {
            Flush();
        }

        _output[_outputLength++] = value;
    }

    private void Write(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length > _output.Length - _outputLength)
        {
            Flush();
            if (bytes.Length > _output.Length)
            {
                _destination.Write(bytes);
                return;
            }
        }

        bytes.CopyTo(_output.AsSpan(_outputLength));
        _outputLength += bytes.Length;
    }

    private void Flush()
    {
        if (_outputLength > 0)
        {
            _destination.Write(_output, 0, _outputLength);
            _outputLength = 0;
        }
    }
}
