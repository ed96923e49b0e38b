using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>A flush that waits for the pipe's reader: net8.0 pools its state machine.</summary>
public sealed partial class TsvWriterFlushAllocationTests
{
    // An allocated state machine (the writer's flush as a Task) is over 100 bytes; the test's own per-run objects,
    // spread over the flushes of a run, are far below one byte each.
    private const double MaxBytesPerWaitingFlush = 4;

    [Fact]
    public async Task A_flush_that_waits_for_the_reader_allocates_nothing_per_flush()
    {
        // Every flush waits: one unread byte pauses the writer. The reader polls on its own thread and, as the
        // writer's scheduler is inline, resumes the waiting flush there: no thread-pool work item, whose allocation is
        // the pipe's and not the writer's, between the two.
        var pipe = new Pipe(new PipeOptions(
            pauseWriterThreshold: 1,
            resumeWriterThreshold: 1,
            writerScheduler: PipeScheduler.Inline,
            useSynchronizationContext: false));
        Task reader = Task.Factory.StartNew(() => Drain(pipe.Reader), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);
        var writer = new TsvWriter(pipe.Writer);

        await FlushRowsAsync(writer, Flushes);
        long rows = Flushes;

        // The fewest bytes of three runs: a one-time allocation while the loop is tiered up is not per flush.
        double fewest = double.MaxValue;
        int waited = 0;
        for (int run = 0; run < 3 && fewest > 0; run++)
        {
            long before = GC.GetTotalAllocatedBytes(precise: true);
            waited = await FlushRowsAsync(writer, Flushes);
            rows += Flushes;
            fewest = Math.Min(fewest, (double)(GC.GetTotalAllocatedBytes(precise: true) - before) / Flushes);
        }

        await writer.DisposeAsync();
        await pipe.Writer.CompleteAsync();
        await reader;
        Assert.True(waited > Flushes * 9 / 10, $"only {waited:N0} of {Flushes:N0} flushes waited for the reader: the test measures the wrong path");
        Assert.True(fewest < MaxBytesPerWaitingFlush, $"{fewest:F2} bytes allocated per flush that waited for the reader, in the best of three runs of {Flushes:N0}");
        Assert.Equal(rows, writer.FlushedRowCount);
    }

    /// <summary>Writes a row and flushes it, <paramref name="count"/> times; returns how many flushes had to wait.</summary>
    private static async Task<int> FlushRowsAsync(TsvWriter writer, int count)
    {
        int waited = 0;
        for (int flush = 0; flush < count; flush++)
        {
            writer.WriteField("GET");
            writer.WriteField(flush);
            writer.EndRow();
            ValueTask flushed = writer.FlushAsync();
            waited += flushed.IsCompleted ? 0 : 1;
            await flushed.ConfigureAwait(false);
        }

        return waited;
    }

    private static void Drain(PipeReader reader)
    {
        var spin = default(SpinWait);
        while (true)
        {
            if (!reader.TryRead(out ReadResult read))
            {
                spin.SpinOnce();
                continue;
            }

            reader.AdvanceTo(read.Buffer.End);
            if (read.IsCompleted)
            {
                reader.Complete();
                return;
            }
        }
    }
}
