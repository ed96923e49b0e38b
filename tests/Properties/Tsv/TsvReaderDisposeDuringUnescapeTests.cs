using System.Buffers;
using System.IO;
using System.Threading;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// <see cref="TsvFileReader.Dispose"/> on another thread while the reading thread unescapes a row
/// (<see cref="TsvOptions.UnescapeBackslashes"/>): the unescape buffer the row is written into must not go back to
/// the pool while it is written, and the reading thread ends with <see cref="ObjectDisposedException"/>.
/// </summary>
public sealed class TsvReaderDisposeDuringUnescapeTests
{
    // Lines made only of "\t" escapes: unescaping is nearly all the time a row takes, so a Dispose at a random moment
    // lands inside it most of the time.
    private const int LineLength = 2 * 1024 * 1024;
    private const int LineCount = 8;
    private const int Attempts = 8;

    private static readonly byte[] Input = BuildInput();

    private static byte[] BuildInput()
    {
        var line = new byte[LineLength + 1];
        for (int i = 0; i < LineLength; i += 2)
        {
            line[i] = (byte)'\\';
            line[i + 1] = (byte)'t';
        }

        line[LineLength] = (byte)'\n';
        var input = new byte[line.Length * LineCount];
        for (int i = 0; i < LineCount; i++)
        {
            line.CopyTo(input, i * line.Length);
        }

        return input;
    }

    /// <summary>A stream that cannot seek (read only when rows are asked for, no read-ahead), in 64 KiB reads.</summary>
    private sealed class ForwardOnlyStream : Stream
    {
        private readonly byte[] _bytes;
        private int _position;

        public ForwardOnlyStream(byte[] bytes) => _bytes = bytes;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            int take = Math.Min(Math.Min(count, 64 * 1024), _bytes.Length - _position);
            Buffer.BlockCopy(_bytes, _position, buffer, offset, take);
            _position += take;
            return take;
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    private static TsvFileReader Open(bool fromStream)
    {
        var options = new TsvOptions { UnescapeBackslashes = true, MaxLineLength = int.MaxValue };
        return fromStream ? TsvFileReader.From(new ForwardOnlyStream(Input), options) : TsvFileReader.From(Input, options);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Dispose_on_another_thread_while_a_row_is_unescaped_never_lets_the_pool_hand_out_an_array_still_written(bool fromStream)
    {
        var random = new Random(fromStream ? 17 : 5);
        var failures = new List<string>();
        for (int attempt = 0; attempt < Attempts; attempt++)
        {
            TsvFileReader reader = Open(fromStream);
            using var firstRow = new ManualResetEventSlim();
            Exception? consumerError = null;
            int rows = 0;
            var consumer = new Thread(() =>
            {
                try
                {
                    foreach (TsvRow row in reader)
                    {
                        Assert.Equal(LineLength / 2, row[0].Length);
                        rows++;
                        firstRow.Set();
                    }
                }
                catch (Exception exception)
                {
                    consumerError = exception;
                }
                finally
                {
                    firstRow.Set();
                }
            });
            consumer.Start();
            Assert.True(firstRow.Wait(TimeSpan.FromSeconds(10)), "no row came");
            Thread.Sleep(random.Next(0, 12));

            // Dispose and the next renter on one thread: the pool hands this thread back first what it returned last,
            // so an unescape buffer given back while the consumer still writes into it is what `next` gets.
            byte[]? next = null;
            var disposer = new Thread(() =>
            {
                reader.Dispose();
                next = ArrayPool<byte>.Shared.Rent(LineLength);
                next.AsSpan().Fill(0x55);
            });
            disposer.Start();
            Assert.True(disposer.Join(TimeSpan.FromSeconds(10)), "Dispose hung");
            Assert.True(consumer.Join(TimeSpan.FromSeconds(10)), "the consumer never ended");

            int overwritten = 0;
            foreach (byte value in next!)
            {
                overwritten += value == 0x55 ? 0 : 1;
            }

            ArrayPool<byte>.Shared.Return(next);
            if (overwritten != 0)
            {
                failures.Add($"attempt {attempt}: {overwritten} bytes written into an array the pool handed out after Dispose");
            }

            if (rows < LineCount && consumerError is not ObjectDisposedException)
            {
                failures.Add($"attempt {attempt}: after {rows} rows the consumer ended with {consumerError?.GetType().Name ?? "no exception"}: {consumerError}");
            }
            else if (rows == LineCount && consumerError is not null and not ObjectDisposedException)
            {
                failures.Add($"attempt {attempt}: {consumerError}");
            }
        }

        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }

    [Fact]
    public void A_reader_disposed_between_unescaped_rows_ends_with_ObjectDisposedException_and_returns_its_buffer_once()
    {
        // The same thread: the reader stops between rows, Dispose returns the unescape buffer, the next read refuses.
        var options = new TsvOptions { UnescapeBackslashes = true };
        TsvFileReader reader = TsvFileReader.From("a\\tb\tc\nd\\\\e\n"u8.ToArray(), options);
        Assert.True(reader.TryReadRow(out TsvRow row));
        Assert.Equal("a\tb", row.GetString(0));
        byte[] buffer = reader.Reader.UnescapeBuffer;
        Assert.NotEmpty(buffer);
        reader.Dispose();
        reader.Dispose();
        reader.Reader.Dispose();
        Assert.Throws<ObjectDisposedException>(() => reader.TryReadRow(out _));

        // Returned once: two rents of its size on this thread do not both get it.
        byte[] first = ArrayPool<byte>.Shared.Rent(buffer.Length);
        byte[] second = ArrayPool<byte>.Shared.Rent(buffer.Length);
        Assert.False(ReferenceEquals(first, second));
        ArrayPool<byte>.Shared.Return(second);
        ArrayPool<byte>.Shared.Return(first);
    }

    [Fact]
    public void A_TsvReader_disposed_and_used_again_still_unescapes()
    {
        // TsvReader's Dispose keeps its meaning (give the pooled buffers back; a later read rents again).
        using var reader = new TsvReader(new[] { 0 }, new TsvOptions { UnescapeBackslashes = true });
        ReadOnlySpan<byte> input = "a\\tb\nc\\nd\n"u8;
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Assert.Equal("a\tb", row.GetString(0));
        reader.Dispose();
        Assert.True(reader.TryReadRow(ref input, true, out row));
        Assert.Equal("c\nd", row.GetString(0));
    }
}
