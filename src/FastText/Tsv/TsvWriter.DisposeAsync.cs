using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

/// <summary>
/// Disposing without a synchronous write: what <c>await using</c> calls, so a destination that refuses synchronous I/O
/// (Kestrel's response) gets the last rows through its asynchronous write and flush.
/// </summary>
public sealed partial class TsvWriter
{
    /// <summary>
    /// Sends the complete rows (a row without <see cref="EndRow"/> is dropped) and flushes the destination, all
    /// asynchronously (Stream.WriteAsync and FlushAsync, PipeWriter.FlushAsync); then returns the buffer to the pool
    /// and closes a Stream unless asked to leave it open (asynchronously on net8.0). A PipeWriter is flushed when rows
    /// went into it since its last flush (so a response with nothing written stays unstarted), and never completed. After a destination failure it only releases the buffer (and closes the stream). While a
    /// <see cref="FlushAsync"/> is pending it does what <see cref="Dispose"/> does then: it marks the writer disposed and
    /// returns, and the pending flush delivers its rows, then releases the buffer and the stream. A second call, or
    /// <see cref="Dispose"/> while this one runs, returns at once.
    /// </summary>
    /// <returns>A task that completes when the rows are flushed and the buffer is back in the pool.</returns>
    public ValueTask DisposeAsync()
    {
        if (_disposed)
        {
            return default;
        }

        if (Interlocked.CompareExchange(ref _flushState, FlushPendingDisposed, FlushPending) == FlushPending)
        {
            _disposed = true;
            _fastEnd = -1;
            return default;
        }

        return DisposeCoreAsync();
    }

    private async ValueTask DisposeCoreAsync()
    {
        // Disposed from the start: while the destination reads the buffer, every other call is refused (ObjectDisposed),
        // and Dispose or DisposeAsync returns at once, so the buffer goes back to the pool once, after the last read.
        _disposed = true;
        _fastEnd = -1;
        try
        {
            if (!_faulted)
            {
                if (_stream is not null)
                {
                    int count = _committed;
                    if (count > 0)
                    {
                        long rows = _rowCount;
                        await _stream.WriteAsync(_buffer, 0, count).ConfigureAwait(false);
                        Delivered(count, rows);
                    }

                    await _stream.FlushAsync().ConfigureAwait(false);
                }
                else
                {
                    DeliverCommitted();
                    if (_pipeFlushDue)
                    {
                        // A canceled flush (CancelPendingFlush) still leaves the rows in the pipe: nothing is left to do.
                        _pipeFlushDue = false;
                        _ = await _pipeWriter!.FlushAsync().ConfigureAwait(false);
                    }
                }
            }
        }
        finally
        {
            ReleaseBuffer();
            if (_stream is not null && !_leaveOpen)
            {
                await DisposeStreamAsync(_stream).ConfigureAwait(false);
            }
        }
    }
}
