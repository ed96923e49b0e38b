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
/// The same in-memory TSV (a generated CloudFront log, 33 columns, no header; 1 MB, 39 MB = about 100,000 lines,
/// 100 MB) read by each peer and by FastText, four jobs, one category each:
/// <list type="bullet">
/// <item><c>Lengths3</c>: the sum of the lengths of columns 0, 1 and 10 (the projection the README's example makes).</item>
/// <item><c>LengthsAll</c>: the sum of the lengths of all 33 columns.</item>
/// <item><c>Strings3</c>: columns 0, 1 and 10 as strings (each library's default way to make one; no pooling).</item>
/// <item><c>IntDouble</c>: the int column (sc-bytes) and the double column (time-taken) parsed with InvariantCulture: by the runtime's int.Parse/double.Parse of each reader's span, and by each reader's own typed parse (Sep's Parse, CsvHelper's Parse, our GetInt32/GetDouble).</item>
/// </list>
/// Peers, each through its fastest documented entry point for bytes in memory: Sep 0.17 (<c>Sep.New('\t')</c>, from
/// the byte array; it decodes to UTF-16, so its fields and parses are char spans), CsvHelper 34's SIMD UTF-8 reader
/// in <c>NoEscape</c> mode (the TSV mode: no quoting; fields are UTF-8 spans), and Sylvan.Data.Csv 1.4 (a
/// <c>CsvDataReader</c> with a tab delimiter over a StreamReader: it reads text only, so UTF-8 decoding is part of
/// its time). FastText: the span API (<see cref="TsvReader"/>) and the foreach reader (<see cref="TsvFileReader"/>).
/// The UTF-8 readers parse with <c>int.Parse</c>/<c>double.Parse</c> of the UTF-8 span, the UTF-16 ones of the
/// char span; FastText's own <see cref="TsvRow.GetInt32"/>/<see cref="TsvRow.GetDouble"/> are one more row.
/// Baselines: CsvHelper for <c>Lengths3</c> (in earlier, separate runs of a 3-column projection on this machine it
/// was the faster peer: about 7 GB/s on the 25-column table, Sep 3.6 GB/s on the 33-column log; bench/results/tsv);
/// Sep elsewhere, until a run of this class names the fastest peer of each category. The [GlobalSetup] runs every method once and throws unless each category's methods agree.
/// Filter: <c>--filter '*TsvReadPeers*'</c>.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class TsvReadPeersBenchmarks
{
    private const string Lengths3 = "Lengths3";
    private const string LengthsAll = "LengthsAll";
    private const string Strings3 = "Strings3";
    private const string IntDouble = "IntDouble";

    private const int ColumnCount = 33;
    private const int First = 0;
    private const int Second = 1;
    private const int Third = 10;
    private const int IntColumn = TsvBenchmarkData.IntColumn;
    private const int DoubleColumn = TsvBenchmarkData.DoubleColumn;

    // More distinct lines than the 39 MB case holds, so the typical size never repeats a line.
    private const int SampleLines = 110_000;

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;
    private static readonly int[] ThreeColumns = { First, Second, Third };
    private static readonly int[] AllColumns = Enumerable.Range(0, ColumnCount).ToArray();
    private static readonly int[] NumberColumns = { IntColumn, DoubleColumn };

    private byte[] _data = Array.Empty<byte>();

    /// <summary>Input size in MB (10^6 bytes), read by the MB/s column: small, typical (the 39 MB log), large.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Megabytes { get; set; }

    /// <summary>1, 39 and 100; FASTTEXT_BENCH_MEGABYTES=1 narrows a run (a --job Dry check of the class) to that size.</summary>
    public static IEnumerable<int> Sizes =>
        Environment.GetEnvironmentVariable("FASTTEXT_BENCH_MEGABYTES") is { Length: > 0 } only
            ? only.Split(',').Select(int.Parse).ToArray()
            : [1, 39, 100];

    [GlobalSetup]
    public void Setup()
    {
        _data = TsvBenchmarkData.RepeatToSize(TsvBenchmarkData.GenerateCloudFront33(SampleLines), Megabytes * 1_000_000L);
        Console.WriteLine($"// {_data.Length:N0} bytes, {_data.AsSpan().Count((byte)'\n'):N0} lines x {ColumnCount} columns");
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    // --- Lengths3: columns 0, 1 and 10 as spans, the sum of their lengths -------------------------------------------

    [Benchmark, BenchmarkCategory(Lengths3)]
    public long SepLengths3()
    {
        long sum = 0;
        using SepReader reader = SepReaderFor(_data);
        foreach (SepReader.Row row in reader)
        {
            sum += row[First].Span.Length + row[Second].Span.Length + row[Third].Span.Length;
        }

        return sum;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Lengths3)]
    public long CsvHelperLengths3()
    {
        long sum = 0;
        using CsvReader reader = CsvHelperReaderFor(_data);
        while (reader.Read())
        {
            sum += reader.GetSpan(First).Length + reader.GetSpan(Second).Length + reader.GetSpan(Third).Length;
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(Lengths3)]
    public long SylvanLengths3()
    {
        long sum = 0;
        using SylvanCsvReader reader = SylvanReaderFor(_data);
        while (reader.Read())
        {
            sum += reader.GetFieldSpan(First).Length + reader.GetFieldSpan(Second).Length + reader.GetFieldSpan(Third).Length;
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(Lengths3)]
    public long FastTextSpanLengths3()
    {
        long sum = 0;
        using var reader = new TsvReader(ThreeColumns);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += row[0].Length + row[1].Length + row[2].Length;
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(Lengths3)]
    public long FastTextForeachLengths3()
    {
        long sum = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory()).SelectColumns(ThreeColumns);
        foreach (TsvRow row in reader)
        {
            sum += row[0].Length + row[1].Length + row[2].Length;
        }

        return sum;
    }

    // --- LengthsAll: every column as a span, the sum of their lengths ----------------------------------------------

    [Benchmark(Baseline = true), BenchmarkCategory(LengthsAll)]
    public long SepLengthsAll()
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

    [Benchmark, BenchmarkCategory(LengthsAll)]
    public long CsvHelperLengthsAll()
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

    [Benchmark, BenchmarkCategory(LengthsAll)]
    public long SylvanLengthsAll()
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

    [Benchmark, BenchmarkCategory(LengthsAll)]
    public long FastTextSpanLengthsAll()
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

    /// <summary>No projection: each row has every field of its line.</summary>
    [Benchmark, BenchmarkCategory(LengthsAll)]
    public long FastTextForeachLengthsAll()
    {
        long sum = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory());
        foreach (TsvRow row in reader)
        {
            for (int i = 0; i < row.ColumnCount; i++)
            {
                sum += row[i].Length;
            }
        }

        return sum;
    }

    /// <summary>No selection either: every field of every line through <see cref="TsvRow.Fields"/>.</summary>
    [Benchmark, BenchmarkCategory(LengthsAll)]
    public long FastTextFieldsLengthsAll()
    {
        long sum = 0;
        using var reader = new TsvReader(TsvOptions.Default);
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

    // --- Strings3: columns 0, 1 and 10 as strings --------------------------------------------------------------------

    [Benchmark(Baseline = true), BenchmarkCategory(Strings3)]
    public long SepStrings3()
    {
        long sum = 0;
        using SepReader reader = SepReaderFor(_data);
        foreach (SepReader.Row row in reader)
        {
            sum += Fingerprint(row[First].ToString()) + Fingerprint(row[Second].ToString()) + Fingerprint(row[Third].ToString());
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(Strings3)]
    public long CsvHelperStrings3()
    {
        long sum = 0;
        using CsvReader reader = CsvHelperReaderFor(_data);
        while (reader.Read())
        {
            sum += Fingerprint(reader.GetString(First)) + Fingerprint(reader.GetString(Second)) + Fingerprint(reader.GetString(Third));
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(Strings3)]
    public long SylvanStrings3()
    {
        long sum = 0;
        using SylvanCsvReader reader = SylvanReaderFor(_data);
        while (reader.Read())
        {
            sum += Fingerprint(reader.GetString(First)) + Fingerprint(reader.GetString(Second)) + Fingerprint(reader.GetString(Third));
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(Strings3)]
    public long FastTextSpanStrings3()
    {
        long sum = 0;
        using var reader = new TsvReader(ThreeColumns);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += Fingerprint(row.GetString(0)) + Fingerprint(row.GetString(1)) + Fingerprint(row.GetString(2));
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory(Strings3)]
    public long FastTextForeachStrings3()
    {
        long sum = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory()).SelectColumns(ThreeColumns);
        foreach (TsvRow row in reader)
        {
            sum += Fingerprint(row.GetString(0)) + Fingerprint(row.GetString(1)) + Fingerprint(row.GetString(2));
        }

        return sum;
    }

    // --- IntDouble: an int and a double column parsed, InvariantCulture ----------------------------------------------

    [Benchmark(Baseline = true), BenchmarkCategory(IntDouble)]
    public double SepIntDouble()
    {
        long ints = 0;
        double doubles = 0;
        using SepReader reader = SepReaderFor(_data);
        foreach (SepReader.Row row in reader)
        {
            ints += int.Parse(row[IntColumn].Span, Invariant);
            doubles += double.Parse(row[DoubleColumn].Span, Invariant);
        }

        return ints + doubles;
    }

    [Benchmark, BenchmarkCategory(IntDouble)]
    public double CsvHelperIntDouble()
    {
        long ints = 0;
        double doubles = 0;
        using CsvReader reader = CsvHelperReaderFor(_data);
        while (reader.Read())
        {
            ints += int.Parse(reader.GetSpan(IntColumn), Invariant);
            doubles += double.Parse(reader.GetSpan(DoubleColumn), Invariant);
        }

        return ints + doubles;
    }

    /// <summary>Sep's own typed parse (csFastFloat for the double), the peer of our GetInt32/GetDouble.</summary>
    [Benchmark, BenchmarkCategory(IntDouble)]
    public double SepParseIntDouble()
    {
        long ints = 0;
        double doubles = 0;
        using SepReader reader = SepReaderFor(_data);
        foreach (SepReader.Row row in reader)
        {
            ints += row[IntColumn].Parse<int>();
            doubles += row[DoubleColumn].Parse<double>();
        }

        return ints + doubles;
    }

    /// <summary>CsvHelper 34's own typed parse (its fast_float port for the double), the peer of our GetInt32/GetDouble.</summary>
    [Benchmark, BenchmarkCategory(IntDouble)]
    public double CsvHelperParseIntDouble()
    {
        long ints = 0;
        double doubles = 0;
        using CsvReader reader = CsvHelperReaderFor(_data);
        while (reader.Read())
        {
            ints += reader.Parse<int>(IntColumn, Invariant);
            doubles += reader.Parse<double>(DoubleColumn, Invariant);
        }

        return ints + doubles;
    }

    [Benchmark, BenchmarkCategory(IntDouble)]
    public double SylvanIntDouble()
    {
        long ints = 0;
        double doubles = 0;
        using SylvanCsvReader reader = SylvanReaderFor(_data);
        while (reader.Read())
        {
            ints += int.Parse(reader.GetFieldSpan(IntColumn), Invariant);
            doubles += double.Parse(reader.GetFieldSpan(DoubleColumn), Invariant);
        }

        return ints + doubles;
    }

    [Benchmark, BenchmarkCategory(IntDouble)]
    public double FastTextSpanIntDouble()
    {
        long ints = 0;
        double doubles = 0;
        using var reader = new TsvReader(NumberColumns);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            ints += int.Parse(row[0], Invariant);
            doubles += double.Parse(row[1], Invariant);
        }

        return ints + doubles;
    }

    /// <summary>The row's typed accessors instead of the runtime's parsers (they name line and column on bad input).</summary>
    [Benchmark, BenchmarkCategory(IntDouble)]
    public double FastTextSpanGetInt32GetDouble()
    {
        long ints = 0;
        double doubles = 0;
        using var reader = new TsvReader(NumberColumns);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            ints += row.GetInt32(0);
            doubles += row.GetDouble(1);
        }

        return ints + doubles;
    }

    [Benchmark, BenchmarkCategory(IntDouble)]
    public double FastTextForeachIntDouble()
    {
        long ints = 0;
        double doubles = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory()).SelectColumns(NumberColumns);
        foreach (TsvRow row in reader)
        {
            ints += int.Parse(row[0], Invariant);
            doubles += double.Parse(row[1], Invariant);
        }

        return ints + doubles;
    }

    /// <summary>The foreach reader without a projection: every column by file index, two of them parsed.</summary>
    [Benchmark, BenchmarkCategory(IntDouble)]
    public double FastTextForeachNoProjectionGetInt32GetDouble()
    {
        long ints = 0;
        double doubles = 0;
        using TsvFileReader reader = TsvFileReader.From(_data.AsMemory());
        foreach (TsvRow row in reader)
        {
            ints += row.GetInt32(IntColumn);
            doubles += row.GetDouble(DoubleColumn);
        }

        return ints + doubles;
    }

    /// <summary>The generic typed parse (<see cref="TsvRow.Parse{T}(int, IFormatProvider?)"/>) through the span API.</summary>
    [Benchmark, BenchmarkCategory(IntDouble)]
    public double FastTextSpanParseIntDouble()
    {
        long ints = 0;
        double doubles = 0;
        using var reader = new TsvReader(NumberColumns);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            ints += row.Parse<int>(0);
            doubles += row.Parse<double>(1);
        }

        return ints + doubles;
    }

    // --- The peers' readers, configured once here so every category reads the same way -------------------------------

    private static SepReader SepReaderFor(byte[] data) =>
        Sep.New('\t').Reader(options => options with { HasHeader = false }).From(data);

    private static CsvReader CsvHelperReaderFor(byte[] data) =>
        CsvReader.Create(data, new CsvReaderOptions { Separator = '\t', HasHeader = false, Mode = CsvMode.NoEscape });

    // CsvHelper has a CsvDataReader too (an IDataReader over its CsvReader): Sylvan's is named by alias.
    private static SylvanCsvReader SylvanReaderFor(byte[] data) =>
        SylvanCsvReader.Create(new StreamReader(new MemoryStream(data), Encoding.UTF8), new SylvanCsvReaderOptions { Delimiter = '\t', HasHeaders = false });

    /// <summary>
    /// Cheap but content-dependent: the length and the last char, so a library returning the wrong column or a cut
    /// field fails the setup check, while the strings' cost stays what is measured.
    /// </summary>
    private static long Fingerprint(string field) => field.Length == 0 ? 0 : ((long)field.Length << 16) + field[^1];
}
