using System.Buffers;
using System.Globalization;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>Typed fields, a failing destination, misuse after Dispose, huge fields, and the allocation budget of TsvWriter.</summary>
public sealed class TsvWriterBehaviourTests
{
    /// <summary>A stream that accepts a byte budget: the write that exceeds it stores the part that fits, then throws.</summary>
    private sealed class FailingStream : MemoryStream
    {
        private readonly long _budget;

        public FailingStream(long budget) => _budget = budget;

        public List<int> WriteSizes { get; } = new();

        public override void Write(byte[] buffer, int offset, int count)
        {
            WriteSizes.Add(count);
            if (Length + count > _budget)
            {
                base.Write(buffer, offset, (int)(_budget - Length));
                throw new IOException("disk full");
            }

            base.Write(buffer, offset, count);
        }
    }

    /// <summary>A fixed destination that can be emptied, so measuring allocations does not measure its growth.</summary>
    private sealed class ReusableBufferWriter : IBufferWriter<byte>
    {
        private readonly byte[] _buffer;

        public ReusableBufferWriter(int capacity) => _buffer = new byte[capacity];

        public int WrittenCount { get; private set; }

        public void Clear() => WrittenCount = 0;

        public void Advance(int count) => WrittenCount += count;

        public Memory<byte> GetMemory(int sizeHint = 0) => _buffer.AsMemory(WrittenCount);

        public Span<byte> GetSpan(int sizeHint = 0) => _buffer.AsSpan(WrittenCount);
    }

