using System.Buffers;
using System.IO;
using System.IO.Compression;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

public sealed partial class TsvPipeReaderTests
{
    private struct CollectingHandler : ITsvRowHandler
    {
        public List<string> Rows;
        public int Count;

        public void OnRow(in TsvRow row)
        {
            Rows.Add(TsvTestSupport.Render(row));
            Count++;
        }
    }

    private struct CancelOnFirstRow : ITsvRowHandler
    {
        public CancellationTokenSource Source;

        public void OnRow(in TsvRow row) => Source.Cancel();
    }

    /// <summary>Hands the pipe blocks of one fixed small size, so every read is a multi-segment sequence.</summary>
    private sealed class TinyBlockPool : MemoryPool<byte>
    {
        private readonly int _blockSize;

        public TinyBlockPool(int blockSize) => _blockSize = blockSize;

        public override int MaxBufferSize => _blockSize;

        public override IMemoryOwner<byte> Rent(int minBufferSize = -1) => new Block(new byte[Math.Max(minBufferSize, _blockSize)]);

        protected override void Dispose(bool disposing)
        {
        }

        private sealed class Block : IMemoryOwner<byte>
        {
            public Block(byte[] array) => Memory = array;

            public Memory<byte> Memory { get; }

            public void Dispose()
            {
            }
        }
    }

    /// <summary>Returns at most a random handful of bytes per read (the span overloads, which .NET Framework's
    /// Stream lacks, are in TsvPipeReaderTests.NetCore.cs).</summary>
    private sealed partial class TrickleStream : MemoryStream
    {
        private readonly Random _random;

        public TrickleStream(byte[] bytes, Random random)
            : base(bytes) => _random = random;

        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, _random.Next(1, 50)));

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            Task.FromResult(Read(buffer, offset, count));
    }

    private static Pipe SmallPipe(Random random) => new(new PipeOptions(
        pool: new TinyBlockPool(random.Next(1, 40)),
        pauseWriterThreshold: 4096,
        resumeWriterThreshold: 2048,
        minimumSegmentSize: 16,
        useSynchronizationContext: false));

    private static async Task WriteInRandomChunks(PipeWriter writer, byte[] bytes, Random random, bool complete = true)
    {
        int position = 0;
        while (position < bytes.Length)
        {
            int count = Math.Min(bytes.Length - position, random.Next(1, 60));
            FlushResult result = await writer.WriteAsync(bytes.AsMemory(position, count));
            if (result.IsCompleted)
            {
                return;
            }

            position += count;
        }

        if (complete)
        {
            await writer.CompleteAsync();
        }
    }

    private static List<string> ReadThroughPipe(TsvCase tsv, Random random)
    {
        Pipe pipe = SmallPipe(random);
        var writerRandom = new Random(random.Next());
        Task writer = Task.Run(() => WriteInRandomChunks(pipe.Writer, tsv.Bytes, writerRandom));
        var rows = new List<string>();
        using TsvReader reader = tsv.CreateReader();
        try
        {
            CollectingHandler handler = reader.ReadRowsAsync(pipe.Reader, new CollectingHandler { Rows = rows }).AsTask().GetAwaiter().GetResult();
            Assert.Equal(rows.Count, handler.Count);
        }
        catch (TsvFormatException error)
        {
            rows.Add("error@" + error.LineNumber);
        }

        pipe.Reader.Complete();
        writer.GetAwaiter().GetResult();
        return rows;
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 120)]
    public void The_pipe_driver_with_small_segments_and_random_writes_equals_the_reference(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        List<string> expected = TsvTestSupport.Reference(tsv);
        List<string> actual = ReadThroughPipe(tsv, new Random(seed));
        TsvTestSupport.AssertRows(expected, actual, $"{tsv}");
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 80)]
    public void The_stream_overload_reads_trickling_and_gzip_streams_like_the_reference(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        List<string> expected = TsvTestSupport.Reference(tsv);
        var random = new Random(seed);
        Stream input = random.Next(2) == 0 ? new TrickleStream(tsv.Bytes, random) : Gzip(tsv.Bytes);
        var rows = new List<string>();
        using TsvReader reader = tsv.CreateReader();
        try
        {
            reader.ReadRowsAsync(input, new CollectingHandler { Rows = rows }).AsTask().GetAwaiter().GetResult();
        }
        catch (TsvFormatException error)
        {
            rows.Add("error@" + error.LineNumber);
        }

        TsvTestSupport.AssertRows(expected, rows, $"{tsv}");
    }

    private static Stream Gzip(byte[] bytes)
    {
        var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(bytes, 0, bytes.Length);
        }

        compressed.Position = 0;
        return new GZipStream(compressed, CompressionMode.Decompress);
    }

    [Fact]
    public async Task Cancellation_stops_the_driver_while_the_writer_is_still_open()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(Encoding.UTF8.GetBytes("a\tb\nc\td\n"));
        using var source = new CancellationTokenSource();
        using var reader = new TsvReader(new[] { 0 });

        // After rows were handled the cancellation is a normal return (a struct handler's state is not lost).
        await reader.ReadRowsAsync(pipe.Reader, new CancelOnFirstRow { Source = source }, source.Token);
        Assert.True(source.IsCancellationRequested);
        Assert.Equal(2, reader.LineNumber);
    }

    [Fact]
    public async Task Cancellation_interrupts_a_read_waiting_for_data()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(Encoding.UTF8.GetBytes("partial line without end"));
        using var source = new CancellationTokenSource();
        using var reader = new TsvReader(new[] { 0 });
        var rows = new List<string>();
        ValueTask<CollectingHandler> reading = reader.ReadRowsAsync(pipe.Reader, new CollectingHandler { Rows = rows }, source.Token);
        source.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await reading);
        Assert.Empty(rows);
    }

    [Fact]
    public async Task A_line_over_the_maximum_fails_with_its_number_before_the_writer_finishes()
    {
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 1024, resumeWriterThreshold: 512, useSynchronizationContext: false));
        byte[] start = Encoding.UTF8.GetBytes("one\n#two\n");
        byte[] endless = Encoding.UTF8.GetBytes(new string('x', 100));
        Task writer = Task.Run(async () =>
        {
            await pipe.Writer.WriteAsync(start);
            for (int i = 0; i < 10_000; i++)
            {
                if ((await pipe.Writer.WriteAsync(endless)).IsCompleted)
                {
                    return;
                }
            }

            await pipe.Writer.CompleteAsync();
        });
        using var reader = new TsvReader(new[] { 0 }, new TsvOptions { MaxLineLength = 300 });
        var rows = new List<string>();
        TsvFormatException error = await Assert.ThrowsAsync<TsvFormatException>(async () =>
            await reader.ReadRowsAsync(pipe.Reader, new CollectingHandler { Rows = rows }));
        Assert.Equal(3, error.LineNumber);
        Assert.Equal(new[] { "1|[one]", "2|[#two]" }, rows);
        await pipe.Reader.CompleteAsync();
        await writer;
    }
}
