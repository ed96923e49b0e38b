using System.Globalization;
using System.IO;
using System.Net;
using System.Net.Http.Headers;
using FastText.Server.Tests.Infrastructure;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Server.Tests;

/// <summary>
/// What the service answers over a real connection is what the library answers in memory: uploads in random chunks
/// (any byte of a line may end a packet) give the sequential reader's result, with every option and both readers,
/// plain and gzip; downloads are byte for byte the naive writer's output, and the keys the naive builder's.
/// </summary>
public sealed class CorrectnessTests(LoopbackServiceFixture fixture) : IClassFixture<LoopbackServiceFixture>
{
    private readonly LoopbackService _service = fixture.Service;

    /// <summary>An upload's answer: the sequential reader's totals (or its error, as a 400), whatever the packet boundaries.</summary>
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Uploads_in_random_chunks_give_the_sequential_readers_totals(int seed) =>
        UploadAsync(UploadCase.Create(seed), seed).GetAwaiter().GetResult();

    private async Task UploadAsync(UploadCase upload, int seed)
    {
        var content = new ChunkedContent(upload.WireBody, seed, maxChunk: new Random(seed).Next(2) == 0 ? 16 : 65536);
        if (upload.Gzip)
        {
            content.Headers.ContentEncoding.Add("gzip");
        }

        using HttpResponseMessage response = await _service.Client.PostAsync(upload.PathAndQuery, content);
        string actual = await UploadCase.ActualAsync(response);
        string expected = upload.Expected();
        Assert.True(expected == actual, $"{upload}\nexpected: {expected}\nactual:   {actual}");
    }

    /// <summary>An empty gzip body (GZipStream writes nothing for no bytes) is an empty upload, not a stream cut short.</summary>
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task An_empty_gzip_body_is_an_empty_upload(bool records)
    {
        UploadCase upload = UploadCase.Create(1364040005) with { Body = [], Gzip = true, Records = records };
        Assert.Empty(upload.WireBody);
        await UploadAsync(upload, upload.Seed);
    }

    /// <summary>A few large uploads, each much bigger than one read of the pipe.</summary>
    [Fact]
    public async Task Large_uploads_give_the_sequential_readers_totals()
    {
        for (int seed = 0; seed < 6; seed++)
        {
            UploadCase upload = UploadCase.Create(seed, rowsAtMost: 20000) with { Gzip = seed % 2 == 0, Records = seed % 3 == 0 };
            await UploadAsync(upload, seed);
        }

        await _service.Ledger.AssertAllReturnedAsync();
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 60)]
    public void Downloads_are_the_naive_writers_bytes(int seed) => DownloadAsync(seed).GetAwaiter().GetResult();

    private async Task DownloadAsync(int seed)
    {
        var random = new Random(seed);
        long count = random.Next(6) == 0 ? random.Next(0, 30000) : random.Next(0, 300);
        bool escapes = random.Next(2) == 0;
        byte separator = escapes ? (byte)'\t' : new byte[] { 9, 44, 59, 124, 31 }[random.Next(5)];
        ulong rowSeed = (ulong)random.NextInt64();
        string path = $"/rows?count={count}&seed={rowSeed}&escapes={(escapes ? "true" : "false")}&separator={separator}";
        byte[] actual = await _service.Client.GetByteArrayAsync(path);
        byte[] expected = NaiveWriters.Rows(count, rowSeed, escapes, separator);
        Assert.True(expected.AsSpan().SequenceEqual(actual), $"{path}: {NaiveWriters.FirstDifference(expected, actual)}");
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 60)]
    public void Keys_are_the_naive_builders_keys(int seed) => KeysAsync(seed).GetAwaiter().GetResult();

    private async Task KeysAsync(int seed)
    {
        var random = new Random(seed);
        string[] tenants = ["acme", "Acme Corp", "", "  ", "ÉCOLE ÉTÉ", "tab\there", "back\\slash", "日本", new string('T', 300), "emoji 😀"];
        var rows = new List<(byte[] Tenant, Guid User, int Version)>();
        var input = new StringBuilder();
        int count = random.Next(5) == 0 ? random.Next(0, 20000) : random.Next(0, 200);
        for (int i = 0; i < count; i++)
        {
            string tenant = tenants[random.Next(tenants.Length)];
            var user = new Guid(Enumerable.Range(0, 16).Select(_ => (byte)random.Next(256)).ToArray());
            int version = random.Next(int.MinValue, int.MaxValue);
            rows.Add((Encoding.UTF8.GetBytes(tenant), user, version));
            input.Append(NaiveWriters.Escape(tenant)).Append('\t').Append(user.ToString("D")).Append('\t').Append(version.ToString(CultureInfo.InvariantCulture)).Append('\n');
        }

        using HttpResponseMessage response = await _service.Client.PostAsync("/keys", new ChunkedContent(Encoding.UTF8.GetBytes(input.ToString()), seed));
        string actual = await NaiveWriters.KeysAnswerAsync(response);
        string expected = NaiveWriters.Keys(rows);
        Assert.True(expected == actual, $"seed={seed}, {count} rows:\nexpected: {expected}\nactual:   {actual}");
    }

    /// <summary>After all of the above, nothing the endpoints rented is still out.</summary>
    [Fact]
    public async Task Every_pooled_array_is_back_after_uploads_downloads_and_keys()
    {
        for (int seed = 0; seed < 20; seed++)
        {
            await UploadAsync(UploadCase.Create(seed), seed);
            await DownloadAsync(seed);
            await KeysAsync(seed);
        }

        Assert.True(_service.Ledger.Arrays!.Rentals > 0, "the endpoints rented nothing: the ledger would see nothing either");
        await _service.Ledger.AssertAllReturnedAsync();
    }
}
