using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.ExceptionServices;

namespace FastText;

/// <summary>The values of one chunk's rows, in order, and the error that ended them (then nothing after them is delivered).</summary>
internal sealed class TsvRowBatch<T>
{
    public T[] Values = Array.Empty<T>();
    public int Count;
    public ExceptionDispatchInfo? Error;
}

/// <summary>
/// <see cref="TsvFileReader.ParallelSelect{TResult}"/>'s work: reads a chunk's rows with a copy of the file reader's
/// reader (so the same options, columns, header and checks, and the line numbers of the whole input) and keeps what
/// the selector makes of each. A format error or an exception of the selector ends the chunk: the values before it
/// are kept, and the error is delivered after them.
/// </summary>
internal sealed partial class TsvRowChunkWork<T> : TsvChunkWork<TsvRowBatch<T>>
{
    private readonly TsvReader _reader;
    private readonly TsvRowSelector<T> _selector;
    private readonly TsvParallelStop _stop;

    // This work's batches: their values arrays are pooled (a read of a small input would otherwise allocate a chunk's
    // worth of values per call), and go back when the read ends.
    private readonly List<TsvRowBatch<T>> _batches = new();

    public TsvRowChunkWork(TsvReader template, TsvRowSelector<T> selector, TsvParallelStop stop)
    {
        _reader = template.CloneForChunks();
        _selector = selector;
        _stop = stop;
    }

    public override TsvRowBatch<T> CreateResult()
    {
        var batch = new TsvRowBatch<T>();
        _batches.Add(batch);
        return batch;
    }

    public override bool Process(in TsvChunk chunk, TsvRowBatch<T> batch)
    {
        // A chunk has at most one row per line: the line count sizes the values once.
        T[] values = batch.Values;
        int previous = batch.Count;
        if (values.Length < chunk.LineCount)
        {
            ReturnValues(batch);
            previous = 0;
            values = ArrayPool<T>.Shared.Rent((int)chunk.LineCount);
            batch.Values = values;
        }

        int count = 0;
        bool stopped = false;
        batch.Error = null;
        ReadOnlySpan<byte> lines = chunk.Lines;
        bool isFinal = chunk.IsFinal;
        long index = chunk.Index;
        TsvReader reader = _reader;
        TsvRowSelector<T> selector = _selector;
        reader.StartChunk(chunk.LinesBefore);
        try
        {
            while (reader.TryReadRow(ref lines, isFinal, out TsvRow row))
            {
                if (_stop.Stops(index))
                {
                    stopped = true;
                    break;
                }

                values[count] = selector(in row);
                count++;
            }

            if (!stopped && !lines.IsEmpty)
            {
                // A chunk ends at a line terminator or the input's end, and a line too long to end in one throws:
                // bytes left over would be rows lost without a word.
                ThrowChunkNotConsumed(lines.Length);
            }
        }
        catch (Exception exception)
        {
            batch.Error = ExceptionDispatchInfo.Capture(exception);
        }

        batch.Count = count;
        if (count < previous && MayHoldReferences)
        {
            // The values of an earlier chunk would otherwise stay reachable as long as the batch.
            Array.Clear(values, count, previous - count);
        }

        return !stopped && batch.Error is null;
    }

    public override void Dispose()
    {
        _reader.Dispose();
        foreach (TsvRowBatch<T> batch in _batches)
        {
            ReturnValues(batch);
        }
    }

    /// <summary>Gives a batch's values array back to the pool (cleared of references first).</summary>
    private static void ReturnValues(TsvRowBatch<T> batch)
    {
        T[] values = batch.Values;
        batch.Values = Array.Empty<T>();
        if (values.Length > 0)
        {
            ArrayPool<T>.Shared.Return(values, clearArray: MayHoldReferences);
        }

        batch.Count = 0;
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void ThrowChunkNotConsumed(int left) =>
        throw new InvalidOperationException(TsvFormatException.Format("The parallel read left {0} bytes of a chunk unread (a defect: please report it).", left));
}
