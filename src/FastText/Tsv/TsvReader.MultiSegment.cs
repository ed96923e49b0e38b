using System;
using System.Buffers;
using System.Threading;

namespace FastText;

/// <summary>
/// The parts of reading that only inputs split across segments need, and the once-per-input preamble: kept out of
/// the contiguous path so a single-segment buffer pays nothing for them.
/// </summary>
public sealed partial class TsvReader
{
    private static ReadOnlySpan<byte> ByteOrderMark => new byte[] { 0xEF, 0xBB, 0xBF };

    // The largest byte array the runtime allocates (Array.MaxLength on net8; netstandard2.0 lacks the constant).
    private const int MaxArrayLength = 0x7FFFFFC7;

    private byte[]? _stitchBuffer;

    /// <summary>
    /// The line at the front of a multi-segment buffer does not end in its first segment: find its '\n' across
    /// segments, copy the line into the pooled stitch buffer and scan it there.
    /// </summary>
    /// <param name="buffer">The input; advanced past the line when one is returned.</param>
    /// <param name="isFinal">No data follows the buffer.</param>
    /// <param name="knownIncomplete">Bytes at the front already examined without finding a terminator (not searched again).</param>
    /// <param name="line">The stitched line.</param>
    private LineKind ReadStraddlingLine(scoped ref ReadOnlySequence<byte> buffer, bool isFinal, long knownIncomplete, out ReadOnlySpan<byte> line)
    {
        long bufferLength = buffer.Length;
        long searchFrom = Math.Min(knownIncomplete, bufferLength);

        // Slicing by an offset walks segments, not bytes, so resuming costs nothing per byte already examined.
        SequencePosition? lineFeed = searchFrom == bufferLength ? null : buffer.Slice(searchFrom).PositionOf(_lineTerminator);
        long take;
        if (lineFeed is null)
        {
            _bytesExamined += bufferLength - searchFrom;
            _pendingExamined = isFinal ? 0 : bufferLength;
            if (bufferLength > _maxLineLength)
            {
                ThrowLineTooLong(_lineNumber + 1);
            }

            if (!isFinal || buffer.IsEmpty)
            {
                line = default;
                return LineKind.NeedMoreData;
            }

            take = bufferLength;
        }
        else
        {
            long contentLength = buffer.Slice(0, lineFeed.Value).Length;
            _bytesExamined += contentLength + 1 - searchFrom;
            if (contentLength > _maxLineLength)
            {
                ThrowLineTooLong(_lineNumber + 1);
            }

            take = contentLength + 1;
        }

        if (take > MaxArrayLength)
        {
            // The line and its terminator cannot be stitched into one array (only possible when MaxLineLength is near int.MaxValue).
            ThrowLineTooLong(_lineNumber + 1);
        }

        int length = (int)take;
        // Out of Dispose's reach while it is written (as the unescape buffer is): a Dispose on another thread
        // meanwhile returns nothing, and the array is put back after.
        byte[] stitch = TakeStitchBuffer(length);
        LineKind kind;
        int consumed;
        int lineLength;
        try
        {
            buffer.Slice(0, length).CopyTo(stitch);
            kind = ScanLine(stitch.AsSpan(0, length), isFinal: true, knownIncomplete: 0, out consumed, out lineLength);
        }
        finally
        {
            Volatile.Write(ref _stitchBuffer, stitch);
        }

        buffer = buffer.Slice(consumed);
        line = stitch.AsSpan(0, lineLength);
        return kind;
    }

    private byte[] TakeStitchBuffer(int length)
    {
        byte[]? stitch = Interlocked.Exchange(ref _stitchBuffer, null);
        if (stitch is null || stitch.Length < length)
        {
            if (stitch is not null)
            {
                _pool.Return(stitch);
            }

            stitch = _pool.Rent(Math.Max(length, 256));
        }

        return stitch;
    }

    private void ReturnStitchBuffer()
    {
        // Taken out first so a second Dispose (or a Dispose racing a read) cannot return the array twice, and none
        // that a read is writing into (the read has taken it out).
        byte[]? stitch = Interlocked.Exchange(ref _stitchBuffer, null);
        if (stitch is not null)
        {
            _pool.Return(stitch);
        }
    }

    /// <summary>Skips a UTF-8 byte order mark at the very start; false when too few bytes have arrived to tell.</summary>
    private bool TrySkipPreamble(ref ReadOnlySpan<byte> buffer, bool isFinal)
    {
        if (!_options.SkipByteOrderMark)
        {
            _atStart = false;
            return true;
        }

        ReadOnlySpan<byte> mark = ByteOrderMark;
        int available = Math.Min(buffer.Length, mark.Length);
        if (!buffer.Slice(0, available).SequenceEqual(mark.Slice(0, available)))
        {
            _atStart = false;
            return true;
        }

        if (available < mark.Length)
        {
            if (!isFinal)
            {
                return false;
            }

            _atStart = false;
            return true;
        }

        buffer = buffer.Slice(mark.Length);
        _atStart = false;
        return true;
    }

    private bool TrySkipPreamble(ref ReadOnlySequence<byte> buffer, bool isFinal)
    {
        Span<byte> head = stackalloc byte[3];
        int available = (int)Math.Min(buffer.Length, head.Length);
        buffer.Slice(0, available).CopyTo(head);
        ReadOnlySpan<byte> headSpan = head.Slice(0, available);
        bool skipped = TrySkipPreamble(ref headSpan, isFinal);
        if (skipped && headSpan.Length < available)
        {
            buffer = buffer.Slice(available - headSpan.Length);
        }

        return skipped;
    }
}
