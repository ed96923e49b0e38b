using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// The degree of parallelism is the number of threads that process chunks at once, the enumerating thread included:
/// a selector (or a chunk worker) never runs on more threads at a time than <see cref="TsvParallelOptions.MaxDegreeOfParallelism"/>.
/// </summary>
public sealed partial class TsvParallelReadTests
{
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void With_rows_slow_enough_for_the_workers_to_take_part_the_values_still_equal_foreach(int seed)
    {
        // Each row spins a few microseconds: long enough that worker items start while the chunks are still being
        // read, so the cases exercise the hand-over between threads, not only the enumerating thread alone.
        ParallelCase c = ParallelCase.Create(seed);
        List<string> expected = c.Sequential(ParallelCase.Render);
        var pool = new CountingBytePool();
        var rows = new OverlapCounter(sleep: false);
        List<string> actual = WithinWatchdog(c, () => ReadInParallel(c, pool, (in TsvRow row) => rows.Run(row, ParallelCase.Render)));
        TsvTestSupport.AssertRows(expected, actual, c.ToString());
        Assert.True(rows.Max <= c.Workers, $"{rows.Max} selector calls ran at once with a degree of parallelism of {c.Workers}: {c}");
        AssertAllReturned(pool, c);
    }

    [Theory]
    [InlineData(2)]
    [InlineData(3)]
    public void Slow_rows_on_many_chunks_keep_to_the_degree_of_parallelism_in_both_parallel_reads(int degree)
    {
        OnOwnThreadWithinWatchdog(() => ReadSlowRows(degree));
    }

    private static void ReadSlowRows(int degree)
    {
        // Many chunks of a few lines each, and every row slow enough that the threads overlap on every chunk.
        byte[] input = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(0, 96).Select(i => $"{i}\tx\n")));
        var options = new TsvParallelOptions { MaxDegreeOfParallelism = degree, ChunkLength = 12 };

        var rows = new OverlapCounter(sleep: true);
        using (TsvFileReader reader = TsvFileReader.From(input.AsMemory()))
        {
            Assert.Equal(96, reader.ParallelSelect((in TsvRow row) => rows.Run(row, (in TsvRow r) => r.GetInt32(0)), options).Count());
        }

        Assert.True(rows.Max <= degree, $"ParallelSelect: {rows.Max} selector calls ran at once with a degree of parallelism of {degree}");

        var chunks = new OverlapCounter(sleep: true);
        using (TsvFileReader reader = TsvFileReader.From(input.AsMemory()))
        {
            Assert.Equal(input.Length, reader.ParallelProcessChunks(() => new SlowChunkWorker(chunks), options).Sum(length => length.Bytes));
        }

        Assert.True(chunks.Max <= degree, $"ParallelProcessChunks: {chunks.Max} chunk workers ran at once with a degree of parallelism of {degree}");
    }

    private static void OnOwnThreadWithinWatchdog(Action body)
    {
        PoolThreads.EnsureReady();
        Task run = Task.Factory.StartNew(body, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        Assert.True(run.Wait(Watchdog), $"no result within {Watchdog.TotalSeconds} s (a hang)");
    }

    /// <summary>Counts the calls in progress and the most seen at once; each call sleeps a millisecond or spins a little, so that threads overlap.</summary>
    private sealed class OverlapCounter(bool sleep)
    {
        private int _running;
        private int _max;

        public int Max => Volatile.Read(ref _max);

        public T Run<T>(in TsvRow row, TsvRowSelector<T> select)
        {
            Enter();
            try
            {
                return select(in row);
            }
            finally
            {
                Exit();
            }
        }

        public void Enter()
        {
            int running = Interlocked.Increment(ref _running);
            int max;
            while (running > (max = Volatile.Read(ref _max)) && Interlocked.CompareExchange(ref _max, running, max) != max)
            {
            }

            if (sleep)
            {
                Thread.Sleep(1);
            }
            else
            {
                Thread.SpinWait(100);
            }
        }

        public void Exit() => Interlocked.Decrement(ref _running);
    }

    private sealed class ChunkLength
    {
        public long Bytes;
    }

    private sealed class SlowChunkWorker(OverlapCounter overlap) : ITsvChunkWorker<ChunkLength>
    {
        public ChunkLength CreateResult() => new();

        public void Process(ReadOnlySpan<byte> lines, long offset, bool isFinal, ChunkLength result)
        {
            overlap.Enter();
            try
            {
                result.Bytes = lines.Length;
            }
            finally
            {
                overlap.Exit();
            }
        }

        public void Dispose()
        {
        }
    }
}
