using System.Net;
using FastText.Samples.TsvService;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;

namespace FastText.Server.Tests.Infrastructure;

/// <summary>
/// The sample service on real Kestrel, in this process, on 127.0.0.1 and a port the OS picks; stopped on dispose.
/// Its <see cref="ServerLedger"/> sees every request first. <see cref="Client"/> is a real <see cref="HttpClient"/>
/// (SocketsHttpHandler over TCP), not a test server.
/// </summary>
public sealed class LoopbackService : IAsyncDisposable
{
    private readonly WebApplication _app;

    private LoopbackService(WebApplication app, Uri address, ServerLedger ledger)
    {
        _app = app;
        Address = address;
        Ledger = ledger;
        Client = CreateClient();
    }

    public Uri Address { get; }

    public ServerLedger Ledger { get; }

    public HttpClient Client { get; }

    /// <summary>A client of its own (its own connections), for tests that break connections on purpose.</summary>
    public HttpClient CreateClient() => new(new SocketsHttpHandler { AutomaticDecompression = DecompressionMethods.None, PooledConnectionIdleTimeout = TimeSpan.FromSeconds(30) })
    {
        BaseAddress = Address,
        Timeout = TimeSpan.FromMinutes(5),
    };

    /// <param name="settings">Configuration, as <c>--key value</c> pairs (<c>TsvService:RequestTimeout</c>).</param>
    /// <param name="configure">Kestrel limits and the like.</param>
    /// <param name="trackArrays">Count the pooled arrays each request rents (<see cref="ServerLedger.Arrays"/>).</param>
    public static async Task<LoopbackService> StartAsync(string[]? settings = null, Action<WebApplicationBuilder>? configure = null, bool trackArrays = true)
    {
        var ledger = new ServerLedger(trackArrays);
        WebApplication app = TsvServiceApp.Create(
            settings ?? [],
            builder =>
            {
                builder.WebHost.UseUrls("http://127.0.0.1:0");
                configure?.Invoke(builder);
            },
            pipeline => pipeline.Use(ledger.Middleware));
        await app.StartAsync();
        return new LoopbackService(app, new Uri(app.Urls.Single()), ledger);
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.StopAsync();
        await _app.DisposeAsync();
        Ledger.Dispose();
    }
}
