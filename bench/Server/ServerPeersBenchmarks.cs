using System.Net.Http;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastText.Benchmarks.Infrastructure;
using FastText.Benchmarks.Tsv;

namespace FastText.Benchmarks.Server;

/// <summary>
/// End to end behind a real server: Kestrel on loopback (<see cref="BenchServer"/>, started in the setup) and a real
/// <see cref="HttpClient"/>, one request per operation, the same endpoints (<see cref="ServerWorkload"/>) written with
/// FastText (<see cref="FastTextEndpoints"/>), Sep 0.17 (<see cref="SepEndpoints"/>) and CsvHelper 34
/// (<see cref="CsvHelperEndpoints"/>, the baseline). <c>Upload</c>: POST a web log of <see cref="Megabytes"/> MB,
/// aggregated while it arrives; <c>FloorUpload</c> (<see cref="FloorEndpoints"/>) drains the same body with no library, the
/// time the transport alone takes, which the comparison tool reports beside FastText and never as a peer. <c>Download</c>: GET as many typed rows, read to the end by the client. Columns: MB/s
/// and requests/s of the mean, <c>Server B/row</c> (the server's allocations per row, see <see cref="ServerAllocations"/>);
/// the Allocated column is per request, client and server together. The setup throws unless every library's upload
/// answer is the naive one and every download the same bytes (its own check rather than SameResultCheck, which
/// compares return values: a download's is its length).
/// Filter: <c>--filter '*ServerPeers*'</c>, or <c>./build.sh bench server</c>.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(ServerPeersConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class ServerPeersBenchmarks
{
    private const string Upload = "Upload";
    private const string Download = "Download";
    private const int CheckedRows = 10_000;

    private readonly byte[] _sink = new byte[64 * 1024];
    private BenchServer _server = null!;
    private HttpClient _client = null!;
    private byte[] _body = [];
    private long _downloadRows;

    /// <summary>Request or response body in MB (10^6 bytes), read by the MB/s column: small, typical, large.</summary>
    [Params(1, 8, 64)]
    public int Megabytes { get; set; }

    [GlobalSetup]
    public async Task SetupAsync()
    {
        _server = await BenchServer.StartAsync();
        _client = new HttpClient { BaseAddress = _server.Address, Timeout = TimeSpan.FromMinutes(5) };
        (_body, _) = ServerWorkload.UploadBody(Megabytes);

        string expected = ServerWorkload.ExpectedTotals(_body).ToString();
        foreach (string library in Libraries)
        {
            string answer = await UploadAsync(library);
            if (answer != expected)
            {
                throw new InvalidOperationException($"/{library}/aggregate answered {answer.TrimEnd()}, not {expected.TrimEnd()}");
            }
        }

        string drained = await PostAsync("/floor/drain");
        if (drained != _body.Length.ToString(System.Globalization.CultureInfo.InvariantCulture))
        {
            throw new InvalidOperationException($"/floor/drain answered {drained}, not the body's {_body.Length:N0} bytes");
        }

        byte[] reference = await _client.GetByteArrayAsync($"/fasttext/rows?count={CheckedRows}");
        foreach (string library in Libraries)
        {
            byte[] bytes = await _client.GetByteArrayAsync($"/{library}/rows?count={CheckedRows}");
            if (!bytes.AsSpan().SequenceEqual(reference))
            {
                throw new InvalidOperationException($"/{library}/rows wrote {bytes.Length:N0} bytes unlike FastText's {reference.Length:N0}");
            }
        }

        await WarmUpOnceAsync();
        _downloadRows = Math.Max(1, Megabytes * 1_000_000L * CheckedRows / reference.Length);
        ServerAllocations.Clear();
        Console.WriteLine($"// upload: {_body.Length:N0} bytes; download: {_downloadRows:N0} rows, about {_downloadRows * reference.Length / CheckedRows:N0} bytes");
    }

    private static bool s_warm;

    /// <summary>
    /// Once per process, every endpoint many times on small bodies, then a pause: the tiered JIT promotes a method some
    /// time after its 30th call, later while other methods keep compiling, and the in-process job of the comparison
    /// tool runs every case in one process, so without this the first case of a library could be measured on its
    /// instrumented first-tier code (a 1 MB download then took 10-15 ms instead of 3 ms in some processes).
    /// </summary>
    private async Task WarmUpOnceAsync()
    {
        if (s_warm)
        {
            return;
        }

        byte[] body = ServerWorkload.UploadBody(1).Body;
        byte[] small = body.AsSpan(0, body.AsSpan(0, 200_000).LastIndexOf((byte)'\n') + 1).ToArray();
        for (int round = 0; round < 3; round++)
        {
            foreach (string library in Libraries)
            {
                for (int request = 0; request < 50; request++)
                {
                    using HttpResponseMessage uploaded = await _client.PostAsync($"/{library}/aggregate", new ByteArrayContent(small));
                    uploaded.EnsureSuccessStatusCode();
                    _ = await _client.GetByteArrayAsync($"/{library}/rows?count=2000");
                }
            }

            for (int request = 0; request < 50; request++)
            {
                using HttpResponseMessage drained = await _client.PostAsync("/floor/drain", new ByteArrayContent(small));
                drained.EnsureSuccessStatusCode();
            }

            await Task.Delay(300);
        }

        s_warm = true;
    }

    [GlobalCleanup]
    public async Task CleanupAsync()
    {
        // This process ran one case: the paths with requests are its library's.
        System.IO.Directory.CreateDirectory(ServerAllocations.Directory);
        foreach (string library in Libraries)
        {
            foreach ((string path, string method) in new[] { ($"/{library}/aggregate", Method(library, Upload)), ($"/{library}/rows", Method(library, Download)) })
            {
                double perRow = ServerAllocations.BytesPerRow(path, out int requests);
                if (requests > 0)
                {
                    File.WriteAllText(System.IO.Path.Combine(ServerAllocations.Directory, ServerAllocations.FileName(method, Megabytes)), perRow.ToString("F2", System.Globalization.CultureInfo.InvariantCulture));
                    Console.WriteLine($"// {method}: the server allocated {perRow:F2} B per row (median of the later {requests - (requests / 2)} of {requests} requests)");
                }
            }
        }

        _client.Dispose();
        await _server.DisposeAsync();
    }

    [Benchmark(Baseline = true), BenchmarkCategory(Upload)]
    public Task<string> CsvHelperUpload() => UploadAsync("csvhelper");

    [Benchmark, BenchmarkCategory(Upload)]
    public Task<string> SepUpload() => UploadAsync("sep");

    [Benchmark, BenchmarkCategory(Upload)]
    public Task<string> FastTextUpload() => UploadAsync("fasttext");

    [Benchmark, BenchmarkCategory(Upload)]
    public Task<string> FloorUpload() => PostAsync("/floor/drain");

    [Benchmark(Baseline = true), BenchmarkCategory(Download)]
    public Task<long> CsvHelperDownload() => DownloadAsync("csvhelper");

    [Benchmark, BenchmarkCategory(Download)]
    public Task<long> SepDownload() => DownloadAsync("sep");

    [Benchmark, BenchmarkCategory(Download)]
    public Task<long> FastTextDownload() => DownloadAsync("fasttext");

    private static readonly string[] Libraries = ["csvhelper", "sep", "fasttext"];

    private static string Method(string library, string direction) =>
        (library switch { "csvhelper" => "CsvHelper", "sep" => "Sep", _ => "FastText" }) + direction;

    private Task<string> UploadAsync(string library) => PostAsync($"/{library}/aggregate");

    private async Task<string> PostAsync(string path)
    {
        using HttpResponseMessage response = await _client.PostAsync(path, new ByteArrayContent(_body));
        response.EnsureSuccessStatusCode();
        return await response.Content.ReadAsStringAsync();
    }

    private async Task<long> DownloadAsync(string library)
    {
        using HttpResponseMessage response = await _client.GetAsync($"/{library}/rows?count={_downloadRows}", HttpCompletionOption.ResponseHeadersRead);
        response.EnsureSuccessStatusCode();
        await using Stream body = await response.Content.ReadAsStreamAsync();
        long total = 0;
        int read;
        while ((read = await body.ReadAsync(_sink)) > 0)
        {
            total += read;
        }

        return total;
    }
}

/// <summary>The throughput job (steady-state warm-up, see <see cref="TsvThroughputConfig"/>) with the MB/s, requests/s and server bytes-per-row columns.</summary>
public sealed class ServerPeersConfig : ManualConfig
{
    public ServerPeersConfig()
    {
        Add(new TsvThroughputConfig());
        AddColumn(new RequestsPerSecondColumn(), new ServerBytesPerRowColumn());
    }
}
