using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// The rules for every source a <see cref="TsvFileReader"/> reads and every callback it calls: no buffer goes
/// back to the pool while a read may still write into it; Dispose never waits for a read nobody asked for; what was
/// read before a failure or a cancellation is delivered, never dropped or invented; a count the library cannot check
/// is refused.
/// </summary>
public sealed partial class TsvSourceHardnessTests
{
    private static byte[] Rows(int count)
    {
        var text = new StringBuilder();
        for (int i = 0; i < count; i++)
        {
            text.Append('r').Append(i).Append('\t').Append(new string((char)('a' + (i % 26)), i % 13)).Append('\n');
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }

    /// <summary>The rows of the complete lines of <paramref name="bytes"/>, as <see cref="Line"/> renders them.</summary>
    private static List<string> CompleteLines(byte[] bytes, int length)
    {
        string text = Encoding.UTF8.GetString(bytes, 0, length);
        string[] lines = text.Split('\n');
        return lines.Take(lines.Length - 1).Select((line, i) => (i + 1) + ":" + line).ToList();
    }

    /// <summary>Whether <paramref name="task"/> ends within 10 s (a hang is what several of these tests look for).</summary>
    private static async Task<bool> Finishes(Task task) => await Task.WhenAny(task, Task.Delay(TimeSpan.FromSeconds(10))) == task;

    private static string Line(in TsvRow row) => row.LineNumber + ":" + Encoding.UTF8.GetString(row.Line.ToArray());

    /// <summary>What every stream of these tests shares: readable only, not seekable unless it says so.</summary>
    private abstract class ReadOnlyTestStream : Stream
    {
        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    // --- Defect 2: Dispose from another thread while the reader's own read blocks in the stream ---

    [Fact]
    public async Task Dispose_on_another_thread_during_a_blocking_read_keeps_the_buffer_out_of_the_pool_until_the_read_returns()
    {
        var stream = new GatedStream(Rows(50));
        var reader = TsvFileReader.From(stream, leaveOpen: true);
        Task<Exception?> consumer = Task.Run(() =>
        {
            try
            {
                foreach (TsvRow row in reader)
                {
                }

                return (Exception?)null;
            }
            catch (Exception error)
            {
                return error;
            }
        });
        Assert.True(stream.Entered.Wait(TimeSpan.FromSeconds(10)), "the read never started");
        byte[] target = stream.Destination!;

        bool rentedTheReadsBuffer = true;
        var disposer = new Thread(() =>
        {
            reader.Dispose();
            // On this thread the pool hands back first what this thread returned last.
            byte[] next = ArrayPool<byte>.Shared.Rent(target.Length);
            rentedTheReadsBuffer = ReferenceEquals(next, target);
            ArrayPool<byte>.Shared.Return(next);
        });
        disposer.Start();
        Assert.True(disposer.Join(TimeSpan.FromSeconds(10)), "Dispose hung");
        Assert.False(rentedTheReadsBuffer, "Dispose returned the buffer a pending read writes into");

        stream.Release();
        Assert.True(await Finishes(consumer), "the read never ended");
        Assert.IsType<ObjectDisposedException>(await consumer);
    }

    /// <summary>A non-seekable stream whose first read waits at a gate, then writes into the destination it was given.</summary>
    private sealed class GatedStream : ReadOnlyTestStream
    {
        private readonly byte[] _bytes;
        private readonly ManualResetEventSlim _gate = new(false);
        private int _position;

        public GatedStream(byte[] bytes) => _bytes = bytes;

        public ManualResetEventSlim Entered { get; } = new(false);

        public byte[]? Destination { get; private set; }

        public void Release() => _gate.Set();

        public override int Read(byte[] buffer, int offset, int count)
        {
            Destination = buffer;
            Entered.Set();
            _gate.Wait();
            int n = Math.Min(count, _bytes.Length - _position);
            Array.Copy(_bytes, _position, buffer, offset, n);
            _position += n;
            return n;
        }
    }

    // --- Defect 9: Dispose does not wait for a read ahead that nobody asked for ---

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Dispose_abandons_a_read_ahead_blocked_in_the_stream_and_the_worker_cleans_up_when_it_returns(bool leaveOpen)
    {
        byte[] bytes = Rows(2_000);
        var stream = new StallingSeekableStream(bytes, stallAt: 64 + 1024 + 10);
        var reader = TsvFileReader.From(stream, leaveOpen: leaveOpen);
        reader.ConfigureReadAheadForTests(initialBufferSize: 64, reserve: 64, block: 1024);
        int rows = 0;
        while (!reader.IsReadingAhead || rows < 10)
        {
            Assert.True(reader.TryReadRow(out _));
            rows++;
        }

        Assert.True(stream.Stalled.Wait(TimeSpan.FromSeconds(10)), "the read ahead never reached the stall");
        Task dispose = Task.Run(reader.Dispose);
        Assert.True(await Finishes(dispose), "Dispose waited for a read nobody asked for");
        Assert.False(stream.Disposed, "the stream was closed while a read of the reader was inside it");

        stream.Release();
        Assert.True(SpinWait.SpinUntil(() => stream.ReadReturned, TimeSpan.FromSeconds(10)));
        Assert.Equal(!leaveOpen, SpinWait.SpinUntil(() => stream.Disposed, TimeSpan.FromSeconds(leaveOpen ? 0.2 : 10)));
        Assert.Null(stream.Misuse);
        int reads = stream.ReadCalls;
        Thread.Sleep(50);
        Assert.Equal(reads, stream.ReadCalls);
    }

    /// <summary>Seekable; reads normally until a read that would pass <c>stallAt</c>, which waits at a gate.</summary>
    private sealed class StallingSeekableStream : ReadOnlyTestStream
    {
        private readonly byte[] _bytes;
        private readonly int _stallAt;
        private readonly ManualResetEventSlim _gate = new(false);
        private int _position;
        private int _active;

        public StallingSeekableStream(byte[] bytes, int stallAt)
        {
            _bytes = bytes;
            _stallAt = stallAt;
        }

        public ManualResetEventSlim Stalled { get; } = new(false);

        public bool ReadReturned { get; private set; }

        public bool Disposed { get; private set; }

        public string? Misuse { get; private set; }

        public int ReadCalls;

        public void Release() => _gate.Set();

        public override int Read(byte[] buffer, int offset, int count)
        {
            Interlocked.Increment(ref ReadCalls);
            if (Interlocked.Increment(ref _active) != 1 || Disposed)
            {
                Misuse ??= "overlapping reads, or a read after Dispose";
            }

            try
            {
                int n = Math.Min(Math.Min(count, 100), _bytes.Length - _position);
                if (_position + n > _stallAt)
                {
                    Stalled.Set();
                    _gate.Wait();
                    ReadReturned = true;
                }

                Array.Copy(_bytes, _position, buffer, offset, n);
                _position += n;
                return n;
            }
            finally
            {
                Interlocked.Decrement(ref _active);
            }
        }

        protected override void Dispose(bool disposing)
        {
            if (Volatile.Read(ref _active) != 0)
            {
                Misuse ??= "Dispose during a read";
            }

            Disposed = true;
            base.Dispose(disposing);
        }

        public override bool CanSeek => true;

        public override long Length => _bytes.Length;

        public override long Position { get => _position; set => throw new NotSupportedException(); }
    }

    // --- Defect 3: a cancelled pipe read is not the end of the input ---

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 40)]
    public void CancelPendingRead_makes_a_read_throw_OperationCanceledException_and_reading_on_gives_every_row_once(int seed)
    {
        var random = new Random(seed);
        byte[] bytes = Rows(400);
        var pipe = new ScriptedPipeReader(bytes, chunk: random.Next(1, 90), segmentSize: random.Next(1, 40));
        using TsvFileReader reader = TsvFileReader.From(pipe);
        var rows = new List<string>();
        int cancellations = 0;
        while (true)
        {
            if (random.Next(4) == 0)
            {
                pipe.CancelPendingRead();
            }

            try
            {
                if (!reader.TryReadRow(out TsvRow row))
                {
                    break;
                }

                rows.Add(Line(row));
            }
            catch (OperationCanceledException)
            {
                cancellations++;
            }
        }

        Assert.True(CompleteLines(bytes, bytes.Length).SequenceEqual(rows), $"seed {seed}: rows differ ({cancellations} cancellations)");
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 40)]
    public void A_foreach_over_a_pipe_that_is_cancelled_restarts_where_it_stopped(int seed)
    {
        var random = new Random(seed);
        byte[] bytes = Rows(300);
        var pipe = new ScriptedPipeReader(bytes, chunk: random.Next(1, 90), segmentSize: random.Next(1, 40));
        using TsvFileReader reader = TsvFileReader.From(pipe);
        var rows = new List<string>();
        int cancellations = 0;
        bool done = false;
        while (!done)
        {
            try
            {
                foreach (TsvRow row in reader)
                {
                    rows.Add(Line(row));
                    if (random.Next(5) == 0)
                    {
                        pipe.CancelPendingRead();
                    }
                }

                done = true;
            }
            catch (OperationCanceledException)
            {
                cancellations++;
            }
        }

        Assert.True(CompleteLines(bytes, bytes.Length).SequenceEqual(rows), $"seed {seed}: rows differ ({cancellations} cancellations)");
    }

    // --- Defect 4: the rows read before a failure are delivered, for every source ---

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 40)]
    public void A_source_that_fails_after_some_reads_delivers_every_row_it_returned_then_the_error_again_and_again(int seed)
    {
        var random = new Random(seed);
        string source = new[] { "stream", "seekable stream reading ahead", "pipe" }[random.Next(3)];
        byte[] bytes = Rows(3_000);
        int failAt = random.Next(bytes.Length / 4, bytes.Length * 3 / 4);
        int chunk = random.Next(3, 40);
        TsvFileReader reader;
        ScriptedPipeReader? pipe = null;
        if (source == "pipe")
        {
            pipe = new ScriptedPipeReader(bytes, chunk, segmentSize: 17) { ThrowOnRead = (failAt / chunk) + 1 };
            reader = TsvFileReader.From(pipe);
        }
        else
        {
            var stream = new ChunkedStream(bytes, chunk) { ThrowAt = failAt, Seekable = source != "stream" };
            reader = TsvFileReader.From(stream);
            if (stream.Seekable)
            {
                reader.ConfigureReadAheadForTests(initialBufferSize: 64, reserve: 32, block: 1024);
            }
        }

        using (reader)
        {
            var rows = new List<string>();
            Exception? error = null;
            try
            {
                foreach (TsvRow row in reader)
                {
                    rows.Add(Line(row));
                }
            }
            catch (IOException failure)
            {
                error = failure;
            }

            Assert.True(error is not null, $"seed {seed}, {source}: no error");

            // What the pipe gave before the failing read is what the reader consumed of it (it keeps nothing there).
            Assert.True(CompleteLines(bytes, pipe is null ? failAt : (int)pipe.Consumed).SequenceEqual(rows), $"seed {seed}, {source}: rows differ");
            if (pipe is null)
            {
                // A stream that failed fails again (a pipe read may succeed after one that threw: not asserted).
                Assert.Throws<IOException>(() => reader.TryReadRow(out _));
            }
        }
    }

    // --- Defect 10: a cancellation after progress never loses a struct handler's rows ---

    private struct CountingHandler : ITsvRowHandler
    {
        public int Count;
        public int CancelAfter;
        public CancellationTokenSource? Cancel;
        public List<string>? Lines;

        public void OnRow(in TsvRow row)
        {
            Count++;
            Lines!.Add(Line(row));
            if (Count == CancelAfter)
            {
                Cancel!.Cancel();
            }
        }
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 40)]
    public void ReadRowsAsync_cancelled_after_rows_returns_the_handler_with_them_and_resuming_counts_every_row(int seed) =>
        ReadRowsAsyncCancelledAtRandomRows(seed).GetAwaiter().GetResult();

    private static async Task ReadRowsAsyncCancelledAtRandomRows(int seed)
    {
        var random = new Random(seed);
        byte[] bytes = Rows(1_000);
        var pipe = new ScriptedPipeReader(bytes, chunk: random.Next(20, 400), segmentSize: random.Next(5, 100));
        var reader = new TsvReader(new[] { 0, 1 });
        var lines = new List<string>();
        int total = 0;
        while (true)
        {
            using var cancel = new CancellationTokenSource();
            var handler = new CountingHandler { CancelAfter = random.Next(1, 120), Cancel = cancel, Lines = lines };
            handler = await reader.ReadRowsAsync(pipe, handler, cancel.Token);
            total += handler.Count;
            if (!cancel.IsCancellationRequested)
            {
                break;
            }
        }

        Assert.True(total == 1_000 && reader.LineNumber == 1_000, $"seed {seed}: handled {total}, line number {reader.LineNumber}");
        Assert.True(CompleteLines(bytes, bytes.Length).SequenceEqual(lines), $"seed {seed}: rows differ");
    }

    [Fact]
    public async Task ReadRowsAsync_cancelled_before_any_row_throws_and_leaves_the_pipe_unread()
    {
        var pipe = new ScriptedPipeReader(Rows(10), chunk: 7, segmentSize: 3);
        var reader = new TsvReader(new[] { 0 });
        using var cancel = new CancellationTokenSource();
        cancel.Cancel();
        var handler = new CountingHandler { Lines = new List<string>() };
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => reader.ReadRowsAsync(pipe, handler, cancel.Token).AsTask());
        Assert.Equal(0, pipe.Consumed);
        Assert.Equal(0, reader.LineNumber);
    }

    // --- A stream that over-reports what it read ---

    [Theory]
    [InlineData(false, 1)]
    [InlineData(false, -1)]
    [InlineData(true, 1)]
    [InlineData(true, -1)]
    public void A_stream_reporting_more_than_it_was_asked_for_or_a_negative_count_is_refused(bool seekable, int lie)
    {
        var stream = new MiscountingStream(Rows(5_000), lie, seekable);
        using TsvFileReader reader = TsvFileReader.From(stream);
        reader.ConfigureReadAheadForTests(initialBufferSize: 64, reserve: 32, block: 1024);
        var error = Assert.Throws<InvalidOperationException>(() =>
        {
            foreach (TsvRow row in reader)
            {
            }
        });
        Assert.Contains(nameof(MiscountingStream), error.Message, StringComparison.Ordinal);
    }

    /// <summary>Reads honestly three times, then reports its count plus <c>lie</c> (or -1 for a negative lie).</summary>
    private sealed class MiscountingStream : MemoryStream
    {
        private readonly int _lie;
        private readonly bool _seekable;
        private int _reads;

        public MiscountingStream(byte[] bytes, int lie, bool seekable)
            : base(bytes, writable: false)
        {
            _lie = lie;
            _seekable = seekable;
        }

        public override bool CanSeek => _seekable;

        public override bool TryGetBuffer(out ArraySegment<byte> buffer)
        {
            buffer = default;
            return false;
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            int read = base.Read(buffer, offset, Math.Min(count, 50));
            return ++_reads <= 3 ? read : _lie < 0 ? -1 : count + _lie;
        }
    }
}
