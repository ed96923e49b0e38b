using System;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

internal sealed partial class TsvParallelRowCursor<T>
{
    /// <summary>The values of the batch <see cref="NextBatchAsync"/> found.</summary>
    public T[] Values { get; private set; } = Array.Empty<T>();

    /// <summary>How many of <see cref="Values"/> are the batch's.</summary>
    public int Count { get; private set; }

    /// <summary><see cref="NextBatch"/>, awaiting the reads and the workers; the batch is in <see cref="Values"/> and <see cref="Count"/>.</summary>
    public async ValueTask<bool> NextBatchAsync(CancellationToken cancellationToken)
    {
        ThrowIfUnavailable();
        if (!_started)
        {
            _started = true;
            try
            {
                await _source.ReadPreambleAsync(cancellationToken).ConfigureAwait(false);
                if (_source.Reader.ExpectsShapeFromNextRow && await _source.ReadRecordBeforeChunksAsync(cancellationToken).ConfigureAwait(false))
                {
                    bool first = First(Select(_source.CurrentRecord), out T[] values, out int count);
                    Values = values;
                    Count = count;
                    return first;
                }
            }
            catch (Exception exception)
            {
                _pendingError = System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(exception);
                throw;
            }
        }

        TsvParallelEngine<TsvRowBatch<T>> engine = _engine ??= StartEngine(cancellationToken);
        while (await engine.MoveNextAsync().ConfigureAwait(false))
        {
            if (TryTakeBatch(engine.Current!, out T[] values, out int count))
            {
                Values = values;
                Count = count;
                return true;
            }
        }

        Values = Array.Empty<T>();
        Count = 0;
        return false;
    }

    // A row cannot live in an async method: it is made and used within this call.
    private T Select(TsvRecord record) => _selector(record.Row);
}
