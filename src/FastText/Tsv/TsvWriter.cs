using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using FastText.Internal;

namespace FastText;

/// <summary>
/// Writes UTF-8 TSV rows to a <see cref="Stream"/>, a <see cref="PipeWriter"/> or any <see cref="IBufferWriter{T}"/>:
/// call <c>WriteField</c> for each field, then <see cref="EndRow"/>. Fields come from UTF-8 spans, strings (encoded
/// without allocating) and numbers, dates, GUIDs and time spans (formatted with <see cref="System.Buffers.Text.Utf8Formatter"/>,
/// invariant); nothing is allocated per row. Rows are built in one pooled buffer and only complete rows ever reach
/// the destination: when the buffer fills, on <see cref="Flush"/>/<see cref="FlushAsync"/> and on <see cref="Dispose"/>
/// or <see cref="DisposeAsync"/>. Not thread-safe.
/// </summary>
/// <remarks>
/// <para>A field that holds the separator, '\n' or '\r' is refused with <see cref="TsvFormatException"/> (naming the
/// row and field) unless <see cref="TsvWriterOptions.EscapeBackslashes"/> is set; a refused field writes nothing
/// and the row stays open. Every row ends with '\n'; a row with no fields is an empty line, which reads back as one
/// empty field with <c>TsvOptions.SkipEmptyLines = false</c> (readers skip it by default).</para>
/// <para>If the destination throws, the writer is faulted: the exception propagates, later calls throw
/// <see cref="InvalidOperationException"/>, and <see cref="Dispose"/> only releases the buffer. The destination then
/// holds the first <see cref="FlushedRowCount"/> rows complete, possibly followed by part of the rows of the failed
/// write (a Stream cannot say how much it took); nothing beyond <see cref="FlushedRowCount"/> is claimed as written.</para>
/// <para>While a <see cref="FlushAsync"/> is pending (its task not completed yet), the destination may still be reading
/// the writer's buffer: every other call that would touch it (<c>WriteField</c>, <see cref="EndRow"/>,
/// <see cref="Flush"/>, another <see cref="FlushAsync"/>) throws <see cref="InvalidOperationException"/> and changes
/// nothing; await the flush first. <see cref="Dispose"/> during a pending flush returns at once and leaves the rest to
/// the flush: it still delivers and flushes the rows it took, then returns the buffer to the pool and closes the stream
/// (unless left open); the row in progress is dropped, as always.</para>
/// </remarks>
public sealed partial class TsvWriter : IDisposable
{
    private const byte Tab = (byte)'\t';
    private const byte LineFeed = (byte)'\n';
    private const byte CarriageReturn = (byte)'\r';
    private const byte Backslash = (byte)'\\';

    // The largest byte array the runtime allocates (Array.MaxLength on net8).
    private const int MaxBufferLength = 0x7FFFFFC7;

    private const int FlushNone = 0;
    private const int FlushPending = 1;
    private const int FlushPendingDisposed = 2;

    private readonly TsvWriterOptions _options;
    private readonly byte _separator;
    private readonly bool _escape;
    private readonly Stream? _stream;
    private readonly bool _leaveOpen;
    private readonly IBufferWriter<byte>? _bufferWriter;
    private readonly PipeWriter? _pipeWriter;

    // [0, _committed) holds complete rows not yet delivered; [_committed, _position) the row being written.
    private byte[] _buffer;
    private int _committed;
    private int _position;
    private int _fieldCount;
    private long _rowCount;
    private long _flushedRowCount;
    private bool _faulted;
    private bool _disposed;

    // Rows went into the PipeWriter since its last flush: DisposeAsync flushes only then, since flushing a response
    // pipe with nothing in it still starts the response (Kestrel sends the headers), which an error page then cannot undo.
    private bool _pipeFlushDue;

    // FlushNone, or FlushPending while a FlushAsync may still have the destination reading the buffer, or
    // FlushPendingDisposed once Dispose ran meanwhile: the flush then returns the buffer (and closes the stream).
    private int _flushState;

