using System.Globalization;
using System.Text;
using BenchmarkDotNet.Attributes;
using CsvHelper;
using FastText.Benchmarks.Infrastructure;
using nietras.SeparatedValues;
using SylvanCsvReader = Sylvan.Data.Csv.CsvDataReader;
using SylvanCsvReaderOptions = Sylvan.Data.Csv.CsvDataReaderOptions;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// One column of each type a user parses (<see cref="TypedColumnsData"/>: 17 columns, one per type, with a header),
/// read and parsed by each library's own typed parse of that column, the invariant culture everywhere: Sep 0.17's
/// <c>row[column].Parse&lt;T&gt;()</c>, CsvHelper 34's <c>reader.Parse&lt;T&gt;(column, provider)</c>, Sylvan's named
/// getters (<c>GetInt32</c>, <c>GetFloat</c>, ...; where it has none, the runtime's parse of its field span), and FastText's
/// <c>Parse&lt;T&gt;</c> (<c>ParseChars&lt;T&gt;</c> for the types without a UTF-8 parser) and its named getter
/// (<c>GetInt32</c>, <c>GetSingle</c>, <c>GetDateOnly</c>, ...) through the span API. Each method returns the sum of
/// the values' hash codes; the setup checks that all agree. Filter: <c>--filter '*TsvTypedParsePeers*'</c>;
/// FASTTEXT_BENCH_TYPES (comma-separated) and FASTTEXT_BENCH_ROWS narrow a run.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
public class TsvTypedParsePeersBenchmarks
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    private byte[] _data = [];
    private int _column;

    /// <summary>The type of the column parsed (its name is the column's header name).</summary>
    [ParamsSource(nameof(TypeNames))]
    public string Type { get; set; } = "Int32";

    /// <summary>Rows: small, typical, large (about 230 bytes each).</summary>
    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    public static IEnumerable<string> TypeNames =>
        Environment.GetEnvironmentVariable("FASTTEXT_BENCH_TYPES") is { Length: > 0 } only ? only.Split(',') : TypedColumnsData.Types;

    public static IEnumerable<int> RowCounts =>
        Environment.GetEnvironmentVariable("FASTTEXT_BENCH_ROWS") is { Length: > 0 } only
            ? only.Split(',').Select(r => int.Parse(r, CultureInfo.InvariantCulture)).ToArray()
            : [1_000, 50_000, 500_000];

    [GlobalSetup]
    public void Setup()
    {
        _data = TypedColumnsData.Generate(Rows);
        _column = Array.IndexOf(TypedColumnsData.Types, Type);
        Console.WriteLine($"// {_data.Length:N0} bytes, {Rows:N0} rows; column {_column} ({Type})");
        SameResultCheck.ThrowUnlessAllAgree(this);
    }

    [Benchmark]
    public long SepParse() => Type switch
    {
        "Int32" => Sep<int>(),
        "Int64" => Sep<long>(),
        "Int16" => Sep<short>(),
        "SByte" => Sep<sbyte>(),
        "Byte" => Sep<byte>(),
        "UInt16" => Sep<ushort>(),
        "UInt32" => Sep<uint>(),
        "UInt64" => Sep<ulong>(),
        "Single" => Sep<float>(),
        "Double" => Sep<double>(),
        "Decimal" => Sep<decimal>(),
        "Boolean" => Sep<bool>(),
        "DateTime" => Sep<DateTime>(),
        "DateTimeOffset" => Sep<DateTimeOffset>(),
        "DateOnly" => Sep<DateOnly>(),
        "TimeOnly" => Sep<TimeOnly>(),
        _ => Sep<Guid>(),
    };

    [Benchmark]
    public long CsvHelperParse() => Type switch
    {
        "Int32" => CsvHelper<int>(),
        "Int64" => CsvHelper<long>(),
        "Int16" => CsvHelper<short>(),
        "SByte" => CsvHelper<sbyte>(),
        "Byte" => CsvHelper<byte>(),
        "UInt16" => CsvHelper<ushort>(),
        "UInt32" => CsvHelper<uint>(),
        "UInt64" => CsvHelper<ulong>(),
        "Single" => CsvHelper<float>(),
        "Double" => CsvHelper<double>(),
        "Decimal" => CsvHelper<decimal>(),
        "Boolean" => CsvHelper<bool>(),
        "DateTime" => CsvHelper<DateTime>(),
        "DateTimeOffset" => CsvHelper<DateTimeOffset>(),
        "DateOnly" => CsvHelper<DateOnly>(),
        "TimeOnly" => CsvHelper<TimeOnly>(),
        _ => CsvHelper<Guid>(),
    };

    [Benchmark]
    public long SylvanGet() => Type switch
    {
        "Int32" => Sylvan<int, Getters>(),
        "Int64" => Sylvan<long, Getters>(),
        "Int16" => Sylvan<short, Getters>(),
        "SByte" => Sylvan<sbyte, Getters>(),
        "Byte" => Sylvan<byte, Getters>(),
        "UInt16" => Sylvan<ushort, Getters>(),
        "UInt32" => Sylvan<uint, Getters>(),
        "UInt64" => Sylvan<ulong, Getters>(),
        "Single" => Sylvan<float, Getters>(),
        "Double" => Sylvan<double, Getters>(),
        "Decimal" => Sylvan<decimal, Getters>(),
        "Boolean" => Sylvan<bool, Getters>(),
        "DateTime" => Sylvan<DateTime, Getters>(),
        "DateTimeOffset" => Sylvan<DateTimeOffset, Getters>(),
        "DateOnly" => Sylvan<DateOnly, Getters>(),
        "TimeOnly" => Sylvan<TimeOnly, Getters>(),
        _ => Sylvan<Guid, Getters>(),
    };

    [Benchmark]
    public long FastTextParse() => Type switch
    {
        "Int32" => FastTextParse<int>(),
        "Int64" => FastTextParse<long>(),
        "Int16" => FastTextParse<short>(),
        "SByte" => FastTextParse<sbyte>(),
        "Byte" => FastTextParse<byte>(),
        "UInt16" => FastTextParse<ushort>(),
        "UInt32" => FastTextParse<uint>(),
        "UInt64" => FastTextParse<ulong>(),
        "Single" => FastTextParse<float>(),
        "Double" => FastTextParse<double>(),
        "Decimal" => FastTextParse<decimal>(),
        "Boolean" => FastTextParseChars<bool>(),
        "DateTime" => FastTextParseChars<DateTime>(),
        "DateTimeOffset" => FastTextParseChars<DateTimeOffset>(),
        "DateOnly" => FastTextParseChars<DateOnly>(),
        "TimeOnly" => FastTextParseChars<TimeOnly>(),
        _ => FastTextParseChars<Guid>(),
    };

    [Benchmark]
    public long FastTextGet() => Type switch
    {
        "Int32" => FastTextGet<int, Getters>(),
        "Int64" => FastTextGet<long, Getters>(),
        "Int16" => FastTextGet<short, Getters>(),
        "SByte" => FastTextGet<sbyte, Getters>(),
        "Byte" => FastTextGet<byte, Getters>(),
        "UInt16" => FastTextGet<ushort, Getters>(),
        "UInt32" => FastTextGet<uint, Getters>(),
        "UInt64" => FastTextGet<ulong, Getters>(),
        "Single" => FastTextGet<float, Getters>(),
        "Double" => FastTextGet<double, Getters>(),
        "Decimal" => FastTextGet<decimal, Getters>(),
        "Boolean" => FastTextGet<bool, Getters>(),
        "DateTime" => FastTextGet<DateTime, Getters>(),
        "DateTimeOffset" => FastTextGet<DateTimeOffset, Getters>(),
        "DateOnly" => FastTextGet<DateOnly, Getters>(),
        "TimeOnly" => FastTextGet<TimeOnly, Getters>(),
        _ => FastTextGet<Guid, Getters>(),
    };

    private long Sep<T>()
        where T : ISpanParsable<T>
    {
        long sum = 0;
        using SepReader reader = nietras.SeparatedValues.Sep.New('\t').Reader().From(_data);
        foreach (SepReader.Row row in reader)
        {
            sum += row[_column].Parse<T>().GetHashCode();
        }

        return sum;
    }

    private long CsvHelper<T>()
        where T : ISpanParsable<T>
    {
        long sum = 0;
        using CsvReader reader = CsvReader.Create(_data, new CsvReaderOptions { Separator = '\t', HasHeader = true, Mode = CsvMode.NoEscape });
        while (reader.Read())
        {
            sum += reader.Parse<T>(_column, Invariant).GetHashCode();
        }

        return sum;
    }

    private long Sylvan<T, TGet>()
        where T : notnull
        where TGet : IGetters<T>
    {
        long sum = 0;
        using SylvanCsvReader reader = SylvanCsvReader.Create(
            new StreamReader(new MemoryStream(_data), Encoding.UTF8), new SylvanCsvReaderOptions { Delimiter = '\t', HasHeaders = true, Culture = Invariant });
        while (reader.Read())
        {
            sum += TGet.Sylvan(reader, _column).GetHashCode();
        }

        return sum;
    }

    private long FastTextParse<T>()
        where T : IUtf8SpanParsable<T>
    {
        long sum = 0;
        using var reader = new TsvReader([_column], new TsvOptions { HasHeader = true });
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += row.Parse<T>(0).GetHashCode();
        }

        return sum;
    }

    private long FastTextParseChars<T>()
        where T : ISpanParsable<T>
    {
        long sum = 0;
        using var reader = new TsvReader([_column], new TsvOptions { HasHeader = true });
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += row.ParseChars<T>(0).GetHashCode();
        }

        return sum;
    }

    private long FastTextGet<T, TGet>()
        where T : notnull
        where TGet : IGetters<T>
    {
        long sum = 0;
        using var reader = new TsvReader([_column], new TsvOptions { HasHeader = true });
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += TGet.FastText(row).GetHashCode();
        }

        return sum;
    }
}

