using System.Threading;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// Lets the thread pool start threads enough for a parallel read's workers at once. The test runner keeps the pool's
/// first few threads blocked, and the pool adds threads only slowly once they are all busy: a parallel read's worker
/// items would then wait until the enumerating thread had read everything alone, and a test of the parallel read
/// would test nothing that runs in parallel (before this, 16 of 224 multi-chunk cases of the ordered-read property
/// ever ran a row on a worker).
/// </summary>
internal static class PoolThreads
{
    // The largest degree of parallelism the cases use (64), and a few for the rest of the suite.
    private const int Minimum = 72;

    public static void EnsureReady()
    {
        ThreadPool.GetMinThreads(out int workers, out int completionPorts);
        if (workers < Minimum)
        {
            ThreadPool.SetMinThreads(Minimum, completionPorts);
        }
    }
}
