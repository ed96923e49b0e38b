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
/// NCsvPerf's package-assets data as TSV (<see cref="PublicDatasets.PackageAssets"/>: 25 columns, no header), its
/// lines repeated to the row count asked for, in the three scopes of Sep's PackageAssetsBench, one category each:
/// <list type="bullet">
/// <item><c>Row</c>: every row, nothing read from it (FastText's foreach without a projection).</item>
/// <item><c>Cols</c>: every column of every row as a span (the count of the non-empty ones).</item>
/// <item><c>Asset</c>: every column as a string (each library's own way to make one), the row's strings combined
/// into a checksum as a record of them would be built (NCsvPerf's workload).</item>
/// </list>
/// Peers from bytes in memory: Sep 0.17, CsvHelper 34's UTF-8 reader in its TSV mode, Sylvan. FastText: the span API
/// and the foreach reader. The setup checks that all agree.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class TsvPackageAssetsPeersBenchmarks
{
    private const string RowScope = "Row";
    private const string ColsScope = "Cols";
    private const string AssetScope = "Asset";
    private const int ColumnCount = 25;

    private static readonly int[] AllColumns = Enumerable.Range(0, ColumnCount).ToArray();

    private byte[] _data = [];

    /// <summary>Rows: small, Sep's own count (50,000), large.</summary>
    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<int> RowCounts =>
        Environment.GetEnvironmentVariable("FASTTEXT_BENCH_ROWS") is { Length: > 0 } only
            ? only.Split(',').Select(r => int.Parse(r, CultureInfo.InvariantCulture)).ToArray()
            : [1_000, 50_000, 500_000];

    [GlobalSetup]
    public void Setup()
    {
        _data = PublicDatasets.RepeatLines(PublicDatasets.PackageAssets(), Rows);
        Console.WriteLine($"// {_data.Length:N0} bytes, {Rows:N0} rows x {ColumnCount} columns");
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
        using var reader = new TsvReader(options: null);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out _))
        {
            rows++;
        }

        return rows;
    }

    [Benchmark, BenchmarkCategory(RowScope)]
    public long FastTextForeachRow()
    {
        long rows = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory());
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
                sum += NonEmpty(row[i].Span.Length);
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
                sum += NonEmpty(reader.GetSpan(i).Length);
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
                sum += NonEmpty(reader.GetFieldSpan(i).Length);
            }
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(ColsScope)]
    public long FastTextSpanCols()
    {
        long sum = 0;
        using var reader = new TsvReader(AllColumns);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            for (int i = 0; i < row.ColumnCount; i++)
            {
                sum += NonEmpty(row[i].Length);
            }
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(ColsScope)]
    public long FastTextForeachCols()
    {
        long sum = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory());
        foreach (TsvRow row in reader)
        {
            for (int i = 0; i < row.ColumnCount; i++)
            {
                sum += NonEmpty(row[i].Length);
            }
        }

        return sum;
    }

    // --- Asset ----------------------------------------------------------------------------------------------------

    [Benchmark, BenchmarkCategory(AssetScope)]
    public long SepAsset()
    {
        long sum = 0;
        using SepReader reader = SepReaderFor(_data);
        foreach (SepReader.Row row in reader)
        {
            for (int i = 0; i < ColumnCount; i++)
            {
                sum += Fingerprint(row[i].ToString());
            }
        }

        return sum;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(AssetScope)]
    public long CsvHelperAsset()
    {
        long sum = 0;
        using CsvReader reader = CsvHelperReaderFor(_data);
        while (reader.Read())
        {
            for (int i = 0; i < ColumnCount; i++)
            {
                sum += Fingerprint(reader.GetString(i));
            }
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(AssetScope)]
    public long SylvanAsset()
    {
        long sum = 0;
        using SylvanCsvReader reader = SylvanReaderFor(_data);
        while (reader.Read())
        {
            for (int i = 0; i < ColumnCount; i++)
            {
                sum += Fingerprint(reader.GetString(i));
            }
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(AssetScope)]
    public long FastTextSpanAsset()
    {
        long sum = 0;
        using var reader = new TsvReader(AllColumns);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            for (int i = 0; i < ColumnCount; i++)
            {
                sum += Fingerprint(row.GetString(i));
            }
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(AssetScope)]
    public long FastTextForeachAsset()
    {
        long sum = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory());
        foreach (TsvRow row in reader)
        {
            for (int i = 0; i < ColumnCount; i++)
            {
                sum += Fingerprint(row.GetString(i));
            }
        }

        return sum;
    }

    private static int NonEmpty(int length) => length > 0 ? 1 : 0;

    // The length and the last char: a wrong column or a cut field fails the setup check, the strings' cost stays.
    private static long Fingerprint(string field) => field.Length == 0 ? 0 : ((long)field.Length << 16) + field[^1];

    private static SepReader SepReaderFor(byte[] data) =>
        Sep.New('\t').Reader(options => options with { HasHeader = false, DisableQuotesParsing = true }).From(data);

    private static CsvReader CsvHelperReaderFor(byte[] data) =>
        CsvReader.Create(data, new CsvReaderOptions { Separator = '\t', HasHeader = false, Mode = CsvMode.NoEscape });

    private static SylvanCsvReader SylvanReaderFor(byte[] data) =>
        SylvanCsvReader.Create(new StreamReader(new MemoryStream(data), Encoding.UTF8), new SylvanCsvReaderOptions { Delimiter = '\t', HasHeaders = false, Quote = '\0' });
}
