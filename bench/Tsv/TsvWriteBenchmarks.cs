extern alias ns20;

using System.Buffers;
using System.Text;
using BenchmarkDotNet.Attributes;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Writing ~Megabytes of TSV output, all rows per call, against the naive peer (StreamWriter + string.Join over the
/// same strings). Shapes: Small = 8 fields of 1-4 bytes, Typical = the 25-column CloudFront log of the reader
/// benchmarks, Large = 4 fields of ~2 KB. The MB/s column is output bytes over the mean.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
public class TsvWriteBenchmarks
{
    public enum RowShape
    {
        Small,
        Typical,
        Large,
    }

    private string[][] _rows = Array.Empty<string[]>();
    private byte[][][] _utf8Rows = Array.Empty<byte[][]>();
    private readonly ArrayBufferWriter<byte> _bufferWriter = new(16 * 1024 * 1024);
    private readonly MemoryStream _stream = new(16 * 1024 * 1024);

    [Params(RowShape.Small, RowShape.Typical, RowShape.Large)]
    public RowShape Shape { get; set; }

    /// <summary>Output size in MB (10^6 bytes), read by the MB/s column.</summary>
    [Params(8)]
    public int Megabytes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        string[][] template = Shape switch
        {
            RowShape.Small => Enumerable.Range(0, 1000).Select(r => Enumerable.Range(0, 8).Select(f => new string((char)('0' + ((r + f) % 10)), 1 + ((r + f) % 4))).ToArray()).ToArray(),
            RowShape.Typical => Encoding.UTF8.GetString(TsvBenchmarkData.Generate(1000)).Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(line => line.Split('\t')).ToArray(),
            _ => Enumerable.Range(0, 100).Select(r => Enumerable.Range(0, 4).Select(f => new string((char)('a' + ((r + f) % 26)), 1900 + (r * 7 % 300))).ToArray()).ToArray(),
        };
        var rows = new List<string[]>();
        long bytes = 0;
        for (int i = 0; bytes < Megabytes * 1_000_000L; i++)
        {
            string[] row = template[i % template.Length];
            rows.Add(row);
            bytes += row.Sum(f => Encoding.UTF8.GetByteCount(f) + 1);
        }

        _rows = rows.ToArray();
        _utf8Rows = _rows.Select(r => r.Select(Encoding.UTF8.GetBytes).ToArray()).ToArray();
    }

    [Benchmark(Baseline = true)]
    public long NaiveStreamWriterStringJoin()
    {
        _stream.Position = 0;
        using (var writer = new StreamWriter(_stream, new UTF8Encoding(false), 64 * 1024, leaveOpen: true))
        {
            foreach (string[] row in _rows)
            {
                writer.Write(string.Join('\t', row));
                writer.Write('\n');
            }
        }

        return _stream.Position;
    }

    [Benchmark]
    public long FastTextUtf8SpansToBufferWriter()
    {
        _bufferWriter.ResetWrittenCount();
        using (var writer = new TsvWriter(_bufferWriter))
        {
            foreach (byte[][] row in _utf8Rows)
            {
                foreach (byte[] field in row)
                {
                    writer.WriteField(field);
                }

                writer.EndRow();
            }
        }

        return _bufferWriter.WrittenCount;
    }

    [Benchmark]
    public long FastTextStringsToBufferWriter()
    {
        _bufferWriter.ResetWrittenCount();
        using (var writer = new TsvWriter(_bufferWriter))
        {
            foreach (string[] row in _rows)
            {
                foreach (string field in row)
                {
                    writer.WriteField(field);
                }

                writer.EndRow();
            }
        }

        return _bufferWriter.WrittenCount;
    }

    [Benchmark]
    public long FastTextStringsToStream()
    {
        _stream.Position = 0;
        using (var writer = new TsvWriter(_stream, leaveOpen: true))
        {
            foreach (string[] row in _rows)
            {
                foreach (string field in row)
                {
                    writer.WriteField(field);
                }

                writer.EndRow();
            }
        }

        return _stream.Position;
    }

    /// <summary>The escaping mode on the same (escape-free) data: the cost of looking for one more byte.</summary>
    [Benchmark]
    public long FastTextUtf8SpansEscapingToBufferWriter()
    {
        _bufferWriter.ResetWrittenCount();
        using (var writer = new TsvWriter(_bufferWriter, new TsvWriterOptions { EscapeBackslashes = true }))
        {
            foreach (byte[][] row in _utf8Rows)
            {
                foreach (byte[] field in row)
                {
                    writer.WriteField(field);
                }

                writer.EndRow();
            }
        }

        return _bufferWriter.WrittenCount;
    }

    /// <summary>The netstandard2.0 build of the library on the same data (what .NET Framework users get).</summary>
    [Benchmark]
    public long NetStandard20Utf8SpansToBufferWriter()
    {
        _bufferWriter.ResetWrittenCount();
        using (var writer = new ns20::FastText.TsvWriter(_bufferWriter))
        {
            foreach (byte[][] row in _utf8Rows)
            {
                foreach (byte[] field in row)
                {
                    writer.WriteField(field);
                }

                writer.EndRow();
            }
        }

        return _bufferWriter.WrittenCount;
    }
}
