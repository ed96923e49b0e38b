using System.Diagnostics;
using System.IO;
using System.Net;
using System.Net.Sockets;
using FastText.Server.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Xunit;

namespace FastText.Server.Tests;

/// <summary>
/// Clients that go wrong: gone mid-upload or mid-download, trickling, cutting the body short, sending a bad row,
/// stalling until the request times out. Each request ends as it should (a status, or an abort) and promptly, the
/// server answers the next client correctly, and every array an endpoint rented is back in its pool (counted by
/// <see cref="ServerLedger"/> from the runtime's ArrayPool events).
/// </summary>
public sealed class FaultTests : IAsyncLifetime
{
    private static readonly TimeSpan Prompt = TimeSpan.FromSeconds(10);

    private LoopbackService _service = null!;

    public async Task InitializeAsync() => _service = await LoopbackService.StartAsync();

    public async Task DisposeAsync() => await _service.DisposeAsync();

    /// <summary>A body of numbered rows, <paramref name="rows"/> long: "i TAB i*3 TAB text".</summary>
    private static byte[] NumberedRows(int rows, string text = "some text to make the rows longer")
    {
        var body = new StringBuilder();
        for (int i = 0; i < rows; i++)
        {
            body.Append(i).Append('\t').Append(i * 3L).Append('\t').Append(text).Append('\n');
        }

        return Encoding.UTF8.GetBytes(body.ToString());
    }

    private static string KeysBody(int rows)
    {
        var body = new StringBuilder();
        for (int i = 0; i < rows; i++)
        {
            body.Append("tenant ").Append(i % 7).Append('\t').Append(new Guid(i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10).ToString("D")).Append('\t').Append(i).Append('\n');
        }

        return body.ToString();
    }

    private async Task<RequestOutcome> NextOutcomeAsync(int before) => (await _service.Ledger.WaitForOutcomesAsync(before + 1, Prompt))[before];

