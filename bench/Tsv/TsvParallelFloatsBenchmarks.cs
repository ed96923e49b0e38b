using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;
using nietras.SeparatedValues;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Sep's float workload as TSV (<see cref="FloatRowsData"/>: 20 ground-truth and 20 predicted float features per row): each row's 40 floats parsed and its mean squared error computed; the result is the mean
/// over the rows, summed in input order (so every method returns the same double). On the same bytes in memory:
/// Sep 0.17.1's <c>ParallelEnumerate</c> (the baseline: every core, results in order), FastText's
/// <see cref="TsvFileReader.ParallelSelect{TResult}"/> (every core, results in order) and FastText's single-thread
/// <c>foreach</c> over the same reader. Both libraries parse with their typed API (Sep: <c>Cols.Parse&lt;float&gt;</c>
/// over UTF-16; FastText: <see cref="TsvRow.Parse{T}(int, Span{T}, IFormatProvider?)"/> of 20 columns into a span, over the UTF-8 bytes) and check the column count against the
/// header. Sizes: small (1 MB, under two chunks: the parallel read stays on the calling thread), typical (27 MB, the
/// size of Sep's own table) and large (100 MB). The [GlobalSetup] runs every method once and throws unless all agree.
/// Filter: <c>--filter '*TsvParallelFloats*'</c>.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
public class TsvParallelFloatsBenchmarks
{
    private static readonly TsvOptions HeaderOptions = new() { HasHeader = true };
    private static readonly int[] GroundTruth = Enumerable.Range(0, FloatRowsData.FeatureCount).Select(FloatRowsData.GroundTruthColumn).ToArray();
    private static readonly int[] Predicted = Enumerable.Range(0, FloatRowsData.FeatureCount).Select(FloatRowsData.PredictedColumn).ToArray();

    private byte[] _data = Array.Empty<byte>();

    /// <summary>Input size in MB (10^6 bytes), read by the MB/s column.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Megabytes { get; set; }

    /// <summary>Small, typical and large; FASTTEXT_BENCH_MEGABYTES=1 narrows a run (a --job Dry check of the class) to that size.</summary>
    public static IEnumerable<int> Sizes =>
        Environment.GetEnvironmentVariable("FASTTEXT_BENCH_MEGABYTES") is { Length: > 0 } only
            ? only.Split(',').Select(int.Parse).ToArray()
            : [1, 27, 100];

    [GlobalSetup]
    public void Setup()
    {
        _data = FloatRowsData.GenerateToSize(Megabytes * 1_000_000L);
        Console.WriteLine($"// {_data.Length:N0} bytes, {_data.AsSpan().Count((byte)'\n') - 1:N0} rows, {Environment.ProcessorCount} cores");
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    [Benchmark(Baseline = true)]
    public double SepParallel()
    {
        using SepReader reader = Sep.New('\t').Reader().From(_data);
        double sum = 0;
        long rows = 0;
        foreach (double error in reader.ParallelEnumerate(row => FloatRowsData.MeanSquaredError(row[GroundTruth].Parse<float>(), row[Predicted].Parse<float>())))
        {
            sum += error;
            rows++;
        }

        return sum / rows;
    }

    [Benchmark]
    public double FastTextParallel()
    {
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory(), HeaderOptions);
        double sum = 0;
        long rows = 0;
        foreach (double error in reader.ParallelSelect(MeanSquaredError))
        {
            sum += error;
            rows++;
        }

        return sum / rows;
    }

    [Benchmark]
    public double FastTextSingleThread()
    {
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory(), HeaderOptions);
        double sum = 0;
        long rows = 0;
        foreach (TsvRow row in reader)
        {
            sum += MeanSquaredError(row);
            rows++;
        }

        return sum / rows;
    }

    private static double MeanSquaredError(in TsvRow row)
    {
        Span<float> groundTruth = stackalloc float[FloatRowsData.FeatureCount];
        Span<float> predicted = stackalloc float[FloatRowsData.FeatureCount];
        row.Parse(FloatRowsData.GroundTruthColumn(0), groundTruth);
        row.Parse(FloatRowsData.PredictedColumn(0), predicted);
        return FloatRowsData.MeanSquaredError(groundTruth, predicted);
    }
}
