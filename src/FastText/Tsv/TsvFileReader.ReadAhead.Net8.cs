using System.Threading;

namespace FastText;

// net8.0: the read is queued as a work item made once per reader, so reading ahead allocates nothing per block.
public sealed partial class TsvFileReader
{
    private ReadAheadWork? _readAheadWork;

    private void QueueReadAhead() =>
        ThreadPool.UnsafeQueueUserWorkItem(_readAheadWork ??= new ReadAheadWork(this), preferLocal: false);

    private sealed class ReadAheadWork : IThreadPoolWorkItem
    {
        private readonly TsvFileReader _owner;

        public ReadAheadWork(TsvFileReader owner) => _owner = owner;

        public void Execute() => _owner.RunReadAhead();
    }
}
