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
/// Real data nobody here generated: GeoNames' cities file (<see cref="PublicDatasets.GeoNamesCities"/>: 19 columns,
/// UTF-8 names in many scripts, an alternate-names list of up to 4 KB in column 3, many empty fields), its lines
/// repeated to the size asked for. Two jobs, one category each:
/// <list type="bullet">
/// <item><c>AllColumns</c>: every column of every line as a span (the count of the non-empty ones: the same in the
/// UTF-8 readers' bytes and the UTF-16 readers' chars).</item>
/// <item><c>NameLatLon</c>: the name (column 1, whether it is empty) and the two coordinates (columns 4 and 5, each library's
/// own double parse): a projection past the long column.</item>
/// </list>
/// Peers with quoting off (the names hold '"'): Sep 0.17 (<c>DisableQuotesParsing</c>), CsvHelper 34's UTF-8 reader in
/// its TSV mode, Sylvan (no quote character). FastText: the span API and the foreach reader. The setup checks that
/// all agree.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class TsvGeoNamesPeersBenchmarks
{
    private const string AllColumns = "AllColumns";
    private const string NameLatLon = "NameLatLon";
    private const int Name = 1;
    private const int Latitude = 4;
    private const int Longitude = 5;

    private static readonly int[] Projection = [Name, Latitude, Longitude];

    private byte[] _data = [];

    /// <summary>Input size in MB (10^6 bytes): the file once (3.6 MB), repeated to 36 MB, to 100 MB.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Megabytes { get; set; }

    public static IEnumerable<int> Sizes =>
        Environment.GetEnvironmentVariable("FASTTEXT_BENCH_MEGABYTES") is { Length: > 0 } only
            ? only.Split(',').Select(m => int.Parse(m, CultureInfo.InvariantCulture)).ToArray()
            : [4, 36, 100];

    [GlobalSetup]
    public void Setup()
    {
        _data = TsvBenchmarkData.RepeatToSize(PublicDatasets.GeoNamesCities(), Megabytes * 1_000_000L);
        Console.WriteLine($"// {_data.Length:N0} bytes, {_data.AsSpan().Count((byte)'\n'):N0} lines x 19 columns");
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    // --- AllColumns -----------------------------------------------------------------------------------------------

    [Benchmark, BenchmarkCategory(AllColumns)]
    public long SepAllColumns()
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

    [Benchmark(Baseline = true), BenchmarkCategory(AllColumns)]
    public long CsvHelperAllColumns()
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

    [Benchmark, BenchmarkCategory(AllColumns)]
    public long SylvanAllColumns()
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

    [Benchmark, BenchmarkCategory(AllColumns)]
    public long FastTextSpanAllColumns()
    {
        long sum = 0;
        using var reader = new TsvReader(Enumerable.Range(0, 19).ToArray());
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

    [Benchmark, BenchmarkCategory(AllColumns)]
    public long FastTextForeachAllColumns()
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

    // --- NameLatLon -----------------------------------------------------------------------------------------------

    [Benchmark, BenchmarkCategory(NameLatLon)]
    public double SepNameLatLon()
    {
        double sum = 0;
        using SepReader reader = SepReaderFor(_data);
        foreach (SepReader.Row row in reader)
        {
            sum += NonEmpty(row[Name].Span.Length) + row[Latitude].Parse<double>() + row[Longitude].Parse<double>();
        }

        return sum;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(NameLatLon)]
    public double CsvHelperNameLatLon()
    {
        double sum = 0;
        using CsvReader reader = CsvHelperReaderFor(_data);
        while (reader.Read())
        {
            sum += NonEmpty(reader.GetSpan(Name).Length) + reader.Parse<double>(Latitude, CultureInfo.InvariantCulture) + reader.Parse<double>(Longitude, CultureInfo.InvariantCulture);
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(NameLatLon)]
    public double SylvanNameLatLon()
    {
        double sum = 0;
        using SylvanCsvReader reader = SylvanReaderFor(_data);
        while (reader.Read())
        {
            sum += NonEmpty(reader.GetFieldSpan(Name).Length) + reader.GetDouble(Latitude) + reader.GetDouble(Longitude);
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(NameLatLon)]
    public double FastTextSpanNameLatLon()
    {
        double sum = 0;
        using var reader = new TsvReader(Projection);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += NonEmpty(row[0].Length) + row.GetDouble(1) + row.GetDouble(2);
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(NameLatLon)]
    public double FastTextForeachNameLatLon()
    {
        double sum = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory()).SelectColumns(Projection);
        foreach (TsvRow row in reader)
        {
            sum += NonEmpty(row[0].Length) + row.GetDouble(1) + row.GetDouble(2);
        }

        return sum;
    }

    private static int NonEmpty(int length) => length > 0 ? 1 : 0;

    private static SepReader SepReaderFor(byte[] data) =>
        Sep.New('\t').Reader(options => options with { HasHeader = false, DisableQuotesParsing = true }).From(data);

    private static CsvReader CsvHelperReaderFor(byte[] data) =>
        CsvReader.Create(data, new CsvReaderOptions { Separator = '\t', HasHeader = false, Mode = CsvMode.NoEscape });

    private static SylvanCsvReader SylvanReaderFor(byte[] data) =>
        SylvanCsvReader.Create(new StreamReader(new MemoryStream(data), Encoding.UTF8), new SylvanCsvReaderOptions { Delimiter = '\t', HasHeaders = false, Quote = '\0' });
}
