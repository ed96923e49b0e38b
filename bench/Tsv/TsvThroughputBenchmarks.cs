extern alias ns20;

using System.Buffers;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using CsvHelper;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Project 3 of 25 columns (0, 1, 10) out of an in-memory TSV; each method sums the three columns' lengths so
/// nothing is optimized away. The MB/s column is the input size divided by the mean.
/// The peers (Sep, CsvHelper, Sylvan.Data.Csv) on the 33-column log: <see cref="TsvReadPeersBenchmarks"/>.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
public class TsvThroughputBenchmarks
{
    private byte[] _data = Array.Empty<byte>();
    private ReadOnlySequence<byte> _segmented;

    /// <summary>Input size in MB (10^6 bytes), read by the MB/s column.</summary>
    [Params(1, 100)]
    public int Megabytes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _data = TsvBenchmarkData.RepeatToSize(TsvBenchmarkData.Generate(10_000), Megabytes * 1_000_000L);
        _segmented = BenchmarkSequences.Segmented(_data, 64 * 1024);
        _file = Path.Combine(Path.GetTempPath(), $"fasttext-tsv-throughput-{Megabytes}.tsv");
        File.WriteAllBytes(_file, _data);
    }

    [GlobalCleanup]
    public void Cleanup() => File.Delete(_file);

    private string _file = "";

    [Benchmark(Baseline = true)]
    public long StreamReaderStringSplit()
    {
        long sum = 0;
        using var reader = new StreamReader(new MemoryStream(_data), Encoding.UTF8);
        while (reader.ReadLine() is { } line)
        {
            string[] fields = line.Split('\t');
            sum += fields[0].Length + fields[1].Length + fields[10].Length;
        }

        return sum;
    }

    /// <summary>CsvHelper 34.0.0 (a SIMD UTF-8 reader): NoEscape mode, tab separator, fields as UTF-8 spans.</summary>
    [Benchmark]
    public long CsvHelperNoEscapeSpans()
    {
        long sum = 0;
        var options = new CsvReaderOptions { Separator = '\t', HasHeader = false, Mode = CsvMode.NoEscape };
        using CsvReader reader = CsvReader.Create(_data, options);
        while (reader.Read())
        {
            sum += reader.GetSpan(0).Length + reader.GetSpan(1).Length + reader.GetSpan(10).Length;
        }

        return sum;
    }

    [Benchmark]
    public long FastTextSingleSegment()
    {
        long sum = 0;
        using var reader = new TsvReader(new[] { 0, 1, 10 });
        var buffer = new ReadOnlySequence<byte>(_data);
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += row[0].Length + row[1].Length + row[2].Length;
        }

        return sum;
    }

    [Benchmark]
    public long FastTextSpan()
    {
        long sum = 0;
        using var reader = new TsvReader(new[] { 0, 1, 10 });
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += row[0].Length + row[1].Length + row[2].Length;
        }

        return sum;
    }

    [Benchmark]
    public long FastTextSegments64K()
    {
        long sum = 0;
        using var reader = new TsvReader(new[] { 0, 1, 10 });
        ReadOnlySequence<byte> buffer = _segmented;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += row[0].Length + row[1].Length + row[2].Length;
        }

        return sum;
    }

    private struct SumLengths : ITsvRowHandler
    {
        public long Sum;

        public void OnRow(in TsvRow row) => Sum += row[0].Length + row[1].Length + row[2].Length;
    }

    /// <summary>The batch API over 64 KB segments: rows inside a segment take the span path.</summary>
    [Benchmark]
    public long FastTextSegments64KReadRows()
    {
        using var reader = new TsvReader(new[] { 0, 1, 10 });
        ReadOnlySequence<byte> buffer = _segmented;
        var handler = new SumLengths();
        reader.ReadRows(ref buffer, true, ref handler);
        return handler.Sum;
    }

    /// <summary>The Stream driver (PipeReader.Create over a MemoryStream, 64 KB reads): what a service reading a file pays.</summary>
    [Benchmark]
    public async Task<long> FastTextStreamDriver()
    {
        using var reader = new TsvReader(new[] { 0, 1, 10 });
        SumLengths result = await reader.ReadRowsAsync(new MemoryStream(_data), new SumLengths());
        return result.Sum;
    }

    /// <summary>The foreach reader over a Stream (it owns a 64 KiB buffer), same three columns declared up front.</summary>
    [Benchmark]
    public long FastTextFileReaderStream() => SumThreeColumns(TsvFileReader.From(new MemoryStream(_data)));

    /// <summary>Every column of every line through the span API (all 25 selected).</summary>
    /// <summary>
    /// The same over a MemoryStream whose buffer is visible (as one filled by writing, or made with publiclyVisible):
    /// TsvFileReader reads it in place instead of copying it out 64 KiB at a time.
    /// </summary>
    [Benchmark]
    public long FastTextFileReaderVisibleMemoryStream() =>
        SumThreeColumns(TsvFileReader.From(new MemoryStream(_data, 0, _data.Length, writable: false, publiclyVisible: true)));

    /// <summary>
    /// The same from a file (in the page cache after the first run), opened by path: the reader reads it ahead on a
    /// thread-pool thread, so the kernel's copy overlaps with the scan.
    /// </summary>
    [Benchmark]
    public long FastTextFileReaderOpenFile() => SumThreeColumns(TsvFileReader.Open(_file));

    /// <summary>The 3-column loop of the foreach reader benchmarks (disposes <paramref name="file"/>).</summary>
    private static long SumThreeColumns(TsvFileReader file)
    {
        long sum = 0;
        using TsvFileReader reader = file.SelectColumns(0, 1, 10);
        foreach (TsvRow row in reader)
        {
            sum += row[0].Length + row[1].Length + row[2].Length;
        }

        return sum;
    }

    [Benchmark]
    public long FastTextSpanAllColumns()
    {
        long sum = 0;
        using var reader = new TsvReader(AllColumns);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            for (int i = 0; i < row.ColumnCount; i++)
            {
                sum += row[i].Length;
            }
        }

        return sum;
    }

    /// <summary>Every column of every line through the sequence API over 64 KB segments (all 25 selected).</summary>
    [Benchmark]
    public long FastTextSegments64KAllColumns()
    {
        long sum = 0;
        using var reader = new TsvReader(AllColumns);
        ReadOnlySequence<byte> buffer = _segmented;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            for (int i = 0; i < row.ColumnCount; i++)
            {
                sum += row[i].Length;
            }
        }

        return sum;
    }

    /// <summary>Every column of every line through the foreach reader over a Stream (no projection).</summary>
    [Benchmark]
    public long FastTextFileReaderStreamAllColumns()
    {
        long sum = 0;
        using TsvFileReader reader = TsvFileReader.From(new MemoryStream(_data));
        foreach (TsvRow row in reader)
        {
            for (int i = 0; i < row.ColumnCount; i++)
            {
                sum += row[i].Length;
            }
        }

        return sum;
    }

    private static readonly int[] AllColumns = Enumerable.Range(0, 25).ToArray();

    [Benchmark]
    public long FastTextNetStandard20Build()
    {
        long sum = 0;
        using var reader = new ns20::FastText.TsvReader(new[] { 0, 1, 10 });
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out ns20::FastText.TsvRow row))
        {
            sum += row[0].Length + row[1].Length + row[2].Length;
        }

        return sum;
    }
}

public sealed class TsvThroughputConfig : ManualConfig
{
    // Tier-1 code for the async pipe loop and the read-ahead paths arrives about 0.5-1 s into a process (the call
    // counting delay restarts while new methods keep running at tier 0). With FastJob's 3 warm-up iterations of 120 ms,
    // some launches measured the earlier code: the Stream driver took 17-23 ms or 40-53 ms at 100 MB depending on the
    // launch, and 15.0-15.4 ms in four launches out of four with DOTNET_TC_CallCountingDelayMs=0. Twelve warm-ups
    // (about 1.5 s) measure the steady state a long-running service sees.
    private const int SteadyStateWarmupCount = 12;

    public TsvThroughputConfig()
    {
        AddJob(BenchmarkDotNet.Jobs.JobExtensions.AsDefault(BenchmarkDotNet.Jobs.JobExtensions.WithWarmupCount(
            FastText.Benchmarks.Infrastructure.FastJobConfig.Job, SteadyStateWarmupCount)));
        AddColumn(new MegabytesPerSecondColumn());
    }
}
