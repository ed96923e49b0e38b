using System;
using System.Collections;
using System.Collections.Generic;
using System.Threading;
using FastText.Internal;

namespace FastText;

/// <summary>
/// The results of <see cref="TsvFileReader.ParallelProcessChunks{TResult}"/>, one per chunk, in input order. Enumerate
/// them once; a result is valid until the enumerator moves on (its worker then refills it). Disposing the enumerator
/// stops the workers and returns the buffers.
/// </summary>
/// <typeparam name="TResult">A chunk's result.</typeparam>
public sealed class TsvParallelChunkResults<TResult> : IEnumerable<TResult>
    where TResult : class
{
    private readonly TsvFileReader _source;
    private readonly Func<ITsvChunkWorker<TResult>> _createWorker;
    private readonly TsvParallelOptions _options;
    private readonly CancellationToken _cancellationToken;
    private int _enumerated;

    internal TsvParallelChunkResults(TsvFileReader source, Func<ITsvChunkWorker<TResult>> createWorker, TsvParallelOptions options, CancellationToken cancellationToken)
    {
        _source = source;
        _createWorker = createWorker;
        _options = options;
        _cancellationToken = cancellationToken;
    }

    /// <summary>The enumerator (one per read; a class: it moves once per chunk, not per row).</summary>
    /// <returns>The enumerator; disposing it stops the workers (each finishes the chunk it is on) and returns the buffers.</returns>
    /// <exception cref="InvalidOperationException">The results were already enumerated.</exception>
    public IEnumerator<TResult> GetEnumerator()
    {
        if (Interlocked.Exchange(ref _enumerated, 1) != 0)
        {
            ThrowHelper.ThrowInvalidOperation("The results of a parallel read can be enumerated once.");
        }

        return new Enumerator(this);
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    /// <summary>Hands out the results in input order; the engine starts with the first move.</summary>
    private sealed class Enumerator : IEnumerator<TResult>
    {
        private readonly TsvParallelChunkResults<TResult> _owner;
        private TsvParallelEngine<TResult>? _engine;
        private bool _disposed;

        public Enumerator(TsvParallelChunkResults<TResult> owner) => _owner = owner;

        public TResult Current => _engine?.Current!;

        object IEnumerator.Current => Current;

        public bool MoveNext()
        {
            if (_disposed)
            {
                return false;
            }

            _engine ??= _owner.Start();
            return _engine.MoveNext();
        }

        public void Dispose()
        {
            _disposed = true;
            _engine?.Dispose();
        }

        public void Reset() => throw new NotSupportedException();
    }

    private TsvParallelEngine<TResult> Start()
    {
        _source.ReadPreamble();
        Func<ITsvChunkWorker<TResult>> createWorker = _createWorker;
        return new TsvParallelEngine<TResult>(
            _source, _ => new UserWork(createWorker()), _options.EffectiveDegreeOfParallelism, countLines: false, _cancellationToken);
    }

    /// <summary>A user's worker as the engine's work.</summary>
    private sealed class UserWork : TsvChunkWork<TResult>
    {
        private readonly ITsvChunkWorker<TResult> _worker;

        public UserWork(ITsvChunkWorker<TResult> worker)
        {
            if (worker is null)
            {
                ThrowHelper.ThrowInvalidOperation("The worker factory of ParallelProcessChunks returned null.");
            }

            _worker = worker!;
        }

        public override TResult CreateResult()
        {
            TResult result = _worker.CreateResult();
            if (result is null)
            {
                ThrowHelper.ThrowInvalidOperation("ITsvChunkWorker.CreateResult returned null.");
            }

            return result!;
        }

        public override bool Process(in TsvChunk chunk, TResult result)
        {
            _worker.Process(chunk.Lines, chunk.Offset, chunk.IsFinal, result);
            return true;
        }

        public override void Dispose() => _worker.Dispose();
    }
}
