using System.Globalization;
using Microsoft.AspNetCore.Http;
using nietras.SeparatedValues;

namespace FastText.Benchmarks.Server;

/// <summary>
/// The same endpoints with Sep 0.17, as its README's async section shows: <c>FromAsync</c> over the request body and
/// <c>await foreach</c> over the rows (columns by <c>Header.IndexOf</c>); a writer <c>To</c> the response body, each row
/// disposed with <c>await using</c>, the writer too.
/// </summary>
public static class SepEndpoints
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static async Task AggregateAsync(HttpContext context)
    {
        CancellationToken aborted = context.RequestAborted;
        using SepReader reader = await Sep.New('\t').Reader(options => options with { CultureInfo = Invariant }).FromAsync(context.Request.Body, aborted);
        int status = reader.Header.IndexOf(ServerWorkload.Status);
        int bytes = reader.Header.IndexOf(ServerWorkload.Bytes);
        int path = reader.Header.IndexOf(ServerWorkload.Path);
        var totals = default(UploadTotals);
        await foreach (SepReader.Row row in reader.WithCancellation(aborted))
        {
            totals.Rows++;
            totals.Status += row[status].Parse<int>();
            totals.Bytes += row[bytes].Parse<long>();
            totals.PathLength += row[path].Span.Length;
        }

        await ServerWorkload.WriteTotalsAsync(context, totals);
    }

    public static async Task RowsAsync(HttpContext context)
    {
        long count = ServerWorkload.Count(context);
        CancellationToken aborted = context.RequestAborted;
        ServerAllocations.SetRows(context, count);
        context.Response.ContentType = "text/tab-separated-values";
        await using SepWriter writer = Sep.New('\t').Writer(options => options with { WriteHeader = false, CultureInfo = Invariant }).To(context.Response.Body);
        for (long i = 0; i < count; i++)
        {
            ServerWorkload.Row typed = ServerWorkload.RowAt(i);
            await using SepWriter.Row row = writer.NewRow(aborted);
            row[0].Format(typed.Id);
            row[1].Format(typed.Bytes);
            row[2].Format(typed.Seconds, "F3");
            row[3].Set(typed.Path);
        }
    }
}