/// <summary>Each library's named getter for one type, called through a static abstract member so the JIT inlines it.</summary>
public interface IGetters<T>
{
    static abstract T FastText(TsvRow row);

    static abstract T Sylvan(SylvanCsvReader reader, int column);
}

/// <summary>The named getters of every type (where Sylvan has none, the runtime's parse of its field span: its GetFieldValue does not support them).</summary>
public readonly struct Getters :
    IGetters<int>, IGetters<long>, IGetters<short>, IGetters<sbyte>, IGetters<byte>, IGetters<ushort>, IGetters<uint>, IGetters<ulong>,
    IGetters<float>, IGetters<double>, IGetters<decimal>, IGetters<bool>, IGetters<DateTime>, IGetters<DateTimeOffset>, IGetters<DateOnly>,
    IGetters<TimeOnly>, IGetters<Guid>
{
    static int IGetters<int>.FastText(TsvRow row) => row.GetInt32(0);
    static int IGetters<int>.Sylvan(SylvanCsvReader reader, int column) => reader.GetInt32(column);
    static long IGetters<long>.FastText(TsvRow row) => row.GetInt64(0);
    static long IGetters<long>.Sylvan(SylvanCsvReader reader, int column) => reader.GetInt64(column);
    static short IGetters<short>.FastText(TsvRow row) => row.GetInt16(0);
    static short IGetters<short>.Sylvan(SylvanCsvReader reader, int column) => reader.GetInt16(column);
    static sbyte IGetters<sbyte>.FastText(TsvRow row) => row.GetSByte(0);
    static sbyte IGetters<sbyte>.Sylvan(SylvanCsvReader reader, int column) => sbyte.Parse(reader.GetFieldSpan(column), CultureInfo.InvariantCulture);
    static byte IGetters<byte>.FastText(TsvRow row) => row.GetByte(0);
    static byte IGetters<byte>.Sylvan(SylvanCsvReader reader, int column) => reader.GetByte(column);
    static ushort IGetters<ushort>.FastText(TsvRow row) => row.GetUInt16(0);
    static ushort IGetters<ushort>.Sylvan(SylvanCsvReader reader, int column) => ushort.Parse(reader.GetFieldSpan(column), CultureInfo.InvariantCulture);
    static uint IGetters<uint>.FastText(TsvRow row) => row.GetUInt32(0);
    static uint IGetters<uint>.Sylvan(SylvanCsvReader reader, int column) => uint.Parse(reader.GetFieldSpan(column), CultureInfo.InvariantCulture);
    static ulong IGetters<ulong>.FastText(TsvRow row) => row.GetUInt64(0);
    static ulong IGetters<ulong>.Sylvan(SylvanCsvReader reader, int column) => ulong.Parse(reader.GetFieldSpan(column), CultureInfo.InvariantCulture);
    static float IGetters<float>.FastText(TsvRow row) => row.GetSingle(0);
    static float IGetters<float>.Sylvan(SylvanCsvReader reader, int column) => reader.GetFloat(column);
    static double IGetters<double>.FastText(TsvRow row) => row.GetDouble(0);
    static double IGetters<double>.Sylvan(SylvanCsvReader reader, int column) => reader.GetDouble(column);
    static decimal IGetters<decimal>.FastText(TsvRow row) => row.GetDecimal(0);
    static decimal IGetters<decimal>.Sylvan(SylvanCsvReader reader, int column) => reader.GetDecimal(column);
    static bool IGetters<bool>.FastText(TsvRow row) => row.GetBoolean(0);
    static bool IGetters<bool>.Sylvan(SylvanCsvReader reader, int column) => reader.GetBoolean(column);
    static DateTime IGetters<DateTime>.FastText(TsvRow row) => row.GetDateTime(0);
    static DateTime IGetters<DateTime>.Sylvan(SylvanCsvReader reader, int column) => reader.GetDateTime(column);
    static DateTimeOffset IGetters<DateTimeOffset>.FastText(TsvRow row) => row.GetDateTimeOffset(0);
    static DateTimeOffset IGetters<DateTimeOffset>.Sylvan(SylvanCsvReader reader, int column) => reader.GetDateTimeOffset(column);
    static DateOnly IGetters<DateOnly>.FastText(TsvRow row) => row.GetDateOnly(0);
    static DateOnly IGetters<DateOnly>.Sylvan(SylvanCsvReader reader, int column) => DateOnly.Parse(reader.GetFieldSpan(column), CultureInfo.InvariantCulture);
    static TimeOnly IGetters<TimeOnly>.FastText(TsvRow row) => row.GetTimeOnly(0);
    static TimeOnly IGetters<TimeOnly>.Sylvan(SylvanCsvReader reader, int column) => TimeOnly.Parse(reader.GetFieldSpan(column), CultureInfo.InvariantCulture);
    static Guid IGetters<Guid>.FastText(TsvRow row) => row.GetGuid(0);
    static Guid IGetters<Guid>.Sylvan(SylvanCsvReader reader, int column) => reader.GetGuid(column);
}
