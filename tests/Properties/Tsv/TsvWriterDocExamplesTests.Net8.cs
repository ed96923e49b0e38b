using System.Globalization;
using System.IO;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>The "Typed values" and "Writing" examples of docs/tsv.md, compiled and run as shown (C# 12, net8.0 API).</summary>
public sealed class TsvWriterDocExamplesTests : IDisposable
{
    private readonly string _directory = Path.Combine(Path.GetTempPath(), "fasttext-docs-" + Guid.NewGuid().ToString("N"));

    public TsvWriterDocExamplesTests() => Directory.CreateDirectory(_directory);

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public void Typed_values_example()
    {
        string logPath = Path.Combine(_directory, "typed.tsv");
        File.WriteAllText(logPath, "date\tstatus\tbytes\ttime\n2026-01-01\t200\t1500\t10:00:00\n2026-01-02\t404\t-\t23:59:59\n");

        // --- docs/tsv.md "Typed values", verbatim ---
        var options = new TsvOptions { HasHeader = true };
        using var reader = new TsvReader(new[] { "date", "status", "bytes", "time" }, options);
        ReadOnlySpan<byte> input = File.ReadAllBytes(logPath);
        long total = 0;
        while (reader.TryReadRow(ref input, isFinalBlock: true, out TsvRow row))
        {
            DateTime date = row.GetDateTime(0);                 // ISO 8601: 2026-01-01, 2026-01-01T10:00:00Z, ... (below)
            int status = row.GetInt32(1);                       // "Line 7, column 8 'status' (0-based): '2x0' is not a valid Int32."
            if (row.TryGetInt64(2, out long bytes))             // false when absent or not a number; never throws for the value
            {
                total += bytes;
            }

            DateTime clf = row.GetDateTime(0, "yyyy-MM-dd");    // any .NET format string, invariant culture
            short code = row.Parse<short>(1);                   // net8.0: any IUtf8SpanParsable<T>, straight from the bytes
            TimeOnly time = row.ParseChars<TimeOnly>(3);        // net8.0: any ISpanParsable<T>, transcoded on the stack

            // --- end of the example ---
            Assert.Equal(date, clf);
            Assert.Equal(status, code);
            Assert.Equal(row.LineNumber == 2 ? new TimeOnly(10, 0) : new TimeOnly(23, 59, 59), time);
        }

        Assert.Equal(1500, total);
    }

    [Fact]
    public void Writing_example()
    {
        string logPath = Path.Combine(_directory, "log.tsv");
        string copyPath = Path.Combine(_directory, "copy.tsv");
        File.WriteAllText(logPath, "2026-01-01\tb\tc\td\te\tf\tg\th\t200\n2026-01-02\tb\tc\td\te\tf\tg\th\t503\n2026-01-03\t\t\t\t\t\t\t\t500\n");
        {
            // --- docs/tsv.md "Writing", verbatim ---
            using var output = File.Create(copyPath);
            using var writer = new TsvWriter(output, new TsvWriterOptions { EscapeBackslashes = true });
            writer.WriteField("date");                               // strings: ASCII narrowed with SIMD, the rest UTF-8 encoded
            writer.WriteField("status"u8);                           // UTF-8 bytes as they are
            writer.EndRow();
            using var source = new TsvReader(new[] { 0, 8 });
            ReadOnlySpan<byte> input = File.ReadAllBytes(logPath);
            while (source.TryReadRow(ref input, isFinalBlock: true, out TsvRow row))
            {
                if (row.GetInt32(1) >= 500)
                {
                    writer.WriteFields(row);                         // the selected columns, in selection order
                    writer.EndRow();
                }
            }

            writer.WriteField(42);                                   // numbers, bool, Guid, TimeSpan: Utf8Formatter, invariant
            writer.WriteField(new DateTime(2026, 1, 1, 10, 0, 0, DateTimeKind.Utc)); // 'O': 2026-01-01T10:00:00.0000000Z
            writer.WriteFormatted(new DateOnly(2026, 1, 1), "yyyy-MM-dd");          // net8.0: any IUtf8SpanFormattable
            writer.EndRow();

            // --- end of the example ---
        }

        Assert.Equal(
            "date\tstatus\n2026-01-02\t503\n2026-01-03\t500\n42\t2026-01-01T10:00:00.0000000Z\t2026-01-01\n",
            File.ReadAllText(copyPath));
    }
}
