using System;
using System.Collections;
using System.Collections.Generic;
using System.Threading;
using FastText.Internal;

namespace FastText;

/// <summary>
/// The values of <see cref="TsvFileReader.ParallelSelect{TResult}"/>, one per data row, in input order. Enumerate
/// them once (<c>foreach</c>: its <see cref="Enumerator"/> is a struct that hands out each value with an array read);
/// disposing the enumerator stops the workers and returns the buffers.
/// </summary>
/// <typeparam name="TResult">What each row became.</typeparam>
public sealed class TsvParallelResults<TResult> : IEnumerable<TResult>
{
    private TsvParallelRowCursor<TResult>? _cursor;

    internal TsvParallelResults(TsvParallelRowCursor<TResult> cursor) => _cursor = cursor;

    /// <summary>The enumerator (one per read: the values are read once).</summary>
    /// <returns>The enumerator.</returns>
    /// <exception cref="InvalidOperationException">The values were already enumerated.</exception>
    public Enumerator GetEnumerator()
    {
        TsvParallelRowCursor<TResult>? cursor = Interlocked.Exchange(ref _cursor, null);
        if (cursor is null)
        {
            ThrowHelper.ThrowInvalidOperation("The values of a parallel read can be enumerated once.");
        }

        return new Enumerator(cursor!);
    }

    IEnumerator<TResult> IEnumerable<TResult>.GetEnumerator() => GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    /// <summary>Hands out the values batch by batch (the values of one chunk's rows at a time).</summary>
    public struct Enumerator : IEnumerator<TResult>
    {
        private readonly TsvParallelRowCursor<TResult>? _cursor;
        private TResult[] _values;
        private int _index;
        private int _count;

        internal Enumerator(TsvParallelRowCursor<TResult> cursor)
        {
            _cursor = cursor;
            _values = Array.Empty<TResult>();
            _index = 0;
            _count = 0;
        }

        /// <summary>The current value.</summary>
        public readonly TResult Current => _values[_index];

        readonly object? IEnumerator.Current => Current;

        /// <summary>Moves to the next value, waiting for the workers when its chunk is not done yet.</summary>
        /// <returns>False after the last value.</returns>
        /// <exception cref="TsvFormatException">A line breaks a rule of the options (after every value before it).</exception>
        /// <exception cref="OperationCanceledException">The read was cancelled.</exception>
        public bool MoveNext()
        {
            int next = _index + 1;
            if (next < _count)
            {
                _index = next;
                return true;
            }

            return MoveNextBatch();
        }

        /// <summary>Stops the workers (each finishes the row it is on), and returns the buffers.</summary>
        public readonly void Dispose() => _cursor?.Dispose();

        readonly void IEnumerator.Reset() => throw new NotSupportedException();

        private bool MoveNextBatch()
        {
            _index = 0;
            _count = 0;
            if (_cursor is null || !_cursor.NextBatch(out _values, out _count))
            {
                return false;
            }

            return true;
        }
    }
}