    private static string Written(Action<TsvWriter> write, TsvWriterOptions? options = null)
    {
        var output = new TsvWriterRoundTripTests.ShortSpanBufferWriter(int.MaxValue);
        using (var writer = new TsvWriter(output, options))
        {
            write(writer);
        }

        return Encoding.UTF8.GetString(output.WrittenSpan.ToArray());
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Typed_fields_are_the_invariant_text_and_read_back_with_the_row_getters(int seed)
    {
        var random = new Random(seed);
        byte[] guidBytes = new byte[16];
        random.NextBytes(guidBytes);
        int i = random.Next(int.MinValue, int.MaxValue);
        long l = ((long)random.Next() << 32) ^ random.Next() ^ (random.Next(2) == 0 ? long.MinValue : 0);
        double d = (random.NextDouble() - 0.5) * Math.Pow(10, random.Next(-300, 300));
        decimal m = new decimal(random.Next(), random.Next(), random.Next(), random.Next(2) == 0, (byte)random.Next(29));
        bool b = random.Next(2) == 0;
        var g = new Guid(guidBytes);
        var t = TimeSpan.FromTicks(((long)random.Next() << 31) ^ random.Next());
        var utc = new DateTime((long)(random.NextDouble() * DateTime.MaxValue.Ticks), random.Next(2) == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified);
        var offset = new DateTimeOffset(new DateTime(random.Next(2, 9999), 6, 15, 12, 0, 0).AddTicks(random.Next()), TimeSpan.FromMinutes(random.Next(-840, 841)));
        string text = Written(w =>
        {
            w.WriteField(i);
            w.WriteField(l);
            w.WriteField(d);
            w.WriteField(m);
            w.WriteField(b);
            w.WriteField(g);
            w.WriteField(t);
            w.WriteField(utc);
            w.WriteField(offset);
            w.EndRow();
        });
        string expected = string.Join("\t",
            i.ToString(CultureInfo.InvariantCulture), l.ToString(CultureInfo.InvariantCulture), d.ToString("R", CultureInfo.InvariantCulture),
            m.ToString(CultureInfo.InvariantCulture), b.ToString(CultureInfo.InvariantCulture), g.ToString(), t.ToString(),
            utc.ToString("O", CultureInfo.InvariantCulture), offset.ToString("O", CultureInfo.InvariantCulture)) + "\n";
        Assert.Equal(expected, text);

        using var reader = new TsvReader(Enumerable.Range(0, 9).ToArray());
        ReadOnlySpan<byte> input = Encoding.UTF8.GetBytes(text);
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Assert.Equal(i, row.GetInt32(0));
        Assert.Equal(l, row.GetInt64(1));
        Assert.Equal(d, row.GetDouble(2));
        Assert.Equal(m, row.GetDecimal(3));
        Assert.Equal(b, row.GetBoolean(4));
        Assert.Equal(g, row.GetGuid(5));
        Assert.Equal(t, row.GetTimeSpan(6));
        Assert.Equal(utc, row.GetDateTime(7));
        Assert.Equal(utc.Kind, row.GetDateTime(7).Kind);
        Assert.Equal(offset, row.GetDateTimeOffset(8));
        Assert.Equal(offset.Offset, row.GetDateTimeOffset(8).Offset);
    }

    [Fact]
    public void Standard_formats_pass_through_to_utf8formatter()
    {
        string text = Written(w =>
        {
            w.WriteField(255, new StandardFormat('X'));
            w.WriteField(1234567, new StandardFormat('N'));
            w.WriteField(1.0 / 3, new StandardFormat('F', 99));
            w.WriteField(new DateTime(2026, 1, 1, 10, 0, 0), new StandardFormat('R'));
            w.WriteField(true, new StandardFormat('l'));
            w.EndRow();
        });
        Assert.Equal("FF\t1,234,567.00\t" + (1.0 / 3).ToString("F99", CultureInfo.InvariantCulture) + "\tThu, 01 Jan 2026 10:00:00 GMT\ttrue\n", text);
        Assert.Throws<FormatException>(() => Written(w => w.WriteField(new DateTime(2026, 1, 1), new StandardFormat('X'))));
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void A_failing_stream_faults_the_writer_and_only_complete_rows_are_counted(int seed)
    {
        var random = new Random(seed);
        var rows = Enumerable.Range(0, 40).Select(r => Enumerable.Range(0, random.Next(1, 4)).Select(f => Encoding.ASCII.GetBytes(new string('a', random.Next(0, 30)) + r)).ToList()).ToList();
        byte[] all = TsvWriterRoundTripTests.Reference(rows, escape: false);
        var stream = new FailingStream(random.Next(0, all.Length));
        var writer = new TsvWriter(stream, new TsvWriterOptions { BufferSize = random.Next(16, 200) }, leaveOpen: true);
        IOException? failure = null;
        try
        {
            foreach (List<byte[]> row in rows)
            {
                foreach (byte[] field in row)
                {
                    writer.WriteField(field);
                }

                writer.EndRow();
            }

            writer.Flush();
        }
        catch (IOException error)
        {
            failure = error;
        }

        Assert.NotNull(failure);
        long flushed = writer.FlushedRowCount;
        byte[] complete = TsvWriterRoundTripTests.Reference(rows.Take((int)flushed), escape: false);
        byte[] reached = stream.ToArray();
        Assert.True(reached.Length >= complete.Length);
        Assert.True(reached.AsSpan(0, complete.Length).SequenceEqual(complete));
        Assert.True(all.AsSpan(0, reached.Length).SequenceEqual(reached)); // a prefix of the rows, nothing else
        Assert.True(flushed < rows.Count); // the failed write's rows are not claimed, even the ones that got through whole
        Assert.Throws<InvalidOperationException>(() => writer.WriteField(1));
        Assert.Throws<InvalidOperationException>(() => writer.EndRow());
        Assert.Throws<InvalidOperationException>(() => writer.Flush());
        Assert.Throws<InvalidOperationException>(() => writer.FlushAsync().GetAwaiter().GetResult());
        int writes = stream.WriteSizes.Count;
        writer.Dispose();
        Assert.Equal(writes, stream.WriteSizes.Count);
        Assert.Throws<ObjectDisposedException>(() => writer.WriteField("x"));
    }

    [Fact]
    public void Every_write_to_the_stream_is_whole_rows()
    {
        var stream = new FailingStream(long.MaxValue);
        using (var writer = new TsvWriter(stream, new TsvWriterOptions { BufferSize = 40 }, leaveOpen: true))
        {
            for (int row = 0; row < 100; row++)
            {
                writer.WriteField(row);
                writer.WriteField(new string('x', row % 37));
                writer.EndRow();
            }

            writer.WriteField("unfinished");
        }

        byte[] bytes = stream.ToArray();
        int position = 0;
        foreach (int size in stream.WriteSizes)
        {
            position += size;
            Assert.Equal((byte)'\n', bytes[position - 1]);
        }

        Assert.Equal(bytes.Length, position);
        Assert.Equal(100, bytes.Count(b => b == (byte)'\n'));
        Assert.DoesNotContain("unfinished", Encoding.ASCII.GetString(bytes));
    }

    [Fact]
    public void Dispose_flushes_closes_unless_asked_and_every_call_after_it_throws_object_disposed()
    {
        var stream = new MemoryStream();
        var writer = new TsvWriter(stream);
        writer.WriteField("a");
        writer.EndRow();
        writer.Dispose();
        writer.Dispose();
        Assert.Equal("a\n", Encoding.ASCII.GetString(stream.ToArray()));
        Assert.False(stream.CanWrite); // closed: leaveOpen was false
        Assert.Throws<ObjectDisposedException>(() => writer.WriteField("b"));
        Assert.Throws<ObjectDisposedException>(() => writer.WriteField("b"u8));
        Assert.Throws<ObjectDisposedException>(() => writer.WriteField(1.5));
        Assert.Throws<ObjectDisposedException>(() => writer.WriteField(DateTime.MinValue));
        Assert.Throws<ObjectDisposedException>(() => writer.EndRow());
        Assert.Throws<ObjectDisposedException>(() => writer.Flush());
        Assert.Throws<ObjectDisposedException>(() => writer.FlushAsync().GetAwaiter().GetResult());

        var kept = new MemoryStream();
        using (var second = new TsvWriter(kept, leaveOpen: true))
        {
            second.WriteField("b");
            second.EndRow();
        }

        Assert.True(kept.CanWrite);
        Assert.Throws<ArgumentNullException>(() => new TsvWriter((Stream)null!));
        Assert.Throws<ArgumentNullException>(() => new TsvWriter((IBufferWriter<byte>)null!));
        Assert.Throws<ArgumentException>(() => new TsvWriter(new MemoryStream(new byte[4], writable: false)));
    }

    [Fact]
    public async Task A_flush_cancelled_while_the_destination_waits_faults_the_writer()
    {
        // One unread byte pauses the pipe's writer: the flush waits for a reader that never comes, until cancelled.
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 1, resumeWriterThreshold: 1, useSynchronizationContext: false));
        var writer = new TsvWriter(pipe.Writer);
        writer.WriteField("a");
        writer.EndRow();
        using var cancelled = new CancellationTokenSource();
        Task flush = writer.FlushAsync(cancelled.Token).AsTask();
        Assert.False(flush.IsCompleted);
        cancelled.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => flush);
        Assert.Throws<InvalidOperationException>(() => writer.EndRow());
        writer.Dispose();
    }

    [Fact]
    public void A_field_of_eight_megabytes_with_escapes_grows_the_buffer_and_reads_back()
    {
        var random = new Random(8);
        byte[] huge = new byte[8 * 1024 * 1024];
        random.NextBytes(huge);
        var output = new TsvWriterRoundTripTests.ShortSpanBufferWriter(int.MaxValue);
        using (var writer = new TsvWriter(output, new TsvWriterOptions { EscapeBackslashes = true, BufferSize = 16 }))
        {
            writer.WriteField("first");
            writer.WriteField(huge);
            writer.EndRow();
            writer.WriteField(new string('é', 1_000_000));
            writer.EndRow();
        }

        var options = new TsvOptions { UnescapeBackslashes = true, MaxLineLength = int.MaxValue, SkipEmptyLines = false, SkipByteOrderMark = false };
        using var reader = new TsvReader(new[] { 1, 0 }, options);
        ReadOnlySpan<byte> input = output.WrittenSpan;
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Assert.True(row[0].SequenceEqual(huge));
        Assert.Equal("first", row.GetString(1));
        Assert.True(reader.TryReadRow(ref input, true, out row));
        Assert.Equal(new string('é', 1_000_000), row.GetString(1));
    }

    [Fact]
    public void A_row_longer_than_the_largest_array_is_refused_before_allocating()
    {
        Assert.Throws<OutOfMemoryException>(() => TsvWriter.GrownCapacity(1024, 100, int.MaxValue));
        Assert.Throws<OutOfMemoryException>(() => TsvWriter.GrownCapacity(1024, 0x7FFFFFC7, 1));
        Assert.Equal(0x7FFFFFC7, TsvWriter.GrownCapacity(0x40000000, 0x3FFFFFFF, 2));
        Assert.Equal(2048, TsvWriter.GrownCapacity(1024, 1000, 100));
        Assert.Equal(5000, TsvWriter.GrownCapacity(1024, 1000, 4000));
    }

    [Fact]
    public void Writing_rows_into_a_buffer_writer_allocates_nothing_per_row()
    {
        var destination = new ReusableBufferWriter(8 * 1024 * 1024);
        using var writer = new TsvWriter(destination, new TsvWriterOptions { EscapeBackslashes = true, BufferSize = 4096 });
        var when = new DateTime(2026, 1, 1, 10, 0, 0, DateTimeKind.Utc);
        void WriteRows(int count)
        {
            for (int row = 0; row < count; row++)
            {
                writer.WriteField("GET");
                writer.WriteField("/index.html\twith a tab"u8);
                writer.WriteField(row);
                if (TsvWriter.DoublesRoundTripWithoutAllocation)
                {
                    writer.WriteField(row * 1.5); // .NET Framework / Mono: one string per double, for a lossless text
                }

                writer.WriteField(when);
                writer.WriteField("héllo");
                writer.EndRow();
            }

            writer.Flush();
        }

        WriteRows(100);

        // The fewest bytes of three batches: a one-time allocation the runtime makes on this thread while the loop is
        // being tiered up (seen once, ~8 KB, under DOTNET_EnableHWIntrinsic=0) is not per-row garbage, while any
        // per-row allocation shows in every batch (at least 10,000 objects).
        long fewest = long.MaxValue;
        for (int batch = 0; batch < 3 && fewest != 0; batch++)
        {
            destination.Clear();
            long before = GC.GetAllocatedBytesForCurrentThread();
            WriteRows(10_000);
            fewest = Math.Min(fewest, GC.GetAllocatedBytesForCurrentThread() - before);
            Assert.True(destination.WrittenCount > 10_000 * 60);
        }

        Assert.True(fewest == 0, $"{fewest} bytes allocated for 10,000 rows in the best of three batches");
    }
}
