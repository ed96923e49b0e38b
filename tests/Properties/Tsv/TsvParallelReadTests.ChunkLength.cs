using System.IO;
using System.Text;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// How a parallel read cuts its input: chunks of <see cref="TsvParallelOptions.ChunkLength"/>; or, when the input's
/// length is known at the start (memory, a stream that can seek) and is under four chunks a thread, a quarter of each
/// thread's share, never below 64 KiB; or, when it is not known, chunks from 64 KiB doubling up to the chunk length:
/// so a small input still gives every core work.
/// </summary>
public sealed partial class TsvParallelReadTests
{
    private const int SplitFloor = 64 << 10;

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 60)]
    public void Chunks_are_shortened_to_give_every_thread_work_on_a_short_input_of_known_or_unknown_length(int seed)
    {
        var random = new Random(seed);
        int degree = random.Next(1, 9);
        int chunkLength = random.Next(4) switch
        {
            0 => 1 << 20,
            1 => random.Next(4 << 10, 64 << 10),
            _ => random.Next(64 << 10, 2 << 20),
        };
        ChunkSource source = (ChunkSource)random.Next(3);
        int longestLine = random.Next(1, 200);
        byte[] input = Lines(random, random.Next(0, 3 << 20), longestLine);
        string replay = $"seed {seed}: {input.Length:N0} bytes, degree {degree}, ChunkLength {chunkLength:N0}, {source}, lines up to {longestLine} bytes";

        var options = new TsvParallelOptions { MaxDegreeOfParallelism = degree, ChunkLength = chunkLength };
        List<(long Offset, int Length, bool IsFinal)> chunks = CutInto(input, source, options);

        // The reference: the rule as TsvParallelOptions.ChunkLength documents it.
        long Target(int chunk) => degree == 1 ? chunkLength
            : source != ChunkSource.Stream ? Math.Min(chunkLength, Math.Max(input.Length / (degree * 4L), SplitFloor))
            : Math.Min(chunkLength, (long)SplitFloor << Math.Min(chunk, 20));

        Assert.True(chunks.Sum(c => (long)c.Length) == input.Length, $"the chunks hold {chunks.Sum(c => (long)c.Length):N0} bytes: {replay}");
        for (int i = 0; i < chunks.Count; i++)
        {
            (long offset, int length, bool isFinal) = chunks[i];
            bool last = i == chunks.Count - 1;
            Assert.True(offset == chunks.Take(i).Sum(c => (long)c.Length), $"chunk {i} starts at {offset:N0}: {replay}");

            // A stream's end is known only when a read finds it: a last chunk from a stream that ends with a terminator
            // may say false (ITsvChunkWorker.Process's contract); every other chunk says exactly whether it is last.
            bool unflaggedEnd = last && !isFinal && source != ChunkSource.Memory && length > 0 && input[offset + length - 1] == (byte)'\n';
            Assert.True(isFinal == last || unflaggedEnd, $"chunk {i} of {chunks.Count} says final = {isFinal}: {replay}");
            if (last)
            {
                continue;
            }

            // In memory a chunk runs to the first terminator at or after the target; from a stream it is every
            // complete line of a block of the target's length, or of MaxLineLength + 1 bytes when that is shorter.
            long target = Target(i);
            long block = Math.Min(target, TsvOptions.Default.MaxLineLength + 1L);
            (long low, long high) = source == ChunkSource.Memory ? (target, target + longestLine) : (block - longestLine, target);
            Assert.True(length >= low && length <= high, $"chunk {i} of {chunks.Count} is {length:N0} bytes, not within {low:N0}-{high:N0}: {replay}");
        }
    }

    [Fact]
    public void A_one_megabyte_input_in_memory_is_shared_by_two_threads_with_the_default_options()
    {
        // The default chunk is 1 MiB: without the shortening, this input would be one chunk, read by one thread.
        byte[] input = Lines(new Random(5), 1_000_000, 40);
        List<(long Offset, int Length, bool IsFinal)> chunks = CutInto(input, ChunkSource.Memory, TsvParallelOptions.Default.WithMaxDegreeOfParallelism(2));
        Assert.InRange(chunks.Count, 8, 9);
    }

    [Theory]
    [InlineData("NotSupportedException")]
    [InlineData("IOException")]
    [InlineData("ObjectDisposedException")]
    [InlineData("zero")]
    [InlineData("huge")]
    [InlineData("behind the position")]
    [InlineData("one-byte reads")]
    public void A_stream_whose_length_is_wrong_or_unavailable_still_gives_the_values_of_foreach(string lie)
    {
        // The length only sizes the chunks: whatever a stream says of it, the values are foreach's, and a stream
        // that cannot give it is read as one of unknown length.
        byte[] input = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(0, 20_000).Select(i => $"{i}\tvalue {i % 97}\n")));
        var expected = new List<string>();
        using (TsvFileReader reader = TsvFileReader.From(input.AsMemory()))
        {
            foreach (TsvRow row in reader)
            {
                expected.Add(row.GetString(0) + "|" + row.GetString(1));
            }
        }

        var options = new TsvParallelOptions { MaxDegreeOfParallelism = 2 };
        using (TsvFileReader reader = TsvFileReader.From(new LyingLengthStream(input, lie)))
        {
            List<string> actual = reader.ParallelSelect((in TsvRow row) => row.GetString(0) + "|" + row.GetString(1), options).ToList();
            TsvTestSupport.AssertRows(expected, actual, $"a stream whose length lies: {lie}");
        }
    }

    /// <summary>A seekable stream over bytes whose Length (or Position) lies or throws as <c>lie</c> says.</summary>
    private sealed class LyingLengthStream(byte[] bytes, string lie) : Stream
    {
        private int _position;

        public override bool CanRead => true;

        public override bool CanSeek => true;

        public override bool CanWrite => false;

        public override long Length => lie switch
        {
            "NotSupportedException" => throw new NotSupportedException("lying"),
            "IOException" => throw new IOException("lying"),
            "ObjectDisposedException" => throw new ObjectDisposedException("lying"),
            "zero" => 0,
            "huge" => long.MaxValue,
            _ => bytes.Length,
        };

        public override long Position
        {
            get => lie == "behind the position" ? long.MaxValue : _position;
            set => throw new NotSupportedException();
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            int n = Math.Min(lie == "one-byte reads" ? 1 : count, bytes.Length - _position);
            Array.Copy(bytes, _position, buffer, offset, n);
            _position += n;
            return n;
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    private enum ChunkSource
    {
        Memory,
        SeekableStream,
        Stream,
    }

    private static List<(long Offset, int Length, bool IsFinal)> CutInto(byte[] input, ChunkSource source, TsvParallelOptions options)
    {
        using TsvFileReader reader = source == ChunkSource.Memory
            ? TsvFileReader.From(input.AsMemory())
            : TsvFileReader.From(new ChunkedStream(input, 1 << 16) { Seekable = source == ChunkSource.SeekableStream });
        return reader.ParallelProcessChunks(() => new ChunkRecorder(), options).Select(c => (c.Offset, c.Length, c.IsFinal)).ToList();
    }

    private static byte[] Lines(Random random, int bytes, int longestLine)
    {
        var lines = new byte[bytes];
        int lineStart = 0;
        for (int i = 0; i < bytes; i++)
        {
            bool ends = i - lineStart + 1 >= longestLine || random.Next(longestLine) == 0;
            lines[i] = ends ? (byte)'\n' : (byte)('a' + random.Next(26));
            lineStart = ends ? i + 1 : lineStart;
        }

        return lines;
    }

    private sealed class ChunkRecord
    {
        public long Offset;
        public int Length;
        public bool IsFinal;
    }

    /// <summary>Keeps where each chunk lies (a new record per chunk: the results are read after the read ends).</summary>
    private sealed class ChunkRecorder : ITsvChunkWorker<ChunkRecord>
    {
        public ChunkRecord CreateResult() => new();

        public void Process(ReadOnlySpan<byte> lines, long offset, bool isFinal, ChunkRecord result)
        {
            result.Offset = offset;
            result.Length = lines.Length;
            result.IsFinal = isFinal;
        }

        public void Dispose()
        {
        }
    }
}
