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
/// A <see cref="TsvWriter.FlushAsync"/> not awaited yet: every other call is refused and nothing accepted is lost,
/// <see cref="TsvWriter.FlushedRowCount"/> counts only what the destination took, and Dispose never hands the pooled
/// buffer back while the destination may still read it. Also the separators that escaping cannot round-trip.
/// </summary>
public sealed class TsvWriterPendingFlushTests
{
    /// <summary>A writable stream whose async writes wait for a gate and copy the caller's bytes only then.</summary>
    private sealed class GatedStream : Stream
    {
        private readonly TaskCompletionSource<bool> _gate = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public MemoryStream Written { get; } = new();

        public bool IsDisposed { get; private set; }

        public bool DisposedWhileWriting { get; private set; }

        public int SynchronousWrites { get; private set; }

        public void Release() => _gate.TrySetResult(true);

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count)
        {
            SynchronousWrites++;
            Written.Write(buffer, offset, count);
        }

        public override async Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
        {
            await _gate.Task.ConfigureAwait(false);
            DisposedWhileWriting |= IsDisposed;
            Written.Write(buffer, offset, count);
        }

        public override Task FlushAsync(CancellationToken cancellationToken) => Task.CompletedTask;

        protected override void Dispose(bool disposing)
        {
            IsDisposed = true;
            base.Dispose(disposing);
        }
    }

    private static string Text(GatedStream stream) => Encoding.UTF8.GetString(stream.Written.ToArray());

    [Fact]
    public async Task A_row_ended_while_FlushAsync_is_pending_is_refused_and_nothing_accepted_is_lost()
    {
        var stream = new GatedStream();
        var writer = new TsvWriter(stream, leaveOpen: true);
        writer.WriteField("r1");
        writer.EndRow();
        ValueTask flush = writer.FlushAsync();
        Assert.False(flush.IsCompleted);

        InvalidOperationException refused = Assert.Throws<InvalidOperationException>(() => writer.WriteField("r2"));
        Assert.Contains("FlushAsync", refused.Message, StringComparison.Ordinal);
        Assert.Contains("pending", refused.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(() => writer.EndRow());
        Assert.Equal(0, writer.FlushedRowCount);            // the destination has taken nothing yet

        stream.Release();
        await flush;
        Assert.Equal("r1\n", Text(stream));
        Assert.Equal(1, writer.RowCount);
        Assert.Equal(writer.RowCount, writer.FlushedRowCount);

        // Once awaited, the writer takes rows again.
        writer.WriteField("r2");
        writer.EndRow();
        writer.Dispose();
        Assert.Equal("r1\nr2\n", Text(stream));
        Assert.Equal(2, writer.FlushedRowCount);
    }

    /// <summary>
    /// Random rows (and a row in progress) before a pending flush, then random calls while it is pending: each is
    /// refused without changing anything; after the flush the row in progress goes on, and the output is exactly the
    /// accepted rows.
    /// </summary>
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Every_call_during_a_pending_flush_is_refused_and_the_output_is_the_accepted_rows(int seed)
    {
        var random = new Random(seed);
        var stream = new GatedStream();
        var expected = new StringBuilder();
        var writer = new TsvWriter(stream, new TsvWriterOptions { BufferSize = random.Next(16, 200) }, leaveOpen: true);
        int rows = random.Next(0, 20);
        for (int row = 0; row < rows; row++)
        {
            int fields = random.Next(0, 5);
            for (int field = 0; field < fields; field++)
            {
                writer.WriteField(field == 0 ? row : field * 1000);
                expected.Append(field == 0 ? string.Empty : "\t").Append(field == 0 ? row : field * 1000);
            }

            writer.EndRow();
            expected.Append('\n');
        }

        bool partial = random.Next(2) == 0;
        if (partial)
        {
            writer.WriteField("open");
            expected.Append("open");
        }

        int writesBefore = stream.SynchronousWrites;   // rows a full buffer sent already
        long flushedBefore = writer.FlushedRowCount;
        int pendingBytes = writer.PendingByteCount;
        ValueTask flush = writer.FlushAsync();

        // With no complete row waiting (a full buffer sent them all) there is nothing to wait for.
        Assert.Equal(pendingBytes == 0, flush.IsCompleted);
        int attempts = flush.IsCompleted ? 0 : random.Next(1, 12);
        for (int attempt = 0; attempt < attempts; attempt++)
        {
            switch (random.Next(7))
            {
                case 0: Assert.Throws<InvalidOperationException>(() => writer.WriteField("x")); break;
                case 1: Assert.Throws<InvalidOperationException>(() => writer.WriteField("y"u8)); break;
                case 2: Assert.Throws<InvalidOperationException>(() => writer.WriteField(new string('z', random.Next(0, 300)))); break;
                case 3: Assert.Throws<InvalidOperationException>(() => writer.WriteField(random.Next())); break;
                case 4: Assert.Throws<InvalidOperationException>(() => writer.EndRow()); break;
                case 5: Assert.Throws<InvalidOperationException>(() => writer.Flush()); break;
                default:
                    ValueTask second = writer.FlushAsync();
                    Assert.True(second.IsFaulted);
                    Assert.Throws<InvalidOperationException>(() => second.GetAwaiter().GetResult());
                    break;
            }

            Assert.Equal(rows, writer.RowCount);
            Assert.Equal(partial ? 1 : 0, writer.FieldCount);
            Assert.Equal(pendingBytes, writer.PendingByteCount);
            Assert.Equal(flushedBefore, writer.FlushedRowCount);
        }

        stream.Release();
        flush.AsTask().GetAwaiter().GetResult();        // the flush may complete on another thread: wait for it
        Assert.Equal(rows, writer.FlushedRowCount);
        Assert.Equal(0, writer.PendingByteCount);

        // The row in progress survived the flush and goes on.
        writer.WriteField("after");
        writer.EndRow();
        expected.Append(partial ? "\tafter\n" : "after\n");
        writer.Dispose();
        Assert.Equal(expected.ToString(), Text(stream));
        Assert.Equal(rows + 1, writer.FlushedRowCount);
        Assert.Equal(writesBefore + 1, stream.SynchronousWrites);  // only the row after the flush, written by Dispose
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Dispose_during_a_pending_flush_never_lets_the_stream_read_a_buffer_someone_else_rented(bool leaveOpen)
    {
        var stream = new GatedStream();
        var writer = new TsvWriter(stream, new TsvWriterOptions { BufferSize = 4096 }, leaveOpen);
        writer.WriteField("secretless-row");
        writer.EndRow();
        writer.WriteField("dropped");                  // a row in progress: Dispose drops it, as always
        ValueTask flush = writer.FlushAsync();              // pending: the stream holds (buffer, 0, 15)
        writer.Dispose();
        Assert.False(flush.IsCompleted);
        Assert.Equal(0, stream.SynchronousWrites);      // Dispose did not write the rows a second time
        Assert.False(stream.IsDisposed);               // nor close the stream under the pending write
        Assert.Throws<ObjectDisposedException>(() => writer.WriteField("late"));

        // The next renter of that size on this thread would get the array Dispose returned: mark it as theirs.
        byte[] other = ArrayPool<byte>.Shared.Rent(4096);
        other.AsSpan().Fill((byte)'X');
        stream.Release();
        await flush;                                    // the rows it took reached the stream: a successful flush
        ArrayPool<byte>.Shared.Return(other);

        Assert.Equal("secretless-row\n", Text(stream));
        Assert.Equal(1, writer.FlushedRowCount);
        Assert.False(stream.DisposedWhileWriting);
        Assert.Equal(!leaveOpen, stream.IsDisposed);   // closed once the write was done
        writer.Dispose();                               // a second Dispose does nothing
    }

    [Fact]
    public async Task A_pipe_flush_pending_on_back_pressure_refuses_writes_and_Dispose_waits_for_it()
    {
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 1, resumeWriterThreshold: 1, useSynchronizationContext: false));
        var writer = new TsvWriter(pipe.Writer);
        writer.WriteField("a");
        writer.EndRow();
        ValueTask flush = writer.FlushAsync();
        Assert.False(flush.IsCompleted);                // the pipe waits for its reader
        Assert.Throws<InvalidOperationException>(() => writer.WriteField("b"));
        Assert.Throws<InvalidOperationException>(() => writer.Flush());
        writer.Dispose();

        ReadResult read = await pipe.Reader.ReadAsync();
        Assert.Equal("a\n", Encoding.UTF8.GetString(read.Buffer.ToArray()));
        pipe.Reader.AdvanceTo(read.Buffer.End);
        await flush;
        Assert.Equal(1, writer.FlushedRowCount);
    }

    [Theory]
    [InlineData((byte)'\\')]
    [InlineData((byte)'t')]
    [InlineData((byte)'n')]
    [InlineData((byte)'r')]
    public void Separators_the_escapes_hold_are_refused_with_escaping_naming_the_options(byte separator)
    {
        var options = new TsvWriterOptions { Separator = separator, EscapeBackslashes = true };
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvWriter(new MemoryStream(), options)).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvWriter(new FastText.Tests.Ascii.TestBufferWriter<byte>(), options)).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvWriter(new Pipe().Writer, options)).ParamName);
        TsvWriterOptions copied = TsvWriterOptions.Default.WithSeparator(separator).WithEscapeBackslashes(true);
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvWriter(new MemoryStream(), copied)).ParamName);

        // Without escaping they are ordinary separators.
        using (new TsvWriter(new MemoryStream(), new TsvWriterOptions { Separator = separator }))
        {
        }

        // The reader refuses the same combination: it splits the line before it unescapes the columns.
        var readOptions = new TsvOptions { Separator = separator, UnescapeBackslashes = true, TrimCarriageReturn = false };
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvReader(readOptions)).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvReader(new[] { 0 }, readOptions)).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvReader(new[] { "a" }, readOptions.WithHasHeader(true))).ParamName);
        using (new TsvReader(new TsvOptions { Separator = separator, TrimCarriageReturn = false }))
        {
        }
    }

    /// <summary>Every separator the writer accepts with escaping round-trips a field holding tab, LF, CR and backslash.</summary>
    [Fact]
    public void Every_separator_accepted_with_escaping_round_trips_the_escaped_bytes()
    {
        for (int value = 0; value < 256; value++)
        {
            byte separator = (byte)value;
            if (separator == (byte)'\n' || separator == (byte)'\\' || separator == (byte)'t' || separator == (byte)'n' || separator == (byte)'r')
            {
                continue;
            }

            // A separator other than tab has no escape: keep it out of the field.
            string field = new string("A\tB\nC\rD\\E".Where(c => c != separator || separator == (byte)'\t').ToArray());
            var output = new MemoryStream();
            using (var writer = new TsvWriter(output, new TsvWriterOptions { Separator = separator, EscapeBackslashes = true }, leaveOpen: true))
            {
                writer.WriteField(field);
                writer.WriteField("\\");
                writer.EndRow();
            }

            using var reader = new TsvReader(new[] { 0, 1, 2 }, new TsvOptions { Separator = separator, UnescapeBackslashes = true, TrimCarriageReturn = false });
            ReadOnlySpan<byte> input = output.ToArray();
            Assert.True(reader.TryReadRow(ref input, isFinalBlock: true, out TsvRow row), $"separator 0x{value:X2}: no row");
            Assert.True(row.TryGetColumn(0, out ReadOnlySpan<byte> first));
            Assert.True(row.TryGetColumn(1, out ReadOnlySpan<byte> second));
            Assert.False(row.TryGetColumn(2, out _));
            Assert.Equal(field, Encoding.UTF8.GetString(first.ToArray()));
            Assert.Equal("\\", Encoding.UTF8.GetString(second.ToArray()));
        }
    }
}
