using System;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http.Timeouts;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace FastText.Samples.TsvService;

/// <summary>
/// The service: three endpoints on Kestrel. <c>POST /aggregate</c> reads a TSV body (plain, or gzip with
/// <c>Content-Encoding: gzip</c>) from the request and sums up the selected columns; <c>GET /rows</c> streams generated
/// rows as TSV; <c>POST /keys</c> builds a cache key and a label for each uploaded row.
/// </summary>
/// <remarks>
/// Configuration (appsettings, environment <c>TsvService__RequestTimeout</c>, or <c>--TsvService:RequestTimeout</c>):
/// <c>TsvService:RequestTimeout</c> (a TimeSpan, default 10 minutes) ends any request that runs longer with 504; it
/// cancels <c>HttpContext.RequestAborted</c>, which every read and flush of the endpoints is given.
/// <c>TsvService:MaxRequestBodySize</c> (bytes, default none) refuses longer bodies with 413.
/// </remarks>
public static class TsvServiceApp
{
    /// <summary>Complete rows the TSV writer may hold before an endpoint awaits a flush: half its 64 KiB buffer, so a
    /// row shorter than that never fills it, and the response's pipe holds at most one buffer that was not flushed.</summary>
    public const int FlushThreshold = 32 * 1024;

    /// <summary>Builds the app: Kestrel, the request timeout and the endpoints.</summary>
    /// <param name="args">Command-line arguments (<c>--urls</c> and configuration).</param>
    /// <param name="configureBuilder">Runs before the app is built (Kestrel limits, logging); the tests use it.</param>
    /// <param name="configurePipeline">Runs before the endpoints are mapped (a middleware that sees every request).</param>
    /// <returns>The app, not started.</returns>
    public static WebApplication Create(string[] args, Action<WebApplicationBuilder>? configureBuilder = null, Action<WebApplication>? configurePipeline = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder(args);

        // A line per request is the framework's Information level: the service logs warnings and errors (and the
        // addresses it listens on, at start).
        builder.Logging.AddFilter("Microsoft.AspNetCore", LogLevel.Warning);
        TimeSpan timeout = builder.Configuration.GetValue("TsvService:RequestTimeout", TimeSpan.FromMinutes(10));
        builder.Services.AddRequestTimeouts(options => options.DefaultPolicy = new RequestTimeoutPolicy { Timeout = timeout });

        // Kestrel refuses bodies over 30 MB by default (413). These endpoints stream, so memory does not grow with a
        // body: the limit is what the service wants to accept, here nothing unless configured.
        long? maxBody = builder.Configuration.GetValue<long?>("TsvService:MaxRequestBodySize");
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Limits.MaxRequestBodySize = maxBody);
        configureBuilder?.Invoke(builder);

        WebApplication app = builder.Build();
        configurePipeline?.Invoke(app);
        app.UseRequestTimeouts();
        app.MapPost("/aggregate", UploadEndpoint.AggregateAsync);
        app.MapGet("/rows", DownloadEndpoint.RowsAsync);
        app.MapPost("/keys", KeysEndpoint.KeysAsync);
        return app;
    }
}
