using System;
using System.IO;
using System.IO.Compression;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace FastText.Samples.TsvService;

/// <summary>
/// <c>POST /aggregate</c>: the TSV body, plain or gzip (<c>Content-Encoding: gzip</c>), read as it arrives, straight
/// from Kestrel's request <see cref="System.IO.Pipelines.PipeReader"/> (a gzip body through a
/// <see cref="GzipBody"/>, a <see cref="GZipStream"/> that refuses a stream cut short); the answer is a small JSON document of
/// <see cref="ColumnTotals"/>. The rows are never held: memory does not grow with the body. A row that breaks the
/// options (a bad number with <c>strict=true</c>, a line over <c>maxLine</c>, a ragged row under a header) is a 400 naming
/// its line and column; a request that is aborted (the client went, the request timed out) stops reading at once.
/// </summary>
internal static class UploadEndpoint
{
    public static async Task AggregateAsync(HttpContext context)
    {
        if (!UploadQuery.TryParse(context.Request.Query, out UploadQuery? query, out string error))
        {
            await WriteErrorAsync(context, StatusCodes.Status400BadRequest, error);
            return;
        }

        StringValues encoding = context.Request.Headers.ContentEncoding;
        bool gzip = !StringValues.IsNullOrEmpty(encoding);
        if (gzip && !(encoding.Count == 1 && string.Equals(encoding[0], "gzip", StringComparison.OrdinalIgnoreCase)))
        {
            await WriteErrorAsync(context, StatusCodes.Status415UnsupportedMediaType, "Content-Encoding: gzip, or none.");
            return;
        }

        // The timeout middleware replaces RequestAborted with its own token: read it after the middleware ran.
        CancellationToken aborted = context.RequestAborted;
        var aggregate = new ColumnAggregate(query!.Numeric, query.Strict);
        try
        {
            aggregate = query.Records
                ? await ReadRecordsAsync(context, query, gzip, aggregate, aborted)
                : await ReadRowsAsync(context, query, gzip, aggregate, aborted);
        }
        catch (Exception exception) when (exception is TsvFormatException or InvalidDataException)
        {
            // A row that breaks a rule of the options, or a damaged gzip stream.
            await WriteErrorAsync(context, StatusCodes.Status400BadRequest, exception.Message);
            return;
        }

        // The driver returns (instead of throwing) when the token is canceled after it has handed rows out, so that a
        // caller keeps what it gathered; here a stop is not the end of the body.
        aborted.ThrowIfCancellationRequested();
        await WriteTotalsAsync(context, query, aggregate, aborted);
    }

    /// <summary>The fast path: <see cref="TsvPipeReaderExtensions"/>' driver hands each read's complete rows to the handler.</summary>
    private static async Task<ColumnAggregate> ReadRowsAsync(HttpContext context, UploadQuery query, bool gzip, ColumnAggregate aggregate, CancellationToken aborted)
    {
        using TsvReader reader = query.CreateReader();
        if (!gzip)
        {
            return await reader.ReadRowsAsync(context.Request.BodyReader, aggregate, aborted);
        }

        var body = new GzipBody(context.Request.Body);
        await using (body)
        {
            return await reader.ReadRowsAsync(body, aggregate, aborted);
        }
    }

    /// <summary>The <c>await foreach</c> path: <see cref="TsvFileReader.ReadAllAsync"/>, one record at a time.</summary>
    private static async Task<ColumnAggregate> ReadRecordsAsync(HttpContext context, UploadQuery query, bool gzip, ColumnAggregate aggregate, CancellationToken aborted)
    {
        GzipBody? body = gzip ? new GzipBody(context.Request.Body) : null;
        try
        {
            using TsvFileReader reader = query.Select(body is null
                ? TsvFileReader.From(context.Request.BodyReader, query.Options)
                : TsvFileReader.From(body, query.Options, leaveOpen: true));
            await foreach (TsvRecord record in reader.ReadAllAsync(aborted))
            {
                aggregate.OnRow(record.Row);
            }

            return aggregate;
        }
        finally
        {
            if (body is not null)
            {
                await body.DisposeAsync();
            }
        }
    }

    private static async Task WriteTotalsAsync(HttpContext context, UploadQuery query, ColumnAggregate aggregate, CancellationToken aborted)
    {
        context.Response.ContentType = "application/json";
        using (var json = new Utf8JsonWriter(context.Response.BodyWriter))
        {
            json.WriteStartObject();
            json.WriteNumber("rows", aggregate.Rows);
            json.WriteStartArray("columns");
            ReadOnlySpan<ColumnTotals> totals = aggregate.Totals;
            for (int i = 0; i < totals.Length; i++)
            {
                json.WriteStartObject();
                json.WriteString("column", query.Label(i));
                json.WriteNumber("present", totals[i].Present);
                json.WriteNumber("bytes", totals[i].Bytes);
                json.WriteString("checksum", totals[i].Checksum.ToString("x16", System.Globalization.CultureInfo.InvariantCulture));
                if (totals[i].Numeric)
                {
                    json.WriteNumber("numbers", totals[i].Numbers);
                    json.WriteNumber("sum", totals[i].Sum);
                }

                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }

        await context.Response.BodyWriter.FlushAsync(aborted);
    }

    internal static async Task WriteErrorAsync(HttpContext context, int status, string message)
    {
        context.Response.StatusCode = status;
        context.Response.Headers[HeaderNames.ContentType] = "text/plain; charset=utf-8";
        await context.Response.WriteAsync(message + "\n", context.RequestAborted);
    }
}
