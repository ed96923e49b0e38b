using System.Globalization;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using CsvHelper;
using FastText.Benchmarks.Infrastructure;
using nietras.SeparatedValues;
using SylvanCsvReader = Sylvan.Data.Csv.CsvDataReader;
using SylvanCsvReaderOptions = Sylvan.Data.Csv.CsvDataReaderOptions;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Sep's published float workload (its FloatsReaderBench) on the same data as TSV (<see cref="FloatRowsData"/>: a
/// header, 40 float columns), its three scopes, one category each:
/// <list type="bullet">
/// <item><c>Row</c>: every row, nothing read from it (each library's row loop, FastText's foreach without a projection).</item>
/// <item><c>Cols</c>: every column of every row as a span (the sum of their lengths).</item>
/// <item><c>Floats</c>: the 20 ground-truth and 20 result columns of each row, by header name, parsed as floats; per
/// row the mean squared error; the result is their mean (Sep's own computation).</item>
/// </list>
/// Peers from bytes in memory: Sep 0.17 (<c>row[names].Parse&lt;float&gt;()</c>), CsvHelper 34's UTF-8 reader in its
/// TSV mode (<c>Parse&lt;float&gt;</c> per column), Sylvan (<c>GetFloat</c>). FastText: the span API and the foreach
/// reader, with <c>Parse&lt;float&gt;</c> of the 20 columns into a span. The setup checks that every library agrees.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class TsvFloatsPeersBenchmarks
{
    private const string RowScope = "Row";
    private const string ColsScope = "Cols";
    private const string FloatsScope = "Floats";
    private const int Features = FloatRowsData.FeatureCount;

    private static readonly string[] AllNames = [.. FloatRowsData.GroundTruthNames, .. FloatRowsData.ResultNames];

    private byte[] _data = [];

    /// <summary>Rows: small, Sep's own count (25,000), large.</summary>
    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts =>
        Environment.GetEnvironmentVariable("FASTTEXT_BENCH_ROWS") is { Length: > 0 } only
            ? only.Split(',').Select(r => int.Parse(r, CultureInfo.InvariantCulture)).ToArray()
            : [1_000, 25_000, 250_000];

    [GlobalSetup]
    public void Setup()
    {
        _data = FloatRowsData.Generate(Rows);
        Console.WriteLine($"// {_data.Length:N0} bytes, {Rows:N0} rows x {2 * Features} float columns");
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    // --- Row ------------------------------------------------------------------------------------------------------

    [Benchmark, BenchmarkCategory(RowScope)]
    public long SepRow()
    {
        long rows = 0;
        using SepReader reader = SepReaderFor(_data);
        foreach (SepReader.Row row in reader)
        {
            rows++;
        }

        return rows;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(RowScope)]
    public long CsvHelperRow()
    {
        long rows = 0;
        using CsvReader reader = CsvHelperReaderFor(_data);
        while (reader.Read())
        {
            rows++;
        }

        return rows;
    }

    [Benchmark, BenchmarkCategory(RowScope)]
    public long SylvanRow()
    {
        long rows = 0;
        using SylvanCsvReader reader = SylvanReaderFor(_data);
        while (reader.Read())
        {
            rows++;
        }

        return rows;
    }

    [Benchmark, BenchmarkCategory(RowScope)]
    public long FastTextSpanRow()
    {
        long rows = 0;
        using var reader = new TsvReader(new TsvOptions { HasHeader = true });
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out _))
        {
            rows++;
        }

        return rows;
    }

    /// <summary>The foreach reader without a projection: rows with every column, none of them read.</summary>
    [Benchmark, BenchmarkCategory(RowScope)]
    public long FastTextForeachRow()
    {
        long rows = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory(), new TsvOptions { HasHeader = true });
        foreach (TsvRow row in reader)
        {
            rows++;
        }

        return rows;
    }

    // --- Cols -----------------------------------------------------------------------------------------------------

    [Benchmark, BenchmarkCategory(ColsScope)]
    public long SepCols()
    {
        long sum = 0;
        using SepReader reader = SepReaderFor(_data);
        foreach (SepReader.Row row in reader)
        {
            for (int i = 0; i < row.ColCount; i++)
            {
                sum += row[i].Span.Length;
            }
        }

        return sum;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(ColsScope)]
    public long CsvHelperCols()
    {
        long sum = 0;
        using CsvReader reader = CsvHelperReaderFor(_data);
        while (reader.Read())
        {
            for (int i = 0; i < reader.FieldCount; i++)
            {
                sum += reader.GetSpan(i).Length;
            }
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(ColsScope)]
    public long SylvanCols()
    {
        long sum = 0;
        using SylvanCsvReader reader = SylvanReaderFor(_data);
        while (reader.Read())
        {
            for (int i = 0; i < reader.RowFieldCount; i++)
            {
                sum += reader.GetFieldSpan(i).Length;
            }
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(ColsScope)]
    public long FastTextSpanCols()
    {
        long sum = 0;
        using var reader = new TsvReader(AllNames, new TsvOptions { HasHeader = true });
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

    /// <summary>No selection either: every field of every line through <see cref="TsvRow.Fields"/>.</summary>
    [Benchmark, BenchmarkCategory(ColsScope)]
    public long FastTextFieldsCols()
    {
        long sum = 0;
        using var reader = new TsvReader(new TsvOptions { HasHeader = true });
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            foreach (ReadOnlySpan<byte> field in row.Fields)
            {
                sum += field.Length;
            }
        }

        return sum;
    }

    /// <summary>No projection: each row has every field of its line.</summary>
    [Benchmark, BenchmarkCategory(ColsScope)]
    public long FastTextForeachCols()
    {
        long sum = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory(), new TsvOptions { HasHeader = true });
        foreach (TsvRow row in reader)
        {
            for (int i = 0; i < row.ColumnCount; i++)
            {
                sum += row[i].Length;
            }
        }

        return sum;
    }

    // --- Floats ---------------------------------------------------------------------------------------------------

    [Benchmark, BenchmarkCategory(FloatsScope)]
    public double SepFloats()
    {
        using SepReader reader = SepReaderFor(_data);
        double sum = 0;
        long count = 0;
        foreach (SepReader.Row row in reader)
        {
            sum += FloatRowsData.MeanSquaredError(row[FloatRowsData.GroundTruthNames].Parse<float>(), row[FloatRowsData.ResultNames].Parse<float>());
            count++;
        }

        return sum / count;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(FloatsScope)]
    public double CsvHelperFloats()
    {
        using CsvReader reader = CsvHelperReaderFor(_data);
        int[] groundTruth = FloatRowsData.GroundTruthNames.Select(name => reader.GetFieldIndex(name)).ToArray();
        int[] results = FloatRowsData.ResultNames.Select(name => reader.GetFieldIndex(name)).ToArray();
        Span<float> groundTruthValues = stackalloc float[Features];
        Span<float> resultValues = stackalloc float[Features];
        double sum = 0;
        long count = 0;
        while (reader.Read())
        {
            for (int i = 0; i < Features; i++)
            {
                groundTruthValues[i] = reader.Parse<float>(groundTruth[i], CultureInfo.InvariantCulture);
                resultValues[i] = reader.Parse<float>(results[i], CultureInfo.InvariantCulture);
            }

            sum += FloatRowsData.MeanSquaredError(groundTruthValues, resultValues);
            count++;
        }

        return sum / count;
    }

    [Benchmark, BenchmarkCategory(FloatsScope)]
    public double SylvanFloats()
    {
        using SylvanCsvReader reader = SylvanReaderFor(_data);
        int[] groundTruth = FloatRowsData.GroundTruthNames.Select(reader.GetOrdinal).ToArray();
        int[] results = FloatRowsData.ResultNames.Select(reader.GetOrdinal).ToArray();
        Span<float> groundTruthValues = stackalloc float[Features];
        Span<float> resultValues = stackalloc float[Features];
        double sum = 0;
        long count = 0;
        while (reader.Read())
        {
            for (int i = 0; i < Features; i++)
            {
                groundTruthValues[i] = reader.GetFloat(groundTruth[i]);
                resultValues[i] = reader.GetFloat(results[i]);
            }

            sum += FloatRowsData.MeanSquaredError(groundTruthValues, resultValues);
            count++;
        }

        return sum / count;
    }

    [Benchmark, BenchmarkCategory(FloatsScope)]
    public double FastTextSpanFloats()
    {
        using var reader = new TsvReader(AllNames, new TsvOptions { HasHeader = true });
        Span<float> groundTruthValues = stackalloc float[Features];
        Span<float> resultValues = stackalloc float[Features];
        ReadOnlySpan<byte> buffer = _data;
        double sum = 0;
        long count = 0;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            row.Parse(0, groundTruthValues);
            row.Parse(Features, resultValues);
            sum += FloatRowsData.MeanSquaredError(groundTruthValues, resultValues);
            count++;
        }

        return sum / count;
    }

    [Benchmark, BenchmarkCategory(FloatsScope)]
    public double FastTextForeachFloats()
    {
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory(), new TsvOptions { HasHeader = true }).SelectColumns(AllNames);
        Span<float> groundTruthValues = stackalloc float[Features];
        Span<float> resultValues = stackalloc float[Features];
        double sum = 0;
        long count = 0;
        foreach (TsvRow row in reader)
        {
            row.Parse(0, groundTruthValues);
            row.Parse(Features, resultValues);
            sum += FloatRowsData.MeanSquaredError(groundTruthValues, resultValues);
            count++;
        }

        return sum / count;
    }

    private static SepReader SepReaderFor(byte[] data) => Sep.New('\t').Reader().From(data);

    private static CsvReader CsvHelperReaderFor(byte[] data) =>
        CsvReader.Create(data, new CsvReaderOptions { Separator = '\t', HasHeader = true, Mode = CsvMode.NoEscape });

    private static SylvanCsvReader SylvanReaderFor(byte[] data) =>
        SylvanCsvReader.Create(new StreamReader(new MemoryStream(data), Encoding.UTF8), new SylvanCsvReaderOptions { Delimiter = '\t', HasHeaders = true });
}
