using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Long lines arriving in small reads through the Stream driver: an 8 MiB line in 1460-byte
/// reads (one TCP segment), a 100,000-column line in 7-byte reads, a 50 MB line in 64 KiB reads, each between two
/// short lines, columns 0 and 2 selected. The span API over the same bytes in memory is the floor. Before the fix
/// every read rescanned the line from its start (quadratic); after it, each byte is examined a bounded number of times.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(Config))]
public class TsvLongLineBenchmarks
{
    private byte[] _data = Array.Empty<byte>();
    private TsvOptions _options = TsvOptions.Default;

    /// <summary>The line shape and read size.</summary>
    [Params("8MiB-line/1460B-reads", "100k-columns/7B-reads", "50MB-line/64KiB-reads")]
    public string Case { get; set; } = "8MiB-line/1460B-reads";

    private int ReadSize => Case switch
    {
        "8MiB-line/1460B-reads" => 1460,
        "100k-columns/7B-reads" => 7,
        _ => 65536,
    };

    [GlobalSetup]
    public void Setup()
    {
        var text = new System.Text.StringBuilder("a\tb\tc\n");
        switch (Case)
        {
            case "8MiB-line/1460B-reads":
                text.Append('x', 8 << 20);
                break;
            case "100k-columns/7B-reads":
                for (int column = 0; column < 100_000; column++)
                {
                    text.Append("col").Append(column % 1000).Append('\t');
                }

                break;
            default:
                text.Append('y', 50_000_000);
                break;
        }

        text.Append("\nd\te\tf\n");
        _data = System.Text.Encoding.ASCII.GetBytes(text.ToString());
        _options = new TsvOptions { MaxLineLength = 64 << 20 };
    }

    [Benchmark(Baseline = true)]
    public long SpanInMemory()
    {
        long sum = 0;
        using var reader = new TsvReader(new[] { 0, 2 }, _options);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += row.Line.Length;
        }

        return sum;
    }

    [Benchmark]
    public async Task<long> StreamDriver()
    {
        using var reader = new TsvReader(new[] { 0, 2 }, _options);
        SumLines result = await reader.ReadRowsAsync(new SmallReadStream(_data, ReadSize), new SumLines());
        return result.Sum;
    }

    private struct SumLines : ITsvRowHandler
    {
        public long Sum;

        public void OnRow(in TsvRow row) => Sum += row.Line.Length;
    }

    /// <summary>A MemoryStream that returns at most the given number of bytes per read, as a socket or pipe would.</summary>
    private sealed class SmallReadStream : MemoryStream
    {
        private readonly int _readSize;

        public SmallReadStream(byte[] data, int readSize)
            : base(data, writable: false) => _readSize = readSize;

        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, _readSize));

        public override int Read(Span<byte> buffer) => base.Read(buffer.Slice(0, Math.Min(buffer.Length, _readSize)));

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            base.ReadAsync(buffer, offset, Math.Min(count, _readSize), cancellationToken);

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            base.ReadAsync(buffer.Slice(0, Math.Min(buffer.Length, _readSize)), cancellationToken);
    }

    private sealed class Config : ManualConfig
    {
        public Config()
        {
            // Seconds per operation before the fix: a few measured invocations are enough to see the order of growth.
            AddJob(Job.Default.WithLaunchCount(1).WithWarmupCount(1).WithIterationCount(4).WithInvocationCount(1).WithUnrollFactor(1).WithId("LongLine"));
        }
    }
}
