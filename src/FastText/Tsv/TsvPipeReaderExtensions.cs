using System;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastText.Internal;

namespace FastText;

/// <summary>Drives a <see cref="TsvReader"/> over a <see cref="PipeReader"/> or a <see cref="Stream"/>, handing each row to a handler.</summary>
public static class TsvPipeReaderExtensions
{
    /// <summary>
    /// Reads <paramref name="input"/> to its end and calls <paramref name="handler"/> for every data row, with the
    /// buffer, fills and limits of <see cref="TsvFileReader.From(PipeReader, TsvOptions?)"/> (one driver for pipes and
    /// streams): the pipe's bytes are copied into a pooled 64 KiB buffer and the rows of each fill are handled
    /// synchronously. The pipe is told everything copied was examined, so a partial row waits for more data instead of
    /// spinning, and <see cref="TsvOptions.MaxLineLength"/> bounds what it buffers. The final row without a line end
    /// is handled when the pipe completes. Does not complete <paramref name="input"/>.
    /// <para>
    /// The pipe is told a byte is consumed only once its row was handed to the handler. So when this call returns or
    /// throws, the pipe is advanced past exactly the rows delivered (the one whose handler threw included, nothing of
    /// a line that broke a format rule), and the caller may read on from the pipe or call again.
    /// <see cref="PipeReader.CancelPendingRead"/> stops the loop cleanly: it returns the handler after the complete
    /// rows received so far, leaving any partial line in the pipe; call again (same reader) to continue.
    /// </para>
    /// <para>
    /// <paramref name="cancellationToken"/> stops the loop the same way once this call has handed out a row (or
    /// consumed a line): it returns the handler normally, so the state a struct handler gathered is never lost with
    /// the pipe already advanced past its rows; check <see cref="CancellationToken.IsCancellationRequested"/> to tell
    /// it from the end of the input. Only a call that has consumed nothing throws
    /// <see cref="OperationCanceledException"/> (the handler is then as it was passed in).
    /// </para>
    /// </summary>
    /// <typeparam name="THandler">Prefer a struct, so the call devirtualizes and nothing is allocated per row.</typeparam>
    /// <param name="reader">A reader positioned at the start of an input (new or <see cref="TsvReader.Reset"/>).</param>
    /// <param name="input">The UTF-8 TSV bytes.</param>
    /// <param name="handler">Called once per data row.</param>
    /// <param name="cancellationToken">Stops the loop between reads: a normal return once rows were handled, else <see cref="OperationCanceledException"/>.</param>
    /// <returns>The handler after the last row: a struct handler is copied in, so read its state from here.</returns>
    /// <exception cref="TsvFormatException">A line breaks a rule of the reader's options (the pipe is advanced to it first).</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled before this call consumed a line.</exception>
    public static ValueTask<THandler> ReadRowsAsync<THandler>(
        this TsvReader reader, PipeReader input, THandler handler, CancellationToken cancellationToken = default)
        where THandler : ITsvRowHandler
    {
        if (reader is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(reader));
        }

        if (input is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(input));
        }

        return TsvFileReader.ForRowHandler(reader, input).HandleRowsThenDisposeAsync(handler, cancellationToken);
    }

    /// <summary>
    /// Reads <paramref name="input"/> (for example a <see cref="System.IO.Compression.GZipStream"/>) to its end with
    /// the buffer and fills of <see cref="TsvFileReader.From(Stream, TsvOptions?, bool)"/> (a <see cref="MemoryStream"/>
    /// whose buffer is visible is read in place), handing every row to <paramref name="handler"/> as
    /// <see cref="ReadRowsAsync{THandler}(TsvReader, PipeReader, THandler, CancellationToken)"/> does: the same rows,
    /// errors and cancellation rules. The stream is left open.
    /// </summary>
    /// <typeparam name="THandler">Prefer a struct, so the call devirtualizes and nothing is allocated per row.</typeparam>
    /// <param name="reader">A reader positioned at the start of an input.</param>
    /// <param name="input">The UTF-8 TSV stream.</param>
    /// <param name="handler">Called once per data row.</param>
    /// <param name="cancellationToken">Stops the loop between reads: a normal return once rows were handled, else <see cref="OperationCanceledException"/>.</param>
    /// <returns>The handler after the last row.</returns>
    /// <exception cref="TsvFormatException">A line breaks a rule of the reader's options.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled before this call consumed a line.</exception>
    public static ValueTask<THandler> ReadRowsAsync<THandler>(
        this TsvReader reader, Stream input, THandler handler, CancellationToken cancellationToken = default)
        where THandler : ITsvRowHandler
    {
        if (reader is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(reader));
        }

        if (input is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(input));
        }

        return TsvFileReader.ForRowHandler(reader, input).HandleRowsThenDisposeAsync(handler, cancellationToken);
    }
}
