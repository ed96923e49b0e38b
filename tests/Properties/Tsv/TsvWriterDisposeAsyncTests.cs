using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// <see cref="TsvWriter.DisposeAsync"/> (what <c>await using</c> calls) delivers the rows with asynchronous writes only,
/// as a destination that refuses synchronous I/O (Kestrel's response) needs; it flushes a pipe only when rows went into
/// it; and <see cref="TsvWriter.FlushAsync"/> refuses an already canceled token before it touches anything, and a
/// canceled pipe flush like a canceled token.
/// </summary>
public sealed class TsvWriterDisposeAsyncTests
{
    /// <summary>A stream that, like Kestrel's response body, throws on every synchronous write or flush.</summary>
    internal sealed class AsyncOnlyStream : Stream
    {
        public MemoryStream Written { get; } = new();

        public int AsyncFlushes { get; private set; }

        public bool IsDisposed { get; private set; }

        /// <summary>Completes the async writes only when released (null: at once).</summary>
        public TaskCompletionSource<bool>? Gate { get; set; }

        /// <summary>Thrown by the next async write.</summary>
        public Exception? FailWrite { get; set; }

        /// <summary>Thrown by the next async flush.</summary>
        public Exception? FailFlush { get; set; }

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush() => throw new InvalidOperationException("Synchronous operations are disallowed.");

        public override void Write(byte[] buffer, int offset, int count) => throw new InvalidOperationException("Synchronous operations are disallowed.");

        public override async Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        {
            if (Gate is not null)
            {
                await Gate.Task.ConfigureAwait(false);
            }

            if (FailWrite is { } failure)
            {
                throw failure;
            }

            Written.Write(buffer, offset, count);
        }

        public override Task FlushAsync(CancellationToken cancellationToken)
        {
            if (FailFlush is { } failure)
            {
                return Task.FromException(failure);
            }

            AsyncFlushes++;
            return Task.CompletedTask;
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            IsDisposed = true;
            base.Dispose(disposing);
        }
    }

    /// <summary>A pipe's writer that counts flushes and can ignore the token it is given, as some destinations do.</summary>
    internal sealed class CountingPipeWriter(PipeWriter inner, bool ignoreToken = false) : PipeWriter
    {
        public int Flushes { get; private set; }

        public Exception? FailFlush { get; set; }

        public override void Advance(int bytes) => inner.Advance(bytes);

        public override Memory<byte> GetMemory(int sizeHint = 0) => inner.GetMemory(sizeHint);

        public override Span<byte> GetSpan(int sizeHint = 0) => inner.GetSpan(sizeHint);

        public override void CancelPendingFlush() => inner.CancelPendingFlush();

        public override void Complete(Exception? exception = null) => inner.Complete(exception);

        public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
        {
            Flushes++;
            if (FailFlush is { } failure)
            {
                return new ValueTask<FlushResult>(Task.FromException<FlushResult>(failure));
            }

            return inner.FlushAsync(ignoreToken ? CancellationToken.None : cancellationToken);
        }
    }

    private static string Text(MemoryStream stream) => Encoding.UTF8.GetString(stream.ToArray());

    private static string Text(Pipe pipe)
    {
        Assert.True(pipe.Reader.TryRead(out ReadResult read));
        string text = Encoding.UTF8.GetString(System.Buffers.BuffersExtensions.ToArray(read.Buffer));
        pipe.Reader.AdvanceTo(read.Buffer.End);
        return text;
    }

