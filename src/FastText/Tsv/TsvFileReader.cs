using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using FastText.Internal;

namespace FastText;

/// <summary>
/// Reads a whole TSV input (a file, a <see cref="Stream"/>, a <see cref="PipeReader"/>, bytes or a string) row by row
/// with <c>foreach</c>, managing the buffers itself: the easy way in, as <c>StreamReader</c> or <c>JsonDocument</c>
/// are next to <c>Utf8JsonReader</c>. <see cref="TsvReader"/> is the low-level, buffer-fed reader underneath (for
/// Pipelines code that owns its buffers); both use the same scanner. Rows expose every column by file index
/// (<c>row[3]</c>) and, with <see cref="TsvOptions.HasHeader"/>, by name (<c>row["status"]</c>); declare the columns
/// up front with <see cref="SelectColumns(int[])"/> or <see cref="SelectColumns(string[])"/> for the projection fast
/// path (a line is scanned only up to its last wanted column), after which <c>row[i]</c> is the i-th selected column.
/// A row is valid until the next one. Not thread-safe; dispose it to close the input (unless left open) and return
/// its pooled buffer.
/// </summary>
public sealed partial class TsvFileReader : IDisposable
{
    private const int InitialBufferSize = 64 * 1024;

    /// <summary>Bytes copied to keep an unfinished line in front of the next read (for the tests: it stays linear).</summary>
    internal long BytesMoved { get; private set; }

    // The largest byte[] the runtime allows (Array.MaxLength, which netstandard2.0 lacks).
    private const int MaximumBufferLength = 0x7FFFFFC7;

    private readonly TsvOptions _options;
    private readonly Stream? _stream;
    private readonly bool _leaveOpen;
    private readonly PipeReader? _pipe;
    private readonly ReadOnlyMemory<byte> _memory;

    // The input is all in _memory (bytes, a string, or a MemoryStream read in place), not read into _buffer.
    private readonly bool _inMemory;
    private TsvReader _reader;

    // Where the buffers come from: the shared pool, or a counting pool in the tests (UsePoolForTests).
    private ArrayPool<byte> _pool = ArrayPool<byte>.Shared;
    private byte[] _buffer = Array.Empty<byte>();
    private int _start;
    private int _end;
    private bool _endOfInput;
    private bool _started;
    private bool _disposed;

    // Who may write into the pooled buffers. A fill holds them from before it reads until after (across the await of
    // ReadAsync, and while a stream or pipe read blocks, perhaps while Dispose runs on another thread); Dispose
    // returns them to the pool only when no fill holds them, else the fill returns them when it ends. So no buffer
    // goes back to the pool while a stream may still write into it.
    private const int BuffersIdle = 0;
    private const int BuffersFilling = 1;
    private const int BuffersReleased = 2;
    private int _bufferState;

    // Moves on every read other than an enumerator's row (TryReadRow, ReadAsync, the header, each fill, Dispose): an
    // enumerator reads rows straight from the unread bytes it holds only while this and _start are what it last saw
    // (its own rows move _start; _start only grows between two moves of this).
    private long _position;

    // The reader was lent by the caller (ReadRowsAsync over a Stream): its state is the caller's, and Dispose leaves it.
    private readonly bool _readerBorrowed;

    // The rows were handed to a parallel read (ParallelSelect, ParallelProcessChunks): nothing else may read them.
    private bool _handedOff;

    private TsvFileReader(TsvOptions? options, Stream? stream, bool leaveOpen, PipeReader? pipe, ReadOnlyMemory<byte> memory, bool inMemory = false, TsvReader? borrowedReader = null)
    {
        _options = borrowedReader?.Options ?? options ?? TsvOptions.Default;
        _readerBorrowed = borrowedReader is not null;
        _reader = borrowedReader ?? TsvReader.ForAllColumns(_options);
        _stream = stream;
        _leaveOpen = leaveOpen;
        _pipe = pipe;
        _memory = memory;
        _inMemory = inMemory || (stream is null && pipe is null);
        _endOfInput = _inMemory;
    }

