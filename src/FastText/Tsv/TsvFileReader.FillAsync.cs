using System;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

// The asynchronous fill: the same buffer, limits and pipe rules as the synchronous one (Fill, FillHeld), awaiting the
// read instead of blocking on it. Used by ReadAsync (net8.0), by ReadRowsAsync over a Stream or a PipeReader and by
// the asynchronous parallel read. Both methods are partial: their per-target declarations
// (TsvFileReader.FillAsync.Net8.cs / .NetStandard.cs) say which builder makes their state machines.
public sealed partial class TsvFileReader
{
    /// <summary>
    /// The asynchronous fill, holding the buffers across its await as <see cref="Fill"/> does (see <see cref="Dispose"/>).
    /// A pipe read cancelled by <see cref="PipeReader.CancelPendingRead"/> throws, or with
    /// <paramref name="stopOnPipeCancel"/> (the row driver's clean stop) returns true after keeping whatever it brought.
    /// </summary>
    private async partial ValueTask<bool> FillAsync(CancellationToken cancellationToken, bool stopOnPipeCancel)
    {
        bool canceled;
        EnterFill();
        try
        {
            canceled = await FillHeldAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception exception)
        {
            if (ExitFill())
            {
                ThrowDisposedDuringRead(exception);
            }

            throw;
        }

        if (ExitFill())
        {
            ThrowDisposedDuringRead(null);
        }

        if (canceled && !stopOnPipeCancel)
        {
            ThrowPipeReadCanceled();
        }

        return canceled;
    }

    /// <summary>Reads more input behind the unconsumed bytes; true when a pipe read was cancelled (CancelPendingRead).</summary>
    private async partial ValueTask<bool> FillHeldAsync(CancellationToken cancellationToken)
    {
        if (_readingAhead)
        {
            // Only after synchronous reads started it: take the block it is reading (a short wait, seekable input).
            TakeReadAhead();
            return false;
        }

        PrepareFill();
        int read;
        bool canceled = false;
        int room = FillRoom();
        if (_stream is not null)
        {
            read = CheckedReadCount(_stream, await ReadStreamAsync(_stream, _buffer, _end, room, cancellationToken).ConfigureAwait(false), room);
        }
        else
        {
            while (true)
            {
                ReleasePipeRead();
                ReadResult result = await _pipe!.ReadAsync(cancellationToken).ConfigureAwait(false);
                read = TakeFromPipe(result, room);
                if (read > 0 || result.IsCompleted || result.IsCanceled)
                {
                    canceled = result.IsCanceled;
                    break;
                }
            }
        }

        _end += read;
        if (read == 0 && !canceled)
        {
            _endOfInput = true;
        }

        return canceled;
    }
}
