using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Threading;
using FastText.Internal;

namespace FastText;

// A PipeReader as input: its bytes are copied into the reader's buffer, as a stream's are, but the pipe is told a
// byte is consumed only once the row it belongs to was delivered. So whatever stops the reading (Dispose after a
// break, a handler or format error, CancelPendingRead) leaves the pipe just after the last row handed out, with the
// rows not handed out and the unfinished line still in it for the next reader. The last read stays open (not
// advanced) until the next fill or Dispose: advancing it is what moves the pipe's consumed position.
public sealed partial class TsvFileReader
{
    // The open read (valid while _pipeReadOpen is 1) and how many bytes at its front are in _buffer, not yet consumed:
    // always the last _pipeHeld bytes before _end, and at least the unread ones (a byte is consumed only once read).
    private ReadOnlySequence<byte> _pipeRead;
    private int _pipeReadOpen;
    private int _pipeHeld;

    // How many bytes at the front of the open read the pipe was already told were examined (those held before it).
    private int _pipeExaminedBefore;

    /// <summary>
    /// Copies what the pipe has beyond the bytes already held (at most <paramref name="room"/> bytes) behind the
    /// buffered bytes; 0 only at its end or when the read was cancelled (<paramref name="canceled"/>: not the end).
    /// </summary>
    private int ReadPipe(int room, out bool canceled)
    {
        while (true)
        {
            ReleasePipeRead();
            ReadResult result = _pipe!.ReadAsync().AsTask().GetAwaiter().GetResult();
            int take = TakeFromPipe(result, room);
            if (take > 0 || result.IsCompleted || result.IsCanceled)
            {
                canceled = result.IsCanceled;
                return take;
            }
        }
    }

    /// <summary>Holds <paramref name="result"/> open and copies up to <paramref name="room"/> of its new bytes behind the buffered ones.</summary>
    private int TakeFromPipe(ReadResult result, int room)
    {
        ReadOnlySequence<byte> available = result.Buffer;
        if (available.Length < _pipeHeld)
        {
            ThrowPipeLostBytes(available.Length, _pipeHeld);
        }

        _pipeRead = available;
        _pipeExaminedBefore = _pipeHeld;
        Volatile.Write(ref _pipeReadOpen, 1);
        ReadOnlySequence<byte> fresh = available.Slice(_pipeHeld);
        int take = (int)Math.Min(fresh.Length, room);
        fresh.Slice(0, take).CopyTo(_buffer.AsSpan(_end, take));
        _pipeHeld += take;
        return take;
    }

    /// <summary>
    /// Advances the open read, if any: consumed up to the first unread byte, examined up to the last byte copied (so
    /// the next read waits for new bytes once all were copied). Before every pipe read and at the end of the input.
    /// <paramref name="handingBack"/> (Dispose): examined only up to the consumed bytes (never before what the pipe
    /// was told earlier), so whoever reads the pipe next gets the rows left in it at once, not after new bytes arrive.
    /// </summary>
    private void ReleasePipeRead(bool handingBack = false)
    {
        // Exactly once per read, also when a Dispose on another thread races the reading thread's own release.
        if (Interlocked.Exchange(ref _pipeReadOpen, 0) == 0)
        {
            return;
        }

        ReadOnlySequence<byte> read = _pipeRead;
        _pipeRead = default;

        // Clamped so that a Dispose racing a read on another thread (a misuse) can misplace the pipe, never overrun it.
        int unread = Math.Min(Math.Max(_end - _start, 0), _pipeHeld);
        int consumed = _pipeHeld - unread;
        SequencePosition examined = read.GetPosition(handingBack ? Math.Max(consumed, _pipeExaminedBefore) : _pipeHeld);
        _pipeHeld = unread;
        _pipe!.AdvanceTo(read.GetPosition(consumed), examined);
    }

    /// <summary><see cref="ReleasePipeRead"/> when the buffers go back: the pipe's owner may have completed it first.</summary>
    private void ReleasePipeReadOnDispose()
    {
        try
        {
            ReleasePipeRead(handingBack: true);
        }
        catch (InvalidOperationException)
        {
            // The reader side was completed by its owner before this Dispose: there is no read left to advance.
        }
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void ThrowPipeLostBytes(long returned, int held) =>
        ThrowHelper.ThrowInvalidOperation(TsvFormatException.Format(
            "The PipeReader returned {0} bytes where {1} it was told were not consumed must still be at its front.", returned, held));
}