    /// <summary>Writes to <paramref name="stream"/> with synchronous writes of whole buffers (asynchronous with <see cref="FlushAsync"/>).</summary>
    /// <param name="stream">A writable stream.</param>
    /// <param name="options">Layout options; <see cref="TsvWriterOptions.Default"/> when null.</param>
    /// <param name="leaveOpen">True to leave <paramref name="stream"/> open when the writer is disposed.</param>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="stream"/> is not writable, or <paramref name="options"/> combines
    /// <see cref="TsvWriterOptions.EscapeBackslashes"/> with a separator the escapes hold ('\\', 't', 'n' or 'r').</exception>
    public TsvWriter(Stream stream, TsvWriterOptions? options = null, bool leaveOpen = false)
        : this(options)
    {
        if (stream is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(stream));
        }

        if (!stream.CanWrite)
        {
            ThrowHelper.ThrowArgument(nameof(stream), "The stream is not writable.");
        }

        _stream = stream;
        _leaveOpen = leaveOpen;
    }

    /// <summary>
    /// Writes to <paramref name="writer"/>: complete rows are copied into its buffers (GetSpan/Advance) when the
    /// writer's own buffer fills, on <see cref="Flush"/> and on <see cref="Dispose"/>. <see cref="FlushAsync"/> also
    /// flushes the pipe; the pipe is never completed by this writer.
    /// </summary>
    /// <param name="writer">The pipe to write to.</param>
    /// <param name="options">Layout options; <see cref="TsvWriterOptions.Default"/> when null.</param>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="options"/> combines <see cref="TsvWriterOptions.EscapeBackslashes"/>
    /// with a separator the escapes hold ('\\', 't', 'n' or 'r').</exception>
    public TsvWriter(PipeWriter writer, TsvWriterOptions? options = null)
        : this((IBufferWriter<byte>)writer, options)
    {
        _pipeWriter = writer;
    }

    /// <summary>Writes to <paramref name="writer"/>: complete rows are copied into its buffers when the writer's own buffer fills, on <see cref="Flush"/> and on <see cref="Dispose"/>.</summary>
    /// <param name="writer">Receives the bytes.</param>
    /// <param name="options">Layout options; <see cref="TsvWriterOptions.Default"/> when null.</param>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="options"/> combines <see cref="TsvWriterOptions.EscapeBackslashes"/>
    /// with a separator the escapes hold ('\\', 't', 'n' or 'r').</exception>
    public TsvWriter(IBufferWriter<byte> writer, TsvWriterOptions? options = null)
        : this(options)
    {
        if (writer is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        _bufferWriter = writer;
    }

    private TsvWriter(TsvWriterOptions? options)
    {
        _options = options ?? TsvWriterOptions.Default;
        _separator = _options.Separator;
        _escape = _options.EscapeBackslashes;
        if (_escape && TsvOptions.IsEscapeByte(_separator))
        {
            ThrowHelper.ThrowArgument(
                nameof(options),
                "With EscapeBackslashes the separator cannot be '\\', 't', 'n' or 'r': the escapes \\t \\n \\r \\\\ would hold it and the rows would not read back.");
        }

        _specialBytes = CreateSpecialBytes(_separator, _escape);
        _separatorWord = LowBits * _separator;
        _extraWord = LowBits * (_escape ? Backslash : _separator);
        _specialTable[_separator] = 1;
        _specialTable[LineFeed] = 1;
        _specialTable[CarriageReturn] = 1;
        _specialTable[(byte)_extraWord] = 1;
        _buffer = ArrayPool<byte>.Shared.Rent(_options.BufferSize);
        _fastEnd = _buffer.Length - FastReserve;
    }

    /// <summary>The options this writer was built with.</summary>
    public TsvWriterOptions Options => _options;

    /// <summary>Rows ended with <see cref="EndRow"/> so far (delivered or still buffered).</summary>
    public long RowCount => _rowCount;

    /// <summary>Rows the destination has accepted in full (written to the stream, or copied into the buffer writer).</summary>
    public long FlushedRowCount => _flushedRowCount;

    /// <summary>Fields written to the row in progress.</summary>
    public int FieldCount => _fieldCount;

    /// <summary>Bytes of complete rows waiting in the buffer for the next flush.</summary>
    public int PendingByteCount => _committed;

    /// <summary>Writes one field from UTF-8 bytes (any bytes; escaped or refused as <see cref="TsvWriterOptions.EscapeBackslashes"/> says).</summary>
    /// <param name="utf8">The field's bytes.</param>
    /// <exception cref="TsvFormatException">Without escaping, the field holds the separator, '\n' or '\r'; or the separator is not tab and the field holds it.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    /// <exception cref="OutOfMemoryException">The row would exceed the largest array.</exception>
    public void WriteField(ReadOnlySpan<byte> utf8)
    {
        int position = _position;
        if (position <= _fastEnd && utf8.Length <= MediumField)
        {
            // The separator goes in unconditionally: for a first field the field's bytes (or nothing) follow over it.
            ref byte slot = ref _buffer[position];
            slot = _separator;
            int start = _fieldCount != 0 ? 1 : 0;
            ref byte source = ref MemoryMarshal.GetReference(utf8);
            ref byte field = ref Unsafe.Add(ref slot, start);
            nuint length = (nuint)utf8.Length;
            if (length <= ShortField ? TryCopyShort(ref source, ref field, length) : TryCopyMedium(ref source, ref field, length))
            {
                _position = position + start + utf8.Length;
                _fieldCount++;
                return;
            }
        }

        WriteFieldChecked(utf8);
    }

    /// <summary>The UTF-8 overload with every check: long fields, a full buffer, special bytes, a disposed or faulted writer.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteFieldChecked(ReadOnlySpan<byte> utf8)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        EnsureRoom(separatorLength + (long)utf8.Length);
        int start = _position + separatorLength;
        ref byte source = ref MemoryMarshal.GetReference(utf8);
        ref byte field = ref MemoryMarshal.GetReference(_buffer.AsSpan(start));
        nuint length = (nuint)utf8.Length;
        bool copied = length <= ShortField ? TryCopyShort(ref source, ref field, length)
            : length <= MediumField ? TryCopyMedium(ref source, ref field, length)
            : TryCopyLong(utf8, _buffer.AsSpan(start));
        if (!copied)
        {
            WriteSpecialField(utf8, IndexOfSpecial(utf8));
            return;
        }

        if (separatorLength != 0)
        {
            _buffer[_position] = _separator;
        }

        _position = start + utf8.Length;
        _fieldCount++;
    }

    /// <summary>Writes one field from text, encoded as UTF-8 (ASCII narrowed with SIMD; lone surrogates become U+FFFD).</summary>
    /// <param name="text">The field's text.</param>
    /// <exception cref="TsvFormatException">As for the UTF-8 overload.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    /// <exception cref="OutOfMemoryException">The row would exceed the largest array.</exception>
    public void WriteField(ReadOnlySpan<char> text)
    {
        int position = _position;
        if (position <= _fastEnd && text.Length < ShortField)
        {
            ref byte slot = ref _buffer[position];
            slot = _separator;
            int start = _fieldCount != 0 ? 1 : 0;
            ref byte field = ref Unsafe.Add(ref slot, start);
            nuint length = (nuint)text.Length;
            ref char chars = ref MemoryMarshal.GetReference(text);
            if (TsvWriterText.TryNarrowShortAscii(ref chars, length, ref field) && !HasSpecialShortText(ref chars, ref field, length))
            {
                _position = position + start + text.Length;
                _fieldCount++;
                return;
            }
        }

        WriteFieldChecked(text);
    }

    /// <summary>The text overload with every check: long or non-ASCII text, a full buffer, special bytes, a disposed or faulted writer.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteFieldChecked(ReadOnlySpan<char> text)
    {
        CheckWritable();
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        long needed = TsvWriterText.MaxUtf8Length(text.Length);
        if (_buffer.Length - _position - separatorLength - StagingSlack < needed)
        {
            // Growing for the worst case (3 bytes a char) would refuse ASCII text past a third of the largest array
            // and triple the buffer for any long field: when the worst case does not fit, grow for the exact length.
            needed = TsvWriterText.Utf8Length(text);
        }

        EnsureRoom(separatorLength + needed + StagingSlack);
        int length = TsvWriterText.Encode(text, _buffer.AsSpan(_position + separatorLength));
        if (length < 0)
        {
            // The caller's text grew in UTF-8 between the count and the encoding (another thread wrote to it): the
            // worst case always holds what it holds now.
            EnsureRoom(separatorLength + TsvWriterText.MaxUtf8Length(text.Length) + StagingSlack);
            length = TsvWriterText.Encode(text, _buffer.AsSpan(_position + separatorLength));
        }

        CommitStaged(_position + separatorLength, length);
    }

    /// <summary>Writes one field from a string; null writes an empty field.</summary>
    /// <param name="text">The field's text, or null.</param>
    /// <exception cref="TsvFormatException">As for the UTF-8 overload.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    /// <exception cref="OutOfMemoryException">The row would exceed the largest array.</exception>
    public void WriteField(string? text) => WriteField(text.AsSpan());

    /// <summary>Writes a one-char field as its UTF-8 text (without this overload a char would convert to <see cref="int"/> and be written as its code).</summary>
    /// <param name="value">The char; a lone surrogate becomes U+FFFD.</param>
    /// <exception cref="TsvFormatException">As for the UTF-8 overload.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteField(char value)
    {
        Span<char> text = stackalloc char[1];
        text[0] = value;
        WriteField((ReadOnlySpan<char>)text);
    }

    /// <summary>Writes the selected columns of <paramref name="row"/> as fields, in selection order (an absent column as an empty field).</summary>
    /// <param name="row">A row of a <see cref="TsvReader"/>; with its <c>UnescapeBackslashes</c> the columns are the unescaped values.</param>
    /// <exception cref="TsvFormatException">As for the UTF-8 overload.</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void WriteFields(in TsvRow row)
    {
        for (int column = 0; column < row.ColumnCount; column++)
        {
            row.TryGetColumn(column, out ReadOnlySpan<byte> value);
            WriteField(value);
        }
    }

    /// <summary>Ends the row with '\n'; when the buffer holds enough, complete rows go to the destination later, not now.</summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    public void EndRow()
    {
        int position = _position;
        if (position > _fastEnd)
        {
            CheckWritable();
            EnsureRoom(1);
            position = _position;
        }

        _buffer[position] = LineFeed;
        _position = position + 1;
        _committed = position + 1;
        _fieldCount = 0;
        _rowCount++;
    }

    /// <summary>
    /// Sends the complete rows to the destination and, for a Stream, flushes it. The row in progress stays buffered.
    /// For a <see cref="PipeWriter"/> the rows are copied into the pipe but the pipe is not flushed (use <see cref="FlushAsync"/>).
    /// </summary>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier, or a <see cref="FlushAsync"/> is still pending.</exception>
    public void Flush()
    {
        CheckWritable();
        DeliverCommitted();
        if (_stream is not null)
        {
            try
            {
                _stream.Flush();
            }
            catch
            {
                Fault();
                throw;
            }
        }
    }

    /// <summary>
    /// Sends the complete rows to the destination and flushes it (Stream.FlushAsync, PipeWriter.FlushAsync). Until the
    /// returned task completes, every other call but <see cref="Dispose"/> and <see cref="DisposeAsync"/> throws
    /// <see cref="InvalidOperationException"/>: the destination may still be reading the buffer. Disposing meanwhile
    /// lets this flush finish and return the buffer (and close the stream) when the destination is done with it.
    /// </summary>
    /// <param name="cancellationToken">
    /// Cancels the flush. Already canceled, the flush throws before it touches anything and the writer is unchanged,
    /// whatever the destination would have done with the token (one that only looks at it while it waits would take
    /// the rows and return); canceled while the destination works, the writer is faulted, as for any destination failure.
    /// </param>
    /// <returns>
    /// A task that completes when the destination has been flushed. Await it once (or call AsTask once): like every
    /// <see cref="ValueTask"/>, it must not be awaited twice, nor read after it completed.
    /// </returns>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier, or another <see cref="FlushAsync"/> is still pending.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was canceled, or the
    /// <see cref="PipeWriter"/>'s flush was canceled (<see cref="PipeWriter.CancelPendingFlush"/>).</exception>
    public ValueTask FlushAsync(CancellationToken cancellationToken = default) => FlushCoreAsync(cancellationToken);

    // Declared once more in TsvWriter.FlushAsync.<target>.cs, where net8.0 pools the state machine of a flush that waits.
    private async partial ValueTask FlushCoreAsync(CancellationToken cancellationToken)
    {
        CheckWritable();
        cancellationToken.ThrowIfCancellationRequested();

        // From here until the finally, the hot paths fall through to the checked ones, which refuse.
        _flushState = FlushPending;
        _fastEnd = -1;
        try
        {
            if (_stream is not null)
            {
                int count = _committed;
                if (count > 0)
                {
                    long rows = _rowCount;
                    await _stream.WriteAsync(_buffer, 0, count, cancellationToken).ConfigureAwait(false);
                    Delivered(count, rows);
                }

                await _stream.FlushAsync(cancellationToken).ConfigureAwait(false);
            }
            else
            {
                DeliverCommitted();
                if (_pipeWriter is not null)
                {
                    FlushResult result = await _pipeWriter.FlushAsync(cancellationToken).ConfigureAwait(false);
                    _pipeFlushDue = false;
                    if (result.IsCanceled)
                    {
                        // CancelPendingFlush is the pipe's cancellation: the same outcome as the token's.
                        ThrowFlushCanceled();
                    }
                }
            }
        }
        catch
        {
            Fault();
            throw;
        }
        finally
        {
            EndFlush();
        }
    }

    /// <summary>The pending flush is over: the writer takes calls again, or, when disposed meanwhile, lets go of the buffer and the stream.</summary>
    private void EndFlush()
    {
        // The fast paths reopen before the state clears: a Dispose that comes after the exchange closes them again.
        if (!_faulted)
        {
            _fastEnd = _buffer.Length - FastReserve;
        }

        if (Interlocked.CompareExchange(ref _flushState, FlushNone, FlushPending) == FlushPending)
        {
            return;
        }

        // Dispose ran while the destination had the buffer: it left the release to this flush.
        _flushState = FlushNone;
        ReleaseBufferAndStream();
    }

    /// <summary>
    /// Sends the complete rows (a row without <see cref="EndRow"/> is dropped), flushes a Stream and closes it unless
    /// asked to leave it open, and returns the buffer to the pool. After a destination failure it only releases
    /// the buffer (and closes the stream). A PipeWriter is neither flushed nor completed. While a
    /// <see cref="FlushAsync"/> is pending, it only marks the writer disposed and returns: the pending flush delivers
    /// and flushes the rows it took, then returns the buffer and closes the stream once the destination is done with
    /// them (the buffer is never handed back while the destination may still read it).
    /// </summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        if (Interlocked.CompareExchange(ref _flushState, FlushPendingDisposed, FlushPending) == FlushPending)
        {
            // Any other call is refused while the flush is pending, so its rows are all there is to deliver.
            _disposed = true;
            _fastEnd = -1;
            return;
        }

        try
        {
            if (!_faulted)
            {
                DeliverCommitted();
                _stream?.Flush();
            }
        }
        finally
        {
            _disposed = true;
            ReleaseBufferAndStream();
        }
    }

    private void ReleaseBufferAndStream()
    {
        ReleaseBuffer();
        if (_stream is not null && !_leaveOpen)
        {
            _stream.Dispose();
        }
    }

    private void ReleaseBuffer()
    {
        _disposed = true;
        _fastEnd = -1;
        byte[] buffer = _buffer;
        _buffer = Array.Empty<byte>();
        ArrayPool<byte>.Shared.Return(buffer);
    }

    /// <summary>The destination failed: every later call throws (the inlined paths stop at <c>_fastEnd</c>).</summary>
    private void Fault()
    {
        _faulted = true;
        _fastEnd = -1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void CheckWritable()
    {
        if (_disposed | _faulted | (_flushState != FlushNone))
        {
            ThrowNotWritable();
        }
    }

    /// <summary>Makes room for <paramref name="needed"/> more bytes after <c>_position</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EnsureRoom(long needed)
    {
        if (_buffer.Length - _position < needed)
        {
            MakeRoom(needed);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void MakeRoom(long needed)
    {
        if (_committed > 0)
        {
            // Complete rows leave first; the row in progress moves to the front of the buffer.
            DeliverCommitted();
            if (_buffer.Length - _position >= needed)
            {
                return;
            }
        }

        int capacity = GrownCapacity(_buffer.Length, _position, needed);
        byte[] grown = ArrayPool<byte>.Shared.Rent(capacity);
        Buffer.BlockCopy(_buffer, 0, grown, 0, _position);
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = grown;
        _fastEnd = grown.Length - FastReserve;
    }

    /// <summary>The buffer size that holds <paramref name="position"/> + <paramref name="needed"/> bytes: at least double, at most the largest array.</summary>
    internal static int GrownCapacity(int current, int position, long needed)
    {
        long required = position + needed;
        if (required > MaxBufferLength)
        {
            ThrowRowTooLong(required);
        }

        return (int)Math.Min(MaxBufferLength, Math.Max(required, 2L * current));
    }

    /// <summary>Sends [0, _committed) to the destination; on failure the writer is faulted and nothing is counted.</summary>
    private void DeliverCommitted()
    {
        if (_committed == 0)
        {
            return;
        }

        try
        {
            if (_stream is not null)
            {
                _stream.Write(_buffer, 0, _committed);
            }
            else
            {
                CopyTo(_bufferWriter!, _buffer.AsSpan(0, _committed));
                _pipeFlushDue = _pipeWriter is not null;
            }
        }
        catch
        {
            Fault();
            throw;
        }

        Delivered(_committed, _rowCount);
    }

    /// <summary>The first <paramref name="count"/> bytes, the rows up to <paramref name="rows"/>, reached the destination.</summary>
    private void Delivered(int count, long rows)
    {
        // What follows moves to the front, so [0, _committed) is always the undelivered part.
        int rest = _position - count;
        if (rest > 0)
        {
            Buffer.BlockCopy(_buffer, count, _buffer, 0, rest);
        }

        _position = rest;
        _committed -= count;
        _flushedRowCount = rows;
    }

    private static void CopyTo(IBufferWriter<byte> writer, ReadOnlySpan<byte> bytes)
    {
        while (!bytes.IsEmpty)
        {
            Span<byte> destination = writer.GetSpan(bytes.Length);
            if (destination.IsEmpty)
            {
                // A writer that gives no room would make this loop spin forever (the caller's Flush or Dispose hangs).
                ThrowEmptyBufferWriterSpan(writer);
            }

            int count = Math.Min(destination.Length, bytes.Length);
            bytes.Slice(0, count).CopyTo(destination);
            writer.Advance(count);
            bytes = bytes.Slice(count);
        }
    }
}