    /// <summary>Rows that fit the buffer (a full buffer is written when it fills, synchronously on a Stream).</summary>
    private static string WriteRows(TsvWriter writer, Random random)
    {
        var expected = new StringBuilder();
        for (int row = random.Next(0, 12); row > 0; row--)
        {
            for (int field = random.Next(0, 4); field > 0; field--)
            {
                string value = new string((char)('a' + random.Next(26)), random.Next(0, 6));
                writer.WriteField(value);
                expected.Append(value).Append(field > 1 ? "\t" : "");
            }

            writer.EndRow();
            expected.Append('\n');
        }

        if (random.Next(2) == 0)
        {
            writer.WriteField("dropped");                 // a row in progress: disposing drops it
        }

        return expected.ToString();
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void DisposeAsync_delivers_the_rows_to_a_stream_that_refuses_synchronous_writes(int seed)
    {
        var random = new Random(seed);
        var stream = new AsyncOnlyStream();
        bool leaveOpen = random.Next(2) == 0;
        var writer = new TsvWriter(stream, new TsvWriterOptions { BufferSize = random.Next(256, 1024) }, leaveOpen);
        string expected = WriteRows(writer, random);
        writer.DisposeAsync().AsTask().GetAwaiter().GetResult();

        Assert.Equal(expected, Text(stream.Written));
        Assert.Equal(writer.RowCount, writer.FlushedRowCount);
        Assert.Equal(1, stream.AsyncFlushes);
        Assert.Equal(!leaveOpen, stream.IsDisposed);
        Assert.True(writer.DisposeAsync().IsCompleted);     // a second one does nothing
        Assert.Throws<ObjectDisposedException>(() => writer.WriteField("late"));
    }

    [Fact]
    public void Dispose_on_a_stream_that_refuses_synchronous_writes_throws_where_DisposeAsync_does_not()
    {
        var stream = new AsyncOnlyStream();
        var writer = new TsvWriter(stream);
        writer.WriteField("row");
        writer.EndRow();
        Assert.Throws<InvalidOperationException>(() => writer.Dispose());
        Assert.True(stream.IsDisposed);                     // the buffer and the stream are let go all the same
    }

    [Fact]
    public async Task DisposeAsync_flushes_a_pipe_when_rows_went_into_it_and_never_completes_it()
    {
        var pipe = new Pipe();
        var counting = new CountingPipeWriter(pipe.Writer);
        var writer = new TsvWriter(counting);
        writer.WriteField("a");
        writer.EndRow();
        await writer.DisposeAsync();
        Assert.Equal(1, counting.Flushes);
        Assert.Equal("a\n", Text(pipe));

        // Not completed: the caller (Kestrel, for a response) still owns the pipe.
        pipe.Writer.GetSpan(1)[0] = (byte)'z';
        pipe.Writer.Advance(1);
        await pipe.Writer.FlushAsync();
        Assert.Equal("z", Text(pipe));
    }

    [Fact]
    public async Task DisposeAsync_does_not_flush_a_pipe_that_got_nothing_since_its_last_flush()
    {
        // A response pipe flushed with nothing in it still starts the response: an error status would come too late.
        var nothing = new CountingPipeWriter(new Pipe().Writer);
        var writer = new TsvWriter(nothing);
        writer.WriteField("row in progress, dropped");
        await writer.DisposeAsync();
        Assert.Equal(0, nothing.Flushes);

        var pipe = new Pipe();
        var flushed = new CountingPipeWriter(pipe.Writer);
        writer = new TsvWriter(flushed);
        writer.WriteField("a");
        writer.EndRow();
        await writer.FlushAsync();
        await writer.DisposeAsync();
        Assert.Equal(1, flushed.Flushes);
        Assert.Equal("a\n", Text(pipe));

        // Rows that went into the pipe when the buffer filled are flushed by DisposeAsync, though none is left in it.
        pipe = new Pipe();
        var filled = new CountingPipeWriter(pipe.Writer);
        writer = new TsvWriter(filled, new TsvWriterOptions { BufferSize = 16 });
        for (int i = 0; i < 10; i++)
        {
            writer.WriteField("0123456789");
            writer.EndRow();
        }

        writer.WriteField("x");
        await writer.DisposeAsync();
        Assert.Equal(1, filled.Flushes);
        Assert.Equal(string.Concat(Enumerable.Repeat("0123456789\n", 10)), Text(pipe));
    }

    [Fact]
    public async Task FlushAsync_with_a_canceled_token_throws_before_it_touches_the_destination()
    {
        using var canceled = new CancellationTokenSource();
        canceled.Cancel();
        var pipe = new Pipe();
        var ignoring = new CountingPipeWriter(pipe.Writer, ignoreToken: true);
        var stream = new AsyncOnlyStream();
        foreach (TsvWriter writer in new[] { new TsvWriter(ignoring), new TsvWriter(stream) })
        {
            writer.WriteField("a");
            writer.EndRow();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => writer.FlushAsync(canceled.Token).AsTask());
            Assert.Equal(0, writer.FlushedRowCount);
            Assert.Equal(2, writer.PendingByteCount);

            // Not faulted: the writer goes on, and disposing delivers every row.
            writer.WriteField("b");
            writer.EndRow();
            await writer.DisposeAsync();
            Assert.Equal(2, writer.FlushedRowCount);
        }

        Assert.Equal(1, ignoring.Flushes);                   // DisposeAsync's, not the canceled one's
        Assert.Equal("a\nb\n", Text(pipe));
        Assert.Equal("a\nb\n", Text(stream.Written));
        Assert.Equal(1, stream.AsyncFlushes);
    }

