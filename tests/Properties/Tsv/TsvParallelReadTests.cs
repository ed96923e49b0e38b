using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// The ordered parallel read (<see cref="TsvFileReader.ParallelSelect{TResult}"/>) against its reference, the
/// sequential <c>foreach</c>: the same values in the same order, and the same first error (type, message, line,
/// column) after every value before it, whatever the source, chunk length and number of workers. Then what ends a
/// read early (an exception of the selector, a break, a cancellation, a failing stream): the first exception in input
/// order surfaces, nothing after it is delivered, no selector runs once the enumerator is disposed, every pooled
/// buffer goes back (counted by <see cref="CountingBytePool"/>), and nothing waits forever (a watchdog bounds each case).
/// </summary>
public sealed partial class TsvParallelReadTests
{
    private static readonly TimeSpan Watchdog = TimeSpan.FromSeconds(60);

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 400)]
    public void Parallel_select_equals_foreach_on_every_source_chunk_length_and_worker_count(int seed)
    {
        ParallelCase c = ParallelCase.Create(seed);
        List<string> expected = c.Sequential(ParallelCase.Render);
        var pool = new CountingBytePool();
        List<string> actual = WithinWatchdog(c, () => ReadInParallel(c, pool, ParallelCase.Render));
        TsvTestSupport.AssertRows(expected, actual, c.ToString());
        AssertAllReturned(pool, c);
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void A_selector_that_throws_surfaces_its_first_exception_in_input_order_after_every_value_before_it(int seed)
    {
        ParallelCase c = ParallelCase.Create(seed);
        var random = new Random(seed ^ 0x5EED);
        int lines = c.Bytes.Count(b => b == c.Options.LineTerminator) + 1;

        // Several rows throw: the one first in input order must surface, whichever worker threw first.
        var throwing = new HashSet<long>(Enumerable.Range(0, random.Next(1, 4)).Select(_ => (long)random.Next(1, lines + 1)));
        string Select(in TsvRow row)
        {
            if (throwing.Contains(row.LineNumber))
            {
                throw new InvalidOperationException("the selector failed at line " + row.LineNumber);
            }

            return ParallelCase.Render(row);
        }

        List<string> expected = c.Sequential(Select);
        var pool = new CountingBytePool();
        List<string> actual = WithinWatchdog(c, () => ReadInParallel(c, pool, Select));
        TsvTestSupport.AssertRows(expected, actual, $"throwing at lines {string.Join(",", throwing)}: {c}");
        AssertAllReturned(pool, c);
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Breaking_out_early_stops_every_worker_and_returns_every_buffer(int seed)
    {
        ParallelCase c = ParallelCase.Create(seed);
        List<string> expected = c.Sequential(ParallelCase.Render);
        int stopAfter = new Random(seed ^ 0xB4EA).Next(0, expected.Count + 1);
        var pool = new CountingBytePool();
        var calls = new SelectorCalls();
        List<string> actual = WithinWatchdog(c, () =>
        {
            var values = new List<string>();
            using TsvFileReader reader = c.Open(pool);
            try
            {
                using TsvParallelResults<string>.Enumerator enumerator = reader.ParallelSelect(calls.Wrap(ParallelCase.Render), c.ParallelOptions).GetEnumerator();
                while (values.Count < stopAfter && enumerator.MoveNext())
                {
                    values.Add(enumerator.Current);
                }
            }
            catch (Exception exception)
            {
                values.Add(ParallelCase.Describe(exception));
            }

            calls.AssertNoneRunningOrStartingAfterDispose(c);
            return values;
        });

        TsvTestSupport.AssertRows(expected.Take(actual.Count), actual, $"stopping after {stopAfter} values: {c}");
        AssertAllReturned(pool, c);
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Cancelling_at_a_random_moment_stops_every_worker_and_returns_every_buffer(int seed)
    {
        ParallelCase c = ParallelCase.Create(seed);
        List<string> expected = c.Sequential(ParallelCase.Render);
        var random = new Random(seed ^ 0xCA9C);
        int cancelAtCall = random.Next(0, Math.Max(1, expected.Count));
        int delayMicroseconds = random.Next(0, 3) == 0 ? random.Next(0, 2000) : -1;
        var pool = new CountingBytePool();
        var calls = new SelectorCalls();
        using var cancellation = new CancellationTokenSource();
        int selected = 0;
        string Select(in TsvRow row)
        {
            // From inside a worker (or the enumerating thread) at a random row, or from a timer thread below.
            if (delayMicroseconds < 0 && Interlocked.Increment(ref selected) > cancelAtCall)
            {
                cancellation.Cancel();
            }

            return ParallelCase.Render(row);
        }

        List<string> actual = WithinWatchdog(c, () =>
        {
            var values = new List<string>();
            Task? timer = delayMicroseconds < 0 ? null : Task.Run(() =>
            {
                SpinWait.SpinUntil(() => false, TimeSpan.FromTicks(delayMicroseconds * 10L));
                cancellation.Cancel();
            });
            using (TsvFileReader reader = c.Open(pool))
            {
                try
                {
                    foreach (string value in reader.ParallelSelect(calls.Wrap(Select), c.ParallelOptions, cancellation.Token))
                    {
                        values.Add(value);
                    }
                }
                catch (OperationCanceledException exception)
                {
                    Assert.Equal(cancellation.Token, exception.CancellationToken);
                    values.Add("canceled");
                }
                catch (Exception exception)
                {
                    values.Add(ParallelCase.Describe(exception));
                }
            }

            timer?.Wait();
            calls.AssertNoneRunningOrStartingAfterDispose(c);
            return values;
        });

        // A prefix of the values, then the cancellation, the error that came first, or the end.
        int delivered = actual.Count > 0 && actual[actual.Count - 1] == "canceled" ? actual.Count - 1 : actual.Count;
        TsvTestSupport.AssertRows(expected.Take(delivered), actual.Take(delivered), $"cancelling: {c}");
        Assert.True(delivered == actual.Count - 1 || delivered == expected.Count, $"neither cancelled nor complete: {c}");
        AssertAllReturned(pool, c);
    }

    /// <summary>
    /// A cancellation from a selector early in a long read ends it with the token's exception soon after (the chunks
    /// already under way at most), on every source, whatever the number of workers.
    /// </summary>
    [Fact]
    public void Cancelling_early_in_a_long_read_ends_it_with_OperationCanceledException()
    {
        const int Lines = 20_000;
        byte[] bytes = Enumerable.Range(0, Lines).SelectMany(i => Encoding.UTF8.GetBytes(i + "\tx\n")).ToArray();
        foreach (ParallelSource source in new[] { ParallelSource.Memory, ParallelSource.TrickleStream, ParallelSource.Pipe })
        {
            foreach (int workers in new[] { 1, 2, 8 })
            {
                var c = new ParallelCase(bytes, TsvOptions.Default, null, null, ChunkLength: 64, workers, source, ReadSize: 100, RowsFirst: 0, Seed: 0);
                var pool = new CountingBytePool();
                var calls = new SelectorCalls();
                using var cancellation = new CancellationTokenSource();
                int delivered = 0;
                string Select(in TsvRow row)
                {
                    if (row.LineNumber == 100)
                    {
                        cancellation.Cancel();
                    }

                    return string.Empty;
                }

                WithinWatchdog(c, () =>
                {
                    using (TsvFileReader reader = c.Open(pool))
                    {
                        OperationCanceledException canceled = Assert.Throws<OperationCanceledException>(() =>
                        {
                            foreach (string value in reader.ParallelSelect(calls.Wrap(Select), c.ParallelOptions, cancellation.Token))
                            {
                                delivered++;
                            }
                        });
                        Assert.Equal(cancellation.Token, canceled.CancellationToken);
                    }

                    calls.AssertNoneRunningOrStartingAfterDispose(c);
                    return 0;
                });

                Assert.True(delivered < Lines / 2, $"{delivered} values after a cancellation at line 100: {c}");
                AssertAllReturned(pool, c);
            }
        }
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void A_stream_that_fails_surfaces_its_exception_after_every_row_foreach_reads_before_it(int seed)
    {
        ParallelCase c = ParallelCase.Create(seed) with { Source = ParallelSource.TrickleStream, RowsFirst = 0 };
        int throwAt = new Random(seed ^ 0xFA11).Next(0, c.Bytes.Length + 1);

        List<string> Read(bool parallel, CountingBytePool? pool)
        {
            var values = new List<string>();
            var stream = new ChunkedStream(c.Bytes, c.ReadSize) { ThrowAt = throwAt };
            using TsvFileReader reader = TsvFileReader.From(stream, c.Options);
            if (pool is not null)
            {
                reader.UsePoolForTests(pool);
            }

            try
            {
                IEnumerable<string> rows = parallel ? reader.ParallelSelect<string>(ParallelCase.Render, c.ParallelOptions) : Sequential(reader);
                foreach (string value in rows)
                {
                    values.Add(value);
                }
            }
            catch (Exception exception)
            {
                values.Add(ParallelCase.Describe(exception));
            }

            return values;
        }

        List<string> expected = Read(parallel: false, pool: null);
        var pool = new CountingBytePool();
        List<string> actual = WithinWatchdog(c, () => Read(parallel: true, pool));
        TsvTestSupport.AssertRows(expected, actual, $"throwing at byte {throwAt}: {c}");
        AssertAllReturned(pool, c);
    }

    /// <summary>
    /// Another thread disposes the reader while its rows are read in parallel: the read ends with the values of a
    /// prefix and then <see cref="ObjectDisposedException"/> (or completes, when the reader had read everything),
    /// and no pooled buffer is returned twice or kept.
    /// </summary>
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Disposing_the_reader_on_another_thread_mid_read_ends_the_read_without_losing_a_buffer(int seed)
    {
        ParallelCase c = ParallelCase.Create(seed) with { RowsFirst = 0 };
        List<string> expected = c.Sequential(ParallelCase.Render);
        int disposeAfter = new Random(seed ^ 0xD15).Next(0, expected.Count + 1);
        var pool = new CountingBytePool();
        List<string> actual = WithinWatchdog(c, () =>
        {
            var values = new List<string>();
            TsvFileReader reader = c.Open(pool);
            Task? disposing = null;
            try
            {
                foreach (string value in reader.ParallelSelect<string>(ParallelCase.Render, c.ParallelOptions))
                {
                    if (values.Count == disposeAfter)
                    {
                        disposing = Task.Run(reader.Dispose);
                    }

                    values.Add(value);
                }
            }
            catch (ObjectDisposedException)
            {
                values.Add("disposed");
            }
            catch (Exception exception)
            {
                values.Add(ParallelCase.Describe(exception));
            }

            disposing?.Wait();
            reader.Dispose();
            return values;
        });

        int delivered = actual.Count > 0 && actual[actual.Count - 1] == "disposed" ? actual.Count - 1 : actual.Count;
        TsvTestSupport.AssertRows(expected.Take(delivered), actual.Take(delivered), $"disposing after {disposeAfter} values: {c}");
        Assert.True(delivered == actual.Count - 1 || delivered == expected.Count, $"neither disposed nor complete: {c}");
        AssertAllReturned(pool, c);
    }

    /// <summary>
    /// <see cref="TsvFileReader.ParallelProcessChunks{TResult}"/>: the chunks are the input after the preamble, cut at
    /// line terminators, each byte once and in order; a worker that throws at a random chunk ends the read after the
    /// results of every chunk before it, with its own exception.
    /// </summary>
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Chunk_results_come_in_input_order_and_a_failing_worker_ends_the_read_after_the_chunks_before_it(int seed)
    {
        ParallelCase original = ParallelCase.Create(seed);

        // No line is too long here (the fact below covers that): a format error can only be the header's.
        ParallelCase c = original with { Names = null, RowsFirst = 0, Options = original.Options.WithMaxLineLength(int.MaxValue) };
        var random = new Random(seed ^ 0xC4C4);
        long failAt = random.Next(3) == 0 ? random.Next(0, c.Bytes.Length + 1) : -1;
        var pool = new CountingBytePool();
        var failure = new InvalidOperationException("a chunk worker failed");
        byte terminator = c.Options.LineTerminator;

        (List<(long Offset, byte[] Lines, bool IsFinal)> Chunks, Exception? Error) Run()
        {
            var chunks = new List<(long Offset, byte[] Lines, bool IsFinal)>();
            using TsvFileReader reader = c.Open(pool);
            try
            {
                foreach (CopyResult result in reader.ParallelProcessChunks(() => new CopyWorker(failAt, failure), c.ParallelOptions))
                {
                    chunks.Add((result.Offset, result.Lines.ToArray(), result.IsFinal));
                }
            }
            catch (Exception exception)
            {
                return (chunks, exception);
            }

            return (chunks, null);
        }

        (List<(long Offset, byte[] Lines, bool IsFinal)> chunks, Exception? error) = WithinWatchdog(c, Run);
        AssertAllReturned(pool, c);
        if (error is TsvFormatException)
        {
            // A bad header: the sequential read fails on it too, before any row.
            Assert.StartsWith("error", c.Sequential(ParallelCase.Render)[0]);
            return;
        }

        long next = 0;
        foreach ((long offset, byte[] lines, bool isFinal) in chunks)
        {
            Assert.True(offset == next, $"chunk at {offset}, expected {next}: {c}");
            Assert.True(lines.Length > 0, $"an empty chunk at {offset}: {c}");
            Assert.True(isFinal || lines[lines.Length - 1] == terminator, $"a chunk at {offset} that is not final ends mid-line: {c}");
            next += lines.Length;
        }

        if (error is not null)
        {
            // The chunk holding byte failAt failed: every chunk before it was delivered, nothing after.
            Assert.Same(failure, error);
            Assert.True(next <= failAt, $"a chunk past the failed one was delivered: {c}");
            return;
        }

        // Whole: the chunks are the input after its preamble, the last one final, and no chunk held byte failAt.
        byte[] all = chunks.SelectMany(chunk => chunk.Lines).ToArray();
        Assert.True(c.Bytes.AsSpan().EndsWith(all), $"the chunks are not the input's end: {c}");
        Assert.True(
            chunks.Count == 0 || chunks[chunks.Count - 1].IsFinal || all[all.Length - 1] == terminator,
            $"the last chunk ends without a terminator and is not final: {c}");
        Assert.True(failAt < 0 || failAt >= next, $"the chunk holding byte {failAt} of {next} did not fail: {c}");
    }

    /// <summary>A chunk worker is never handed part of a line: from a stream, a line over the maximum ends the read after the chunks before it.</summary>
    [Fact]
    public void A_line_too_long_for_the_chunk_read_of_a_stream_ends_it_after_the_chunks_before_it()
    {
        byte[] bytes = Encoding.UTF8.GetBytes("a\nbb\n" + new string('x', 40) + "\nc\n");
        var pool = new CountingBytePool();
        var chunks = new List<string>();
        using (TsvFileReader reader = TsvFileReader.From(new ChunkedStream(bytes, 3), TsvOptions.Default.WithMaxLineLength(10)))
        {
            reader.UsePoolForTests(pool);
            var options = new TsvParallelOptions { ChunkLength = 2, MaxDegreeOfParallelism = 2 };
            TsvFormatException error = Assert.Throws<TsvFormatException>(() =>
            {
                foreach (CopyResult result in reader.ParallelProcessChunks(() => new CopyWorker(-1, new InvalidOperationException()), options))
                {
                    chunks.Add(Encoding.UTF8.GetString(result.Lines.ToArray()));
                }
            });
            Assert.Equal(0, error.LineNumber);
            Assert.Contains("maximum line length of 10 bytes", error.Message, StringComparison.Ordinal);
        }

        Assert.Equal("a\nbb\n", string.Concat(chunks));
        pool.AssertAllReturned("a line too long for a chunk read");
    }

    [Fact]
    public void Misuse_is_refused_with_a_clear_exception()
    {
        byte[] bytes = Encoding.UTF8.GetBytes("a\tb\nc\td\n");
        using (TsvFileReader reader = TsvFileReader.From(bytes.AsMemory()))
        {
            Assert.Equal("selector", Assert.Throws<ArgumentNullException>(() => reader.ParallelSelect<int>(null!)).ParamName);
            TsvParallelResults<int> results = reader.ParallelSelect((in TsvRow row) => row.Line.Length);
            Assert.Throws<InvalidOperationException>(() => reader.ParallelSelect((in TsvRow row) => 0));
            Assert.Throws<InvalidOperationException>(() => reader.TryReadRow(out _));
            Assert.Equal(new[] { 3, 3 }, results.ToArray());
            Assert.Throws<InvalidOperationException>(() => results.GetEnumerator());
        }

        var disposed = TsvFileReader.From(bytes.AsMemory());
        disposed.Dispose();
        Assert.Throws<ObjectDisposedException>(() => disposed.ParallelSelect((in TsvRow row) => 0));
        Assert.Equal("value", Assert.Throws<ArgumentOutOfRangeException>(() => TsvParallelOptions.Default.WithMaxDegreeOfParallelism(0)).ParamName);
        Assert.Throws<ArgumentOutOfRangeException>(() => new TsvParallelOptions { MaxDegreeOfParallelism = -2 });
        Assert.Throws<ArgumentOutOfRangeException>(() => new TsvParallelOptions { ChunkLength = 0 });
        Assert.Throws<ArgumentOutOfRangeException>(() => TsvParallelOptions.Default.WithChunkLength((1 << 30) + 1));
        Assert.Equal(Environment.ProcessorCount, TsvParallelOptions.Default.EffectiveDegreeOfParallelism);
    }

    /// <summary>The line count that numbers the chunks' lines, against counting by hand, on random bytes.</summary>
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void The_chunk_line_count_counts_terminators_and_a_last_unterminated_line(int seed)
    {
        var random = new Random(seed);
        byte terminator = random.Next(2) == 0 ? (byte)'\n' : (byte)0;
        byte[] bytes = Enumerable.Range(0, random.Next(0, 300)).Select(_ => random.Next(4) == 0 ? terminator : (byte)random.Next(256)).ToArray();
        long expected = bytes.Count(b => b == terminator) + (bytes.Length > 0 && bytes[bytes.Length - 1] != terminator ? 1 : 0);
        Assert.Equal(expected, TsvLineCount.Count(bytes, terminator));
    }

    /// <summary>Reads the case in parallel, after its first rows sequentially; the values, then the first error described.</summary>
    internal static List<string> ReadInParallel(ParallelCase c, CountingBytePool pool, TsvRowSelector<string> select)
    {
        var values = new List<string>();
        using TsvFileReader reader = c.Open(pool);
        try
        {
            for (int i = 0; i < c.RowsFirst && reader.TryReadRow(out TsvRow row); i++)
            {
                values.Add(select(in row));
            }

            foreach (string value in reader.ParallelSelect(select, c.ParallelOptions))
            {
                values.Add(value);
            }
        }
        catch (Exception exception)
        {
            values.Add(ParallelCase.Describe(exception));
        }

        return values;
    }

    /// <summary>
    /// Runs <paramref name="body"/> on another thread and fails if it takes longer than the watchdog (a hang). The
    /// thread pool first gets threads enough for the case's workers to start at once (<see cref="PoolThreads"/>).
    /// </summary>
    internal static T WithinWatchdog<T>(ParallelCase c, Func<T> body)
    {
        PoolThreads.EnsureReady();
        Task<T> run = Task.Factory.StartNew(body, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        Assert.True(run.Wait(Watchdog), $"no result within {Watchdog.TotalSeconds} s (a hang): {c}");
        return run.Result;
    }

    /// <summary>Every pooled buffer came back, once (a read ahead abandoned by Dispose returns its own a moment later).</summary>
    internal static void AssertAllReturned(CountingBytePool pool, ParallelCase c)
    {
        SpinWait.SpinUntil(() => pool.Outstanding == 0, TimeSpan.FromSeconds(5));
        pool.AssertAllReturned(c.ToString());
    }

    /// <summary>The rows of <paramref name="reader"/> one by one (so an error comes after the rows before it).</summary>
    private static IEnumerable<string> Sequential(TsvFileReader reader)
    {
        while (NextRow(reader) is { } row)
        {
            yield return row;
        }
    }

    private static string? NextRow(TsvFileReader reader) => reader.TryReadRow(out TsvRow row) ? ParallelCase.Render(row) : null;

    /// <summary>
    /// Counts the selector calls in progress, and any that starts once the enumerator has been disposed. Each call
    /// spins a little, so that workers are inside one when the enumerator is disposed.
    /// </summary>
    private sealed class SelectorCalls
    {
        private readonly int _spin = Environment.ProcessorCount > 1 ? 200 : 0;
        private int _running;
        private int _afterDispose;
        private volatile bool _disposed;

        public TsvRowSelector<string> Wrap(TsvRowSelector<string> select) => (in TsvRow row) =>
        {
            Interlocked.Increment(ref _running);
            if (_disposed)
            {
                Interlocked.Increment(ref _afterDispose);
            }

            try
            {
                Thread.SpinWait(_spin);
                return select(in row);
            }
            finally
            {
                Interlocked.Decrement(ref _running);
            }
        };

        /// <summary>Call once the enumerator is disposed: no call runs now, and none starts in the next few milliseconds.</summary>
        public void AssertNoneRunningOrStartingAfterDispose(ParallelCase c)
        {
            _disposed = true;
            Assert.True(Volatile.Read(ref _running) == 0, $"{_running} selector call(s) still running after Dispose: {c}");
            Thread.Sleep(2);
            Assert.True(Volatile.Read(ref _afterDispose) == 0, $"a selector call started after Dispose: {c}");
        }
    }

    private sealed class CopyResult
    {
        public long Offset;
        public bool IsFinal;
        public List<byte> Lines = new();
    }

    /// <summary>Copies each chunk into its result; throws on the chunk that holds byte <c>failAt</c> of the chunks' bytes.</summary>
    private sealed class CopyWorker(long failAt, Exception failure) : ITsvChunkWorker<CopyResult>
    {
        public CopyResult CreateResult() => new();

        public void Process(ReadOnlySpan<byte> lines, long offset, bool isFinal, CopyResult result)
        {
            if (offset <= failAt && failAt < offset + lines.Length)
            {
                throw failure;
            }

            result.Offset = offset;
            result.IsFinal = isFinal;
            result.Lines.Clear();
            result.Lines.AddRange(lines.ToArray());
        }

        public void Dispose()
        {
        }
    }
}
