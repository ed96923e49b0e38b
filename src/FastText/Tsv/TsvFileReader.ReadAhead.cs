using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace FastText;

// Read-ahead for seekable streams (files, MemoryStreams): once the input has outgrown the first buffer, a thread-pool
// thread copies the rest out of the stream in chunks while the reader scans what is already there, so copying (the
// kernel's page-cache copy, or MemoryStream's memcpy) overlaps with scanning.
//
// Only seekable streams: their reads complete without waiting for a producer, so a read the caller did not ask for
// can never block forever (on a pipe or a socket it could, and it would also take bytes past the point where the
// caller stopped).
//
// Invariants:
// - Every stream read is one step taken under _readLock, by the worker or by the reader itself when it has caught
//   up: whoever holds the lock reads the next chunk, so the reader never waits for a thread that has not started.
// - Two blocks, each an array: the reader scans _current; the next block is read into _other once the reader has
//   let go of it. A step writes only at and past its block's End, and publishes End after the bytes; the reader
//   reads only below End, and writes only in front of a block's Start (the unfinished line). So the reader scans a
//   block while its later chunks are still coming in. Arrays are rented and returned by the reader only.
// - A block is Complete once it is full, the stream ended, or a read failed (then _readAheadError, rethrown after
//   every byte before it). End is final before Complete is set.
// - After Dispose set _canceled under the lock, no step touches the stream or an array again.
public sealed partial class TsvFileReader
{
    // Two 1 MiB arrays (the shared pool's bucket): 64 KiB in front of each block for the unfinished line, and up to
    // a page of slack to place the block (see BlockOffset).
    private const int DefaultReadAheadReserve = 64 * 1024;
    private const int DefaultBlockPlacementPeriod = 4096;
    private const int DefaultReadAheadBlock = (1024 * 1024) - DefaultReadAheadReserve - DefaultBlockPlacementPeriod;
    private const int DefaultReadAheadChunk = 256 * 1024;

    private int _initialBufferSize = InitialBufferSize;
    private int _readAheadReserve = DefaultReadAheadReserve;
    private int _readAheadBlock = DefaultReadAheadBlock;
    private int _readAheadChunk = DefaultReadAheadChunk;
    private int _blockPlacementPeriod = DefaultBlockPlacementPeriod;
    private bool _leaveReadsToConsumerForTests;
    private bool _readingAhead;

    private object? _readLock;
    private ReadAheadBlock? _current;
    private ReadAheadBlock? _other;

    // The block the steps read into (the last one begun). Guarded by _readLock, like the two below.
    private ReadAheadBlock? _filling;
    private bool _workerQueued;
    private bool _canceled;
    private ExceptionDispatchInfo? _readAheadError;

    /// <summary>The test hook: small buffers, so that short inputs exercise the read-ahead and every carry case.</summary>
    internal void ConfigureReadAheadForTests(int initialBufferSize, int reserve, int block, int placementPeriod = 1, bool leaveReadsToConsumer = false, int chunk = 0)
    {
        _leaveReadsToConsumerForTests = leaveReadsToConsumer;
        _initialBufferSize = initialBufferSize;
        _readAheadReserve = reserve;
        _readAheadBlock = block;
        _readAheadChunk = chunk > 0 ? chunk : block;
        _blockPlacementPeriod = placementPeriod;
    }

    /// <summary>Whether the reader has switched to reading ahead (for tests).</summary>
    internal bool IsReadingAhead => _readingAhead;

    /// <summary>
    /// On the second fill of a seekable stream with at least a block left: switch to reading ahead. Not for less: a
    /// byte another core has just written is slower to read than one this core copied itself, and below a block that
    /// costs more than the copy the worker would take over (1 MB: 166 us against 139, span 84).
    /// </summary>
    private bool ShouldStartReadingAhead()
    {
        // The first fill rents the buffer: a buffer means the input has outgrown one read already.
        Stream? stream = _stream;
        if (stream is null || _buffer.Length == 0 || !stream.CanSeek)
        {
            return false;
        }

        long left = stream.Length - stream.Position;
        return left >= _readAheadBlock;
    }

