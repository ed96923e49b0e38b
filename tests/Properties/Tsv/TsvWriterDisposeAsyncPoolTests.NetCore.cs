using System.IO;
using System.IO.Pipelines;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;
using static FastText.Tests.Tsv.TsvWriterDisposeAsyncTests;

namespace FastText.Tests.Tsv;

/// <summary>
/// The writer's pooled buffer goes back on every way out of <see cref="TsvWriter.DisposeAsync"/>: rows delivered, the
/// destination failing in the write, the flush or the pipe's flush, the writer faulted before, disposed while a flush
/// was pending. Counted by <see cref="PooledArrayLedger"/> from the runtime's ArrayPool events.
/// </summary>
[Collection(nameof(PooledArrayLedgerCollection))]
public sealed class TsvWriterDisposeAsyncPoolTests
{
    public static TheoryData<string> Ways => new() { "delivered", "write throws", "flush throws", "pipe flush throws", "faulted before", "pending flush" };

    [Theory]
    [MemberData(nameof(Ways))]
    public async Task Every_way_out_of_DisposeAsync_returns_the_buffer(string way)
    {
        using var ledger = new PooledArrayLedger();
        using (ledger.Track(way))
        {
            await DisposeOneWayAsync(way);
        }

        Assert.True(ledger.Rentals > 0, "the writer rented nothing the ledger saw");
        await ledger.AssertAllReturnedAsync(TimeSpan.FromSeconds(5));
    }

    private static async Task DisposeOneWayAsync(string way)
    {
        var stream = new AsyncOnlyStream();
        var memory = new Pipe();
        var pipe = new CountingPipeWriter(memory.Writer);
        var writer = way == "pipe flush throws" ? new TsvWriter(pipe) : new TsvWriter(stream);
        writer.WriteField("a");
        writer.EndRow();
        switch (way)
        {
            case "delivered":
                await writer.DisposeAsync();
                break;
            case "write throws":
                stream.FailWrite = new IOException("gone");
                await Assert.ThrowsAsync<IOException>(async () => await writer.DisposeAsync());
                break;
            case "flush throws":
                stream.FailFlush = new IOException("gone");
                await Assert.ThrowsAsync<IOException>(async () => await writer.DisposeAsync());
                break;
            case "pipe flush throws":
                pipe.FailFlush = new IOException("gone");
                await Assert.ThrowsAsync<IOException>(async () => await writer.DisposeAsync());

                // The pipe's own segments (holding the row) go back when both sides are done with it.
                await memory.Writer.CompleteAsync();
                await memory.Reader.CompleteAsync();
                break;
            case "faulted before":
                stream.FailFlush = new IOException("gone");
                await Assert.ThrowsAsync<IOException>(() => writer.FlushAsync().AsTask());
                await writer.DisposeAsync();
                break;
            default:
                stream.Gate = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
                ValueTask flush = writer.FlushAsync();
                await writer.DisposeAsync();
                stream.Gate.SetResult(true);
                await flush;
                break;
        }
    }
}
