using System.IO;
using System.Threading;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// Reading ahead (a seekable stream's next block read on a thread-pool thread while rows are handed out): rows as
/// without it, one read at a time, never a read after Dispose, a read error surfacing after the rows before it.
/// </summary>
public sealed class TsvFileReaderReadAheadTests
{
    private static byte[] Rows(int count, int width)
    {
        var text = new StringBuilder();
        for (int i = 0; i < count; i++)
        {
            text.Append(i).Append('\t').Append(new string((char)('a' + (i % 26)), i % width)).Append('\t').Append(i * 7).Append('\n');
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }

    private static List<string> ReadAll(TsvFileReader reader)
    {
        var rows = new List<string>();
        foreach (TsvRow row in reader)
        {
            rows.Add(row.LineNumber + ":" + Encoding.UTF8.GetString(row.Line.ToArray()));
        }

        return rows;
    }

    private static List<string> Expected(byte[] bytes)
    {
        string[] lines = Encoding.UTF8.GetString(bytes).TrimEnd('\n').Split('\n');
        return lines.Select((line, i) => (i + 1) + ":" + line).ToList();
    }

    [Fact]
    public void A_seekable_stream_larger_than_a_block_is_read_ahead_with_the_default_buffers_and_gives_every_row()
    {
        // 3 MiB: the first 64 KiB synchronously, then 956 KiB blocks in the background; lines up to 300 KB, some
        // longer than the 64 KiB reserve, so both ways of carrying an unfinished line across a block are taken.
        byte[] bytes = Rows(20_000, 300).Concat(Encoding.UTF8.GetBytes(new string('L', 300_000) + "\tend\n")).Concat(Rows(5_000, 100)).ToArray();
        var stream = new ChunkedStream(bytes, int.MaxValue) { Seekable = true };
        using TsvFileReader reader = TsvFileReader.From(stream);
        List<string> rows = ReadAll(reader);
        Assert.True(reader.IsReadingAhead);
        Assert.Null(stream.Misuse);
        var expected = new List<string>();
        foreach (string line in Encoding.UTF8.GetString(bytes).TrimEnd('\n').Split('\n'))
        {
            expected.Add((expected.Count + 1) + ":" + line);
        }

        Assert.Equal(expected, rows);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(int.MaxValue)]
    public void When_no_thread_takes_a_read_the_reader_does_it_itself(int readSize)
    {
        // A thread pool starved by blocking work may not start a queued read for seconds: after a millisecond the
        // reader takes the read back and does it on its own thread. Here no read is ever queued, so every block
        // after the first is taken back.
        byte[] bytes = Rows(30_000, 120);
        var stream = new ChunkedStream(bytes, readSize) { Seekable = true };
        using TsvFileReader reader = TsvFileReader.From(stream);
        reader.ConfigureReadAheadForTests(initialBufferSize: 4096, reserve: 512, block: 64 * 1024, placementPeriod: 4096, leaveReadsToConsumer: true);
        Assert.Equal(Expected(bytes), ReadAll(reader));
        Assert.True(reader.IsReadingAhead);
        Assert.Null(stream.Misuse);
    }

    [Fact]
    public void Reads_ahead_of_random_sizes_and_speeds_give_every_row_once_and_never_overlap()
    {
        // Tiny blocks, reads of random sizes, some slowed down: the reader often needs a block the worker is still
        // reading (it waits, or takes a read no thread has started), and lines cross blocks both ways.
        var random = new Random(20261123);
        for (int round = 0; round < 150; round++)
        {
            byte[] bytes = Rows(random.Next(50, 1_500), random.Next(1, 60));
            var stream = new ChunkedStream(bytes, random.Next(1, 200)) { Seekable = true, ReadDelayMilliseconds = random.Next(8) == 0 ? 1 : 0 };
            using TsvFileReader reader = TsvFileReader.From(stream);
            reader.ConfigureReadAheadForTests(initialBufferSize: random.Next(8, 256), reserve: random.Next(1, 128), block: random.Next(64, 2_048), placementPeriod: random.Next(1, 64));
            Assert.Equal(Expected(bytes), ReadAll(reader));
            Assert.Null(stream.Misuse);
        }
    }

    [Fact]
    public void Blocks_read_ahead_land_mid_page_away_from_a_page_aligned_source()
    {
        // A memmove whose destination lies just past its source modulo 4 KiB runs several times slower (4K
        // aliasing); page-cache pages and large arrays start near a page start, so blocks are placed mid-page.
        byte[] bytes = Rows(40_000, 200);
        var stream = new ChunkedStream(bytes, int.MaxValue) { Seekable = true };
        using TsvFileReader reader = TsvFileReader.From(stream);
        Assert.Equal(Expected(bytes), ReadAll(reader));
        Assert.True(reader.IsReadingAhead);
        int block = stream.Destinations.Max(read => read.Count);
        List<int> background = stream.Destinations.Where(read => read.Count == block).Skip(1).Select(read => read.PageOffset).ToList();
        Assert.True(background.Count >= 3, $"{background.Count} blocks read in the background");
        Assert.All(background, offset => Assert.Equal(2048, offset));
    }

    [Theory]
    [InlineData(true, 1)]
    [InlineData(true, 7)]
    [InlineData(false, 1)]
    [InlineData(false, 4096)]
    public void A_line_spanning_many_blocks_is_copied_a_linear_number_of_bytes(bool seekable, int readSize)
    {
        // A 600 KB line across ~600 blocks of 1 KiB (reserve 16 bytes), or across reads of 1 byte: the unfinished
        // line may move when the buffer grows (doubling), not once per block.
        byte[] bytes = Rows(50, 30).Concat(Encoding.UTF8.GetBytes(new string('L', 600_000) + "\tend\n")).Concat(Rows(50, 30)).ToArray();
        var stream = new ChunkedStream(bytes, readSize) { Seekable = seekable };
        using TsvFileReader reader = TsvFileReader.From(stream);
        reader.ConfigureReadAheadForTests(initialBufferSize: 64, reserve: 16, block: 1024);
        List<string> rows = ReadAll(reader);
        Assert.Equal(seekable, reader.IsReadingAhead);
        Assert.Equal(Encoding.UTF8.GetString(bytes).TrimEnd('\n').Split('\n').Length, rows.Count);
        Assert.True(reader.BytesMoved <= 4L * bytes.Length, $"{reader.BytesMoved} bytes moved for {bytes.Length} bytes of input");
    }

    [Theory]
    [InlineData("bytes")]
    [InlineData("stream")]
    [InlineData("readingAhead")]
    public void After_Dispose_reading_throws_ObjectDisposedException_and_a_second_Dispose_does_nothing(string source)
    {
        byte[] bytes = Rows(3_000, 30);
        var stream = new ChunkedStream(bytes, 100) { Seekable = source == "readingAhead" };
        TsvFileReader reader = source == "bytes" ? TsvFileReader.From(bytes) : TsvFileReader.From(stream);
        reader.ConfigureReadAheadForTests(initialBufferSize: 64, reserve: 32, block: 1024);
        for (int i = 0; i < 1_000; i++)
        {
            Assert.True(reader.TryReadRow(out _));
        }

        Assert.Equal(source == "readingAhead", reader.IsReadingAhead);
        reader.Dispose();
        reader.Dispose();
        Assert.Throws<ObjectDisposedException>(() => reader.TryReadRow(out _));
        Assert.Throws<ObjectDisposedException>(() =>
        {
            foreach (TsvRow row in reader)
            {
                Assert.Fail("a row after Dispose");
            }
        });
        Assert.Equal(source != "bytes", stream.Disposed);
        Assert.Null(stream.Misuse);
    }

    [Theory]
    [InlineData("bytes")]
    [InlineData("stream")]
    [InlineData("readingAhead")]
    public void Dispose_inside_a_foreach_makes_the_next_MoveNext_throw_instead_of_reading_the_returned_buffers(string source)
    {
        // The enumerator holds the unread bytes itself; after Dispose they may belong to the pool, so the next
        // MoveNext must go through the reader (and throw) whatever is left in them.
        byte[] bytes = Rows(3_000, 30);
        var stream = new ChunkedStream(bytes, 100) { Seekable = source == "readingAhead" };
        TsvFileReader reader = source == "bytes" ? TsvFileReader.From(bytes) : TsvFileReader.From(stream);
        reader.ConfigureReadAheadForTests(initialBufferSize: 64, reserve: 32, block: 1024);
        TsvFileReader.Enumerator rows = reader.GetEnumerator();
        for (int i = 0; i < 1_000; i++)
        {
            Assert.True(rows.MoveNext());
        }

        Assert.Equal(source == "readingAhead", reader.IsReadingAhead);
        reader.Dispose();
        bool threw = false;
        try
        {
            rows.MoveNext();
        }
        catch (ObjectDisposedException)
        {
            threw = true;
        }

        Assert.True(threw);
        Assert.Null(stream.Misuse);
    }

    [Fact]
    public void A_stream_that_cannot_seek_is_never_read_ahead()
    {
        byte[] bytes = Rows(2_000, 40);
        var stream = new ChunkedStream(bytes, 7);
        using TsvFileReader reader = TsvFileReader.From(stream);
        reader.ConfigureReadAheadForTests(initialBufferSize: 16, reserve: 8, block: 64);
        Assert.Equal(Expected(bytes), ReadAll(reader));
        Assert.False(reader.IsReadingAhead);
    }

    [Fact]
    public void An_error_in_the_first_block_read_ahead_is_raised_again_on_the_next_call_not_taken_for_the_end()
    {
        // The first block is read synchronously, when the read-ahead starts (after the 32-byte first buffer): a
        // failure there must not leave the reader believing the input ended after the rows it had.
        byte[] bytes = Rows(3_000, 30);
        var stream = new ChunkedStream(bytes, 13) { Seekable = true, ThrowAt = 100 };
        using TsvFileReader reader = TsvFileReader.From(stream);
        reader.ConfigureReadAheadForTests(initialBufferSize: 32, reserve: 16, block: 4096);
        var rows = new List<string>();
        Assert.Throws<IOException>(() =>
        {
            foreach (TsvRow row in reader)
            {
                rows.Add(row.LineNumber + ":" + Encoding.UTF8.GetString(row.Line.ToArray()));
            }
        });
        Assert.True(reader.IsReadingAhead);
        Assert.Equal(Expected(bytes).Take(rows.Count), rows);
        Assert.Throws<IOException>(() => reader.TryReadRow(out _));
        Assert.Throws<IOException>(() => reader.TryReadRow(out _));
    }

    [Fact]
    public void A_read_error_surfaces_after_every_row_before_the_failing_block_and_again_on_the_next_call()
    {
        byte[] bytes = Rows(3_000, 30);
        int failAt = bytes.Length / 2;
        var stream = new ChunkedStream(bytes, 13) { Seekable = true, ThrowAt = failAt };
        var reader = TsvFileReader.From(stream);
        reader.ConfigureReadAheadForTests(initialBufferSize: 32, reserve: 16, block: 256);
        var rows = new List<string>();
        IOException error = Assert.Throws<IOException>(() =>
        {
            foreach (TsvRow row in reader)
            {
                rows.Add(row.LineNumber + ":" + Encoding.UTF8.GetString(row.Line.ToArray()));
            }
        });
        Assert.Equal("scripted stream failure", error.Message);
        Assert.True(reader.IsReadingAhead);

        // Every complete line that lies before the last full block read is delivered, in order.
        List<string> expected = Expected(bytes);
        Assert.True(rows.Count > 0);
        Assert.Equal(expected.Take(rows.Count), rows);
        Assert.True(Encoding.UTF8.GetByteCount(string.Join("\n", rows.Select(r => r.Substring(r.IndexOf(':') + 1)))) <= failAt);
        Assert.Throws<IOException>(() => reader.TryReadRow(out _));
        reader.Dispose();
        Assert.True(stream.Disposed);
        Assert.Null(stream.Misuse);
    }

    [Fact]
    public void Leaving_the_loop_while_a_read_is_in_flight_closes_the_stream_once_that_read_returns_never_during_it()
    {
        byte[] bytes = Rows(5_000, 30);
        var stream = new ChunkedStream(bytes, 1_000) { Seekable = true, ReadDelayMilliseconds = 20 };
        using (TsvFileReader reader = TsvFileReader.From(stream))
        {
            reader.ConfigureReadAheadForTests(initialBufferSize: 64, reserve: 64, block: 4096);
            int seen = 0;
            foreach (TsvRow row in reader)
            {
                if (++seen == 300)
                {
                    Assert.True(reader.IsReadingAhead);
                    break;
                }
            }
        }

        // Dispose abandons the read it did not ask for; the worker closes the stream when that read returns.
        Assert.True(SpinWait.SpinUntil(() => stream.Disposed, TimeSpan.FromSeconds(10)));
        Assert.Null(stream.Misuse);
        int calls = stream.ReadCalls;
        Thread.Sleep(50);
        Assert.Equal(calls, stream.ReadCalls);
    }

    [Fact]
    public void Leaving_a_stream_open_it_is_not_read_after_Dispose()
    {
        byte[] bytes = Rows(5_000, 30);
        var stream = new ChunkedStream(bytes, 500) { Seekable = true, ReadDelayMilliseconds = 5 };
        using (TsvFileReader reader = TsvFileReader.From(stream, leaveOpen: true))
        {
            reader.ConfigureReadAheadForTests(initialBufferSize: 64, reserve: 64, block: 2048);
            Assert.True(reader.TryReadRow(out _));
            for (int i = 0; i < 200; i++)
            {
                Assert.True(reader.TryReadRow(out _));
            }
        }

        int calls = stream.ReadCalls;
        Thread.Sleep(30);
        Assert.Equal(calls, stream.ReadCalls);
        Assert.False(stream.Disposed);
        Assert.Null(stream.Misuse);
    }

    [Fact]
    public void A_header_and_lines_longer_than_the_reserve_and_the_block_read_ahead_as_without_it()
    {
        var text = new StringBuilder("id\tname\tvalue\n");
        for (int i = 0; i < 400; i++)
        {
            text.Append(i).Append('\t').Append(new string('n', (i * 37) % 700)).Append('\t').Append(i).Append("\r\n");
        }

        byte[] bytes = Encoding.UTF8.GetBytes(text.ToString());
        var options = new TsvOptions { HasHeader = true };
        var plain = new List<string>();
        using (TsvFileReader reader = TsvFileReader.From(bytes, options))
        {
            foreach (TsvRow row in reader)
            {
                plain.Add(Encoding.UTF8.GetString(row["name"].ToArray()) + "|" + Encoding.UTF8.GetString(row[2].ToArray()));
            }
        }

        for (int reserve = 1; reserve < 80; reserve += 13)
        {
            var ahead = new List<string>();
            var stream = new ChunkedStream(bytes, 97) { Seekable = true };
            using (TsvFileReader reader = TsvFileReader.From(stream, options))
            {
                reader.ConfigureReadAheadForTests(initialBufferSize: 16, reserve: reserve, block: 300);
                Assert.Equal(new[] { "id", "name", "value" }, reader.Header!.Names);
                foreach (TsvRow row in reader)
                {
                    ahead.Add(Encoding.UTF8.GetString(row["name"].ToArray()) + "|" + Encoding.UTF8.GetString(row[2].ToArray()));
                }

                Assert.True(reader.IsReadingAhead);
            }

            Assert.Equal(plain, ahead);
            Assert.Null(stream.Misuse);
        }
    }
}
