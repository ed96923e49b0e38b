using System.Globalization;
using CsvHelper;
using Microsoft.AspNetCore.Http;

namespace FastText.Benchmarks.Server;

/// <summary>
/// The same endpoints with CsvHelper 34 (the baseline), through its documented async calls: a reader created over the
/// request body, <c>ReadHeaderAsync</c>, <c>ReadAsync</c> per record and <c>Parse&lt;T&gt;</c> by column index; a writer
/// created over the response body, <c>EndRecordAsync</c> per record (it writes out when its buffer is mostly full) and
/// <c>await using</c>. No quoting in either direction (the TSV mode, <see cref="CsvMode.NoEscape"/>).
/// </summary>
public static class CsvHelperEndpoints
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static async Task AggregateAsync(HttpContext context)
    {
        CancellationToken aborted = context.RequestAborted;
        await using CsvReader reader = CsvReader.Create(
            context.Request.Body, new CsvReaderOptions { Separator = '\t', HasHeader = true, Mode = CsvMode.NoEscape }, true);
        await reader.ReadHeaderAsync(aborted);
        int status = reader.GetFieldIndex(ServerWorkload.Status);
        int bytes = reader.GetFieldIndex(ServerWorkload.Bytes);
        int path = reader.GetFieldIndex(ServerWorkload.Path);
        var totals = default(UploadTotals);
        while (await reader.ReadAsync(aborted))
        {
            totals.Rows++;
            totals.Status += reader.Parse<int>(status, Invariant);
            totals.Bytes += reader.Parse<long>(bytes, Invariant);
            totals.PathLength += reader.GetSpan(path).Length;
        }

        await ServerWorkload.WriteTotalsAsync(context, totals);
    }

    public static async Task RowsAsync(HttpContext context)
    {
        long count = ServerWorkload.Count(context);
        CancellationToken aborted = context.RequestAborted;
        ServerAllocations.SetRows(context, count);
        context.Response.ContentType = "text/tab-separated-values";
        var options = new CsvWriterOptions { Separator = '\t', HasHeader = false, Mode = CsvMode.NoEscape, NewLine = "\n", FormatProvider = Invariant };
        await using CsvWriter writer = CsvWriter.Create(context.Response.Body, options, true);
        for (long i = 0; i < count; i++)
        {
            ServerWorkload.Row row = ServerWorkload.RowAt(i);
            writer.WriteField(row.Id, default);
            writer.WriteField(row.Bytes, default);
            writer.WriteField(row.Seconds, "F3");
            writer.WriteField(row.Path.AsSpan());
            await writer.EndRecordAsync(aborted);
        }
    }
}
