using System.Buffers;
using System.Globalization;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using CsvHelper;
using FastText.Benchmarks.Infrastructure;
using nietras.SeparatedValues;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Writing TSV with the writers a .NET user can install, into a MemoryStream, the same bytes from every library:
/// <list type="bullet">
/// <item><c>Strings</c>: the 33-column CloudFront log as UTF-16 strings (what a service holding strings writes).</item>
/// <item><c>Utf8</c>: the same fields as UTF-8 bytes (what a relay of parsed input writes).</item>
/// <item><c>Typed</c>: an access-log summary row of an int, a long, a double in "F3" and a short string, each value
/// formatted by the writer (for FastText, its own fixed-point writer for the double).</item>
/// </list>
/// Peers through their documented streaming writers, with no quoting or escaping (the TSV mode): CsvHelper 34's
/// writer (<c>CsvWriter.Create(stream, options)</c>, <c>Mode = NoEscape</c>), the baseline as the faster peer in every
/// category of the first launch (2026-11-29, Intel Xeon VM: Sep took 1.32x-3.25x its time), and Sep 0.17
/// (<c>Sep.New('\t').Writer()</c>; columns by index, no header). FastText: <see cref="TsvWriter"/> over the
/// stream. Sizes: small, typical and large outputs in MB. The [GlobalSetup] writes with every method once and throws
/// unless each category's methods produced identical bytes.
/// Filter: <c>--filter '*TsvWritePeers*'</c>.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class TsvWritePeersBenchmarks
{
    private const string Strings = "Strings";
    private const string Utf8 = "Utf8";
    private const string Typed = "Typed";

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;
    private static readonly StandardFormat ThreeDecimals = new('F', 3);

    private readonly MemoryStream _stream = new(64 * 1024 * 1024);
    private string[][] _rows = Array.Empty<string[]>();
    private byte[][][] _utf8Rows = Array.Empty<byte[][]>();
    private TypedRow[] _typedRows = Array.Empty<TypedRow>();

    /// <summary>Output size in MB (10^6 bytes), read by the MB/s column: small, typical, large.</summary>
    [Params(1, 8, 32)]
    public int Megabytes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        string[][] template = Encoding.UTF8.GetString(TsvBenchmarkData.GenerateCloudFront33(1000))
            .Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(line => line.Split('\t')).ToArray();
        long limit = Megabytes * 1_000_000L;
        var rows = new List<string[]>();
        for (long bytes = 0; bytes < limit;)
        {
            string[] row = template[rows.Count % template.Length];
            rows.Add(row);
            bytes += row.Sum(field => Encoding.UTF8.GetByteCount(field) + 1);
        }

        _rows = rows.ToArray();
        _utf8Rows = _rows.Select(row => row.Select(Encoding.UTF8.GetBytes).ToArray()).ToArray();

        // About 30 bytes a row.
        _typedRows = Enumerable.Range(0, (int)(limit / 30))
            .Select(r => new TypedRow(200 + (r % 5 * 100), 1000L + (r * 7919L % 9_000_000), (r * 0.01379) % 12, Paths[r % Paths.Length]))
            .ToArray();

        // Every method returns the output's length: what is compared is the bytes each one left in the stream.
        SameResultCheck.ThrowUnlessAllAgree(this, () => _stream.ToArray());
        Console.WriteLine($"// {_rows.Length:N0} log rows, {_typedRows.Length:N0} typed rows");
    }

    private static readonly string[] Paths = { "/", "/index.html", "/img/logo.png", "/api/v1/items", "/favicon.ico" };

    private readonly record struct TypedRow(int Status, long Bytes, double Seconds, string Path);

    // --- Strings ---------------------------------------------------------------------------------------------------

    [Benchmark, BenchmarkCategory(Strings)]
    public long SepStrings()
    {
        using (SepWriter writer = SepWriterTo(_stream))
        {
            foreach (string[] fields in _rows)
            {
                using SepWriter.Row row = writer.NewRow();
                for (int i = 0; i < fields.Length; i++)
                {
                    row[i].Set(fields[i]);
                }
            }
        }

        return _stream.Length;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Strings)]
    public long CsvHelperStrings()
    {
        using (CsvWriter writer = CsvHelperWriterTo(_stream))
        {
            foreach (string[] fields in _rows)
            {
                for (int i = 0; i < fields.Length; i++)
                {
                    writer.WriteField(fields[i].AsSpan());
                }

                writer.EndRecord();
            }
        }

        return _stream.Length;
    }

    [Benchmark, BenchmarkCategory(Strings)]
    public long FastTextStrings()
    {
        using (TsvWriter writer = FastTextWriterTo(_stream))
        {
            foreach (string[] fields in _rows)
            {
                for (int i = 0; i < fields.Length; i++)
                {
                    writer.WriteField(fields[i]);
                }

                writer.EndRow();
            }
        }

        return _stream.Length;
    }

    // --- Utf8 ------------------------------------------------------------------------------------------------------

    [Benchmark, BenchmarkCategory(Utf8)]
    public long SepUtf8()
    {
        using (SepWriter writer = SepWriterTo(_stream))
        {
            foreach (byte[][] fields in _utf8Rows)
            {
                using SepWriter.Row row = writer.NewRow();
                for (int i = 0; i < fields.Length; i++)
                {
                    row[i].Set(fields[i]);
                }
            }
        }

        return _stream.Length;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Utf8)]
    public long CsvHelperUtf8()
    {
        using (CsvWriter writer = CsvHelperWriterTo(_stream))
        {
            foreach (byte[][] fields in _utf8Rows)
            {
                for (int i = 0; i < fields.Length; i++)
                {
                    writer.WriteField((ReadOnlySpan<byte>)fields[i]);
                }

                writer.EndRecord();
            }
        }

        return _stream.Length;
    }

    [Benchmark, BenchmarkCategory(Utf8)]
    public long FastTextUtf8()
    {
        using (TsvWriter writer = FastTextWriterTo(_stream))
        {
            foreach (byte[][] fields in _utf8Rows)
            {
                for (int i = 0; i < fields.Length; i++)
                {
                    writer.WriteField(fields[i]);
                }

                writer.EndRow();
            }
        }

        return _stream.Length;
    }

    // --- Typed -----------------------------------------------------------------------------------------------------

    [Benchmark, BenchmarkCategory(Typed)]
    public long SepTyped()
    {
        using (SepWriter writer = SepWriterTo(_stream))
        {
            foreach (TypedRow typed in _typedRows)
            {
                using SepWriter.Row row = writer.NewRow();
                row[0].Format(typed.Status);
                row[1].Format(typed.Bytes);
                row[2].Format(typed.Seconds, "F3");
                row[3].Set(typed.Path);
            }
        }

        return _stream.Length;
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Typed)]
    public long CsvHelperTyped()
    {
        using (CsvWriter writer = CsvHelperWriterTo(_stream))
        {
            foreach (TypedRow typed in _typedRows)
            {
                writer.WriteField(typed.Status, default);
                writer.WriteField(typed.Bytes, default);
                writer.WriteField(typed.Seconds, "F3");
                writer.WriteField(typed.Path.AsSpan());
                writer.EndRecord();
            }
        }

        return _stream.Length;
    }

    [Benchmark, BenchmarkCategory(Typed)]
    public long FastTextTyped()
    {
        using (TsvWriter writer = FastTextWriterTo(_stream))
        {
            foreach (TypedRow typed in _typedRows)
            {
                writer.WriteField(typed.Status);
                writer.WriteField(typed.Bytes);
                writer.WriteField(typed.Seconds, ThreeDecimals);
                writer.WriteField(typed.Path);
                writer.EndRow();
            }
        }

        return _stream.Length;
    }

    // --- The writers, each over the reset stream ----------------------------------------------------------------------

    private static SepWriter SepWriterTo(MemoryStream stream)
    {
        stream.SetLength(0);
        return Sep.New('\t').Writer(options => options with { WriteHeader = false, CultureInfo = Invariant }).To(stream, leaveOpen: true);
    }

    private static CsvWriter CsvHelperWriterTo(MemoryStream stream)
    {
        stream.SetLength(0);
        var options = new CsvWriterOptions
        {
            Separator = '\t',
            HasHeader = false,
            Mode = CsvMode.NoEscape,
            NewLine = "\n",
            FormatProvider = Invariant,
        };
        return CsvWriter.Create(stream, options, true);
    }

    private static TsvWriter FastTextWriterTo(MemoryStream stream)
    {
        stream.SetLength(0);
        return new TsvWriter(stream, leaveOpen: true);
    }
}