    /// <summary>
    /// Opens the file at <paramref name="path"/> for reading: the first 64 KiB synchronously; a file with at least
    /// 956 KiB left then is read ahead in 956 KiB blocks on a thread-pool thread while the rows of the previous block
    /// are handed out (see <see cref="From(Stream, TsvOptions?, bool)"/>).
    /// </summary>
    /// <param name="path">The file.</param>
    /// <param name="options">Format options; <see cref="TsvOptions.Default"/> when null.</param>
    /// <returns>A reader that closes the file when disposed.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
    public static TsvFileReader Open(string path, TsvOptions? options = null)
    {
        if (path is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(path));
        }

        var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1, FileOptions.SequentialScan);
        return new TsvFileReader(options, file, leaveOpen: false, pipe: null, memory: default);
    }

    /// <summary>
    /// Reads <paramref name="stream"/> (for example a <c>GZipStream</c>) to its end. A <see cref="MemoryStream"/>
    /// whose buffer is visible (<see cref="MemoryStream.TryGetBuffer"/>) is read in place, without copying: the bytes
    /// from its <see cref="Stream.Position"/> to its <see cref="Stream.Length"/> at this call, after which its position
    /// is its length (the reader has taken the rest, as a buffered reader reads ahead).
    /// <para>Other streams are read into a 64 KiB buffer. When the input outgrows it and the stream can seek (a file, a
    /// <see cref="MemoryStream"/>) with at least a block left, the reader reads ahead: the next 956 KiB block is read on
    /// a thread-pool thread while the rows of the current one are handed out, so copying the bytes out of the stream
    /// overlaps with scanning them (two pooled 1 MiB buffers). One read at a time, and only while the reader is not
    /// disposed: <see cref="Dispose"/> waits for a read in flight before it returns (or cancels one no thread has
    /// started). A read no thread has started a millisecond after its block is needed is done by the reader itself.
    /// Streams that cannot seek (pipes, sockets, <c>GZipStream</c>) are only read when rows are asked for, since a
    /// read nobody asked for could wait forever for a producer. A read that throws surfaces after every row before it, on the call that needs its
    /// bytes, and again on any later call. Do not use the stream while the reader reads it.</para>
    /// </summary>
    /// <param name="stream">The UTF-8 TSV bytes.</param>
    /// <param name="options">Format options; <see cref="TsvOptions.Default"/> when null.</param>
    /// <param name="leaveOpen">True to leave the stream open when the reader is disposed.</param>
    /// <returns>The reader.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is null.</exception>
    public static TsvFileReader From(Stream stream, TsvOptions? options = null, bool leaveOpen = false)
    {
        if (stream is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(stream));
        }

        return FromStream(stream, options, leaveOpen, borrowedReader: null);
    }

    /// <summary>
    /// A reader of <paramref name="stream"/> that reads with <paramref name="reader"/> (its options and state, which
    /// stay the caller's) and leaves the stream open: the driver of <see cref="TsvPipeReaderExtensions.ReadRowsAsync{THandler}(TsvReader, Stream, THandler, System.Threading.CancellationToken)"/>.
    /// </summary>
    internal static TsvFileReader ForRowHandler(TsvReader reader, Stream stream) => FromStream(stream, options: null, leaveOpen: true, reader);

    /// <summary>
    /// A reader of <paramref name="pipe"/> that reads with <paramref name="reader"/>: the driver of
    /// <see cref="TsvPipeReaderExtensions.ReadRowsAsync{THandler}(TsvReader, PipeReader, THandler, System.Threading.CancellationToken)"/>.
    /// </summary>
    internal static TsvFileReader ForRowHandler(TsvReader reader, PipeReader pipe) =>
        new(options: null, stream: null, leaveOpen: true, pipe, memory: default, borrowedReader: reader);

    private static TsvFileReader FromStream(Stream stream, TsvOptions? options, bool leaveOpen, TsvReader? borrowedReader)
    {
        if (stream is MemoryStream memoryStream && memoryStream.TryGetBuffer(out ArraySegment<byte> visible))
        {
            long position = memoryStream.Position;
            ReadOnlyMemory<byte> rest = position < visible.Count ? visible.AsMemory((int)position) : ReadOnlyMemory<byte>.Empty;
            memoryStream.Position = Math.Max(position, visible.Count);
            return new TsvFileReader(options, memoryStream, leaveOpen, pipe: null, rest, inMemory: true, borrowedReader);
        }

        return new TsvFileReader(options, stream, leaveOpen, pipe: null, memory: default, borrowedReader: borrowedReader);
    }

    /// <summary>
    /// Reads <paramref name="pipe"/> to its completion. The synchronous <c>foreach</c> blocks on each read; for
    /// asynchronous code use <see cref="TsvPipeReaderExtensions.ReadRowsAsync{THandler}(TsvReader, PipeReader, THandler, System.Threading.CancellationToken)"/>.
    /// The pipe is not completed.
    /// <para>The pipe's bytes are copied into the reader's buffer, but the pipe is told a byte is consumed only once
    /// its row was read: after <see cref="Dispose"/> (a <c>break</c>, an exception) the pipe is just after the last row
    /// read, with the rest (rows not read, an unfinished line) still in it. Until then the reader holds the pipe's last
    /// read open (that is how it advances the pipe later), so dispose the reader before reading the pipe yourself;
    /// reaching the end of the input releases it too.</para>
    /// </summary>
    /// <param name="pipe">The UTF-8 TSV bytes.</param>
    /// <param name="options">Format options; <see cref="TsvOptions.Default"/> when null.</param>
    /// <returns>The reader.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="pipe"/> is null.</exception>
    public static TsvFileReader From(PipeReader pipe, TsvOptions? options = null)
    {
        if (pipe is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(pipe));
        }

        return new TsvFileReader(options, stream: null, leaveOpen: true, pipe, memory: default);
    }

    /// <summary>Reads UTF-8 TSV bytes in memory, slicing rows in place (no copy).</summary>
    /// <param name="utf8">The input; must not change while it is read.</param>
    /// <param name="options">Format options; <see cref="TsvOptions.Default"/> when null.</param>
    /// <returns>The reader.</returns>
    public static TsvFileReader From(ReadOnlyMemory<byte> utf8, TsvOptions? options = null) =>
        new(options, stream: null, leaveOpen: true, pipe: null, utf8);

    /// <summary>Reads TSV text (encoded to UTF-8 once).</summary>
    /// <param name="text">The input.</param>
    /// <param name="options">Format options; <see cref="TsvOptions.Default"/> when null.</param>
    /// <returns>The reader.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="text"/> is null.</exception>
    public static TsvFileReader FromText(string text, TsvOptions? options = null)
    {
        if (text is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(text));
        }

        return From(Utf8Fallback.Encoding.GetBytes(text), options);
    }

    /// <summary>The options in use.</summary>
    public TsvOptions Options => _options;

    /// <summary>The low-level reader doing the work (its line number, its header).</summary>
    public TsvReader Reader => _reader;

    /// <summary>
    /// The header (<see cref="TsvOptions.HasHeader"/>): reading it here, before the first row, if it has not been
    /// read yet. Null when the options have no header or the input ends before one.
    /// </summary>
    public TsvHeader? Header
    {
        get
        {
            if (_options.HasHeader && _reader.Header is null)
            {
                ReadUntilHeader();
            }

            return _reader.Header;
        }
    }

    /// <summary>
    /// Declares the columns to read, by 0-based file index, before the first row: each line is scanned only up to
    /// the last of them, and <c>row[i]</c> is file column <c>columns[i]</c>.
    /// </summary>
    /// <param name="columns">0-based file indices, any order, duplicates allowed.</param>
    /// <returns>This reader.</returns>
    /// <exception cref="InvalidOperationException">Reading has started.</exception>
    public TsvFileReader SelectColumns(params int[] columns)
    {
        EnsureNotStarted();
        _reader.Dispose();
        _reader = new TsvReader(columns, _options) { Pool = _pool };
        return this;
    }

    /// <summary>Declares the columns to read by header name (needs <see cref="TsvOptions.HasHeader"/>); see <see cref="SelectColumns(int[])"/>.</summary>
    /// <param name="names">Header names (the first column of each name).</param>
    /// <returns>This reader.</returns>
    /// <exception cref="InvalidOperationException">Reading has started.</exception>
    public TsvFileReader SelectColumns(params string[] names)
    {
        EnsureNotStarted();
        _reader.Dispose();
        _reader = new TsvReader(names, _options) { Pool = _pool };
        return this;
    }

    /// <summary>Reads the next data row.</summary>
    /// <param name="row">The row; valid until the next call.</param>
    /// <returns>False at the end of the input.</returns>
    /// <exception cref="TsvFormatException">A line breaks a rule of the options.</exception>
    public bool TryReadRow(out TsvRow row)
    {
        if (_disposed | _handedOff)
        {
            ThrowUnavailable();
        }

        _started = true;
        _position++;
        ReadOnlySpan<byte> unread = Unread;
        return TryReadRowFrom(ref unread, out row);
    }

    /// <summary>Reads a row from <paramref name="unread"/> (the unread bytes), filling as needed.</summary>
    private bool TryReadRowFrom(scoped ref ReadOnlySpan<byte> unread, out TsvRow row) =>
        TryReadRowKeepingPosition(ref unread, out row) || TryReadRowAfterFill(ref unread, out row);

    /// <summary>
    /// One call of the buffer-fed reader on <paramref name="unread"/>. The position follows the reader even when a
    /// format error is thrown: lines skipped before it (comments, empty lines, the header) were counted, and a retry
    /// that read them again would count them twice.
    /// </summary>
    private bool TryReadRowKeepingPosition(scoped ref ReadOnlySpan<byte> unread, out TsvRow row)
    {
        try
        {
            return _reader.TryReadRow(ref unread, _endOfInput, out row);
        }
        finally
        {
            _start = UnreadEnd - unread.Length;
        }
    }

    /// <summary>The bytes not read yet: the rest of the input in memory, or of the buffer.</summary>
    private ReadOnlySpan<byte> Unread => _inMemory ? _memory.Span.Slice(_start) : BufferUpTo(_end).Slice(_start);

    /// <summary>
    /// The buffer's first <paramref name="end"/> bytes, or <see cref="ObjectDisposedException"/> when a Dispose on
    /// another thread has just emptied it (rather than an <see cref="ArgumentOutOfRangeException"/> from the slice).
    /// </summary>
    private ReadOnlySpan<byte> BufferUpTo(int end)
    {
        byte[] buffer = _buffer;
        if ((uint)end > (uint)buffer.Length)
        {
            ThrowDisposed();
        }

        return new ReadOnlySpan<byte>(buffer, 0, end);
    }

    /// <summary>Where <see cref="Unread"/> ends (so the read position is this minus what is left of it).</summary>
    private int UnreadEnd => _inMemory ? _memory.Length : _end;

    /// <summary>
    /// After the unread bytes held no complete row (and the position was set past what they did hold): reads more
    /// input until a row or the end. <paramref name="unread"/> is then the new unread bytes.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private bool TryReadRowAfterFill(scoped ref ReadOnlySpan<byte> unread, out TsvRow row)
    {
        while (!_endOfInput)
        {
            // Before the fill, which may move or return the buffer and then throw: an enumerator's bytes are stale.
            _position++;
            Fill();
            unread = Unread;
            if (TryReadRowKeepingPosition(ref unread, out row))
            {
                return true;
            }
        }

        ReleasePipeRead();
        row = default;
        return false;
    }

    /// <summary>The rows, for <c>foreach (TsvRow row in reader)</c>.</summary>
    /// <returns>An enumerator over this reader.</returns>
    public Enumerator GetEnumerator() => new(this);

    /// <summary>
    /// Closes the input (unless left open) and returns the pooled buffers. Safe while a read is pending (a
    /// <c>ReadAsync</c> not awaited yet, or a read blocked in the stream on another thread): that read then
    /// ends with <see cref="ObjectDisposedException"/>, and the buffer it reads into goes back to the pool only after
    /// it. A read ahead that nobody asked for yet is not waited for: it is abandoned, and when it returns it gives
    /// back its buffer and closes the stream (unless left open) itself.
    /// </summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _position++;

        // Close, not Dispose: a row being unescaped on another thread keeps its buffer and returns it itself. A
        // borrowed reader is the caller's to close.
        if (!_readerBorrowed)
        {
            _reader.Close();
        }

        bool workerClosesStream = false;
        if (Interlocked.Exchange(ref _bufferState, BuffersReleased) == BuffersIdle)
        {
            workerClosesStream = ReleaseBuffers();
        }

        if (!_leaveOpen && !workerClosesStream)
        {
            _stream?.Dispose();
        }
    }

    /// <summary>Returns the buffers to the pool; true when an abandoned read ahead keeps its own and closes the stream.</summary>
    private bool ReleaseBuffers()
    {
        ReleasePipeReadOnDispose();
        bool abandoned = StopReadingAhead();
        byte[] buffer = _buffer;
        _buffer = Array.Empty<byte>();
        if (buffer.Length > 0)
        {
            _pool.Return(buffer);
        }

        return abandoned;
    }

    /// <summary>Takes the buffers for a fill: refused after Dispose, and while another fill holds them (overlapping reads).</summary>
    private void EnterFill()
    {
        int state = Interlocked.CompareExchange(ref _bufferState, BuffersFilling, BuffersIdle);
        if (state != BuffersIdle)
        {
            ThrowFillRefused(state);
        }
    }

    /// <summary>Gives the buffers back after a fill; true when Dispose came meanwhile (the buffers are then released here).</summary>
    private bool ExitFill()
    {
        if (Interlocked.CompareExchange(ref _bufferState, BuffersIdle, BuffersFilling) == BuffersFilling)
        {
            return false;
        }

        // The abandoned read ahead (if any) closes the stream itself; Dispose has closed it otherwise.
        ReleaseBuffers();
        return true;
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void ThrowFillRefused(int state)
    {
        if (state == BuffersReleased)
        {
            ThrowDisposed();
        }

        ThrowHelper.ThrowInvalidOperation(
            "Another read of this TsvFileReader is in progress (a ReadAsync not awaited yet, or a read on another thread); it is not thread-safe.");
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void ThrowDisposedDuringRead(Exception? readError) =>
        throw new ObjectDisposedException("The TsvFileReader was disposed while this read was pending.", readError);

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void ThrowPipeReadCanceled() =>
        throw new OperationCanceledException(
            "The PipeReader's pending read was cancelled (CancelPendingRead). Nothing was lost: the rows read so far " +
            "were delivered, the unfinished line is kept, and the next read goes on from there.");

    /// <summary>Reads more input behind the unconsumed bytes, holding the buffers while it does (see <see cref="Dispose"/>).</summary>
    private void Fill()
    {
        EnterFill();
        try
        {
            FillHeld();
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
            ThrowDisposedDuringRead(null);
        }
    }

    /// <summary>Reads more input behind the unconsumed bytes: compacting first, growing only for a line longer than the buffer.</summary>
    private void FillHeld()
    {
        if (_readingAhead)
        {
            TakeReadAhead();
            return;
        }

        if (ShouldStartReadingAhead())
        {
            StartReadingAhead();
            return;
        }

        PrepareFill();
        bool canceled = false;
        int room = FillRoom();
        int read = _stream is not null ? CheckedReadCount(_stream, _stream.Read(_buffer, _end, room), room) : ReadPipe(room, out canceled);
        _end += read;
        if (canceled)
        {
            ThrowPipeReadCanceled();
        }

        if (read == 0)
        {
            _endOfInput = true;
        }
    }

    /// <summary>
    /// How many bytes the next read may bring: the room behind the unconsumed bytes, or in block mode (a parallel
    /// read) only what is missing to a block (see TsvFileReader.Parallel.cs).
    /// </summary>
    private int FillRoom()
    {
        int room = _buffer.Length - _end;
        if (_blockLength == int.MaxValue)
        {
            return room;
        }

        // An unfinished line of a block or more grows by its own length at most per fill: its reads stay few.
        int unread = _end - _start;
        int wanted = unread < _blockLength ? _blockLength - unread : Math.Max(_blockLength, unread);
        return Math.Min(room, wanted);
    }

    /// <summary>Makes room behind the unconsumed bytes for the next read.</summary>
    private void PrepareFill()
    {
        if (_buffer.Length == 0)
        {
            _buffer = _pool.Rent(_initialBufferSize);
        }
        else if (_start > 0)
        {
            MoveUnconsumedToFront(_buffer.Length);
        }
        else if (_end == _buffer.Length)
        {
            MoveUnconsumedToFront(CheckedBufferLength(_buffer.Length + 1L));
        }
    }

    /// <summary>
    /// Puts the unconsumed bytes at the front of a buffer of at least <paramref name="capacity"/> bytes: this one,
    /// or one rented in its place, at least twice as large (so a line that keeps growing is copied a linear number
    /// of bytes in all).
    /// </summary>
    private void MoveUnconsumedToFront(int capacity)
    {
        int unconsumed = _end - _start;
        if (capacity <= _buffer.Length)
        {
            // Already in front (a line still growing across reads): nothing to move, or the copies add up to the
            // square of the line's length.
            if (_start > 0)
            {
                Buffer.BlockCopy(_buffer, _start, _buffer, 0, unconsumed);
                BytesMoved += unconsumed;
            }
        }
        else
        {
            BytesMoved += unconsumed;
            long doubled = Math.Min((long)_buffer.Length * 2, MaximumBufferLength);
            byte[] larger = _pool.Rent((int)Math.Max(capacity, doubled));
            Buffer.BlockCopy(_buffer, _start, larger, 0, unconsumed);
            if (_buffer.Length > 0)
            {
                _pool.Return(_buffer);
            }

            _buffer = larger;
        }

        _start = 0;
        _end = unconsumed;
    }

    /// <summary><paramref name="needed"/> as a buffer length, or the error of a line longer than the largest array.</summary>
    private static int CheckedBufferLength(long needed)
    {
        if (needed > MaximumBufferLength)
        {
            ThrowHelper.ThrowInvalidOperation("A line does not fit in the largest buffer an array can hold.");
        }

        return (int)needed;
    }

    /// <summary>A count a stream's Read returned, once it is known to be within what was asked for.</summary>
    private static int CheckedReadCount(Stream stream, int read, int asked)
    {
        if ((uint)read > (uint)asked)
        {
            ThrowHelper.ThrowInvalidOperation(TsvFormatException.Format(
                "{0}.Read returned {1}, outside 0..{2} (the count it was asked for).", stream.GetType().ToString(), read, asked));
        }

        return read;
    }

    private void ReadUntilHeader()
    {
        _position++;
        while (_reader.Header is null)
        {
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

            if (done || _endOfInput)
            {
                return;
            }

            Fill();
        }
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void ThrowDisposed() => throw new ObjectDisposedException(nameof(TsvFileReader));

    /// <summary>A read after Dispose, or after the rows were handed to a parallel read.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private void ThrowUnavailable()
    {
        if (_disposed)
        {
            ThrowDisposed();
        }

        ThrowHelper.ThrowInvalidOperation(
            "The rows of this TsvFileReader were handed to a parallel read (ParallelSelect or ParallelProcessChunks); read them there.");
    }

    private void EnsureNotStarted()
    {
        if (_started || _reader.Header is not null)
        {
            ThrowHelper.ThrowInvalidOperation("Columns must be selected before the first row (and before the header is read).");
        }
    }

    /// <summary>Enumerates the rows of a <see cref="TsvFileReader"/>; <see cref="Current"/> is valid until the next <see cref="MoveNext"/>.</summary>
    public ref struct Enumerator
    {
        // The enumerator holds the reader's unread bytes, so a row is one call of the buffer-fed reader, as in a loop
        // over a span (going through TsvFileReader.TryReadRow each time cost a quarter more on a 3-column loop). The
        // bytes are used only while the reader is where this enumerator left it: its position counter (moved by any
        // other read: TryReadRow, ReadAsync, the header, a fill, Dispose) and its start (moved by every row, so a copy
        // of this enumerator that has read on is seen too). Otherwise the next MoveNext starts again from the reader,
        // never from bytes that may have gone back to the pool. A row stores only the start: bumping the counter as
        // well cost 10% of a 3-column loop.
        // Where the current row lies rather than the row itself: Current builds the row field by field, where
        // copying a stored row would load wide what the reader had just stored narrow (a store-forwarding stall
        // per row, ~10% of an all-columns loop).
        private readonly TsvFileReader _owner;
        private ReadOnlySpan<byte> _unread;
        private int _unreadEnd;
        private int _start;
        private long _position;
        private ReadOnlySpan<byte> _line;
        private ReadOnlySpan<byte> _columns;
        private long _lineNumber;

        internal Enumerator(TsvFileReader owner)
        {
            _owner = owner;
            _unread = default;
            _unreadEnd = 0;
            _start = -1;
            _position = -1;
            _line = default;
            _columns = default;
            _lineNumber = 0;
        }

        /// <summary>The current row.</summary>
        public readonly TsvRow Current => _lineNumber == 0 ? default : new TsvRow(_owner._reader, _line, _columns, _lineNumber);

        /// <summary>Reads the next row.</summary>
        /// <returns>False at the end of the input.</returns>
        /// <exception cref="TsvFormatException">A line breaks a rule of the options.</exception>
        /// <exception cref="ObjectDisposedException">The reader was disposed.</exception>
        public bool MoveNext()
        {
            // The row of the common case goes nowhere but into the fields below, so it stays in registers: the
            // calls that need its address (a fill, a read through the reader) are in MoveNextSlow.
            TsvFileReader owner = _owner;
            TsvReader reader = owner._reader;
            if (_start == owner._start && _position == owner._position
                && reader.TryReadPlainLine(ref _unread, out ReadOnlySpan<byte> line, out ReadOnlySpan<byte> columns))
            {
                int start = _unreadEnd - _unread.Length;
                owner._start = start;
                _start = start;
                _line = Rebuilt(line);
                _columns = Rebuilt(columns);
                _lineNumber = reader.LineNumber;
                return true;
            }

            return MoveNextSlow();
        }

        /// <summary>
        /// The unread bytes held no complete row (fill and read on), or the reader was used by something else (the
        /// first row too): read through the reader.
        /// </summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private bool MoveNextSlow()
        {
            TsvFileReader owner = _owner;
            bool found;
            TsvRow row;
            if (_start == owner._start && _position == owner._position)
            {
                // The plain path took nothing: the general one on the same bytes (comments, unescaping, an empty
                // line to skip, an unfinished line), then fills. Through the reader, which keeps its position right
                // when a format error is thrown after skipped lines; the plain path throws before consuming.
                found = owner.TryReadRowFrom(ref _unread, out row);
            }
            else
            {
                found = owner.TryReadRow(out row);
                if (found)
                {
                    _unread = owner.Unread;
                }
            }

            if (!found)
            {
                _lineNumber = 0;
                return false;
            }

            _unreadEnd = owner.UnreadEnd;
            _start = owner._start;
            _position = owner._position;
            _line = row.Line;
            _columns = row.ColumnBytes;
            _lineNumber = row.LineNumber;
            return true;
        }
    }
}
