using System.Threading;

namespace FastText;

// netstandard2.0 has no IThreadPoolWorkItem: the callback is cached, and the pool wraps it in a small object per
// block (one per MiB read).
public sealed partial class TsvFileReader
{
    private static readonly WaitCallback ReadAheadCallback = state => ((TsvFileReader)state!).RunReadAhead();

    private void QueueReadAhead() => ThreadPool.UnsafeQueueUserWorkItem(ReadAheadCallback, this);
}
