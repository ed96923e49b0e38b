using System.IO.Pipelines;
using System.Threading.Tasks;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>Runs alone: the process-wide allocation counter must see only the flushes measured.</summary>
[CollectionDefinition(nameof(TsvWriterFlushAllocationCollection), DisableParallelization = true)]
public sealed class TsvWriterFlushAllocationCollection
{
}

/// <summary>
/// <see cref="TsvWriter.FlushAsync"/> into a <see cref="PipeWriter"/> allocates nothing per flush once warm, whether
/// the pipe's flush completes at once (both builds) or waits for its reader (net8.0, in the .Net8 part).
/// </summary>
[Collection(nameof(TsvWriterFlushAllocationCollection))]
public sealed partial class TsvWriterFlushAllocationTests
{
    private const int Flushes = 2_000;

    [Fact]
    public void A_flush_the_pipe_completes_at_once_allocates_nothing()
    {
        // No back-pressure: the pipe's flush never waits, and the reader drains between flushes on this thread.
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, useSynchronizationContext: false));
        using var writer = new TsvWriter(pipe.Writer);
        void FlushRows(int count)
        {
            for (int flush = 0; flush < count; flush++)
            {
                writer.WriteField("GET");
                writer.WriteField(flush);
                writer.EndRow();
                ValueTask flushed = writer.FlushAsync();
                Assert.True(flushed.IsCompletedSuccessfully);
                flushed.GetAwaiter().GetResult();
                Assert.True(pipe.Reader.TryRead(out ReadResult read));
                pipe.Reader.AdvanceTo(read.Buffer.End);
            }
        }

        FlushRows(Flushes);
        long rows = Flushes;

        // The fewest bytes of three batches: a one-time allocation while the loop is tiered up is not per flush.
        long fewest = long.MaxValue;
        for (int batch = 0; batch < 3 && fewest != 0; batch++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            FlushRows(Flushes);
            rows += Flushes;
            fewest = Math.Min(fewest, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        Assert.True(fewest == 0, $"{fewest} bytes allocated for {Flushes:N0} flushes that completed at once, in the best of three batches");
        Assert.Equal(rows, writer.FlushedRowCount);
    }
}
