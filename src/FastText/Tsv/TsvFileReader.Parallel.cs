using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using FastText.Internal;

namespace FastText;

// The parallel read's side of the reader: handing the rows over, reading the preamble, and cutting the input into
// chunks of whole lines with the same fills (and so the same Stream, PipeReader and memory rules, limits and errors)
// as foreach. In memory a chunk is a slice of the input; otherwise it is the reader's buffer itself, swapped out for a
// spare one (the unfinished line copied to its front), so a chunk is read once and never copied.
public sealed partial class TsvFileReader
{
    // Block mode (a parallel read): a fill stops once this many bytes are unread (FillRoom), so a chunk is about this
    // long, and nothing is read ahead. int.MaxValue otherwise.
    private int _blockLength = int.MaxValue;

    private bool InBlockMode => _blockLength != int.MaxValue;

    // The block length the blocks grow to: an input of unknown length starts with short blocks, doubled at each cut.
    private int _fullBlockLength = int.MaxValue;

    // How many unread bytes are known to hold no line terminator (searched by an earlier TryCutChunk).
    private int _searchedForCut;

    /// <summary>
    /// Reads the data rows on several threads: <paramref name="selector"/> runs on worker threads for every row,
    /// and its results come back in input order. Same options, header, column selection and checks as
    /// <c>foreach</c>, and the same outcome: the same values, and the same first error (a format error with its line
    /// and column, or the exception <paramref name="selector"/> threw, the first in input order) after every value
    /// before it. Memory stays bounded whatever the input's length: about two chunks (<see cref="TsvParallelOptions.ChunkLength"/>)
    /// per thread, and their results.
    /// <para>The input is cut into chunks of whole lines (any byte offset can start one: a TSV line terminator is
    /// always a row boundary). The enumerating thread reads and cuts the chunks, hands the results out, and processes
    /// chunks itself whenever the next result is not ready yet; workers (thread-pool items, one fewer than
    /// <see cref="TsvParallelOptions.MaxDegreeOfParallelism"/>) start only once there is a chunk beyond the next one to
    /// hand out, so an input of one chunk or less runs on the calling thread alone, as does a degree of parallelism of 1.</para>
    /// <para><paramref name="selector"/> must be safe to call from several threads at once; it may run for rows
    /// after the one where the loop stops (breaking out of the loop, an error) and is never called again once the
    /// enumerator is disposed. Disposing the enumerator (the end of a <c>foreach</c>, a <c>break</c>) stops the workers,
    /// waits for each to finish the row it is on, and returns every pooled buffer. The rows are this reader's: once
    /// this is called, the reader itself reads no more rows (dispose it after the loop, as usual).</para>
    /// </summary>
    /// <typeparam name="TResult">What each row becomes.</typeparam>
    /// <param name="selector">Makes the value of a row; the row is valid during the call only.</param>
    /// <param name="options">The degree of parallelism and chunk length; <see cref="TsvParallelOptions.Default"/> when null.</param>
    /// <param name="cancellationToken">Stops the workers; the enumerator then throws <see cref="OperationCanceledException"/>.</param>
    /// <returns>The values, to enumerate once.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="selector"/> is null.</exception>
    /// <exception cref="ObjectDisposedException">The reader was disposed.</exception>
    /// <exception cref="InvalidOperationException">The rows were already handed to a parallel read.</exception>
    public TsvParallelResults<TResult> ParallelSelect<TResult>(
        TsvRowSelector<TResult> selector, TsvParallelOptions? options = null, CancellationToken cancellationToken = default)
    {
        if (selector is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(selector));
        }

