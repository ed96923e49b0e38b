using System;
using System.Buffers;

namespace FastText;

public sealed partial class TsvReader
{
    /// <summary>
    /// Reads every complete row at the front of <paramref name="buffer"/> into <paramref name="handler"/> and
    /// advances <paramref name="buffer"/> past them, for your own read loop over a sequence: segments are read in
    /// place (<see cref="TsvPipeReaderExtensions.ReadRowsAsync{THandler}(TsvReader, System.IO.Pipelines.PipeReader, THandler, System.Threading.CancellationToken)"/>
    /// copies a pipe's bytes into its own buffer instead). Faster than calling <see cref="TryReadRow(ref ReadOnlySequence{byte}, bool, out TsvRow)"/> per row:
    /// rows inside a segment go through the span path and the sequence is sliced once per segment.
    /// </summary>
    /// <typeparam name="THandler">Prefer a struct, so the call devirtualizes.</typeparam>
    /// <param name="buffer">The unread input; on return, the incomplete last line (or nothing).</param>
    /// <param name="isFinalBlock">True when no data follows, so a last line without '\n' is a row.</param>
    /// <param name="handler">Called once per data row; passed by reference, so a struct keeps its state.</param>
    /// <returns>The number of rows handled.</returns>
    /// <exception cref="TsvFormatException">As for <see cref="TryReadRow(ref ReadOnlySequence{byte}, bool, out TsvRow)"/>.</exception>
    /// <remarks>
    /// When the handler throws, or a line breaks a format rule, <paramref name="buffer"/> still says exactly what was
    /// consumed: every row handed to the handler, including the one whose handler threw (delivery is at most once),
    /// and nothing of the offending line. The reader stays usable: call again with the rest to go on after a
    /// handler's exception; a format error is reported again for the same line (it is never skipped silently).
    /// </remarks>
    public long ReadRows<THandler>(ref ReadOnlySequence<byte> buffer, bool isFinalBlock, ref THandler handler)
        where THandler : ITsvRowHandler
    {
        long rows = 0;
        while (true)
        {
            ReadOnlySpan<byte> segment = SequenceSpans.First(buffer);
            bool isSingleSegment = buffer.IsSingleSegment;
            int segmentLength = segment.Length;
            try
            {
                while (TryReadRow(ref segment, isFinalBlock && isSingleSegment, out TsvRow row))
                {
                    rows++;
                    handler.OnRow(in row);
                }
            }
            finally
            {
                // Also on an exception, so the caller's buffer never replays a row the handler has seen.
                if (segment.Length != segmentLength)
                {
                    buffer = buffer.Slice(segmentLength - segment.Length);
                }
            }

            // Only a row that straddles segments (or follows an empty first segment) takes the sequence path.
            if (isSingleSegment || !TryReadRow(ref buffer, isFinalBlock, out TsvRow straddling))
            {
                return rows;
            }

            rows++;
            handler.OnRow(in straddling);
        }
    }
}
