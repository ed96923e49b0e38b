using System;
using System.IO;

namespace FastText.Samples.TsvCut;

/// <summary>
/// Whitespace-delimited input (-w, -F) read as TAB-delimited input: each run of blanks (space, TAB) becomes one
/// TAB, so the reader splits fields on TAB as always and the rest of <see cref="FieldCutter"/> is unchanged. This is
/// exactly cut 9.11's -w: there a run of blanks is one delimiter, so "a  b" has two fields and "  a" has an empty
/// field 1, and a line is delimited when it holds a blank. With <c>trimmed</c> the runs at the start and end of a
/// line are dropped instead (they delimit nothing there), so a line of blanks is an empty, undelimited line.
/// Two more cases reproduce what cut 9.11 does (src/cut.c there) rather than what the rewrite alone would give:
/// <list type="bullet">
/// <item>Without <c>trimmed</c> and with nothing selected (--complement -f1-), cut only looks for line ends and
/// writes one terminator per terminated line (none for an unterminated last one), delimited or not: only the
/// terminators are passed on, so the cutter sees empty lines.</item>
/// <item>With <c>trimmed</c>, an unterminated last line of blanks gives one empty line when field 1 is selected and
/// -s is not given, and nothing otherwise (cut then holds field 1 and drops it at the end of the input): the
/// rewrite passes on one terminator in the first case, nothing in the other.</item>
/// </list>
/// Bytes other than blanks and terminators pass through unchanged; bytes above 0x7f are never blanks (the C
/// locale). A read error of the source is thrown after what was read before it has been passed on, as at the end.
/// </summary>
internal sealed class BlankRunsAsTabs : Stream
{
    private readonly Stream _source;
    private readonly byte _terminator;
    private readonly bool _trim;
    private readonly bool _terminatorsOnly;
    private readonly bool _terminateBlankLastLine;
    private readonly byte[] _input;
    private int _position;
    private int _end;
    private bool _sourceEnded;
    private CutInputException? _readError;

    // The line so far: inside a run of blanks (without trimming its TAB is out already; with it, the TAB is owed
    // until a non-blank follows on the line), whether a non-blank was seen, and whether it is blanks only so far.
    private bool _inRun;
    private bool _lineStarted;
    private bool _lineIsBlanks;

    /// <param name="source">The input as read (not disposed with this stream).</param>
    /// <param name="terminator">The line terminator (<c>\n</c>, or NUL with -z); never a blank.</param>
    /// <param name="trim">--whitespace-delimited=trimmed.</param>
    /// <param name="nothingSelected">LIST selects no field at all.</param>
    /// <param name="firstFieldPrintedWhole">Field 1 is selected and -s is not given.</param>
    /// <param name="bufferSize">The size of the read buffer (tests pass tiny ones).</param>
    public BlankRunsAsTabs(Stream source, byte terminator, bool trim, bool nothingSelected, bool firstFieldPrintedWhole, int bufferSize = 1 << 16)
    {
        _source = source;
        _terminator = terminator;
        _trim = trim;
        _terminatorsOnly = nothingSelected && !trim;
        _terminateBlankLastLine = trim && firstFieldPrintedWhole;
        _input = new byte[Math.Max(bufferSize, 1)];
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    /// <summary>Returns what the bytes read so far become; blocks on the source only when that is nothing yet.</summary>
    public override int Read(Span<byte> buffer)
    {
        int written = 0;
        while (written < buffer.Length)
        {
            if (_position < _end)
            {
                written += Rewrite(buffer.Slice(written));
                continue;
            }

            if (_sourceEnded)
            {
                if (_terminateBlankLastLine && _lineIsBlanks && !_lineStarted)
                {
                    buffer[written++] = _terminator;
                    _lineIsBlanks = false;
                }

                break;
            }

            if (written > 0)
            {
                break;
            }

            Fill();
        }

        if (written == 0 && _readError is not null)
        {
            CutInputException error = _readError;
            _readError = null;
            throw error;
        }

        return written;
    }

    private void Fill()
    {
        _position = 0;
        _end = 0;
        try
        {
            _end = _source.Read(_input, 0, _input.Length);
        }
        catch (CutInputException e)
        {
            // As cut: what was read is cut as if the input ended there, then the error is reported.
            _readError = e;
        }

        _sourceEnded = _end == 0;
    }

    /// <summary>Rewrites input bytes into <paramref name="output"/> until either is used up; returns the bytes written.</summary>
    private int Rewrite(Span<byte> output)
    {
        ReadOnlySpan<byte> input = _input.AsSpan(_position, _end - _position);
        int read = 0;
        int written = 0;
        while (read < input.Length && written < output.Length)
        {
            byte b = input[read];
            if (_terminatorsOnly)
            {
                int next = input.Slice(read).IndexOf(_terminator);
                if (next < 0)
                {
                    read = input.Length;
                    break;
                }

                read += next + 1;
                output[written++] = _terminator;
                continue;
            }

            if (b is (byte)' ' or (byte)'\t')
            {
                read++;
                if (!_trim)
                {
                    if (!_inRun)
                    {
                        output[written++] = (byte)'\t';
                        _inRun = true;
                    }
                }
                else if (_lineStarted)
                {
                    _inRun = true;
                }
                else
                {
                    _lineIsBlanks = true;
                }

                continue;
            }

            if (b == _terminator)
            {
                // With trimming, a run that reaches the end of the line is dropped: its TAB is never written.
                read++;
                output[written++] = b;
                _inRun = false;
                _lineStarted = false;
                _lineIsBlanks = false;
                continue;
            }

            if (_inRun && _trim)
            {
                // The owed TAB of a run between two non-blanks; the byte is taken on the next turn.
                output[written++] = (byte)'\t';
                _inRun = false;
                continue;
            }

            _inRun = false;
            _lineStarted = true;
            ReadOnlySpan<byte> plain = input.Slice(read, Math.Min(input.Length - read, output.Length - written));
            int length = plain.IndexOfAny((byte)' ', (byte)'\t', _terminator);
            if (length < 0)
            {
                length = plain.Length;
            }

            plain.Slice(0, length).CopyTo(output.Slice(written));
            read += length;
            written += length;
        }

        _position += read;
        return written;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
