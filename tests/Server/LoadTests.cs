using System.Diagnostics;
using System.IO;
using System.Net;
using FastText.Samples.TsvService;
using FastText.Server.Tests.Infrastructure;
using Xunit;
using Xunit.Abstractions;

namespace FastText.Server.Tests;

/// <summary>
/// Many clients at once, and bodies far larger than memory should hold: every answer is right (nothing lost), the
/// whole run ends within a bound, and the server's memory does not grow with the size of a body.
/// </summary>
public sealed class LoadTests(ITestOutputHelper output)
{
    /// <summary>
    /// The big body, in MB: 1024 by default (a 1 GiB upload and a download of about 1 GiB, each streamed from a generator,
    /// neither held in memory; together about 10-20 s on two cores); FASTTEXT_SERVER_BIG_MB sets another size.
    /// </summary>
    private static readonly long BigMegabytes =
        long.TryParse(Environment.GetEnvironmentVariable("FASTTEXT_SERVER_BIG_MB"), out long megabytes) && megabytes > 0 ? megabytes : 1024;

    [Fact]
    public async Task Many_concurrent_clients_all_get_the_right_answers()
    {
        const int Clients = 32, RequestsEach = 4;
        await using LoopbackService service = await LoopbackService.StartAsync();
        service.Ledger.Arrays!.CaptureStacks = false;
        var elapsed = Stopwatch.StartNew();
        var failures = new System.Collections.Concurrent.ConcurrentQueue<string>();
        await Task.WhenAll(Enumerable.Range(0, Clients).Select(client => Task.Run(async () =>
        {
            for (int request = 0; request < RequestsEach; request++)
            {
                int seed = (client * 1000) + request;
                try
                {
                    string? failure = (seed % 3) switch
                    {
                        0 => await UploadAsync(service.Client, UploadCase.Create(seed, rowsAtMost: 3000), seed),
                        1 => await DownloadAsync(service.Client, seed),
                        _ => await DownloadAsync(service.Client, seed, count: 2000, escapes: true),
                    };
                    if (failure is not null)
                    {
                        failures.Enqueue(failure);
                    }
                }
                catch (Exception exception)
                {
                    failures.Enqueue($"seed {seed}: {exception}");
                }
            }
        })));
        output.WriteLine($"{Clients} clients x {RequestsEach} requests in {elapsed.Elapsed.TotalSeconds:F1} s");
        Assert.True(failures.IsEmpty, string.Join("\n", failures.Take(5)));
        Assert.True(elapsed.Elapsed < TimeSpan.FromMinutes(2), $"{Clients * RequestsEach} requests took {elapsed.Elapsed}");
        Assert.Equal(Clients * RequestsEach, service.Ledger.Outcomes.Count);
        await service.Ledger.AssertAllReturnedAsync();
    }

    private static async Task<string?> UploadAsync(HttpClient client, UploadCase upload, int seed)
    {
        var content = new ChunkedContent(upload.WireBody, seed);
        if (upload.Gzip)
        {
            content.Headers.ContentEncoding.Add("gzip");
        }

        using HttpResponseMessage response = await client.PostAsync(upload.PathAndQuery, content);
        string actual = await UploadCase.ActualAsync(response);
        string expected = upload.Expected();
        return expected == actual ? null : $"{upload}\nexpected: {expected}\nactual:   {actual}";
    }

    private static async Task<string?> DownloadAsync(HttpClient client, int seed, long count = 20000, bool escapes = false)
    {
        string path = $"/rows?count={count}&seed={seed}&escapes={(escapes ? "true" : "false")}";
        byte[] actual = await client.GetByteArrayAsync(path);
        byte[] expected = NaiveWriters.Rows(count, (ulong)seed, escapes, (byte)'\t');
        return expected.AsSpan().SequenceEqual(actual) ? null : $"{path}: {NaiveWriters.FirstDifference(expected, actual)}";
    }

