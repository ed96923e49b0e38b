using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;
using System.Threading;
using FastText.Internal;

namespace FastText;

// Read-ahead for seekable streams (files, MemoryStreams): once the input has outgrown the first buffer, the next
// block is read on a thread-pool thread while the rows of the current one are handed out, so copying the bytes out
// of the stream (the kernel's page-cache copy, or MemoryStream's memcpy) overlaps with scanning them.
//
// Only seekable streams: their reads complete without waiting for a producer, so a read the caller did not ask for
// can never block forever (on a pipe or a socket it could, and it would also take bytes past the point where the
// caller stopped). Dispose does not wait for a read in flight: the read was not asked for, and a stream may never
// return it. It abandons the read, and the worker gives back the spare buffer and closes the stream (unless left
// open) when the read returns.
//
// Invariants: at most one read is in flight, and while it is, only whoever claimed it (see _readClaim) touches the
// stream and _spare; the consumer touches _buffer. The read fills _spare[offset, offset + Block) until the block is
// full or the stream ends (so a short block means the end); the offset is the reserve plus less than a page
// (BlockOffset). The consumer then copies the unfinished line in front of it (when it fits there) and swaps the
// buffers, so the block is scanned where it was read.
public sealed partial class TsvFileReader
{
    // Two 1 MiB arrays (the shared pool's bucket): 64 KiB in front of each block for the unfinished line, and up to
    // a page of slack to place the block (see BlockOffset).
    private const int DefaultReadAheadReserve = 64 * 1024;
    private const int DefaultBlockPlacementPeriod = 4096;
    private const int DefaultReadAheadBlock = (1024 * 1024) - DefaultReadAheadReserve - DefaultBlockPlacementPeriod;

    private int _initialBufferSize = InitialBufferSize;
    private int _readAheadReserve = DefaultReadAheadReserve;
    private int _readAheadBlock = DefaultReadAheadBlock;
    private int _blockPlacementPeriod = DefaultBlockPlacementPeriod;
    private int _readAheadOffset;
    private bool _readingAhead;

    // Who does the read in flight: whoever moves it from ReadQueued first (a thread-pool item, or the consumer
    // when it needs the block before any thread has started on it, or Dispose, which cancels it). A worker's read
    // ends as ReadFinished, or, when Dispose came first, finds ReadAbandoned and cleans up after itself.
    private const int ReadQueued = 0;
    private const int ReadByWorker = 1;
    private const int ReadByConsumer = 2;
    private const int ReadFinished = 3;
    private const int ReadAbandoned = 4;
    private int _readClaim = ReadByConsumer;
    private const int ThreadStartPatienceMilliseconds = 1;
    private bool _leaveReadsToConsumerForTests;
    private bool _readInFlight;
    private byte[]? _spare;
    private ManualResetEventSlim? _readDone;
    private int _readAheadCount;
    private ExceptionDispatchInfo? _readAheadError;

    /// <summary>The test hook: small buffers, so that short inputs exercise the read-ahead and every carry case.</summary>
    internal void ConfigureReadAheadForTests(int initialBufferSize, int reserve, int block, int placementPeriod = 1, bool leaveReadsToConsumer = false)
    {
        _leaveReadsToConsumerForTests = leaveReadsToConsumer;
        _initialBufferSize = initialBufferSize;
        _readAheadReserve = reserve;
        _readAheadBlock = block;
        _blockPlacementPeriod = placementPeriod;
    }

    /// <summary>Whether the reader has switched to reading ahead (for tests).</summary>
    internal bool IsReadingAhead => _readingAhead;

    /// <summary>On the second fill of a seekable stream with at least a block left: switch to reading ahead.</summary>
    private bool ShouldStartReadingAhead()
    {
        // The first fill rents the buffer: a buffer means the input has outgrown one read already. A parallel read
        // (block mode) reads its chunks itself while the workers cut them: no read ahead.
        Stream? stream = _stream;
        if (stream is null || _buffer.Length == 0 || InBlockMode || !stream.CanSeek)
        {
            return false;
        }

        long left = stream.Length - stream.Position;
        return left >= _readAheadBlock;
    }

