using System.IO.Compression;
using System.Text;
using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;
using CommunityToolkit.HighPerformance.Buffers;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// The context §2 job: a gzipped log of 10,000 lines x 25 columns; keep columns 0, 1 and 10 of each line as strings.
/// The kept strings go into an array allocated once in setup, so Allocated shows what each approach costs on top
/// of the strings themselves (about <see cref="KeptStringBytes"/> bytes without pooling).
/// </summary>
[MemoryDiagnoser]
[FastJob]
public class TsvScenarioBenchmarks
{
    private byte[] _gzipped = Array.Empty<byte>();
    private string[] _kept = Array.Empty<string>();
    private StringPool _pool = new();

    [Params(10_000)]
    public int Rows { get; set; }

    /// <summary>Bytes the kept strings occupy on the heap (computed in setup; printed for the report).</summary>
    public static long KeptStringBytes { get; private set; }

    [GlobalSetup]
    public void Setup()
    {
        byte[] plain = TsvBenchmarkData.Generate(Rows);
        using var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Optimal, leaveOpen: true))
        {
            gzip.Write(plain, 0, plain.Length);
        }

        _gzipped = compressed.ToArray();
        _kept = new string[Rows * 3];

        // A pool shared across files, as a service would keep one; it is warm after the first file.
        _pool = new StringPool();
        Naive();
        KeptStringBytes = _kept.Sum(s => 22L + (2L * s.Length) + 6 & ~7L);
        Console.WriteLine($"// kept strings: {_kept.Length} strings, ~{KeptStringBytes:N0} bytes; gzip input {_gzipped.Length:N0} bytes, plain {plain.Length:N0} bytes");
    }

    [Benchmark(Baseline = true)]
    public int Naive()
    {
        using var gzip = new GZipStream(new MemoryStream(_gzipped), CompressionMode.Decompress);
        using var buffer = new MemoryStream();
        gzip.CopyTo(buffer);
        string text = Encoding.UTF8.GetString(buffer.ToArray());
        int kept = 0;
        foreach (string line in text.Split('\n'))
        {
            if (line.Length == 0)
            {
                continue;
            }

            string[] fields = line.Split('\t');
            _kept[kept++] = fields[0];
            _kept[kept++] = fields[1];
            _kept[kept++] = fields[10];
        }

        return kept;
    }

    private struct KeepStrings : ITsvRowHandler
    {
        public string[] Kept;
        public StringPool? Pool;
        public int Count;

        public void OnRow(in TsvRow row)
        {
            if (Pool is null)
            {
                Kept[Count++] = row.GetString(0);
                Kept[Count++] = row.GetString(1);
                Kept[Count++] = row.GetString(2);
            }
            else
            {
                Kept[Count++] = row.GetString(0, Pool);
                Kept[Count++] = row.GetString(1, Pool);
                Kept[Count++] = row.GetString(2, Pool);
            }
        }
    }

    [Benchmark]
    public async Task<int> FastTextPipeReader()
    {
        using var gzip = new GZipStream(new MemoryStream(_gzipped), CompressionMode.Decompress);
        using var reader = new TsvReader(new[] { 0, 1, 10 });
        KeepStrings result = await reader.ReadRowsAsync(gzip, new KeepStrings { Kept = _kept });
        return result.Count;
    }

    [Benchmark]
    public async Task<int> FastTextPipeReaderStringPool()
    {
        using var gzip = new GZipStream(new MemoryStream(_gzipped), CompressionMode.Decompress);
        using var reader = new TsvReader(new[] { 0, 1, 10 });
        KeepStrings result = await reader.ReadRowsAsync(gzip, new KeepStrings { Kept = _kept, Pool = _pool });
        return result.Count;
    }
}
