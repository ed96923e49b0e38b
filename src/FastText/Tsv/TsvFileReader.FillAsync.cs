using System;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

// The asynchronous fill: the same buffer, limits and pipe rules as the synchronous one (Fill, FillHeld), awaiting the
// read instead of blocking on it. Used by ReadAsync (net8.0), by ReadRowsAsync over a Stream and by the asynchronous
// parallel read.
public sealed partial class TsvFileReader
{
    /// <summary>The asynchronous fill, holding the buffers across its await as <see cref="Fill"/> does (see <see cref="Dispose"/>).</summary>
    private async ValueTask FillAsync(CancellationToken cancellationToken)
    {
        EnterFill();
        try
        {
            await FillHeldAsync(cancellationToken).ConfigureAwait(false);
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
    }

    private async ValueTask FillHeldAsync(CancellationToken cancellationToken)
    {
        if (_readingAhead)
        {
            // Only after synchronous reads started it: take the block it is reading (a short wait, seekable input).
            TakeReadAhead();
            return;
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
                ReadResult result = await _pipe!.ReadAsync(cancellationToken).ConfigureAwait(false);
                read = TakeFromPipe(result, _buffer.AsSpan(_end, room));
                if (read > 0 || result.IsCompleted || result.IsCanceled)
                {
                    canceled = result.IsCanceled;
                    break;
                }
            }
        }

        _end += read;
        if (canceled)
        {
            ThrowPipeReadCanceled();
        }

        if (read == 0)
        {
            _endOfInput = true;
        }
    }
}
