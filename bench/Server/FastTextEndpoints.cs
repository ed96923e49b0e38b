using System.Buffers;
using Microsoft.AspNetCore.Http;

namespace FastText.Benchmarks.Server;

/// <summary>
/// The endpoints as docs/tsv.md ("Behind Kestrel") shows them: the upload through the driver straight from the
/// request's PipeReader (<see cref="TsvPipeReaderExtensions"/>), the download with <see cref="TsvWriter"/> into the
/// response's PipeWriter under <c>await using</c>, flushed (awaited) whenever 32 KiB are waiting.
/// </summary>
public static class FastTextEndpoints
{
    private const int FlushThreshold = 32 * 1024;
    private static readonly StandardFormat ThreeDecimals = new('F', 3);

    public static async Task AggregateAsync(HttpContext context)
    {
        CancellationToken aborted = context.RequestAborted;
        using var reader = new TsvReader([ServerWorkload.Status, ServerWorkload.Bytes, ServerWorkload.Path], new TsvOptions { HasHeader = true });
        Totals totals = await reader.ReadRowsAsync(context.Request.BodyReader, default(Totals), aborted);

        // The driver returns what it gathered when the token is canceled after it handed rows out.
        aborted.ThrowIfCancellationRequested();
        await ServerWorkload.WriteTotalsAsync(context, totals.Value);
    }

    public static async Task RowsAsync(HttpContext context)
    {
        long count = ServerWorkload.Count(context);
        CancellationToken aborted = context.RequestAborted;
        ServerAllocations.SetRows(context, count);
        context.Response.ContentType = "text/tab-separated-values";
        await using var writer = new TsvWriter(context.Response.BodyWriter);
        for (long i = 0; i < count; i++)
        {
            ServerWorkload.Row row = ServerWorkload.RowAt(i);
            writer.WriteField(row.Id);
            writer.WriteField(row.Bytes);
            writer.WriteField(row.Seconds, ThreeDecimals);
            writer.WriteField(row.Path);
            writer.EndRow();
            if (writer.PendingByteCount >= FlushThreshold)
            {
                await writer.FlushAsync(aborted);
            }
        }
    }

    private struct Totals : ITsvRowHandler
    {
        public UploadTotals Value;

        public void OnRow(in TsvRow row)
        {
            Value.Rows++;
            Value.Status += row.GetInt32(0);
            Value.Bytes += row.GetInt64(1);
            Value.PathLength += row[2].Length;
        }
    }
}