    /// <summary>
    /// The first read-ahead fill: the bytes held so far become a finished block, and the next block is read into an
    /// array of its own (queued to a worker; the reader reads its first chunk itself if no thread has started yet).
    /// </summary>
    private void StartReadingAhead()
    {
        _readLock = new object();
        _current = new ReadAheadBlock { Array = _buffer, Start = _start, End = _end, Complete = true };
        _other = new ReadAheadBlock { Array = ArrayPool<byte>.Shared.Rent(SpareLength), IsFree = true };
        _filling = _current;
        _readingAhead = true;
        lock (_readLock)
        {
            QueueWorkerIfIdleLocked();
        }

        TakeReadAhead();
    }

    /// <summary>Makes more bytes of the read-ahead available behind <c>_end</c> (reading a chunk here if need be), or ends the input.</summary>
    private void TakeReadAhead()
    {
        int spins = 0;
        while (!TryTakeFromCurrentBlock())
        {
            object readLock = _readLock!;
            if (!Monitor.TryEnter(readLock))
            {
                // The worker is copying a chunk: usually microseconds, so spin rather than sleep on the lock. A slow
                // stream (a network file) is waited for blocked.
                if (spins < MaximumSpins)
                {
                    Thread.SpinWait(16 << Math.Min(spins, 6));
                    spins++;
                    continue;
                }

                Monitor.Enter(readLock);
            }

            try
            {
                if (TryTakeFromCurrentBlock() || TryTakeNextBlockLocked())
                {
                    return;
                }

                // Nothing came in (a step publishes under the lock), and no worker is reading: read a chunk here. A
                // step always reads while the reader is open (the steps' state never waits on the reader otherwise).
                if (!StepLocked())
                {
                    ThrowDisposed();
                }
            }
            finally
            {
                Monitor.Exit(readLock);
            }
        }
    }

    private const int MaximumSpins = 20;

    /// <summary>
    /// Takes what the steps have published of the current block: more bytes, or the end of the input (or the read
    /// error) after its last block. False when nothing new has come in, or the block is done and the next one is due.
    /// </summary>
    private bool TryTakeFromCurrentBlock()
    {
        ReadAheadBlock current = _current!;

        // Complete before End: End is final once Complete is set, so a block seen complete is seen whole.
        bool complete = Volatile.Read(ref current.Complete);
        int end = Volatile.Read(ref current.End);
        if (end > _end)
        {
            _end = end;
            return true;
        }

        if (!complete || !current.EndsInput)
        {
            return false;
        }

        _readAheadError?.Throw();
        _endOfInput = true;
        return true;
    }

    /// <summary>Under the lock, once the current block is done: moves on to the next block when it has bytes (or is complete).</summary>
    private bool TryTakeNextBlockLocked()
    {
        ReadAheadBlock next = _other!;
        if (!_current!.Complete || next.IsFree || !(next.Complete || next.End > next.Start))
        {
            return false;
        }

        int tail = _end - _start;
        if (tail <= next.Start)
        {
            MoveToNextBlockLocked(tail);
            return true;
        }

        if (!next.Complete)
        {
            return false;
        }

        JoinNextBlockLocked(tail);
        return true;
    }

    /// <summary>Puts the unfinished line in front of the next block (in the reserve no step writes) and scans that block from there on.</summary>
    private void MoveToNextBlockLocked(int tail)
    {
        ReadAheadBlock next = _other!;
        ReadAheadBlock previous = _current!;

        // The first buffer is smaller than a block: the block after this one needs a whole array. Rented before
        // anything changes, so that a failure leaves the reader as it was.
        byte[]? small = previous.Array!.Length < SpareLength ? previous.Array : null;
        byte[]? whole = small is null ? null : ArrayPool<byte>.Shared.Rent(SpareLength);
        Buffer.BlockCopy(_buffer, _start, next.Array!, next.Start - tail, tail);
        BytesMoved += tail;
        _other = previous;
        _current = next;
        previous.Free();
        if (small is not null)
        {
            previous.Array = whole;
            ArrayPool<byte>.Shared.Return(small);
        }

        _buffer = next.Array!;
        _start = next.Start - tail;
        _end = next.End;
        QueueWorkerIfIdleLocked();
    }