    /// <summary>The server still answers correctly, and nothing pooled is out.</summary>
    private async Task AssertServesOthersAndNothingIsOutAsync()
    {
        using HttpResponseMessage response = await _service.Client.PostAsync("/aggregate?columns=1&numeric=0&strict=true", new ByteArrayContent(NumberedRows(1000)));
        string body = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.OK, body);
        Assert.Contains("\"rows\":1000", body, StringComparison.Ordinal);
        Assert.Contains($"\"sum\":{3L * 999 * 1000 / 2}", body, StringComparison.Ordinal);
        await _service.Ledger.AssertAllReturnedAsync();
    }

    public static TheoryData<string, bool> UploadPaths => new()
    {
        { "/aggregate?columns=0,2&numeric=0&strict=true", false },
        { "/aggregate?columns=0,2&numeric=0&strict=true&reader=records", false },
        { "/aggregate?columns=0,2&numeric=0&strict=true", true },
        { "/aggregate?columns=0,2&numeric=0&strict=true&reader=records", true },
        { "/keys", false },
    };

    [Theory]
    [MemberData(nameof(UploadPaths))]
    public async Task A_client_gone_mid_upload_ends_the_request_without_a_result(string path, bool gzip)
    {
        byte[] body = path == "/keys" ? Encoding.UTF8.GetBytes(KeysBody(40000)) : NumberedRows(40000);
        byte[] wire = gzip ? UploadCase.Compress(body) : body;
        int before = _service.Ledger.Outcomes.Count;
        var content = new ChunkedContent(wire, seed: 1) { Ending = ContentEnding.Throw, StopAfter = wire.Length / 2 };
        if (gzip)
        {
            content.Headers.ContentEncoding.Add("gzip");
        }

        using HttpClient client = _service.CreateClient();
        await Assert.ThrowsAnyAsync<Exception>(() => client.PostAsync(path, content));
        RequestOutcome outcome = await NextOutcomeAsync(before);

        // Half a body is never taken for a whole one: the endpoint ends with an exception, not with totals.
        Assert.True(outcome.Exception is not null, outcome.ToString());
        await AssertServesOthersAndNothingIsOutAsync();
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_client_gone_mid_download_stops_the_rows(bool stopsReadingFirst)
    {
        int before = _service.Ledger.Outcomes.Count;
        using (HttpClient client = _service.CreateClient())
        using (HttpResponseMessage response = await client.GetAsync("/rows?count=1000000000&seed=5", HttpCompletionOption.ResponseHeadersRead))
        {
            Stream stream = await response.Content.ReadAsStreamAsync();
            byte[] buffer = new byte[65536];
            for (int read = 0; read < 1 << 20;)
            {
                read += await stream.ReadAsync(buffer);
            }

            if (stopsReadingFirst)
            {
                // The server fills the socket and the pipe, then waits in a flush for a reader that never comes back.
                await Task.Delay(500);
            }
        }

        // A billion rows would take many minutes: the request ends soon after the connection does.
        var closed = Stopwatch.StartNew();
        RequestOutcome outcome = await NextOutcomeAsync(before);
        Assert.True(outcome.Aborted, outcome.ToString());
        Console.WriteLine($"download: {outcome}, ended {closed.ElapsedMilliseconds} ms after the client closed");
        await AssertServesOthersAndNothingIsOutAsync();
    }

    [Theory]
    [InlineData("/aggregate?columns=0,2&numeric=0&strict=true")]
    [InlineData("/aggregate?columns=0,2&numeric=0&strict=true&reader=records")]
    public async Task A_trickling_client_gets_the_whole_answer(string path)
    {
        byte[] body = NumberedRows(60);
        var content = new ChunkedContent(body, seed: 7, pause: TimeSpan.FromMilliseconds(2), pauseEvery: 1, maxChunk: 3);
        using HttpResponseMessage response = await _service.Client.PostAsync(path, content);
        string answer = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.OK, answer);
        Assert.Contains("\"rows\":60", answer, StringComparison.Ordinal);
        Assert.Contains($"\"sum\":{59 * 60 / 2}", answer, StringComparison.Ordinal);
        await AssertServesOthersAndNothingIsOutAsync();
    }

    [Theory]
    [MemberData(nameof(UploadPaths))]
    public async Task A_body_cut_short_is_not_taken_for_a_whole_one(string path, bool gzip)
    {
        byte[] body = path == "/keys" ? Encoding.UTF8.GetBytes(KeysBody(20000)) : NumberedRows(20000);
        byte[] wire = gzip ? UploadCase.Compress(body) : body;
        int before = _service.Ledger.Outcomes.Count;

        // Content-Length promises the whole body; the client sends half of it and closes its side.
        using RawHttpClient client = await RawHttpClient.SendAsync(_service.Address, path, wire.Length, wire.AsMemory(0, wire.Length / 2), gzip);
        client.EndSending();
        string response = await client.ReceiveAsync(Prompt);

        RequestOutcome outcome = await NextOutcomeAsync(before);
        Assert.True(outcome.Exception is not null, outcome.ToString());
        Assert.True(response.Length == 0 || response.StartsWith("HTTP/1.1 400", StringComparison.Ordinal), response);
        await AssertServesOthersAndNothingIsOutAsync();
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_gzip_stream_cut_short_is_a_400(bool records)
    {
        byte[] wire = UploadCase.Compress(NumberedRows(20000));
        var content = new ByteArrayContent(wire[..(wire.Length / 2)]);
        content.Headers.ContentEncoding.Add("gzip");
        using HttpResponseMessage response = await _service.Client.PostAsync("/aggregate?columns=0&numeric=0&strict=true" + (records ? "&reader=records" : ""), content);
        string answer = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, answer);
        await AssertServesOthersAndNothingIsOutAsync();
    }

    [Theory]
    [InlineData("/aggregate?columns=0,2&numeric=0&strict=true")]
    [InlineData("/aggregate?columns=0,2&numeric=0&strict=true&reader=records")]
    public async Task A_malformed_row_is_a_400_naming_its_line(string path)
    {
        byte[] body = [.. NumberedRows(30000), .. "not a number\t0\tx\n"u8, .. NumberedRows(30000)];
        using HttpResponseMessage response = await _service.Client.PostAsync(path, new ChunkedContent(body, seed: 3));
        string answer = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, answer);
        Assert.StartsWith("Line 30001, column 0 (0-based): 'not a number' is not a valid Int64.", answer, StringComparison.Ordinal);
        await AssertServesOthersAndNothingIsOutAsync();
    }

    [Fact]
    public async Task A_malformed_first_row_of_keys_is_a_400()
    {
        using HttpResponseMessage response = await _service.Client.PostAsync("/keys", new StringContent("acme\tnot-a-guid\t1\n" + KeysBody(10)));
        string answer = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, answer);
        Assert.Contains("Line 1, column 1", answer, StringComparison.Ordinal);
        await AssertServesOthersAndNothingIsOutAsync();
    }

    [Fact]
    public async Task A_malformed_row_of_keys_is_a_400_naming_its_line()
    {
        string body = KeysBody(20000) + "acme\tnot-a-guid\t1\n" + KeysBody(10);
        using HttpResponseMessage response = await _service.Client.PostAsync("/keys", new ChunkedContent(Encoding.UTF8.GetBytes(body), seed: 4));
        string answer = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.BadRequest, answer);
        Assert.Contains("Line 20001, column 1", answer, StringComparison.Ordinal);
        await AssertServesOthersAndNothingIsOutAsync();
    }
}

