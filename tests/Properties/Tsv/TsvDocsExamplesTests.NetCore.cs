using System.IO;
using System.IO.Compression;
using CommunityToolkit.HighPerformance.Buffers;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// The docs/tsv.md "Common tasks" and cut examples as shown (net8, C# 12), run over generated files; only the file
/// names are absolute paths here (changing the working directory would disturb tests running in parallel).
/// </summary>
public sealed class TsvDocsExamplesTests : IDisposable
{
    private readonly string _directory = Path.Combine(Path.GetTempPath(), "fasttext-tsv-docs-" + Guid.NewGuid().ToString("N"));

    public TsvDocsExamplesTests()
    {
        Directory.CreateDirectory(_directory);
        var text = new StringBuilder("date\tcs-uri-stem\tsc-bytes\tx3\tx4\tx5\tx6\tx7\tsc-status\tx9\tagent\n");
        for (int i = 0; i < 50; i++)
        {
            text.Append("2026-11-22\t/p").Append(i).Append('\t').Append(i * 10).Append("\ta\tb\tc\td\te\t")
                .Append(i % 5 == 0 ? "503" : "200").Append("\tf\tcurl\n");
        }

        File.WriteAllText(LogTsv, text.ToString());
        using (var gzip = new GZipStream(File.Create(LogTsvGz), CompressionLevel.Fastest))
        {
            byte[] bytes = Encoding.UTF8.GetBytes("#Version: 1.0\n" + text);
            gzip.Write(bytes, 0, bytes.Length);
        }

        File.WriteAllBytes(RecordsBin, Encoding.ASCII.GetBytes("a,b,c,d,e,f\0no-separator\0x,y\0"));
    }

    private string LogTsv => Path.Combine(_directory, "log.tsv");

    private string LogTsvGz => Path.Combine(_directory, "log.tsv.gz");

    private string RecordsBin => Path.Combine(_directory, "records.bin");

    private string ErrorsTsv => Path.Combine(_directory, "errors.tsv");

    public void Dispose()
    {
        Directory.Delete(_directory, recursive: true);
    }

    [Fact]
    public void Common_tasks()
    {
        long total = 0;
        int statuses = 0;
        int gzipRows = 0;

        // Read a file with a header and sum a column (every column by file index or by header name).
        using (TsvFileReader reader = TsvFileReader.Open(LogTsv, new TsvOptions { HasHeader = true }))
        {
            long bytes = 0;
            foreach (TsvRow row in reader)
            {
                bytes += row.GetInt64(row.ColumnOf("sc-bytes"));             // or row["sc-bytes"]: the UTF-8 bytes
            }

            total = bytes;
        }

        // Select columns by name: the projection fast path.
        using (TsvFileReader reader = TsvFileReader.Open(LogTsv, new TsvOptions { HasHeader = true })
                   .SelectColumns("date", "cs-uri-stem", "sc-status"))
        {
            TsvHeader header = reader.Header!;                           // names, header["sc-status"] -> file index
            foreach (TsvRow row in reader)
            {
                string uri = row.GetString(1, StringPool.Shared);        // interned: repetitive column
                int status = row.GetInt32(2);                            // TsvFormatException names line and column
                statuses += status == 503 ? 1 : 0;
                Assert.StartsWith("/p", uri, StringComparison.Ordinal);
            }

            Assert.Equal(8, header["sc-status"]);
        }

        // Process a gzipped stream (the reader closes it unless leaveOpen).
        using (var gzip = new GZipStream(File.OpenRead(LogTsvGz), CompressionMode.Decompress))
        using (TsvFileReader reader = TsvFileReader.From(gzip, new TsvOptions { SkipCommentLines = true }).SelectColumns(0, 1, 10))
        {
            foreach (TsvRow row in reader) { gzipRows++; }
        }

        // Write a filtered copy: the raw line is a slice of the input, so copying it is byte-exact.
        using (TsvFileReader reader = TsvFileReader.Open(LogTsv).SelectColumns(8))
        using (FileStream output = File.Create(ErrorsTsv))
        {
            foreach (TsvRow row in reader)
            {
                if (row[0].Length == 3 && row[0][0] == (byte)'5') { output.Write(row.Line); output.WriteByte((byte)'\n'); }
            }
        }

        Assert.Equal(Enumerable.Range(0, 50).Sum(i => i * 10L), total);
        Assert.Equal(10, statuses);
        Assert.Equal(51, gzipRows);
        Assert.Equal(10, File.ReadAllLines(ErrorsTsv).Length);
    }

    [Fact]
    public void Cut_semantics()
    {
        var emitted = new List<string>();
        void Emit(ReadOnlySpan<byte> bytes) => emitted.Add(Encoding.ASCII.GetString(bytes));

        // Nothing transformed or skipped (CR, BOM, empty lines are data), ',' between fields, NUL between records.
        TsvOptions options = TsvOptions.ByteExact.WithSeparator((byte)',').WithLineTerminator(0);
        using var reader = new TsvReader(options);                      // no selection: only the terminator is searched
        ReadOnlySpan<byte> input = File.ReadAllBytes(RecordsBin);
        while (reader.TryReadRow(ref input, isFinalBlock: true, out TsvRow row))
        {
            if (!row.HasSeparator) { Emit(row.Line); continue; }        // the raw line, without its terminator
            TsvFieldEnumerator fields = row.Fields;                     // or: foreach (ReadOnlySpan<byte> f in row.Fields)
            while (fields.MoveNext())                                   // fields.Index: 0-based, a long (no overflow)
            {
                if (fields.Index == 1) Emit(fields.Current);            // one field
                if (fields.Index == 4) { Emit(fields.Rest); break; }    // "fields 5-": this field and all after, separators included
            }
        }

        Assert.Equal(new[] { "b", "e,f", "no-separator", "y" }, emitted);
    }
}
