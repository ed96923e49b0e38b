using System.Buffers.Text;
using System.IO.Pipelines;
using System.Threading.Tasks;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>Runs alone: the allocation counter must see only the reads measured.</summary>
[CollectionDefinition(nameof(TsvReadWaitAllocationCollection), DisableParallelization = true)]
public sealed class TsvReadWaitAllocationCollection
{
}

/// <summary>
/// A read that waits for its input (a request body arriving in packets) allocates nothing per wait on net8.0: the
/// row driver over a <see cref="PipeReader"/> and <see cref="TsvFileReader.ReadAsync"/>, each fed one line per pipe
/// flush, so every fill waits and the pipe resumes it inline on this thread.
/// </summary>
[Collection(nameof(TsvReadWaitAllocationCollection))]
public sealed class TsvReadWaitAllocationTests
{
    private const int Lines = 2_000;

    // A state machine allocated per wait is over 100 bytes; the test's own objects, spread over a run's lines, are
    // far below one byte each.
    private const double MaxBytesPerWaitingRead = 4;

    [Fact]
    public Task The_row_driver_over_a_pipe_allocates_nothing_per_read_that_waits() =>
        AssertNothingAllocatedPerWaitingRead("the row driver", async (input, handled) =>
        {
            using var reader = new TsvReader(new[] { 0, 1 });
            await reader.ReadRowsAsync(input, new CountingHandler(handled)).ConfigureAwait(false);
        });

    [Fact]
    public Task ReadAsync_over_a_pipe_allocates_nothing_per_read_that_waits() =>
        AssertNothingAllocatedPerWaitingRead("ReadAsync", async (input, handled) =>
        {
            using TsvFileReader file = TsvFileReader.From(input);
            while (await file.ReadAsync().ConfigureAwait(false))
            {
                handled.Count++;
            }
        });

    // The body runs on the thread pool: under the test framework's SynchronizationContext a completed Task would
    // queue its ConfigureAwait(false) continuation instead of running it in the flush, and no read would run inline.
    private static Task AssertNothingAllocatedPerWaitingRead(string read, Func<PipeReader, HandledRows, Task> readAll) => Task.Run(async () =>
    {
        Pipe pipe = InlinePipe();
        var handled = new HandledRows();
        Task reading = readAll(pipe.Reader, handled);
        Assert.False(reading.IsCompleted, $"{read} finished before any input arrived");

        double fewest = FewestBytesPerLine(pipe.Writer, handled, out long written);
        await pipe.Writer.CompleteAsync();
        await reading;
        Assert.Equal(written, handled.Count);
        Assert.True(fewest < MaxBytesPerWaitingRead, $"{fewest:F2} bytes allocated per line whose read by {read} waited for the pipe, in the best of three runs of {Lines:N0}");
    });

    // No back-pressure, and the reader's continuation runs inline in the writer's flush: every line is read on this
    // thread before the flush returns, so this thread's allocation counter sees the whole read.
    private static Pipe InlinePipe() =>
        new(new PipeOptions(readerScheduler: PipeScheduler.Inline, pauseWriterThreshold: 0, useSynchronizationContext: false));

    /// <summary>A warm-up run, then the fewest bytes per line of three runs (tiering's one-time allocations are not per line).</summary>
    private static double FewestBytesPerLine(PipeWriter writer, HandledRows handled, out long written)
    {
        WriteLines(writer, handled);
        written = Lines;
        double fewest = double.MaxValue;
        for (int run = 0; run < 3 && fewest > 0; run++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            WriteLines(writer, handled);
            written += Lines;
            fewest = Math.Min(fewest, (double)(GC.GetAllocatedBytesForCurrentThread() - before) / Lines);
        }

        return fewest;
    }

    private static void WriteLines(PipeWriter writer, HandledRows handled)
    {
        for (int line = 0; line < Lines; line++)
        {
            Span<byte> span = writer.GetSpan(32);
            "GET\t"u8.CopyTo(span);
            Assert.True(Utf8Formatter.TryFormat(line, span[4..], out int digits));
            span[4 + digits] = (byte)'\n';
            writer.Advance(5 + digits);
            long before = handled.Count;
            ValueTask<FlushResult> flushed = writer.FlushAsync();
            Assert.True(flushed.IsCompletedSuccessfully);
            flushed.GetAwaiter().GetResult();
            if (handled.Count != before + 1)
            {
                // The read did not wait for this line and run in its flush: the test would measure the wrong path.
                Assert.Fail($"line {line}: {handled.Count - before} rows read during its flush, not 1");
            }
        }
    }

    private sealed class HandledRows
    {
        public long Count;
    }

    private readonly struct CountingHandler(HandledRows handled) : ITsvRowHandler
    {
        public void OnRow(in TsvRow row) => handled.Count++;
    }
}
