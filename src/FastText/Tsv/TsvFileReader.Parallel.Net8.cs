using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using FastText.Internal;

namespace FastText;

public sealed partial class TsvFileReader
{
    /// <summary>
    /// <see cref="ParallelSelect{TResult}"/> for asynchronous code (<c>await foreach</c>): the enumerating side awaits
    /// the Stream's or PipeReader's reads and the workers instead of blocking a thread on them. Same values, errors,
    /// threads and memory; the workers still run <paramref name="selector"/> synchronously on thread-pool threads.
    /// </summary>
    /// <typeparam name="TResult">What each row becomes.</typeparam>
    /// <param name="selector">Makes the value of a row; the row is valid during the call only.</param>
    /// <param name="options">The degree of parallelism and chunk length; <see cref="TsvParallelOptions.Default"/> when null.</param>
    /// <param name="cancellationToken">Stops the read (as does the token given to <c>WithCancellation</c>): the next
    /// move throws <see cref="System.OperationCanceledException"/>.</param>
    /// <returns>The values, to enumerate once.</returns>
    /// <exception cref="System.ArgumentNullException"><paramref name="selector"/> is null.</exception>
    /// <exception cref="System.ObjectDisposedException">The reader was disposed.</exception>
    /// <exception cref="System.InvalidOperationException">The rows were already handed to a parallel read.</exception>
    public IAsyncEnumerable<TResult> ParallelSelectAsync<TResult>(
        TsvRowSelector<TResult> selector, TsvParallelOptions? options = null, CancellationToken cancellationToken = default)
    {
        if (selector is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(selector));
        }

        options ??= TsvParallelOptions.Default;
        HandOff(options);
        return EnumerateParallel(new TsvParallelRowCursor<TResult>(this, selector, options, cancellationToken), cancellationToken);
    }

    private static async IAsyncEnumerable<TResult> EnumerateParallel<TResult>(
        TsvParallelRowCursor<TResult> cursor, CancellationToken methodToken, [EnumeratorCancellation] CancellationToken enumeratorToken = default)
    {
        CancellationTokenSource? linked = enumeratorToken.CanBeCanceled && enumeratorToken != methodToken
            ? CancellationTokenSource.CreateLinkedTokenSource(methodToken, enumeratorToken)
            : null;
        CancellationToken token = linked?.Token ?? methodToken;
        try
        {
            while (true)
            {
                // Every move looks at the token first: a cancellation ends the read at the next move, before a value,
                // an error or the end that would come next.
                token.ThrowIfCancellationRequested();
                if (!await cursor.NextBatchAsync(token).ConfigureAwait(false))
                {
                    break;
                }

                TResult[] values = cursor.Values;
                int count = cursor.Count;
                for (int i = 0; i < count; i++)
                {
                    token.ThrowIfCancellationRequested();
                    yield return values[i];
                }
            }
        }
        finally
        {
            cursor.Dispose();
            linked?.Dispose();
        }
    }

    /// <summary>Reads one record on the enumerating thread before the chunks (see <see cref="TryReadRowBeforeChunks"/>).</summary>
    internal async ValueTask<bool> ReadRecordBeforeChunksAsync(CancellationToken cancellationToken)
    {
        _searchedForCut = 0;
        while (!TryReadRecord())
        {
            if (_endOfInput)
            {
                return false;
            }

            await FillAsync(cancellationToken).ConfigureAwait(false);
        }

        return true;
    }
}
