using System;
using System.Buffers;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;

namespace FastText.Samples.TsvService;

/// <summary>
/// <c>GET /rows?count=N&amp;seed=S</c>: N <see cref="GeneratedRows"/> written with <see cref="TsvWriter"/> straight into
/// Kestrel's response <see cref="System.IO.Pipelines.PipeWriter"/>, flushed (awaited, so a slow client holds the
/// loop back instead of the server's memory growing) whenever half the writer's buffer is full. <c>escapes=true</c>
/// writes texts with tabs and line breaks escaped; <c>separator</c> (a byte value: 9, 44, 59, 124 or 31) changes the
/// separator. A client that goes away cancels <c>RequestAborted</c>, and the next flush ends the loop.
/// </summary>
internal static class DownloadEndpoint
{
    private static readonly StandardFormat ThreeDecimals = new('F', 3);

    public static async Task RowsAsync(HttpContext context)
    {
        IQueryCollection query = context.Request.Query;
        if (!long.TryParse(query["count"], NumberStyles.None, CultureInfo.InvariantCulture, out long count)
            || !ulong.TryParse(query["seed"], NumberStyles.None, CultureInfo.InvariantCulture, out ulong seed))
        {
            await UploadEndpoint.WriteErrorAsync(context, StatusCodes.Status400BadRequest, "count and seed: non-negative integers.");
            return;
        }

        bool escapes = query["escapes"] == "true";
        byte separator = (byte)'\t';
        if (query.TryGetValue("separator", out StringValues separatorText)
            && (!byte.TryParse(separatorText, NumberStyles.None, CultureInfo.InvariantCulture, out separator)
                || separator is not ((byte)'\t' or (byte)',' or (byte)';' or (byte)'|' or 0x1F)
                || (escapes && separator != (byte)'\t')))
        {
            await UploadEndpoint.WriteErrorAsync(context, StatusCodes.Status400BadRequest, "separator: 9, 44, 59, 124 or 31 (only 9 with escapes=true).");
            return;
        }

        CancellationToken aborted = context.RequestAborted;
        context.Response.ContentType = "text/tab-separated-values; charset=utf-8";
        var rows = new GeneratedRows(seed, escapes);
        await using var writer = new TsvWriter(context.Response.BodyWriter, new TsvWriterOptions { Separator = separator, EscapeBackslashes = escapes });
        for (long i = 0; i < count; i++)
        {
            GeneratedRow row = rows.Next();
            writer.WriteField(row.Id);
            writer.WriteField(row.Number);
            writer.WriteField(row.Amount, ThreeDecimals);
            writer.WriteField(row.Text);
            writer.WriteField(row.Time);
            writer.WriteField(row.Key);
            writer.WriteField(row.Flag);
            writer.WriteField(row.Utf8);
            writer.EndRow();
            if (writer.PendingByteCount >= TsvServiceApp.FlushThreshold)
            {
                await writer.FlushAsync(aborted);
            }
        }
    }
}
