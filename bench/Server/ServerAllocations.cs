using System.Collections.Concurrent;
using System.Globalization;
using Microsoft.AspNetCore.Http;

namespace FastText.Benchmarks.Server;

/// <summary>
/// Bytes allocated per row, measured in the server: a middleware reads <see cref="GC.GetTotalAllocatedBytes(bool)"/>
/// before and after each request (the whole process, so the client's few allocations during the request count too;
/// one request runs at a time), and the endpoint says how many rows it handled. The benchmark writes the median of the
/// later half of its requests (after the JIT's first tiers) to a file that <see cref="ServerBytesPerRowColumn"/>
/// reads in the host process.
/// </summary>
public static class ServerAllocations
{
    private const string RowsKey = "FastText.Benchmarks.Server.Rows";

    private static readonly ConcurrentDictionary<string, ConcurrentQueue<(long Bytes, long Rows)>> Requests = new();

    /// <summary>Where the figures go: one file per benchmark case, named by <see cref="FileName"/>.</summary>
    public static string Directory => System.IO.Path.Combine(System.IO.Path.GetTempPath(), "FastText.Benchmarks.Server");

    public static string FileName(string method, int megabytes) => string.Create(CultureInfo.InvariantCulture, $"{method}-{megabytes}.txt");

    public static void SetRows(HttpContext context, long rows) => context.Items[RowsKey] = rows;

    public static async Task MeasureAsync(HttpContext context, RequestDelegate next)
    {
        long before = GC.GetTotalAllocatedBytes(precise: true);
        await next(context);
        long allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
        if (context.Items.TryGetValue(RowsKey, out object? rows) && rows is long count && count > 0)
        {
            Requests.GetOrAdd(context.Request.Path.Value ?? "", _ => new()).Enqueue((allocated, count));
        }
    }

    public static void Clear() => Requests.Clear();

    /// <summary>The median bytes per row of the later half of the requests to <paramref name="path"/>; NaN without any.</summary>
    public static double BytesPerRow(string path, out int requests)
    {
        (long Bytes, long Rows)[] all = Requests.TryGetValue(path, out var queue) ? queue.ToArray() : [];
        requests = all.Length;
        double[] later = all.Skip(all.Length / 2).Select(r => (double)r.Bytes / r.Rows).Order().ToArray();
        return later.Length == 0 ? double.NaN : later[later.Length / 2];
    }
}
