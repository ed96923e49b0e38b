using System.IO;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// An input of several GiB from a stream that makes its lines as it is read (nothing of it is ever in memory whole):
/// every row arrives, in order, numbered past int.MaxValue bytes, while the pooled memory the parallel read holds is
/// the same for 3 GiB as for 64 MiB. 3 GiB by default (about a second on two cores); FASTTEXT_PARALLEL_LARGE_GIB sets
/// another size (a soak run: 16), and the emulated legs (FASTTEXT_PROPERTY_RUNS below the default) read 256 MiB.
/// </summary>
public sealed class TsvParallelLargeInputTests
{
    private const int LineLength = 1024;
    private const long Small = 64L << 20;

    [Fact]
    public void An_input_of_several_GiB_is_read_in_memory_that_does_not_grow_with_it()
    {
        long large = LargeLength();
        (long rows, long lastLine, long lengthSum, long peak) small = Read(Small);
        (long rows, long lastLine, long lengthSum, long peak) big = Read(large);

        Assert.Equal(Small / LineLength, small.rows);
        Assert.Equal(large / LineLength, big.rows);
        Assert.Equal(big.rows, big.lastLine);
        Assert.Equal(big.rows * (LineLength - 1), big.lengthSum);

        // The read holds a few chunks per worker whatever the input's length: the same peak for both (a chunk's
        // buffer may be rented in another round size once), far below the input.
        Assert.True(big.peak <= (small.peak * 2) + (4L << 20), $"pooled bytes at once: {big.peak:N0} for {large:N0} bytes, {small.peak:N0} for {Small:N0}");
        Assert.True(big.peak < 64L << 20, $"pooled bytes at once: {big.peak:N0}");
    }

    private static long LargeLength()
    {
        if (long.TryParse(Environment.GetEnvironmentVariable("FASTTEXT_PARALLEL_LARGE_GIB"), out long gib) && gib > 0)
        {
            return gib << 30;
        }

        return FastTextPropertyAttribute.Runs < FastTextPropertyAttribute.DefaultRuns ? 256L << 20 : 3L << 30;
    }

    private static (long Rows, long LastLine, long LengthSum, long Peak) Read(long length)
    {
        var pool = new CountingBytePool();
        long rows = 0;
        long lastLine = 0;
        long lengthSum = 0;
        using (TsvFileReader reader = TsvFileReader.From(new GeneratedLines(length), TsvOptions.Default).SelectColumns(Array.Empty<int>()))
        {
            reader.UsePoolForTests(pool);
            foreach ((long line, int lineLength) in reader.ParallelSelect((in TsvRow row) => (row.LineNumber, row.Line.Length)))
            {
                rows++;
                Assert.True(line == lastLine + 1, $"line {line} after {lastLine}");
                lastLine = line;
                lengthSum += lineLength;
            }
        }

        pool.AssertAllReturned($"{length:N0} bytes");
        return (rows, lastLine, lengthSum, pool.PeakBytes);
    }

    /// <summary>Lines of <see cref="LineLength"/> bytes (digits and a tab, then '\n'), made as they are read; cannot seek.</summary>
    private sealed class GeneratedLines(long length) : Stream
    {
        private static readonly byte[] Pattern = MakePattern();
        private long _position;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => throw new NotSupportedException();
            set => throw new NotSupportedException();
        }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            int total = 0;
            while (total < buffer.Length && _position < length)
            {
                int at = (int)(_position % Pattern.Length);
                int take = (int)Math.Min(Math.Min(buffer.Length - total, Pattern.Length - at), length - _position);
                Pattern.AsSpan(at, take).CopyTo(buffer.Slice(total));
                total += take;
                _position += take;
            }

            return total;
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        private static byte[] MakePattern()
        {
            var pattern = new byte[64 * LineLength];
            for (int line = 0; line < 64; line++)
            {
                Span<byte> bytes = pattern.AsSpan(line * LineLength, LineLength);
                for (int i = 0; i < LineLength - 1; i++)
                {
                    bytes[i] = i % 17 == 16 ? (byte)'\t' : (byte)('0' + ((line + i) % 10));
                }

                bytes[LineLength - 1] = (byte)'\n';
            }

            return pattern;
        }
    }
}
