using System.Collections.Concurrent;
using System.Diagnostics;
using FastText.Tests.Infrastructure;
using Microsoft.AspNetCore.Http;
using Xunit;

namespace FastText.Server.Tests.Infrastructure;

/// <summary>How one request ended on the server: its status as the endpoint left it and what escaped it.</summary>
public sealed record RequestOutcome(string Path, int Status, bool Aborted, string? Exception, TimeSpan Elapsed)
{
    public override string ToString() =>
        $"{Path}: {Status}{(Aborted ? ", aborted" : "")}{(Exception is null ? "" : ", " + Exception)} after {Elapsed.TotalMilliseconds:F0} ms";
}

/// <summary>
/// What the server did with every request, and every pooled array it took for one: a middleware (installed first by
/// <see cref="LoopbackService"/>) counts the requests in flight, records how each ended, and runs the request in a
/// <see cref="PooledArrayLedger"/> scope (the suite's ArrayPool event listener), so an array the endpoint, the
/// library, the decompressor or the pipe took and never gave back is named, with its length, the request's path and
/// the stack that rented it, whichever thread returned the others.
/// </summary>
public sealed class ServerLedger(bool trackArrays = true) : IDisposable
{
    private readonly ConcurrentQueue<RequestOutcome> _outcomes = new();
    private int _inFlight;

    /// <summary>
    /// The pooled arrays the requests rented. Null when not tracked: the ArrayPool events then stay off, since each one
    /// allocates its payload (a test that counts allocations must not pay for the ledger's).
    /// </summary>
    public PooledArrayLedger? Arrays { get; } = trackArrays ? new PooledArrayLedger() : null;

    public int InFlight => Volatile.Read(ref _inFlight);

    public IReadOnlyList<RequestOutcome> Outcomes => _outcomes.ToArray();

    /// <summary>The middleware: counts the request in flight, tracks what it rents, records how it ended.</summary>
    public async Task Middleware(HttpContext context, RequestDelegate next)
    {
        Interlocked.Increment(ref _inFlight);
        var started = Stopwatch.StartNew();
        string? escaped = null;
        using PooledArrayLedger.Scope? scope = Arrays?.Track(context.Request.Path + context.Request.QueryString);
        try
        {
            await next(context);
        }
        catch (Exception exception)
        {
            escaped = exception.GetType().Name;
            throw;
        }
        finally
        {
            _outcomes.Enqueue(new RequestOutcome(context.Request.Path, context.Response.StatusCode, context.RequestAborted.IsCancellationRequested, escaped, started.Elapsed));
            Interlocked.Decrement(ref _inFlight);
        }
    }

    /// <summary>Waits (up to 10 s) until no request is in flight and every array a request rented is back.</summary>
    public Task AssertAllReturnedAsync() =>
        (Arrays ?? throw new InvalidOperationException("This ledger does not track pooled arrays.")).AssertAllReturnedAsync(
            TimeSpan.FromSeconds(10), () => InFlight == 0, () => $"{InFlight} requests in flight; the last ones:\n" + string.Join("\n", Outcomes.TakeLast(10)));

    /// <summary>Waits until <paramref name="count"/> requests have ended (in total) and returns their outcomes.</summary>
    public async Task<IReadOnlyList<RequestOutcome>> WaitForOutcomesAsync(int count, TimeSpan timeout)
    {
        var waited = Stopwatch.StartNew();
        while (_outcomes.Count < count)
        {
            if (waited.Elapsed > timeout)
            {
                Assert.Fail($"Only {_outcomes.Count} of {count} requests ended within {timeout.TotalSeconds} s ({InFlight} in flight):\n" + string.Join("\n", Outcomes));
            }

            await Task.Delay(10);
        }

        return Outcomes;
    }

    public void Dispose() => Arrays?.Dispose();
}
