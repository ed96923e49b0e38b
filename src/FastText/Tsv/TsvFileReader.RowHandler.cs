using System;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

// ReadRowsAsync over a Stream or a PipeReader: the handler loop on this reader's buffer and fills (one driver for
// foreach, ReadAsync, ReadRowsAsync and the parallel read).
public sealed partial class TsvFileReader
{
    /// <summary>
    /// Hands every row of the input to <paramref name="handler"/>, reading as needed, with the rules of
    /// <see cref="TsvPipeReaderExtensions.ReadRowsAsync{THandler}(TsvReader, System.IO.Pipelines.PipeReader, THandler, CancellationToken)"/>,
    /// then disposes this reader (the caller's method need not be async itself: one state machine fewer per read that waits).
    /// </summary>
    internal async ValueTask<THandler> HandleRowsThenDisposeAsync<THandler>(THandler handler, CancellationToken cancellationToken)
        where THandler : ITsvRowHandler
    {
        try
        {
            long firstLine = _reader.LineNumber;
            while (true)
            {
                HandleBufferedRows(ref handler);
                if (_endOfInput)
                {
                    return handler;
                }

                bool pipeCanceled;
                try
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    pipeCanceled = await FillAsync(cancellationToken, stopOnPipeCancel: true).ConfigureAwait(false);
                }
                catch (OperationCanceledException) when (_reader.LineNumber != firstLine && cancellationToken.IsCancellationRequested)
                {
                    // After progress a throw would lose what the handler gathered (a struct is this method's copy)
                    // while the input stays advanced past its rows: stop as CancelPendingRead does.
                    return handler;
                }

                if (pipeCanceled)
                {
                    // CancelPendingRead is a clean stop: the complete rows received so far are handled, the unfinished
                    // line stays in the pipe (Dispose consumes only what was handed out), and the borrowed reader
                    // keeps its place, so calling again continues where this call ended.
                    HandleBufferedRows(ref handler);
                    return handler;
                }
            }
        }
        finally
        {
            // Advances the pipe past the rows handed out and returns the buffer, whatever ended the loop.
            Dispose();
        }
    }

    /// <summary>
    /// Hands every complete row buffered (all of them at the end of the input) to <paramref name="handler"/>. The read
    /// position follows the rows handed out, also when the handler or a format error throws (at most once per row).
    /// </summary>
    private void HandleBufferedRows<THandler>(ref THandler handler)
        where THandler : ITsvRowHandler
    {
        _position++;
        ReadOnlySpan<byte> unread = Unread;
        try
        {
            while (_reader.TryReadRow(ref unread, _endOfInput, out TsvRow row))
            {
                handler.OnRow(in row);
            }
        }
        finally
        {
            _start = UnreadEnd - unread.Length;
        }
    }
}
