using System;
using System.Buffers;

namespace FastText;

public sealed partial class TsvReader
{
    /// <summary>
    /// Reads every complete row at the front of <paramref name="buffer"/> into <paramref name="handler"/> and
    /// advances <paramref name="buffer"/> past them: the synchronous core of the pipe driver, for your own read
    /// loop. Faster than calling <see cref="TryReadRow(ref ReadOnlySequence{byte}, bool, out TsvRow)"/> per row:
    /// rows inside a segment go through the span path and the sequence is sliced once per segment.
    /// </summary>
    /// <typeparam name="THandler">Prefer a struct, so the call devirtualizes.</typeparam>
    /// <param name="buffer">The unread input; on return, the incomplete last line (or nothing).</param>
    /// <param name="isFinalBlock">True when no data follows, so a last line without '\n' is a row.</param>
    /// <param name="handler">Called once per data row; passed by reference, so a struct keeps its state.</param>
    /// <returns>The number of rows handled.</returns>
    /// <exception cref="TsvFormatException">As for <see cref="TryReadRow(ref ReadOnlySequence{byte}, bool, out TsvRow)"/>.</exception>
    public long ReadRows<THandler>(ref ReadOnlySequence<byte> buffer, bool isFinalBlock, ref THandler handler)
        where THandler : ITsvRowHandler
    {
        long rows = 0;
        while (true)
        {
            ReadOnlySpan<byte> segment = SequenceSpans.First(buffer);
            bool isSingleSegment = buffer.IsSingleSegment;
            int segmentLength = segment.Length;
            while (TryReadRow(ref segment, isFinalBlock && isSingleSegment, out TsvRow row))
            {
                handler.OnRow(in row);
                rows++;
            }

            if (segment.Length != segmentLength)
            {
                buffer = buffer.Slice(segmentLength - segment.Length);
            }

            // Only a row that straddles segments (or follows an empty first segment) takes the sequence path.
            if (isSingleSegment || !TryReadRow(ref buffer, isFinalBlock, out TsvRow straddling))
            {
                return rows;
            }

            handler.OnRow(in straddling);
            rows++;
        }
    }
}
