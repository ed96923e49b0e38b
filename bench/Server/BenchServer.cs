using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;

namespace FastText.Benchmarks.Server;

/// <summary>
/// Kestrel on a loopback port of its choosing with every library's two endpoints (<c>/fasttext/</c>, <c>/sep/</c>,
/// <c>/csvhelper/</c> + <c>aggregate</c> and <c>rows</c>), the upload's floor (<c>/floor/drain</c>, no library) behind <see cref="ServerAllocations.MeasureAsync"/>.
/// Synchronous I/O stays forbidden (Kestrel's default): an endpoint that wrote synchronously would fail the setup.
/// </summary>
public sealed class BenchServer : IAsyncDisposable
{
    private readonly WebApplication _app;

    private BenchServer(WebApplication app, Uri address)
    {
        _app = app;
        Address = address;
    }

    public Uri Address { get; }

    public static async Task<BenchServer> StartAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Limits.MaxRequestBodySize = null);
        WebApplication app = builder.Build();
        app.Use(ServerAllocations.MeasureAsync);
        app.MapPost("/fasttext/aggregate", FastTextEndpoints.AggregateAsync);
        app.MapGet("/fasttext/rows", FastTextEndpoints.RowsAsync);
        app.MapPost("/sep/aggregate", SepEndpoints.AggregateAsync);
        app.MapGet("/sep/rows", SepEndpoints.RowsAsync);
        app.MapPost("/csvhelper/aggregate", CsvHelperEndpoints.AggregateAsync);
        app.MapGet("/csvhelper/rows", CsvHelperEndpoints.RowsAsync);
        app.MapPost("/floor/drain", FloorEndpoints.DrainAsync);
        await app.StartAsync();
        return new BenchServer(app, new Uri(app.Urls.Single()));
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