    /// <summary>
    /// Uploads of 1/8 of the big size and then the big size (gzip and plain), and a download of the big size, through
    /// a service in its own process: each answer is exact (the totals of a block repeated N times are known in closed
    /// form, the download's rows are counted and its last one checked), and the service's peak working set after the
    /// big bodies is within a few MB of its peak after the small one: it does not depend on the body's size.
    /// </summary>
    [Fact]
    public async Task Big_bodies_stream_through_a_server_whose_memory_does_not_grow_with_them()
    {
        await using ServiceProcess service = await ServiceProcess.StartAsync();
        var block = RepeatedBlock.Create(seed: 42, bytes: 1 << 20);
        long bigRepeats = BigMegabytes, smallRepeats = Math.Max(1, BigMegabytes / 8);

        await UploadRepeatedAsync(service, block, smallRepeats, gzip: false);
        await DownloadCountedAsync(service, smallRepeats);
        long afterSmall = service.PeakWorkingSetBytes;

        await UploadRepeatedAsync(service, block, bigRepeats, gzip: false);
        long afterBigUpload = service.PeakWorkingSetBytes;
        await DownloadCountedAsync(service, bigRepeats);
        long afterBigDownload = service.PeakWorkingSetBytes;
        await UploadRepeatedAsync(service, block, Math.Max(1, bigRepeats / 4), gzip: true);
        long afterGzip = service.PeakWorkingSetBytes;

        output.WriteLine($"peak working set: {afterSmall >> 20} MB after {smallRepeats} MB up and down, {afterBigUpload >> 20} MB after {bigRepeats} MB up, " +
            $"{afterBigDownload >> 20} MB after {bigRepeats} MB down, {afterGzip >> 20} MB after {bigRepeats / 4} MB gzip up");
        long growth = Math.Max(afterBigUpload, Math.Max(afterBigDownload, afterGzip)) - afterSmall;
        Assert.True(growth < 48L << 20, $"the server's peak working set grew by {growth >> 20} MB from {smallRepeats} MB bodies to {bigRepeats} MB ones");
        Assert.True(afterGzip < 400L << 20, $"the server's peak working set reached {afterGzip >> 20} MB");
    }

    private async Task UploadRepeatedAsync(ServiceProcess service, RepeatedBlock block, long repeats, bool gzip)
    {
        var elapsed = Stopwatch.StartNew();
        HttpContent content;
        if (gzip)
        {
            // The same rows gzipped: one member for the whole body, compressed as it is sent.
            content = new GzipRepeatedContent(block.Header, block.Rows, repeats);
            content.Headers.ContentEncoding.Add("gzip");
        }
        else
        {
            content = new RepeatedContent(block.Header, block.Rows, repeats);
        }

        using HttpResponseMessage response = await service.Client.PostAsync(RepeatedBlock.PathAndQuery, content);
        string actual = await UploadCase.ActualAsync(response);
        output.WriteLine($"upload of {repeats} MB{(gzip ? " (gzip)" : "")}: {elapsed.Elapsed.TotalSeconds:F1} s");
        Assert.Equal(block.Expected(repeats), actual);
    }

    private async Task DownloadCountedAsync(ServiceProcess service, long megabytes)
    {
        // About 150 bytes a row.
        long count = megabytes * (1 << 20) / 150;
        var elapsed = Stopwatch.StartNew();
        using HttpResponseMessage response = await service.Client.GetAsync($"/rows?count={count}&seed=9", HttpCompletionOption.ResponseHeadersRead);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        await using Stream stream = await response.Content.ReadAsStreamAsync();
        byte[] buffer = new byte[1 << 16];
        long lines = 0, bytes = 0;
        byte[] tail = new byte[8192];
        int tailLength = 0;
        int read;
        while ((read = await stream.ReadAsync(buffer)) > 0)
        {
            bytes += read;
            ReadOnlySpan<byte> chunk = buffer.AsSpan(0, read);
            lines += chunk.Count((byte)'\n');

            // The stream's last 8 KiB, to find its last row in at the end.
            int keep = Math.Min(tail.Length - Math.Min(read, tail.Length), tailLength);
            tail.AsSpan(tailLength - keep, keep).CopyTo(tail);
            ReadOnlySpan<byte> recent = chunk[Math.Max(0, read - tail.Length)..];
            recent.CopyTo(tail.AsSpan(keep));
            tailLength = keep + recent.Length;
        }

        byte[] lastLine = tail.AsSpan(0, tailLength)[(tail.AsSpan(0, tailLength - 1).LastIndexOf((byte)'\n') + 1)..].ToArray();
        output.WriteLine($"download of {bytes >> 20} MB ({count} rows): {elapsed.Elapsed.TotalSeconds:F1} s");
        Assert.Equal(count, lines);
        var rows = new GeneratedRows(9, escapes: false);
        for (long i = 1; i < count; i++)
        {
            rows.Next();
        }

        byte[] expectedLast = NaiveWriters.Row(rows.Next(), escapes: false, (byte)'\t');
        Assert.True(expectedLast.AsSpan().SequenceEqual(lastLine), $"the last row: {NaiveWriters.FirstDifference(expectedLast, lastLine)}");
    }
}