        options ??= TsvParallelOptions.Default;
        HandOff(options);
        return new TsvParallelResults<TResult>(new TsvParallelRowCursor<TResult>(this, selector, options, cancellationToken));
    }

    /// <summary>
    /// Processes the input in chunks of whole lines on several threads, the results in input order: the engine under
    /// <see cref="ParallelSelect{TResult}"/>, for work that is done per chunk rather than per row (converting a file,
    /// as tsvcut cuts one, or aggregating). Each worker thread gets its own <see cref="ITsvChunkWorker{TResult}"/>
    /// from <paramref name="createWorker"/> (called on that thread) and fills results of its own, each handed out
    /// once, in input order, and reused after the enumerator moves past it. The chunks hold the lines after the
    /// header and byte order mark, as they are in the input (comments and empty lines included); the options'
    /// <see cref="TsvOptions.LineTerminator"/> cuts them, and a chunk never ends inside a line. A worker that throws
    /// ends the read: the exception surfaces after the results of every chunk before its chunk. From a Stream or a
    /// PipeReader, <see cref="TsvOptions.MaxLineLength"/> bounds what is buffered: a longer line ends the read with a
    /// <see cref="TsvFormatException"/> (its <see cref="TsvFormatException.LineNumber"/> 0: chunks are not counted in
    /// lines) after the chunks before it. Threads, memory, cancellation and disposal as for <see cref="ParallelSelect{TResult}"/>.
    /// </summary>
    /// <typeparam name="TResult">A chunk's result (a buffer, a sum): a class the worker makes and refills.</typeparam>
    /// <param name="createWorker">Makes a worker; called once on each thread that processes chunks.</param>
    /// <param name="options">The degree of parallelism and chunk length; <see cref="TsvParallelOptions.Default"/> when null.</param>
    /// <param name="cancellationToken">Stops the read between chunks; the enumerator then throws <see cref="OperationCanceledException"/>.</param>
    /// <returns>The results, to enumerate once.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="createWorker"/> is null.</exception>
    /// <exception cref="ObjectDisposedException">The reader was disposed.</exception>
    /// <exception cref="InvalidOperationException">The rows were already handed to a parallel read.</exception>
    public TsvParallelChunkResults<TResult> ParallelProcessChunks<TResult>(
        Func<ITsvChunkWorker<TResult>> createWorker, TsvParallelOptions? options = null, CancellationToken cancellationToken = default)
        where TResult : class
    {
        if (createWorker is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(createWorker));
        }

        options ??= TsvParallelOptions.Default;
        HandOff(options);
        return new TsvParallelChunkResults<TResult>(this, createWorker, options, cancellationToken);
    }

    /// <summary>The test hook: a pool that counts what the reader, its workers and their readers rent and return.</summary>
    internal void UsePoolForTests(ArrayPool<byte> pool)
    {
        _pool = pool;
        _reader.Pool = pool;
    }

    internal ArrayPool<byte> Pool => _pool;

    /// <summary>Gives the rows to a parallel read: from now on only it reads them, in chunks of about <see cref="TsvParallelOptions.ChunkLength"/>.</summary>
    private void HandOff(TsvParallelOptions options)
    {
        if (_disposed | _handedOff)
        {
            ThrowUnavailable();
        }

        long lengthLeft = KnownLengthLeft();
        _handedOff = true;
        _started = true;
        _position++;
        _fullBlockLength = options.ChunkLengthFor(lengthLeft);
        _blockLength = options.FirstChunkLengthFor(lengthLeft);
        if (_buffer.Length == 0)
        {
            // The first fill rents a buffer of a chunk's size at once instead of growing one from 64 KiB.
            _initialBufferSize = Math.Max(_initialBufferSize, _blockLength);
        }
    }

    /// <summary>
    /// How many bytes are left to read, when that is known without reading: in memory, or from a stream that can seek
    /// and has not been read yet (so no read ahead is in flight to move its position); -1 otherwise.
    /// </summary>
    private long KnownLengthLeft()
    {
        if (_inMemory)
        {
            return _memory.Length - _start;
        }

        if (_stream is { CanSeek: true } && _buffer.Length == 0)
        {
            try
            {
                return Math.Max(_stream.Length - _stream.Position, 0);
            }
            catch (Exception exception) when (exception is NotSupportedException or IOException or ObjectDisposedException)
            {
                // The length only sizes the chunks: a stream that cannot give it (says it can seek and cannot, fails,
                // or is closed) is read as one of unknown length, and its reads report whatever is wrong with it.
            }
        }

        return -1;
    }

    /// <summary>
    /// Reads what comes before the first data row: a byte order mark, and with <see cref="TsvOptions.HasHeader"/>
    /// the header with the comments and empty lines before it. Nothing when the reader is past it already.
    /// </summary>
    internal void ReadPreamble()
    {
        while (!TryReadPreambleBuffered())
        {
            Fill();
        }
    }

    /// <summary><see cref="ReadPreamble"/>, awaiting the fills.</summary>
    internal async ValueTask ReadPreambleAsync(CancellationToken cancellationToken)
    {
        while (!TryReadPreambleBuffered())
        {
            await FillAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>The preamble from the bytes buffered; false when it needs more of them.</summary>
    private bool TryReadPreambleBuffered()
    {
        _position++;
        _searchedForCut = 0;
        ReadOnlySpan<byte> unread = Unread;
        bool done;
        try
        {
            done = _reader.TryReadHeader(ref unread, _endOfInput);
        }
        finally
        {
            // As in TryReadRowKeepingPosition: comment lines before a bad header were counted.
            _start = UnreadEnd - unread.Length;
        }

        return done || _endOfInput;
    }

    /// <summary>
    /// Reads one row on the calling thread, before the chunks (the row that sets the column count of the rows after it,
    /// <see cref="TsvReader.ExpectsShapeFromNextRow"/>).
    /// </summary>
    internal bool TryReadRowBeforeChunks(out TsvRow row)
    {
        _position++;
        _searchedForCut = 0;
        ReadOnlySpan<byte> unread = Unread;
        return TryReadRowFrom(ref unread, out row);
    }

    /// <summary>
    /// Cuts the next chunk: the lines from the read position up to the first line terminator at or after the chunk
    /// length (in memory), or every complete line of a block of about the chunk length (otherwise). A line longer than
    /// <see cref="TsvOptions.MaxLineLength"/> is cut unfinished once more than that many bytes of it are buffered, so
    /// the worker's reader reports it (with its line number) as <c>foreach</c> would (<see cref="TsvChunkCut.CutUnfinished"/>,
    /// a chunk of that line alone). <see cref="TsvChunkCut.NeedsFill"/>
    /// asks for a fill (<see cref="FillForChunks"/>) first; with <paramref name="flush"/> it is never returned: the
    /// complete lines already buffered are cut however few (a fill has just failed: their rows come before its error).
    /// </summary>
    /// <param name="spare">A buffer of the caller's for the reader to continue in (null: rent one); on a cut from a
    /// buffer, the buffer <paramref name="chunk"/> lies in, now the caller's.</param>
    /// <param name="flush">Cut the complete lines buffered now, without asking for a fill.</param>
    /// <param name="chunk">The chunk's bytes.</param>
    /// <param name="isFinal">The chunk ends the input (its last line may lack a terminator).</param>
    internal TsvChunkCut TryCutChunk(ref byte[]? spare, bool flush, out ReadOnlyMemory<byte> chunk, out bool isFinal)
    {
        if (_disposed)
        {
            ThrowDisposed();
        }

        chunk = default;
        isFinal = false;
        byte terminator = _options.LineTerminator;
        if (_inMemory)
        {
            ReadOnlyMemory<byte> rest = _memory.Slice(_start);
            if (rest.IsEmpty)
            {
                return TsvChunkCut.End;
            }

            int length = rest.Length;
            if (length > _blockLength)
            {
                int found = rest.Span.Slice(_blockLength - 1).IndexOf(terminator);
                if (found >= 0)
                {
                    length = _blockLength + found;
                }
            }

            chunk = rest.Slice(0, length);
            _start += length;
            _position++;
            isFinal = _start == _memory.Length;
            return TsvChunkCut.Cut;
        }

        int unread = _end - _start;
        int maxLineLength = _options.MaxLineLength;
        if (!flush && !_endOfInput && unread < _blockLength && unread <= maxLineLength)
        {
            return TsvChunkCut.NeedsFill;
        }

        int take;
        if (_endOfInput && !flush)
        {
            if (unread == 0)
            {
                return TsvChunkCut.End;
            }

            take = unread;
            isFinal = true;
        }
        else
        {
            // Only the bytes not searched yet: a line growing across many fills is searched once in all.
            int searched = Math.Min(_searchedForCut, unread);
            int last = BufferUpTo(_end).Slice(_start + searched, unread - searched).LastIndexOf(terminator);
            take = last < 0 ? 0 : searched + last + 1;
            if (take == 0)
            {
                _searchedForCut = unread;
                if (unread > maxLineLength)
                {
                    // The unfinished line is already too long: foreach would report it before reading on. It becomes a
                    // chunk of its own, after the lines before it, for a reader to report with its line number.
                    chunk = SwapOutChunk(unread, ref spare);
                    return TsvChunkCut.CutUnfinished;
                }

                return flush ? TsvChunkCut.End : TsvChunkCut.NeedsFill;
            }
        }

        chunk = SwapOutChunk(take, ref spare);
        return TsvChunkCut.Cut;
    }

    /// <summary>One fill for <see cref="TryCutChunk"/>.</summary>
    internal void FillForChunks() => Fill();

    /// <summary>One asynchronous fill for <see cref="TryCutChunk"/>.</summary>
    internal ValueTask<bool> FillForChunksAsync(CancellationToken cancellationToken) => FillAsync(cancellationToken);

    /// <summary>
    /// Hands out the buffer holding the <paramref name="length"/> bytes at the read position, and continues in
    /// <paramref name="spare"/> (or a rented buffer when it is missing or the wrong size) with the bytes after them.
    /// Holds the buffers while it does, as a fill does (see <see cref="Dispose"/>).
    /// </summary>
    private ReadOnlyMemory<byte> SwapOutChunk(int length, ref byte[]? spare)
    {
        EnterFill();
        ReadOnlyMemory<byte> chunk;
        try
        {
            // The next block is twice this one, up to the full length (see TsvParallelOptions.FirstChunkLengthFor).
            _blockLength = (int)Math.Min(2L * _blockLength, _fullBlockLength);
            int tail = _end - _start - length;
            int wanted = Math.Max(_blockLength, tail + 1);
            byte[]? next = spare;
            spare = null;
            if (next is null || next.Length < wanted || next.Length / 4 > wanted)
            {
                // Missing, too small, or grown for a long line once: a buffer of the usual size instead.
                if (next is not null)
                {
                    _pool.Return(next);
                }

                next = _pool.Rent(wanted);
            }

            Buffer.BlockCopy(_buffer, _start + length, next, 0, tail);
            byte[] block = _buffer;
            chunk = new ReadOnlyMemory<byte>(block, _start, length);
            _buffer = next;
            _start = 0;
            _end = tail;
            _position++;

            // The bytes after the chunk follow its last line terminator: they hold none.
            _searchedForCut = tail;
            spare = block;
        }
        catch (Exception exception)
        {
            if (ExitFill())
            {
                ThrowDisposedDuringRead(exception);
            }

            throw;
        }

        if (ExitFill())
        {
            // Dispose came meanwhile and has returned the buffer the reader continues in; the chunk's is the caller's.
            ThrowDisposedDuringRead(null);
        }

        return chunk;
    }
}

/// <summary>What <see cref="TsvFileReader.TryCutChunk"/> did.</summary>
internal enum TsvChunkCut
{
    /// <summary>A chunk was cut.</summary>
    Cut,

    /// <summary>A chunk was cut that is one unfinished line, longer than <see cref="TsvOptions.MaxLineLength"/>.</summary>
    CutUnfinished,

    /// <summary>Fill first: the bytes buffered make no chunk yet.</summary>
    NeedsFill,

    /// <summary>The input has ended (or, when flushing, no complete line is buffered).</summary>
    End,
}
