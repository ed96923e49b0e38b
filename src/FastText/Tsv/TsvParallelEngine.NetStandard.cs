using System.Threading;

namespace FastText;

// netstandard2.0: worker items through the WaitCallback overload, which flows the ExecutionContext (a selector sees
// the caller's culture, as in a sequential read). No asynchronous consumer: ParallelSelectAsync is net8.0-only.
internal sealed partial class TsvParallelEngine<TResult>
{
    private static readonly WaitCallback RunItem = state => ((Worker)state!).Engine.RunWorker((Worker)state);

    private static void Queue(Worker worker) => ThreadPool.QueueUserWorkItem(RunItem, worker);

    private static bool TakeAsyncWaiter() => false;

    private static void WakeAsyncConsumer()
    {
    }
}
