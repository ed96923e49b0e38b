using System.Buffers;
using System.Globalization;
using System.Text;
using BenchmarkDotNet.Attributes;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Writing typed rows (an int, a long, a double, a UTC DateTime, a short string): FastText formats with
/// Utf8Formatter into its buffer; the naive peer formats each value with ToString(InvariantCulture) and joins.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
public class TsvWriteTypedBenchmarks
{
    private const int Rows = 100_000;
    private static readonly string[] Methods = { "GET", "POST", "HEAD" };
    private readonly ArrayBufferWriter<byte> _bufferWriter = new(16 * 1024 * 1024);
    private readonly MemoryStream _stream = new(16 * 1024 * 1024);
    private readonly DateTime _start = new(2026, 11, 22, 0, 0, 0, DateTimeKind.Utc);

    [Benchmark(Baseline = true)]
    public long NaiveToStringJoin()
    {
        _stream.Position = 0;
        using (var writer = new StreamWriter(_stream, new UTF8Encoding(false), 64 * 1024, leaveOpen: true))
        {
            for (int row = 0; row < Rows; row++)
            {
                writer.Write(string.Join('\t',
                    row.ToString(CultureInfo.InvariantCulture),
                    (row * 1_000_003L).ToString(CultureInfo.InvariantCulture),
                    (row * 0.25).ToString(CultureInfo.InvariantCulture),
                    _start.AddSeconds(row).ToString("O", CultureInfo.InvariantCulture),
                    Methods[row % 3]));
                writer.Write('\n');
            }
        }

        return _stream.Position;
    }

    [Benchmark]
    public long FastTextTypedToBufferWriter()
    {
        _bufferWriter.ResetWrittenCount();
        using (var writer = new TsvWriter(_bufferWriter))
        {
            for (int row = 0; row < Rows; row++)
            {
                writer.WriteField(row);
                writer.WriteField(row * 1_000_003L);
                writer.WriteField(row * 0.25);
                writer.WriteField(_start.AddSeconds(row));
                writer.WriteField(Methods[row % 3]);
                writer.EndRow();
            }
        }

        return _bufferWriter.WrittenCount;
    }
}
