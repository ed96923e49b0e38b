using System.Globalization;
using System.Text;
using Microsoft.AspNetCore.Http;

namespace FastText.Benchmarks.Server;

/// <summary>
/// What every library's endpoints do, so that only the library differs. <c>POST /{library}/aggregate</c>: a web log as
/// TSV with a header (id, status, bytes, path, agent), answered with the row count, the sums of status and bytes and
/// the total length of the paths (<see cref="UploadTotals"/>). <c>GET /{library}/rows?count=N</c>: N rows of an int
/// id, a long, a double in "F3" and a path (<see cref="Row"/>), the same bytes from every library.
/// </summary>
public static class ServerWorkload
{
    /// <summary>The columns the upload endpoints aggregate, by header name.</summary>
    public const string Status = "status", Bytes = "bytes", Path = "path";

    private static readonly string[] Paths = ["/", "/index.html", "/img/logo.png", "/api/v1/items?page=2", "/favicon.ico"];
    private static readonly string[] Agents = ["curl/8.5.0", "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0", "Go-http-client/1.1"];

    /// <summary>An upload body of about <paramref name="megabytes"/> MB (10^6 bytes) and its row count.</summary>
    public static (byte[] Body, long Rows) UploadBody(int megabytes)
    {
        var text = new StringBuilder("id\tstatus\tbytes\tpath\tagent\n");
        long rows = 0;
        while (text.Length < megabytes * 1_000_000L)
        {
            long i = rows++;
            text.Append(i).Append('\t').Append(200 + (i % 5 * 100)).Append('\t').Append(i * 7919 % 9_000_000).Append('\t')
                .Append(Paths[i % Paths.Length]).Append('\t').Append(Agents[i % Agents.Length]).Append('\n');
        }

        return (Encoding.UTF8.GetBytes(text.ToString()), rows);
    }

    /// <summary>What an upload endpoint answers for <paramref name="body"/>, computed naively (checked in the setup).</summary>
    public static UploadTotals ExpectedTotals(byte[] body)
    {
        string[] lines = Encoding.UTF8.GetString(body).Split('\n', StringSplitOptions.RemoveEmptyEntries);
        var totals = default(UploadTotals);
        foreach (string line in lines.Skip(1))
        {
            string[] fields = line.Split('\t');
            totals.Rows++;
            totals.Status += int.Parse(fields[1], CultureInfo.InvariantCulture);
            totals.Bytes += long.Parse(fields[2], CultureInfo.InvariantCulture);
            totals.PathLength += fields[3].Length;
        }

        return totals;
    }

    /// <summary>Row <paramref name="index"/> of a download.</summary>
    public static Row RowAt(long index) =>
        new((int)index, 1000L + (index * 7919 % 9_000_000), index * 0.01379 % 12, Paths[index % Paths.Length]);

    /// <summary>The <c>count</c> of a download request.</summary>
    public static long Count(HttpContext context) => long.Parse(context.Request.Query["count"].ToString(), NumberStyles.None, CultureInfo.InvariantCulture);

    /// <summary>Every upload endpoint's answer: one line of text, written the same way for every library.</summary>
    public static Task WriteTotalsAsync(HttpContext context, UploadTotals totals)
    {
        ServerAllocations.SetRows(context, totals.Rows);
        context.Response.ContentType = "text/plain";
        return context.Response.WriteAsync(totals.ToString(), context.RequestAborted);
    }

    /// <summary>A download row.</summary>
    public readonly record struct Row(int Id, long Bytes, double Seconds, string Path);
}

/// <summary>An upload's answer.</summary>
public struct UploadTotals
{
    public long Rows;
    public long Status;
    public long Bytes;
    public long PathLength;

    public override readonly string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"rows={Rows} status={Status} bytes={Bytes} pathLength={PathLength}\n");
}
