using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

public sealed partial class TsvFileReader
{
    // The current record of the asynchronous reader: a row cannot live in a class, so where it lies is kept instead.
    private int _recordLineStart;
    private int _recordLineLength;
    private int _recordColumnsLength;
    private long _recordLineNumber;
    private long _recordVersion;

    // The reader's position when the record was read: a synchronous read since then may have moved the buffer.
    private long _recordPosition;

    /// <summary>
    /// The rows, for <c>await foreach (TsvRecord record in reader.ReadAllAsync())</c>: reads from the Stream or
    /// PipeReader asynchronously. A <see cref="TsvRow"/> cannot cross an await, so each record hands out its row
    /// through <see cref="TsvRecord.Row"/>, valid until the loop moves on.
    /// </summary>
    /// <param name="cancellationToken">Stops the loop between reads.</param>
    /// <returns>The records.</returns>
    /// <exception cref="TsvFormatException">A line breaks a rule of the options.</exception>
    public async IAsyncEnumerable<TsvRecord> ReadAllAsync([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        while (await ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            yield return new TsvRecord(this, _recordVersion);
        }
    }

    /// <summary>Reads the next row asynchronously; then <see cref="CurrentRecord"/> is that row.</summary>
    /// <param name="cancellationToken">Stops the read.</param>
    /// <returns>False at the end of the input.</returns>
    /// <exception cref="TsvFormatException">A line breaks a rule of the options.</exception>
    /// <remarks>
    /// A read that waits for input reuses a pooled state machine, so reading allocates nothing per wait; as with every
    /// <see cref="ValueTask{TResult}"/>, await the result once (or call <see cref="ValueTask{TResult}.AsTask"/>).
    /// </remarks>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<bool> ReadAsync(CancellationToken cancellationToken = default)
    {
        if (_disposed | _handedOff)
        {
            ThrowUnavailable();
        }

        _started = true;
        while (true)
        {
            if (TryReadRecord())
            {
                return true;
            }

            if (_endOfInput)
            {
                ReleasePipeRead();
                return false;
            }

            await FillAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>The row read by the last successful <see cref="ReadAsync"/>.</summary>
    public TsvRecord CurrentRecord => new(this, _recordVersion);

    internal TsvRow RecordRow(long version)
    {
        if (version != _recordVersion || _recordPosition != _position || _disposed)
        {
            ThrowHelperStale();
        }

        ReadOnlySpan<byte> source = _inMemory ? _memory.Span : BufferUpTo(_end);
        ReadOnlySpan<byte> line = source.Slice(_recordLineStart, _recordLineLength);
        ReadOnlySpan<byte> columns = _reader.Options.UnescapeBackslashes ? _reader.UnescapeBuffer.AsSpan(0, _recordColumnsLength) : line;
        return new TsvRow(_reader, line, columns, _recordLineNumber);
    }

    private bool TryReadRecord()
    {
        ReadOnlySpan<byte> source = _inMemory ? _memory.Span : BufferUpTo(_end);
        ReadOnlySpan<byte> rest = source.Slice(_start);
        bool found;
        TsvRow row;
        try
        {
            found = _reader.TryReadRow(ref rest, _inMemory || _endOfInput, out row);
        }
        finally
        {
            // As in TryReadRowKeepingPosition: lines skipped before a format error were counted.
            _start = source.Length - rest.Length;
            _position++;
        }

        if (!found)
        {
            return false;
        }

        _recordLineStart = (int)Unsafe.ByteOffset(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(row.Line));
        _recordLineLength = row.Line.Length;
        _recordColumnsLength = row.ColumnBytes.Length;
        _recordLineNumber = row.LineNumber;
        _recordVersion++;
        _recordPosition = _position;
        return true;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowHelperStale() =>
        throw new InvalidOperationException("The record is no longer current: the reader has moved on (or was disposed).");
}

/// <summary>
/// One row of <see cref="TsvFileReader.ReadAllAsync"/>: a handle that may live in an async method, unlike the
/// <see cref="TsvRow"/> it hands out. Valid until the reader reads the next row.
/// </summary>
public readonly struct TsvRecord
{
    private readonly TsvFileReader _owner;
    private readonly long _version;

    internal TsvRecord(TsvFileReader owner, long version)
    {
        _owner = owner;
        _version = version;
    }

    /// <summary>The row (use it within one expression or a synchronous helper; it cannot cross an await).</summary>
    /// <exception cref="InvalidOperationException">The reader has moved on to another row.</exception>
    public TsvRow Row => _owner.RecordRow(_version);
}
