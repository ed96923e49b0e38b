using System.Globalization;
using System.Text;
using BenchmarkDotNet.Attributes;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Typed parsing of an int column and a date column (ISO 8601, <c>2026-11-22T10:15:30Z</c>) out of 100,000 rows
/// of 6 columns, against the naive peer: ReadLine, Split, int.Parse and DateTime.Parse (invariant, round-trip kind).
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
public class TsvParseBenchmarks
{
    private byte[] _data = Array.Empty<byte>();

    [GlobalSetup]
    public void Setup()
    {
        var text = new StringBuilder();
        var start = new DateTime(2026, 11, 22, 0, 0, 0, DateTimeKind.Utc);
        for (int row = 0; row < 100_000; row++)
        {
            text.Append("edge-").Append(row % 7).Append('\t')
                .Append((row * 7919) % 100_000).Append('\t')
                .Append(start.AddSeconds(row * 3).ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture)).Append('\t')
                .Append("/assets/img-").Append(row % 1000).Append(".png\t")
                .Append(row % 5 == 0 ? "404" : "200").Append('\t')
                .Append("Mozilla/5.0\n");
        }

        _data = Encoding.UTF8.GetBytes(text.ToString());
    }

    [Benchmark(Baseline = true)]
    public long NaiveSplitIntParseDateTimeParse()
    {
        long sum = 0;
        using var reader = new StreamReader(new MemoryStream(_data), Encoding.UTF8);
        while (reader.ReadLine() is { } line)
        {
            string[] fields = line.Split('\t');
            sum += int.Parse(fields[1], CultureInfo.InvariantCulture);
            sum += DateTime.Parse(fields[2], CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind).Ticks;
        }

        return sum;
    }

    [Benchmark]
    public long FastTextGetInt32GetDateTime()
    {
        long sum = 0;
        using var reader = new TsvReader(new[] { 1, 2 });
        ReadOnlySpan<byte> input = _data;
        while (reader.TryReadRow(ref input, true, out TsvRow row))
        {
            sum += row.GetInt32(0);
            sum += row.GetDateTime(1).Ticks;
        }

        return sum;
    }

    [Benchmark]
    public long FastTextParseGeneric()
    {
        long sum = 0;
        using var reader = new TsvReader(new[] { 1, 2 });
        ReadOnlySpan<byte> input = _data;
        while (reader.TryReadRow(ref input, true, out TsvRow row))
        {
            sum += row.Parse<int>(0);
            sum += row.ParseChars<DateTime>(1, CultureInfo.InvariantCulture).Ticks;
        }

        return sum;
    }

    /// <summary>A custom format string for the date (the net8 path parses a stack copy of the column).</summary>
    [Benchmark]
    public long FastTextCustomDateFormat()
    {
        long sum = 0;
        using var reader = new TsvReader(new[] { 1, 2 });
        ReadOnlySpan<byte> input = _data;
        while (reader.TryReadRow(ref input, true, out TsvRow row))
        {
            sum += row.GetInt32(0);
            sum += row.GetDateTime(1, "yyyy-MM-dd'T'HH:mm:ssK").Ticks;
        }

        return sum;
    }

    /// <summary>Only the reader, no parsing: what the conversions add on top.</summary>
    [Benchmark]
    public long FastTextSlicingOnly()
    {
        long sum = 0;
        using var reader = new TsvReader(new[] { 1, 2 });
        ReadOnlySpan<byte> input = _data;
        while (reader.TryReadRow(ref input, true, out TsvRow row))
        {
            sum += row[0].Length + row[1].Length;
        }

        return sum;
    }
}
