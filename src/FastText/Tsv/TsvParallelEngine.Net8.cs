using System;
using System.Threading;
using System.Threading.Tasks;
using System.Threading.Tasks.Sources;

namespace FastText;

// net8.0: the asynchronous consumer (ParallelSelectAsync), and worker items queued with the generic overload, which
// flows the ExecutionContext (so a selector sees the caller's culture and AsyncLocal values, as in a sequential read).
internal sealed partial class TsvParallelEngine<TResult>
{
    private static readonly Action<Worker> RunItem = worker => worker.Engine.RunWorker(worker);

    // Wakes the asynchronous consumer: reset (under the lock) before each wait, set once by whoever finds it waiting.
    private ConsumerSignal? _signal;
    private bool _asyncWaiting;

    private static void Queue(Worker worker) => ThreadPool.QueueUserWorkItem(RunItem, worker, preferLocal: false);

    /// <summary><see cref="MoveNext"/>, awaiting the source's reads and the workers instead of blocking on them.</summary>
    public async ValueTask<bool> MoveNextAsync()
    {
        MovePastCurrent();
        ConsumerSignal signal = _signal ??= new ConsumerSignal();
        while (true)
        {
            Slot? slot;
            Step step;
            lock (_gate)
            {
                step = Decide(out slot);
                if (step == Step.Wait)
                {
                    signal.Reset();
                    _asyncWaiting = true;
                }
            }

            switch (step)
            {
                case Step.Wait:
                    await signal.WaitAsync().ConfigureAwait(false);
                    break;
                case Step.Deliver:
                    _current = slot;
                    return true;
                case Step.Produce:
                    await ProduceAsync().ConfigureAwait(false);
                    break;
                case Step.Process:
                    Process(_consumer, slot!);
                    break;
                default:
                    return Finish(step, slot);
            }
        }
    }

    /// <summary><see cref="ProduceSync"/>, awaiting the fills.</summary>
    private async ValueTask ProduceAsync()
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
                await _source.FillForChunksAsync(_cancellationToken).ConfigureAwait(false);
            }
        }
        catch (OperationCanceledException) when (_cancellationToken.IsCancellationRequested)
        {
            // The read was cancelled, not failed: the next step reports it.
            slot.Buffer = buffer;
            return;
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

    /// <summary>Whether the asynchronous consumer waits, and is now to be woken (under the lock).</summary>
    private bool TakeAsyncWaiter()
    {
        if (!_asyncWaiting)
        {
            return false;
        }

        _asyncWaiting = false;
        return true;
    }

    private void WakeAsyncConsumer() => _signal!.Set();

    /// <summary>A reusable awaitable: no allocation per wait.</summary>
    private sealed class ConsumerSignal : IValueTaskSource
    {
        private ManualResetValueTaskSourceCore<bool> _core = new() { RunContinuationsAsynchronously = true };

        public void Reset() => _core.Reset();

        public void Set() => _core.SetResult(true);

        public ValueTask WaitAsync() => new(this, _core.Version);

        public void GetResult(short token) => _core.GetResult(token);

        public ValueTaskSourceStatus GetStatus(short token) => _core.GetStatus(token);

        public void OnCompleted(Action<object?> continuation, object? state, short token, ValueTaskSourceOnCompletedFlags flags) =>
            _core.OnCompleted(continuation, state, token, flags);
    }
}