/// <summary>
/// The readers honour <c>RequestAborted</c>: a client that stalls mid-body (the connection open, nothing more sent)
/// is ended by the service's request timeout, which cancels that token, with a 504 within a moment of it, in every
/// reader. Kestrel's own minimum data rate is off here, so nothing but the token can end the read.
/// </summary>
public sealed class CancellationTests : IAsyncLifetime
{
    private LoopbackService _service = null!;

    public async Task InitializeAsync() => _service = await LoopbackService.StartAsync(
        ["--TsvService:RequestTimeout", "00:00:01"],
        builder => builder.WebHost.ConfigureKestrel(kestrel => kestrel.Limits.MinRequestBodyDataRate = null));

    public async Task DisposeAsync() => await _service.DisposeAsync();

    [Theory]
    [InlineData("/aggregate?columns=0&numeric=0&strict=true", false)]
    [InlineData("/aggregate?columns=0&numeric=0&strict=true&reader=records", false)]
    [InlineData("/aggregate?columns=0&numeric=0&strict=true", true)]
    [InlineData("/aggregate?columns=0&numeric=0&strict=true&reader=records", true)]
    [InlineData("/keys", false)]
    public async Task A_stalled_upload_ends_with_504_when_the_request_times_out(string path, bool gzip)
    {
        byte[] body = Encoding.UTF8.GetBytes(path == "/keys"
            ? string.Concat(Enumerable.Range(0, 5000).Select(i => $"tenant\t{Guid.Empty}\t{i}\n"))
            : string.Concat(Enumerable.Range(0, 5000).Select(i => $"{i}\n")));
        byte[] wire = gzip ? UploadCase.Compress(body) : body;
        int before = _service.Ledger.Outcomes.Count;
        var elapsed = Stopwatch.StartNew();
        using RawHttpClient client = await RawHttpClient.SendAsync(_service.Address, path, wire.Length, wire.AsMemory(0, wire.Length / 2), gzip);
        string response = await client.ReceiveAsync(TimeSpan.FromSeconds(8), headersOnly: true);
        Assert.True(response.StartsWith("HTTP/1.1 504", StringComparison.Ordinal), $"after {elapsed.Elapsed}: '{response}'");
        RequestOutcome outcome = (await _service.Ledger.WaitForOutcomesAsync(before + 1, TimeSpan.FromSeconds(8)))[before];
        Assert.True(outcome.Elapsed < TimeSpan.FromSeconds(5), $"the 1 s timeout ended the request after {outcome.Elapsed}");
        await _service.Ledger.AssertAllReturnedAsync();
    }
}