    [Fact]
    public async Task A_pipe_flush_canceled_by_CancelPendingFlush_throws_and_faults_the_writer()
    {
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 1, resumeWriterThreshold: 1, useSynchronizationContext: false));
        var writer = new TsvWriter(pipe.Writer);
        writer.WriteField("a");
        writer.EndRow();
        ValueTask flush = writer.FlushAsync();
        Assert.False(flush.IsCompleted);                     // waiting for the pipe's reader
        pipe.Writer.CancelPendingFlush();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => flush.AsTask());
        Assert.Equal(1, writer.FlushedRowCount);             // the row is in the pipe
        Assert.Throws<InvalidOperationException>(() => writer.WriteField("b"));
        await writer.DisposeAsync();
        Assert.Equal("a\n", Text(pipe));
    }

    [Fact]
    public async Task Dispose_or_DisposeAsync_while_DisposeAsync_writes_returns_at_once_and_the_rows_arrive_once()
    {
        var stream = new AsyncOnlyStream { Gate = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously) };
        var writer = new TsvWriter(stream, leaveOpen: true);
        writer.WriteField("row");
        writer.EndRow();
        ValueTask disposing = writer.DisposeAsync();
        Assert.False(disposing.IsCompleted);
        writer.Dispose();                                    // returns without writing (the stream would throw)
        Assert.True(writer.DisposeAsync().IsCompleted);
        Assert.Throws<ObjectDisposedException>(() => writer.WriteField("late"));
        Assert.Throws<ObjectDisposedException>(() => writer.EndRow());

        stream.Gate.SetResult(true);
        await disposing;
        Assert.Equal("row\n", Text(stream.Written));
        Assert.Equal(1, stream.AsyncFlushes);
    }

    [Fact]
    public async Task DisposeAsync_during_a_pending_FlushAsync_leaves_the_rows_and_the_release_to_the_flush()
    {
        var stream = new AsyncOnlyStream { Gate = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously) };
        var writer = new TsvWriter(stream);
        writer.WriteField("row");
        writer.EndRow();
        ValueTask flush = writer.FlushAsync();
        ValueTask disposing = writer.DisposeAsync();
        Assert.True(disposing.IsCompleted);                  // it leaves everything to the pending flush
        Assert.False(stream.IsDisposed);                     // which still writes to the stream
        stream.Gate.SetResult(true);
        await flush;
        Assert.Equal("row\n", Text(stream.Written));
        Assert.True(stream.IsDisposed);
    }

    [Fact]
    public async Task DisposeAsync_after_the_destination_failed_only_lets_go_and_a_failing_dispose_still_closes_the_stream()
    {
        var failed = new AsyncOnlyStream { FailFlush = new IOException("gone") };
        var writer = new TsvWriter(failed);
        writer.WriteField("a");
        writer.EndRow();
        await Assert.ThrowsAsync<IOException>(() => writer.FlushAsync().AsTask());
        failed.FailFlush = null;
        await writer.DisposeAsync();                          // faulted: no write, no flush, no throw
        Assert.Equal(0, failed.AsyncFlushes);
        Assert.True(failed.IsDisposed);

        var failing = new AsyncOnlyStream { FailWrite = new IOException("gone") };
        writer = new TsvWriter(failing);
        writer.WriteField("a");
        writer.EndRow();
        await Assert.ThrowsAsync<IOException>(async () => await writer.DisposeAsync());
        Assert.True(failing.IsDisposed);
        Assert.Throws<ObjectDisposedException>(() => writer.WriteField("late"));
    }
}
