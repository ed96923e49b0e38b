using System.Globalization;
using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;

namespace FastText.Benchmarks.Server;

/// <summary>
/// The upload with no library: the request body drained from its PipeReader and its length answered. Its time is what
/// Kestrel, the loopback socket and <see cref="HttpClient"/> cost alone, the least any library's upload can take, so a
/// library level with it has nothing left to remove.
/// </summary>
public static class FloorEndpoints
{
    public static async Task DrainAsync(HttpContext context)
    {
        CancellationToken aborted = context.RequestAborted;
        PipeReader body = context.Request.BodyReader;
        long length = 0;
        while (true)
        {
            ReadResult read = await body.ReadAsync(aborted);
            length += read.Buffer.Length;
            body.AdvanceTo(read.Buffer.End);
            if (read.IsCompleted)
            {
                break;
            }
        }

        context.Response.ContentType = "text/plain";
        await context.Response.WriteAsync(length.ToString(CultureInfo.InvariantCulture), aborted);
    }
}
