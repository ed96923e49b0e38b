using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace FastText;

// The ordered parallel read: ParallelSelect and ParallelProcessChunks (and so tsvcut) run on it.
//
// The consumer (the thread that enumerates) is the only one that touches the source: it cuts chunks of whole lines
// (TsvFileReader.TryCutChunk: slices of memory, or blocks swapped out of the reader's buffer) into a ring of slots,
// at most _slots.Length chunks ahead of the one it hands out next. Workers (thread-pool items, one fewer than the
// degree of parallelism) claim the queued chunks in input order and process each into a result holder of their own,
// made and refilled on their thread so it stays in their core's cache; the consumer hands the results out in input
// order. The consumer is the last of the degree's threads: whenever the next result is not ready and the source needs
// no read, it claims the next queued chunk itself (the one to hand out next, or one after it) rather than wait. So the
// degree of parallelism is the number of threads processing chunks at once, never one more (a third thread on two
// cores only takes turns with the others), the read never waits for a thread pool that is slow to start an item, and
// an input of one chunk needs no worker at all.
//
// Invariants. Every field is guarded by _gate unless it says otherwise.
// - _delivered <= _claimed <= _produced <= _delivered + _slots.Length; chunk c lives in _slots[c % _slots.Length] from
//   its production until the consumer moves past it (MovePastCurrent).
// - Claims go in chunk order: when chunk c is claimed, so is every chunk before it, by a running thread that counts its
//   lines before it does anything else (with line counting). So the lines before chunk c are known as soon as the
//   chunks before it are counted, and a worker waiting for them waits only on counts that are under way.
// - Nothing after _lastChunk is claimed or delivered: an error (or a work that returned false) ends the read there,
//   and _stop tells the workers on later chunks to give up.
// - A result holder is in use from the claim of its chunk until the consumer moves past that chunk. A worker claims a
//   chunk only with a free holder of its own.
// - Release waits until no worker item is queued or running before it returns a buffer or disposes a work, so no
//   buffer goes back to the pool while a worker may read it.
internal sealed partial class TsvParallelEngine<TResult> : IDisposable
    where TResult : class
{
    private const int HoldersPerWorker = 2;

    private readonly TsvFileReader _source;
    private readonly Func<TsvParallelStop, TsvChunkWork<TResult>> _createWork;
    private readonly int _maxWorkers;
    private readonly bool _countLines;
    private readonly byte _terminator;
    private readonly ArrayPool<byte> _pool;
    private readonly CancellationToken _cancellationToken;
    private readonly TsvParallelStop _stop = new();
    private readonly object _gate = new();
    private readonly Slot[] _slots;
    private readonly List<Worker> _workers = new();
    private readonly Worker _consumer;

    private long _produced;
    private long _claimed;
    private long _delivered;
    private long _lastChunk = long.MaxValue;
    private bool _inputEnded;
    private bool _released;

    // Worker items queued or running (Release waits for none).
    private int _activeItems;

    // Line numbers: every chunk before _countedChunks has its first line; _linesBefore is the first line of the next.
    private long _countedChunks;
    private long _linesBefore;

    // The source failed (a read, a disposed reader): raised once every chunk before it has been handed out.
    private ExceptionDispatchInfo? _sourceError;

    // The consumer's own (touched by the enumerating thread only): bytes before the next chunk, the chunk handed out
    // last, and the error that ended the read (raised again by every later call).
    private long _offset;
    private Slot? _current;
    private ExceptionDispatchInfo? _fault;
    private CancellationTokenRegistration _cancellation;

    /// <summary>A read of <paramref name="source"/>'s chunks; nothing starts before the first <see cref="MoveNext"/>.</summary>
    /// <param name="source">The reader, handed off and past its preamble.</param>
    /// <param name="createWork">Makes the work of one thread (called on that thread).</param>
    /// <param name="maxDegreeOfParallelism">Threads processing chunks at most (1: the consumer alone).</param>
    /// <param name="countLines">Whether works need the lines before their chunk (rows report line numbers).</param>
    /// <param name="cancellationToken">Stops the read.</param>
    public TsvParallelEngine(
        TsvFileReader source, Func<TsvParallelStop, TsvChunkWork<TResult>> createWork, int maxDegreeOfParallelism, bool countLines, CancellationToken cancellationToken)
    {
        _source = source;
        _createWork = createWork;
        _maxWorkers = maxDegreeOfParallelism <= 1 ? 0 : maxDegreeOfParallelism - 1;
        _countLines = countLines;
        _terminator = source.Options.LineTerminator;
        _pool = source.Pool;
        _cancellationToken = cancellationToken;
        _linesBefore = source.Reader.LineNumber;
        _slots = new Slot[(2 * _maxWorkers) + 2];
        for (int i = 0; i < _slots.Length; i++)
        {
            _slots[i] = new Slot();
        }

        _consumer = new Worker(this);
        if (cancellationToken.CanBeCanceled)
        {
            _cancellation = cancellationToken.Register(state => ((TsvParallelEngine<TResult>)state!).OnCanceled(), this);
        }
    }

    private enum Step
    {
        Deliver,
        Fail,
        End,
        Produce,
        Process,
        Wait,
        Canceled,
    }

    private enum SlotState
    {
        Free,
        Queued,
        Claimed,
        Done,
        Failed,
    }

    /// <summary>The result handed out last; valid until the next call.</summary>
    public TResult? Current => _current?.Result;

    /// <summary>The next result in input order; false after the last one.</summary>
    /// <exception cref="OperationCanceledException">The token was cancelled.</exception>
    public bool MoveNext()
    {
        MovePastCurrent();
        while (true)
        {
            Slot? slot;
            Step step;
            lock (_gate)
            {
                while ((step = Decide(out slot)) == Step.Wait)
                {
                    Monitor.Wait(_gate);
                }
            }

            switch (step)
            {
                case Step.Deliver:
                    _current = slot;
                    return true;
                case Step.Produce:
                    ProduceSync();
                    break;
                case Step.Process:
                    Process(_consumer, slot!);
                    break;
                default:
                    return Finish(step, slot);
            }
        }
    }

    /// <summary>Stops the workers, waits for them, and returns every buffer.</summary>
    public void Dispose() => Release();

    /// <summary>What the consumer does next (under the lock).</summary>
    private Step Decide(out Slot? slot)
    {
        slot = null;
        if (_fault is not null)
        {
            return Step.Fail;
        }

        if (_released)
        {
            return Step.End;
        }

        if (_cancellationToken.IsCancellationRequested)
        {
            return Step.Canceled;
        }

        long head = _delivered;
        if (head > _lastChunk)
        {
            return Step.End;
        }

        if (head < _produced)
        {
            slot = SlotOf(head);
            if (slot.State == SlotState.Done)
            {
                return Step.Deliver;
            }

            if (slot.State == SlotState.Failed)
            {
                return Step.Fail;
            }
        }
        else if (_inputEnded)
        {
            return _sourceError is null ? Step.End : Step.Fail;
        }

        if (!_inputEnded && _produced - _delivered < _slots.Length && _produced <= _lastChunk)
        {
            return Step.Produce;
        }

        if (TryClaim(_consumer, out slot))
        {
            return Step.Process;
        }

        return Step.Wait;
    }

    /// <summary>The end of the read: normal, failed or cancelled. Releases everything, then returns false or throws.</summary>
    private bool Finish(Step step, Slot? slot)
    {
        if (step == Step.Fail && _fault is null)
        {
            _fault = slot is not null ? slot.Error : _sourceError;
        }
        else if (step == Step.Canceled)
        {
            _fault = ExceptionDispatchInfo.Capture(new OperationCanceledException(_cancellationToken));
        }

        Release();
        _fault?.Throw();
        return false;
    }

    /// <summary>Frees the slot of the result handed out last, and its holder: its worker may refill it now.</summary>
    private void MovePastCurrent()
    {
        Slot? current = _current;
        if (current is null)
        {
            return;
        }

        _current = null;
        lock (_gate)
        {
            current.Worker!.InUse[current.Holder] = false;
            current.Worker = null;
            current.Result = null;
            current.Memory = default;
            current.State = SlotState.Free;
            _delivered++;
            StartWorkers();
        }
    }

    /// <summary>Cuts the next chunk (reading as much as it needs) into the next slot.</summary>
    private void ProduceSync()
    {
        Slot slot = SlotOf(_produced);
        byte[]? buffer = slot.Buffer;
        TsvChunkCut cut;
        ReadOnlyMemory<byte> chunk;
        bool isFinal;
        try
        {
            while ((cut = _source.TryCutChunk(ref buffer, flush: false, out chunk, out isFinal)) == TsvChunkCut.NeedsFill)
            {
                _source.FillForChunks();
            }
        }
        catch (Exception exception)
        {
            slot.Buffer = buffer;
            ProduceBeforeError(slot, exception);
            return;
        }

        slot.Buffer = buffer;
        Publish(slot, cut, chunk, isFinal);
    }

    /// <summary>
    /// The source failed: the complete lines it had buffered become a last chunk (their rows come before the error, as
    /// in a sequential read), and the error ends the read after it.
    /// </summary>
    private void ProduceBeforeError(Slot slot, Exception exception)
    {
        byte[]? buffer = slot.Buffer;
        TsvChunkCut cut = TsvChunkCut.End;
        ReadOnlyMemory<byte> chunk = default;
        try
        {
            cut = _source.TryCutChunk(ref buffer, flush: true, out chunk, out _);
        }
        catch (Exception secondError)
        {
            // The source is past use (disposed): the first error is the one to report.
            _ = secondError;
        }

        slot.Buffer = buffer;
        if (cut != TsvChunkCut.End)
        {
            Publish(slot, cut, chunk, isFinal: false);
        }

        EndWithSourceError(exception);
    }

    /// <summary>Ends the input with an error, raised once every chunk produced before it has been handed out.</summary>
    private void EndWithSourceError(Exception exception)
    {
        lock (_gate)
        {
            _sourceError ??= ExceptionDispatchInfo.Capture(exception);
            _inputEnded = true;
            Monitor.PulseAll(_gate);
        }
    }

    /// <summary>Queues a cut chunk (or records the end of the input) and starts workers for it.</summary>
    private void Publish(Slot slot, TsvChunkCut cut, ReadOnlyMemory<byte> chunk, bool isFinal)
    {
        if (cut == TsvChunkCut.CutUnfinished && !_countLines)
        {
            // Works that read lines (rows) report the line with its number; chunk workers are never handed part of a
            // line: the read ends here, as its buffering is bounded by the maximum line length.
            EndWithSourceError(new TsvFormatException(TsvFormatException.Format(
                "A line is longer than the maximum line length of {0} bytes.", _source.Options.MaxLineLength), 0));
            return;
        }

        lock (_gate)
        {
            if (cut != TsvChunkCut.End)
            {
                slot.Chunk = _produced;
                slot.Memory = chunk;
                slot.IsFinal = isFinal;
                slot.Offset = _offset;
                slot.LineCount = -1;
                slot.LinesBefore = -1;
                slot.Error = null;
                slot.State = SlotState.Queued;
                _offset += chunk.Length;
                _produced++;
            }

            if (cut != TsvChunkCut.Cut || isFinal)
            {
                // The end, or a line too long to read on: the read ends with that line's error, nothing after it.
                _inputEnded = true;
            }

            StartWorkers();
            Monitor.PulseAll(_gate);
        }
    }

    /// <summary>
    /// Processes a claimed chunk on the calling thread (a worker's, or the consumer's): counts its lines and waits for
    /// the lines before it (with line counting), runs the work, and records the outcome. Never throws.
    /// </summary>
    private void Process(Worker worker, Slot slot)
    {
        bool goOn = false;
        ExceptionDispatchInfo? error = null;
        try
        {
            ReadOnlySpan<byte> lines = slot.Memory.Span;
            long linesBefore = -1;
            if (!_countLines || TryAwaitLinesBefore(slot, TsvLineCount.Count(lines, _terminator), out linesBefore))
            {
                TsvChunkWork<TResult> work = worker.Work ??= _createWork(_stop);
                TResult result = worker.Results[slot.Holder] ??= work.CreateResult();
                slot.Result = result;
                goOn = work.Process(new TsvChunk(lines, slot.Chunk, slot.Offset, linesBefore, slot.LineCount, slot.IsFinal), result);
            }
        }
        catch (Exception exception)
        {
            error = ExceptionDispatchInfo.Capture(exception);
        }

        bool wake;
        lock (_gate)
        {
            slot.State = error is null ? SlotState.Done : SlotState.Failed;
            slot.Error = error;
            if (!goOn && slot.Chunk < _lastChunk)
            {
                _lastChunk = slot.Chunk;
                _stop.StopAfter(slot.Chunk);
            }

            Monitor.PulseAll(_gate);
            wake = TakeAsyncWaiter();
        }

        if (wake)
        {
            WakeAsyncConsumer();
        }
    }

    /// <summary>
    /// Publishes the chunk's line count and waits until the lines before it are known; false when the read stopped
    /// meanwhile (nothing to deliver from this chunk).
    /// </summary>
    private bool TryAwaitLinesBefore(Slot slot, long lineCount, out long linesBefore)
    {
        lock (_gate)
        {
            slot.LineCount = lineCount;
            bool advanced = false;
            while (_countedChunks < _produced)
            {
                Slot counted = SlotOf(_countedChunks);
                if (counted.LineCount < 0)
                {
                    break;
                }

                counted.LinesBefore = _linesBefore;
                _linesBefore += counted.LineCount;
                _countedChunks++;
                advanced = true;
            }

            if (advanced)
            {
                Monitor.PulseAll(_gate);
            }

            while (slot.LinesBefore < 0 && !_released && !_stop.Stops(slot.Chunk))
            {
                Monitor.Wait(_gate);
            }

            linesBefore = slot.LinesBefore;
            return linesBefore >= 0;
        }
    }

    /// <summary>Claims the next chunk for <paramref name="worker"/> with a free holder of its own (under the lock).</summary>
    private bool TryClaim(Worker worker, out Slot? slot)
    {
        slot = null;
        if (_released || _claimed >= _produced || _claimed > _lastChunk)
        {
            return false;
        }

        int holder = Array.IndexOf(worker.InUse, false);
        if (holder < 0)
        {
            return false;
        }

        slot = SlotOf(_claimed);
        slot.State = SlotState.Claimed;
        slot.Worker = worker;
        slot.Holder = holder;
        worker.InUse[holder] = true;
        _claimed++;
        return true;
    }

    /// <summary>
    /// Queues worker items for the queued chunks beyond the next one to hand out (the consumer takes that one itself
    /// when no worker does), up to one fewer than the degree of parallelism (under the lock).
    /// </summary>
    private void StartWorkers()
    {
        if (_maxWorkers == 0 || _released)
        {
            return;
        }

        long waiting = _produced - _claimed;
        if (_claimed == _delivered)
        {
            waiting--;
        }

        while (_activeItems < Math.Min(waiting, _maxWorkers))
        {
            Worker? idle = null;
            foreach (Worker candidate in _workers)
            {
                if (candidate.Item == ItemState.Idle && Array.IndexOf(candidate.InUse, false) >= 0)
                {
                    idle = candidate;
                    break;
                }
            }

            if (idle is null)
            {
                if (_workers.Count >= _maxWorkers)
                {
                    return;
                }

                idle = new Worker(this);
                _workers.Add(idle);
            }

            idle.Item = ItemState.Queued;
            _activeItems++;
            Queue(idle);
        }
    }

    /// <summary>A worker item: claims and processes chunks until none is left for it.</summary>
    private void RunWorker(Worker worker)
    {
        lock (_gate)
        {
            if (worker.Item != ItemState.Queued)
            {
                // Release took it back before it started.
                return;
            }

            worker.Item = ItemState.Running;
        }

        while (true)
        {
            Slot? slot;
            lock (_gate)
            {
                if (!TryClaim(worker, out slot))
                {
                    worker.Item = ItemState.Idle;
                    _activeItems--;
                    Monitor.PulseAll(_gate);
                    return;
                }
            }

            Process(worker, slot!);
        }
    }

    /// <summary>
    /// Stops the read: takes back worker items no thread has started, waits for the running ones to stop (each
    /// finishes the row or chunk it is on), then returns every buffer and disposes the works. Idempotent.
    /// </summary>
    private void Release()
    {
        lock (_gate)
        {
            if (_released)
            {
                return;
            }

            _released = true;
            _stop.StopAll();
            foreach (Worker worker in _workers)
            {
                if (worker.Item == ItemState.Queued)
                {
                    worker.Item = ItemState.Idle;
                    _activeItems--;
                }
            }

            Monitor.PulseAll(_gate);
            while (_activeItems > 0)
            {
                Monitor.Wait(_gate);
            }
        }

        _cancellation.Dispose();
        _current = null;
        foreach (Slot slot in _slots)
        {
            slot.Memory = default;
            slot.Result = null;
            byte[]? buffer = slot.Buffer;
            slot.Buffer = null;
            if (buffer is not null)
            {
                _pool.Return(buffer);
            }
        }

        Exception? disposeError = null;
        foreach (Worker worker in _workers)
        {
            disposeError ??= DisposeWork(worker);
        }

        disposeError ??= DisposeWork(_consumer);
        if (disposeError is not null)
        {
            ExceptionDispatchInfo.Capture(disposeError).Throw();
        }
    }

    private static Exception? DisposeWork(Worker worker)
    {
        TsvChunkWork<TResult>? work = worker.Work;
        worker.Work = null;
        try
        {
            work?.Dispose();
            return null;
        }
        catch (Exception exception)
        {
            return exception;
        }
    }

    private void OnCanceled()
    {
        bool wake;
        lock (_gate)
        {
            _stop.StopAll();
            Monitor.PulseAll(_gate);
            wake = TakeAsyncWaiter();
        }

        if (wake)
        {
            WakeAsyncConsumer();
        }
    }

    private Slot SlotOf(long chunk) => _slots[(int)(chunk % _slots.Length)];

    private enum ItemState
    {
        Idle,
        Queued,
        Running,
    }

    /// <summary>A chunk in flight: where it lies, who processes it into which holder, and how that went.</summary>
    private sealed class Slot
    {
        public long Chunk = -1;
        public SlotState State;
        public ReadOnlyMemory<byte> Memory;

        // The block the chunk lies in (a stream or pipe source), kept for the next chunk of this slot.
        public byte[]? Buffer;
        public long Offset;
        public bool IsFinal;
        public long LineCount = -1;
        public long LinesBefore = -1;
        public Worker? Worker;
        public int Holder;
        public TResult? Result;
        public ExceptionDispatchInfo? Error;
    }

    /// <summary>A worker thread's state (the consumer has one too): its work and its result holders.</summary>
    private sealed class Worker
    {
        public Worker(TsvParallelEngine<TResult> engine) => Engine = engine;

        public TsvParallelEngine<TResult> Engine { get; }

        public TsvChunkWork<TResult>? Work;
        public readonly TResult?[] Results = new TResult?[HoldersPerWorker];
        public readonly bool[] InUse = new bool[HoldersPerWorker];
        public ItemState Item;
    }
}