    /// <summary>The first read-ahead fill: reads the next block now, into a read-ahead buffer, and starts the one after.</summary>
    private void StartReadingAhead()
    {
        int size = SpareLength;
        MoveUnconsumedToFront(CheckedBufferLength(Math.Max(size, (long)(_end - _start) + _readAheadBlock)));
        _spare = _pool.Rent(size);
        _readDone ??= new ManualResetEventSlim(false);
        _readingAhead = true;

        int read = ReadBlock(_stream!, _buffer, _end, _readAheadBlock, out ExceptionDispatchInfo? error);
        _end += read;
        if (error is not null)
        {
            // Kept, so that every later fill raises it again instead of taking the failure for the end of the input;
            // raised now only when no byte came before it (else the rows of those bytes come first).
            _readAheadError = error;
            if (read == 0)
            {
                error.Throw();
            }

            return;
        }

        if (read < _readAheadBlock)
        {
            _endOfInput = true;
            return;
        }

        BeginReadIntoSpare();
    }

    /// <summary>Takes the block read in the background: waits for it, puts the unfinished line in front of it, starts the next.</summary>
    private void TakeReadAhead()
    {
        if (!_readInFlight)
        {
            // The previous block ended the input, or its read failed (rethrown again here).
            _readAheadError?.Throw();
            _endOfInput = true;
            return;
        }

        // A thread normally takes the read within tens of microseconds. One that has not after a millisecond is
        // not coming soon (a thread pool starved by blocking work): read here rather than wait for it. Taking reads
        // at once instead of waiting a little made things worse: a thread late once kept finding its reads taken.
        if (!_leaveReadsToConsumerForTests && _readDone!.Wait(ThreadStartPatienceMilliseconds))
        {
            _readDone.Reset();
        }
        else if (Interlocked.CompareExchange(ref _readClaim, ReadByConsumer, ReadQueued) == ReadQueued)
        {
            // No longer in flight even if the read does not return (ReadIntoSpare keeps exceptions, but a thread
            // abort on .NET Framework passes through): Dispose must not wait for a worker that will never come.
            _readInFlight = false;
            ReadIntoSpare();
        }
        else
        {
            _readDone!.Wait();
            _readDone.Reset();
        }

        _readInFlight = false;
        int read = _readAheadCount;
        if (read == 0)
        {
            _readAheadError?.Throw();
        }

        int tail = _end - _start;
        int blockStart = _readAheadOffset;
        byte[] spare = _spare!;
        if (tail <= blockStart)
        {
            Buffer.BlockCopy(_buffer, _start, spare, blockStart - tail, tail);
            BytesMoved += tail;
            _spare = _buffer;
            _buffer = spare;
            _start = blockStart - tail;
            _end = blockStart + read;
        }
        else
        {
            // A line longer than the reserve: join it and the block in the current buffer (grown if need be).
            MoveUnconsumedToFront(CheckedBufferLength((long)tail + read));
            Buffer.BlockCopy(spare, blockStart, _buffer, tail, read);
            _end = tail + read;
        }

        if (_readAheadError is not null)
        {
            // The stream failed after these bytes: their rows first, the error on the fill after them (no read
            // in flight, so TakeReadAhead raises it).
            return;
        }

        if (read < _readAheadBlock)
        {
            _endOfInput = true;
            return;
        }

        if (InBlockMode)
        {
            // A parallel read has taken over since this read started: it was the last one (see ShouldStartReadingAhead).
            _readingAhead = false;
            return;
        }

        BeginReadIntoSpare();
    }

    private void BeginReadIntoSpare()
    {
        _readAheadOffset = BlockOffset(_spare!);
        _readInFlight = true;

        // Published after everything the read uses. A work item queued for an earlier read that the consumer took
        // may be the one that claims this read: all of them do "the read in flight".
        Volatile.Write(ref _readClaim, ReadQueued);
        if (!_leaveReadsToConsumerForTests)
        {
            QueueReadAhead();
        }
    }

    private int SpareLength => _readAheadReserve + _blockPlacementPeriod - 1 + _readAheadBlock;

