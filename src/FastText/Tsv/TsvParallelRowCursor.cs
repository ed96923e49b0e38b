using System;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace FastText;

/// <summary>
/// <see cref="TsvFileReader.ParallelSelect{TResult}"/>'s enumeration, batch by batch: the preamble and (when it sets
/// the column count of the rows after it) the first row on the enumerating thread, then the chunks' values from the
/// engine. An error a batch ends with is raised on the call after its values.
/// </summary>
internal sealed partial class TsvParallelRowCursor<T> : IDisposable
{
    private readonly TsvFileReader _source;
    private readonly TsvRowSelector<T> _selector;
    private readonly TsvParallelOptions _options;
    private readonly CancellationToken _cancellationToken;
    private TsvParallelEngine<TsvRowBatch<T>>? _engine;
    private bool _started;
    private bool _disposed;
    private T[]? _first;
    private ExceptionDispatchInfo? _pendingError;

    public TsvParallelRowCursor(TsvFileReader source, TsvRowSelector<T> selector, TsvParallelOptions options, CancellationToken cancellationToken)
    {
        _source = source;
        _selector = selector;
        _options = options;
        _cancellationToken = cancellationToken;
    }

    /// <summary>The next batch of values; false after the last one.</summary>
    public bool NextBatch(out T[] values, out int count)
    {
        ThrowIfUnavailable();
        if (!_started)
        {
            _started = true;
            try
            {
                _source.ReadPreamble();
                if (_source.Reader.ExpectsShapeFromNextRow && _source.TryReadRowBeforeChunks(out TsvRow row))
                {
                    return First(_selector(in row), out values, out count);
                }
            }
            catch (Exception exception)
            {
                // A bad header or first row ends the read, as in foreach: a retry reports it again.
                _pendingError = ExceptionDispatchInfo.Capture(exception);
                throw;
            }
        }

        TsvParallelEngine<TsvRowBatch<T>> engine = _engine ??= StartEngine(_cancellationToken);
        while (engine.MoveNext())
        {
            if (TryTakeBatch(engine.Current!, out values, out count))
            {
                return true;
            }
        }

        values = Array.Empty<T>();
        count = 0;
        return false;
    }

    public void Dispose()
    {
        _disposed = true;
        _engine?.Dispose();
    }

    private TsvParallelEngine<TsvRowBatch<T>> StartEngine(CancellationToken cancellationToken)
    {
        TsvReader template = _source.Reader;
        TsvRowSelector<T> selector = _selector;
        return new TsvParallelEngine<TsvRowBatch<T>>(
            _source, stop => new TsvRowChunkWork<T>(template, selector, stop), _options.EffectiveDegreeOfParallelism, countLines: true, cancellationToken);
    }

    private bool First(T value, out T[] values, out int count)
    {
        values = _first ??= new T[1];
        values[0] = value;
        count = 1;
        return true;
    }

    /// <summary>A delivered batch's values; its error is kept for the next call (raised now when it has no values).</summary>
    private bool TryTakeBatch(TsvRowBatch<T> batch, out T[] values, out int count)
    {
        _pendingError = batch.Error;
        values = batch.Values;
        count = batch.Count;
        if (count > 0)
        {
            return true;
        }

        ThrowIfUnavailable();
        return false;
    }

    private void ThrowIfUnavailable()
    {
        if (_pendingError is not null)
        {
            // Every value before the error was handed out: the read ends with it (and with it again on a retry).
            _engine?.Dispose();
            _pendingError.Throw();
        }

        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(TsvParallelResults<T>));
        }
    }
}
