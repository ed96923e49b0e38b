using System.Diagnostics.Tracing;
using System.Globalization;
using System.IO;
using System.Net;
using FastText.Server.Tests.Infrastructure;
using Xunit;
using Xunit.Abstractions;

namespace FastText.Server.Tests;

/// <summary>
/// Nothing is allocated per row, in either direction: the same request with ten times the rows allocates (in the whole
/// process: Kestrel, the endpoint, the library and the client) less than <see cref="MaxBytesPerRow"/> more per extra
/// row. What a request allocates once (its query, its reader, its JSON answer, the client's message) cancels out.
/// </summary>
public sealed class AllocationTests(ITestOutputHelper output) : IAsyncLifetime
{
    private const int FewRows = 20_000, ManyRows = 200_000;

    // The smallest object is 24 bytes: one per row is far above this. What stays below it is not per row but per
    // buffer of the response or per unit of time (the thread pool, timers). A download's is Kestrel's: each 32 KB flush
    // the client makes wait allocates in Kestrel's own flush path (an async method that awaits the transport, not
    // pooled), up to about 1 B per row of these 150-byte rows. The writer's flush adds nothing to it, which only a test
    // without Kestrel can see exactly: TsvWriterFlushAllocationTests in tests/Properties.
    private const double MaxBytesPerRow = 4;

    private LoopbackService _service = null!;

    // Without the pooled-array ledger: each ArrayPool event it listens to allocates its payload.
    public async Task InitializeAsync()
    {
        ArrayPoolEventsOff();
        _service = await LoopbackService.StartAsync(trackArrays: false);
    }

    /// <summary>
    /// Fails unless the runtime's ArrayPool events are off: an escaped field rents a scratch array, which allocates
    /// nothing unless a listener (a ledger another test left alive) makes the pool raise events, whose payloads are
    /// allocated (375 B per download row).
    /// </summary>
    private static void ArrayPoolEventsOff()
    {
        EventSource arrayPool = EventSource.GetSources().Single(source => source.Name == "System.Buffers.ArrayPoolEventSource");
        Assert.False(arrayPool.IsEnabled(), "the ArrayPool events are on (an EventListener is alive): each rent and return would allocate their payload");
    }

    public async Task DisposeAsync() => await _service.DisposeAsync();

    private static byte[] Rows(int count)
    {
        var body = new StringBuilder("id\tstatus\tbytes\tpath\tagent\n");
        for (int i = 0; i < count; i++)
        {
            body.Append(i).Append('\t').Append(200 + (i % 5 * 100)).Append('\t').Append(i * 37 % 100000)
                .Append("\t/img/").Append(i % 100).Append(".png\tMozilla/5.0 (X11; Linux x86_64)\n");
        }

        return Encoding.UTF8.GetBytes(body.ToString());
    }

    private static byte[] KeyRows(int count)
    {
        var body = new StringBuilder();
        for (int i = 0; i < count; i++)
        {
            body.Append("Tenant ").Append(i % 13).Append('\t').Append(new Guid(i, 7, 7, 1, 2, 3, 4, 5, 6, 7, 8).ToString("D")).Append('\t').Append(i).Append('\n');
        }

        return Encoding.UTF8.GetBytes(body.ToString());
    }

    [Theory]
    [InlineData("upload", "/aggregate?header=true&names=status,bytes,path&numeric=0,1&strict=true")]
    [InlineData("upload records", "/aggregate?header=true&names=status,bytes,path&numeric=0,1&strict=true&reader=records")]
    [InlineData("upload gzip", "/aggregate?header=true&names=status,bytes,path&numeric=0,1&strict=true")]
    [InlineData("download", "/rows?seed=3&escapes=true&count=")]
    [InlineData("keys", "/keys")]
    public async Task No_row_allocates(string direction, string path)
    {
        Func<int, Task> request = direction == "download" ? Download(path) : Upload(direction, path);
        await request(FewRows);
        await WarmAsync(request);
        long few = await AllocatedAsync(() => request(FewRows));
        long many = await AllocatedAsync(() => request(ManyRows));
        double perRow = (double)(many - few) / (ManyRows - FewRows);
        output.WriteLine($"{direction}: {perRow:F3} B per extra row ({few:N0} B for {FewRows:N0} rows, {many:N0} B for {ManyRows:N0}; {path})");
        Assert.True(perRow < MaxBytesPerRow, $"{perRow:F2} bytes allocated per row ({few:N0} B for {FewRows:N0} rows, {many:N0} B for {ManyRows:N0})");
    }

    /// <summary>
    /// Runs the big request until it allocates less than <see cref="MaxBytesPerRow"/> per row in total (at most 20
    /// times): the JIT's first tiers of a method box what its optimized code does not (a generic value formatted
    /// through its interface), and a method reaches its last tier only after enough calls and a quiet moment.
    /// </summary>
    private async Task WarmAsync(Func<int, Task> request)
    {
        for (int attempt = 0; attempt < 20; attempt++)
        {
            long before = GC.GetTotalAllocatedBytes(precise: true);
            await request(ManyRows);
            long allocated = GC.GetTotalAllocatedBytes(precise: true) - before;
            if (allocated < ManyRows * MaxBytesPerRow)
            {
                return;
            }

            output.WriteLine($"warming up: {allocated:N0} B for {ManyRows:N0} rows");
            await Task.Delay(200);
        }
    }

    // A raw socket reads the answer: HttpClient allocates a little per read of a response, which is not the server's.
    private Func<int, Task> Download(string path) => async rows =>
    {
        using RawHttpClient client = await RawHttpClient.GetAsync(_service.Address, path + rows.ToString(CultureInfo.InvariantCulture));
        Assert.True(await client.DrainAsync(Sink) > rows * 100L);
    };

    private Func<int, Task> Upload(string direction, string path)
    {
        bool gzip = direction == "upload gzip";
        var bodies = new Dictionary<int, byte[]>();
        foreach (int count in new[] { FewRows, ManyRows })
        {
            byte[] rows = path == "/keys" ? KeyRows(count) : Rows(count);
            bodies[count] = gzip ? UploadCase.Compress(rows) : rows;
        }

        return async rows =>
        {
            var content = new ByteArrayContent(bodies[rows]);
            if (gzip)
            {
                content.Headers.ContentEncoding.Add("gzip");
            }

            using HttpResponseMessage response = await _service.Client.PostAsync(path, content, CancellationToken.None);
            await DrainAsync(response);
        };
    }

    private static readonly byte[] Sink = new byte[1 << 16];

    private static async Task DrainAsync(HttpResponseMessage response)
    {
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        await using Stream stream = await response.Content.ReadAsStreamAsync();
        while (await stream.ReadAsync(Sink) > 0)
        {
        }
    }

    /// <summary>The bytes the whole process allocated during <paramref name="request"/>, at least of three tries (other threads' noise only adds).</summary>
    private async Task<long> AllocatedAsync(Func<Task> request)
    {
        long least = long.MaxValue;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            int ended = _service.Ledger.Outcomes.Count;
            long before = GC.GetTotalAllocatedBytes(precise: true);
            await request();
            await _service.Ledger.WaitForOutcomesAsync(ended + 1, TimeSpan.FromSeconds(10));
            least = Math.Min(least, GC.GetTotalAllocatedBytes(precise: true) - before);
        }

        return least;
    }
}