    /// <summary>
    /// Where in <paramref name="spare"/> the next block goes: after the reserve, at the middle of a page. A stream's
    /// Read is a memmove from its bytes (MemoryStream's array, the kernel's page cache), and when the destination lies
    /// a few bytes past the source modulo 4 KiB (8-24 measured here), each load waits on a store it only seems to
    /// overlap (4K aliasing): copying runs 3-8x slower. Sources sit at a page start plus a small header (page-cache
    /// pages, large arrays), and so did our pooled arrays, so blocks landed in that band in some processes and not
    /// others (a stream read 1.3x or 1.9x the span's time, depending on the launch). Mid-page keeps the common sources
    /// far from it. The array does not move (the large object heap), and if it did, only the speed would change.
    /// </summary>
    private unsafe int BlockOffset(byte[] spare)
    {
        int period = _blockPlacementPeriod;
        int address = (int)((nuint)Unsafe.AsPointer(ref spare[0]) & int.MaxValue);
        int shift = ((period / 2) - ((address + _readAheadReserve) % period) + period) % period;
        return _readAheadReserve + shift;
    }

    /// <summary>The worker's part: unless the consumer has taken the read, fills the spare block and signals.</summary>
    private void RunReadAhead()
    {
        if (Interlocked.CompareExchange(ref _readClaim, ReadByWorker, ReadQueued) != ReadQueued)
        {
            return;
        }

        // Taken before the read: once it has finished, Dispose may drop the reader's references while Set runs.
        ManualResetEventSlim done = _readDone!;
        byte[] spare = _spare!;
        Stream stream = _stream!;
        try
        {
            ReadIntoSpare();
        }
        finally
        {
            if (Interlocked.CompareExchange(ref _readClaim, ReadFinished, ReadByWorker) == ReadAbandoned)
            {
                // Dispose came while the stream had the spare buffer: it is returned only now that the stream is
                // done with it, and the stream is closed only now that no read of ours is inside it.
                _pool.Return(spare);
                if (!_leaveOpen)
                {
                    stream.Dispose();
                }
            }

            done.Set();
        }
    }

    /// <summary>Fills the spare block; records the count, and the exception (after that count) for the consumer to raise.</summary>
    private void ReadIntoSpare()
    {
        _readAheadCount = ReadBlock(_stream!, _spare!, _readAheadOffset, _readAheadBlock, out ExceptionDispatchInfo? error);
        if (error is not null)
        {
            _readAheadError = error;
        }
    }

    /// <summary>
    /// Reads until <paramref name="count"/> bytes are in or the stream ends. A read that throws ends it too: the bytes
    /// before it are counted (they hold rows that come before the error) and the error is handed back. An abandoned
    /// read (Dispose came) starts no further stream read.
    /// </summary>
    private int ReadBlock(Stream stream, byte[] destination, int offset, int count, out ExceptionDispatchInfo? error)
    {
        int total = 0;
        error = null;
        try
        {
            while (total < count && Volatile.Read(ref _readClaim) != ReadAbandoned)
            {
                int read = CheckedReadCount(stream, stream.Read(destination, offset + total, count - total), count - total);
                if (read == 0)
                {
                    break;
                }

                total += read;
            }
        }
        catch (Exception exception)
        {
            error = ExceptionDispatchInfo.Capture(exception);
        }

        return total;
    }

    /// <summary>
    /// Dispose's part: cancels a read no thread has started, abandons one a worker is in (returns true: the worker
    /// keeps the spare buffer and closes the stream), or returns the spare buffer.
    /// </summary>
    private bool StopReadingAhead()
    {
        bool abandoned = false;
        if (_readInFlight)
        {
            // Taking an unstarted read cancels it; a worker's read is not waited for (it was not asked for, and a
            // stream may never return it). A worker that finished first has left ReadFinished: nothing to abandon.
            abandoned = Interlocked.CompareExchange(ref _readClaim, ReadByConsumer, ReadQueued) == ReadByWorker
                && Interlocked.CompareExchange(ref _readClaim, ReadAbandoned, ReadByWorker) == ReadByWorker;
            _readInFlight = false;
        }

        if (abandoned)
        {
            // The worker reads _spare and _readDone after its claim: they stay as they are, and it returns the spare.
            return true;
        }

        // The event is not disposed: a worker may still be inside Set, and a ManualResetEventSlim that never needed
        // a kernel handle holds nothing to release.
        _readDone = null;
        byte[]? spare = _spare;
        _spare = null;
        if (spare is not null)
        {
            _pool.Return(spare);
        }

        return false;
    }
}
