using System.Buffers;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>The asynchronous reads of net8.0: Dispose while a ReadAsync is pending, cancellation of a pipe's ReadAsync.</summary>
public sealed partial class TsvSourceHardnessTests
{
    [Fact]
    public async Task Dispose_while_a_ReadAsync_is_pending_keeps_its_buffer_from_the_pool_and_the_read_ends_ObjectDisposed()
    {
        var stream = new GatedAsyncStream(Rows(50));
        var reader = TsvFileReader.From(stream);
        ValueTask<bool> pending = reader.ReadAsync();
        Assert.False(pending.IsCompleted);
        Assert.True(MemoryMarshal.TryGetArray(stream.Destination, out ArraySegment<byte> target));

        reader.Dispose();
        // On this thread the pool hands back first what this thread returned last.
        byte[] next = ArrayPool<byte>.Shared.Rent(target.Array!.Length);
        bool rentedTheReadsBuffer = ReferenceEquals(next, target.Array);
        ArrayPool<byte>.Shared.Return(next);
        Assert.False(rentedTheReadsBuffer, "Dispose returned the buffer a pending ReadAsync writes into");

        stream.Release();
        await Assert.ThrowsAsync<ObjectDisposedException>(async () => await pending);
    }

    [Fact]
    public async Task A_second_read_while_a_ReadAsync_is_pending_is_refused_instead_of_filling_the_same_buffer()
    {
        var stream = new GatedAsyncStream(Rows(50));
        using TsvFileReader reader = TsvFileReader.From(stream);
        ValueTask<bool> pending = reader.ReadAsync();
        Assert.Throws<InvalidOperationException>(() => reader.TryReadRow(out _));
        stream.Release();
        Assert.True(await pending);
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 40)]
    public void ReadAsync_over_a_cancelled_pipe_read_throws_and_reading_on_gives_every_row_once(int seed) =>
        ReadAsyncOverCancelledPipeReads(seed).GetAwaiter().GetResult();

    private static async Task ReadAsyncOverCancelledPipeReads(int seed)
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
                if (!await reader.ReadAsync())
                {
                    break;
                }

                rows.Add(Line(reader.CurrentRecord.Row));
            }
            catch (OperationCanceledException)
            {
                cancellations++;
            }
        }

        Assert.True(CompleteLines(bytes, bytes.Length).SequenceEqual(rows), $"seed {seed}: rows differ ({cancellations} cancellations)");
    }

    /// <summary>A non-seekable stream whose first ReadAsync completes only when released, then writes into the memory it was given.</summary>
    private sealed class GatedAsyncStream : ReadOnlyTestStream
    {
        private readonly byte[] _bytes;
        private readonly TaskCompletionSource _gate = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private int _position;

        public GatedAsyncStream(byte[] bytes) => _bytes = bytes;

        public Memory<byte> Destination { get; private set; }

        public void Release() => _gate.TrySetResult();

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Destination = buffer;
            return new ValueTask<int>(WriteWhenReleased(buffer));
        }

        private async Task<int> WriteWhenReleased(Memory<byte> buffer)
        {
            await _gate.Task.ConfigureAwait(false);
            int n = Math.Min(buffer.Length, _bytes.Length - _position);
            _bytes.AsMemory(_position, n).CopyTo(buffer);
            _position += n;
            return n;
        }

        public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();
    }
}
