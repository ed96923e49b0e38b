using System.Globalization;
using System.Text;
using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// The light end of the parallel read: three short columns per row (an id, a three-letter code, a count; about 16
/// bytes a line) and almost no work per row (the sum of the three columns' lengths). FastText's
/// <see cref="TsvFileReader.ParallelSelect{TResult}"/> on every core against its single-thread <c>foreach</c> (the
/// baseline), on the same bytes in memory: where the work per row is this light, the parallel read must not be slower
/// (what docs/tsv.md's rule for when parallel cannot win is measured against). Sizes: 1 MB (one chunk: the calling
/// thread alone), 39 MB and 100 MB. The [GlobalSetup] runs every method once and throws unless both agree.
/// Filter: <c>--filter '*TsvParallelShortColumns*'</c>.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
public class TsvParallelShortColumnsBenchmarks
{
    private byte[] _data = Array.Empty<byte>();

    /// <summary>Input size in MB (10^6 bytes), read by the MB/s column.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Megabytes { get; set; }

    /// <summary>Small, typical and large; FASTTEXT_BENCH_MEGABYTES=1 narrows a run (a --job Dry check of the class) to that size.</summary>
    public static IEnumerable<int> Sizes =>
        Environment.GetEnvironmentVariable("FASTTEXT_BENCH_MEGABYTES") is { Length: > 0 } only
            ? only.Split(',').Select(int.Parse).ToArray()
            : [1, 39, 100];

    [GlobalSetup]
    public void Setup()
    {
        _data = Generate(Megabytes * 1_000_000L);
        Console.WriteLine($"// {_data.Length:N0} bytes, {_data.AsSpan().Count((byte)'\n'):N0} rows, {Environment.ProcessorCount} cores");
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    [Benchmark(Baseline = true)]
    public long FastTextSingleThread()
    {
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory());
        long sum = 0;
        foreach (TsvRow row in reader)
        {
            sum += row[0].Length + row[1].Length + row[2].Length;
        }

        return sum;
    }

    [Benchmark]
    public long FastTextParallel()
    {
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory());
        long sum = 0;
        foreach (int lengths in reader.ParallelSelect((in TsvRow row) => row[0].Length + row[1].Length + row[2].Length))
        {
            sum += lengths;
        }

        return sum;
    }

    private static byte[] Generate(long bytes)
    {
        var random = new Random(23);
        var text = new StringBuilder((int)Math.Min(bytes + 64, int.MaxValue));
        while (text.Length < bytes)
        {
            text.Append(random.Next(1, 1_000_000).ToString(CultureInfo.InvariantCulture)).Append('\t')
                .Append((char)('A' + random.Next(26))).Append((char)('A' + random.Next(26))).Append((char)('A' + random.Next(26))).Append('\t')
                .Append(random.Next(0, 1_000).ToString(CultureInfo.InvariantCulture)).Append('\n');
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }
}