    /// <summary>A line longer than the reserve: joins it and the whole next block in this buffer (grown if need be).</summary>
    private void JoinNextBlockLocked(int tail)
    {
        ReadAheadBlock next = _other!;
        int read = next.End - next.Start;
        MoveUnconsumedToFront(CheckedBufferLength((long)tail + read));
        Buffer.BlockCopy(next.Array!, next.Start, _buffer, tail, read);
        _end = tail + read;
        ReadAheadBlock current = _current!;
        current.Array = _buffer;
        current.Start = 0;
        current.End = _end;
        current.EndsInput = next.EndsInput;
        _filling = current;
        next.Free();
        QueueWorkerIfIdleLocked();
    }

    /// <summary>
    /// One read, under the lock: the next chunk of the block being filled, or the start of the next block into the
    /// free array. False when there is nothing to read (the input has ended, the next array is still scanned, or the
    /// reader is disposed).
    /// </summary>
    private bool StepLocked()
    {
        if (_canceled)
        {
            return false;
        }

        ReadAheadBlock filling = _filling!;
        if (!filling.Complete)
        {
            ReadChunkLocked(filling);
            return true;
        }

        ReadAheadBlock next = _other!;
        if (filling.EndsInput || !next.IsFree)
        {
            return false;
        }

        next.Start = BlockOffset(next.Array!);
        next.End = next.Start;
        next.IsFree = false;
        _filling = next;
        ReadChunkLocked(next);
        return true;
    }

    private void ReadChunkLocked(ReadAheadBlock block)
    {
        int filled = block.End - block.Start;
        int read;
        try
        {
            read = _stream!.Read(block.Array!, block.End, Math.Min(_readAheadChunk, _readAheadBlock - filled));
        }
        catch (Exception exception)
        {
            // Kept, so that every later call raises it again instead of taking the failure for the end of the input.
            _readAheadError = ExceptionDispatchInfo.Capture(exception);
            block.EndsInput = true;
            Volatile.Write(ref block.Complete, true);
            return;
        }

        Volatile.Write(ref block.End, block.End + read);
        if (read == 0 || filled + read == _readAheadBlock)
        {
            block.EndsInput = read == 0;
            Volatile.Write(ref block.Complete, true);
        }
    }

    /// <summary>Queues the worker when there is something to read and none is queued (the reader's steps need none).</summary>
    private void QueueWorkerIfIdleLocked()
    {
        if (_workerQueued || _canceled || _leaveReadsToConsumerForTests)
        {
            return;
        }

        ReadAheadBlock filling = _filling!;
        if (filling.Complete && (filling.EndsInput || !_other!.IsFree))
        {
            return;
        }

        _workerQueued = true;
        QueueReadAhead();
    }

    /// <summary>The worker: reads chunk after chunk until there is nothing to read, releasing the lock between chunks.</summary>
    private void RunReadAhead()
    {
        object readLock = _readLock!;
        while (true)
        {
            lock (readLock)
            {
                if (!StepLocked())
                {
                    _workerQueued = false;
                    return;
                }
            }
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

    /// <summary>Dispose's part: stops the steps (waiting for a chunk being read), then returns the other block's array.</summary>
    private void StopReadingAhead()
    {
        object? readLock = _readLock;
        if (readLock is null)
        {
            return;
        }

        byte[]? otherArray;
        lock (readLock)
        {
            _canceled = true;
            otherArray = _other!.Array;
            _other.Array = null;
        }

        if (otherArray is not null)
        {
            ArrayPool<byte>.Shared.Return(otherArray);
        }
    }

    /// <summary>A block of read-ahead: its array, where the block starts in it, and how far it is read.</summary>
    private sealed class ReadAheadBlock
    {
        public byte[]? Array;
        public int Start;

        // Published with Volatile.Write after the bytes below it; read by the reader without the lock.
        public int End;
        public bool Complete;

        // Set before Complete: the block is the last one (the stream ended, or a read failed).
        public bool EndsInput;

        // The reader has let go of it and no block has begun in it: the next block may go here.
        public bool IsFree;

        public void Free()
        {
            Complete = false;
            EndsInput = false;
            End = Start;
            IsFree = true;
        }
    }
}
