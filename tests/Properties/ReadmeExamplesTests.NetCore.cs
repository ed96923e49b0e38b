using System.Buffers;
using System.Globalization;
using System.IO;
using System.IO.Compression;
using System.Threading.Tasks;
using CommunityToolkit.HighPerformance.Buffers;
using Xunit;

namespace FastText.Tests;

/// <summary>The README's examples, compiled and run, so the README cannot drift from the API.</summary>
public class ReadmeExamplesTests
{
    private static readonly KeyTextRules S3Rules = KeyTextRules.None
        .EmptyAs("unknown").ReplaceWhitespace('_', KeyWhitespace.Spaces)
        .Allow(KeyCharacterSet.AsciiLettersDigitsUnderscore, invalidFallback: "invalid")
        .ToLowerInvariant();

    private static readonly KeyShape<string?, string?, string?, DateTime?, Guid> S3ObjectKey = KeyShape.Join("/",
        KeyPart.Text("product", S3Rules), KeyPart.Text("siteKey", S3Rules), KeyPart.Text("eventName", S3Rules),
        KeyPart.Optional(KeyPart.DateTime("eventDate", "yyyy/MM/dd/HH")), KeyPart.Guid("messageId", "D"),
        suffix: ".json");

    private static readonly KeyShape<string?, Guid, int> CacheKey = KeyShape.Format("tenant:{0}:user:{1}:v{2}",
        KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));

    private static readonly Guid MessageId = new("0f8fad5b-d9cb-469f-a165-70867728950e");

    [Fact]
    public void Ascii_example()
    {
        Span<byte> buffer = stackalloc byte[64];
        Assert.Equal(OperationStatus.Done, AsciiText.FromUtf16("Content-Type".AsSpan(), buffer, out int written));
        Assert.Equal("Content-Type", Encoding.ASCII.GetString(buffer.Slice(0, written).ToArray()));

        Assert.True(AsciiText.IsValid("abc"u8));
        char[] chars = "HELLO \u00C9COLE".ToCharArray();
        Assert.Equal(OperationStatus.InvalidData, AsciiText.ToLowerInPlace(chars, out int lowered));
        Assert.Equal(6, lowered);
        Assert.Equal("hello \u00C9COLE", new string(chars));

        var writer = new ArrayBufferWriter<byte>();
        string text = "na\u00EFve \uD800 text";
        AsciiText.EncodeUtf8(text.AsSpan(), writer);
        Assert.Equal(Encoding.UTF8.GetBytes(text), writer.WrittenSpan.ToArray());

        Assert.True(AsciiText.EqualsIgnoreCase("get"u8, "GET"));
        ReadOnlySpan<byte> line = " value\r\n"u8;
        ReadOnlySpan<byte> field = line[AsciiText.Trim(line)];
        Assert.True(field.SequenceEqual("value"u8));
    }

    [Fact]
    public void ValueStringBuilder_example()
    {
        var time = new DateTime(2026, 11, 22, 3, 4, 5, DateTimeKind.Utc);
        var tags = new List<string> { "a", "b" }; // AppendJoin(char, IEnumerable<T>)
        var builder = new ValueStringBuilder(stackalloc char[256]);
        try
        {
            builder.Append($"id={42}, at {time:O}, took {1.25:F1} ms");
            builder.Append(", tags=");
            builder.AppendJoin(',', tags);
            AppendTail(ref builder);
            Assert.Equal(string.Create(CultureInfo.CurrentCulture, $"id=42, at {time:O}, took {1.25:F1} ms, tags=a,b ok=True"), builder.ToString());
        }
        finally
        {
            builder.Dispose();
        }

        static void AppendTail(ref ValueStringBuilder b) => b.Append($" ok={true}");
    }

    [Fact]
    public void Utf8ValueStringBuilder_example()
    {
        var time = new DateTime(2026, 11, 22, 3, 4, 5, DateTimeKind.Utc);
        const int id = 42;
        const string user = "jos\u00E9";
        var sent = new ArrayBufferWriter<byte>();
        var utf8 = new Utf8ValueStringBuilder(stackalloc byte[256]);
        try
        {
            utf8.Append(CultureInfo.InvariantCulture, $"id={id}, at {time:O}, user={user}");
            utf8.Append("\n"u8);
            sent.Write(utf8.WrittenSpan);
        }
        finally
        {
            utf8.Dispose();
        }

        Assert.Equal(Encoding.UTF8.GetBytes($"id=42, at {time:O}, user=jos\u00E9\n"), sent.WrittenSpan.ToArray());

        var pipeWriter = new ArrayBufferWriter<byte>();
        var body = new Utf8ValueStringBuilder(pipeWriter);
        body.Append(id);
        body.Dispose();
        Assert.Equal("42"u8.ToArray(), pipeWriter.WrittenSpan.ToArray());
    }

    [Fact]
    public void Key_builder_examples()
    {
        Assert.Equal(
            "my_product/site_key/my_event/2019/04/11/02/0f8fad5b-d9cb-469f-a165-70867728950e.json",
            S3ObjectKey.Build("My Product", "Site Key", "My Event", new DateTime(2019, 4, 11, 2, 37, 0), MessageId));
        Assert.Equal(
            "my_product/site_key/my_event/0f8fad5b-d9cb-469f-a165-70867728950e.json",
            S3ObjectKey.Build("My Product", "Site Key", "My Event", null, MessageId));
        Assert.Equal("tenant:acme:user:0f8fad5bd9cb469fa16570867728950e:v42", CacheKey.Build("acme", MessageId, 42));

        Span<byte> utf8 = stackalloc byte[128];
        Assert.True(CacheKey.TryFormatUtf8("acme", MessageId, 42, utf8, out int bytesWritten));
        Assert.Equal("tenant:acme:user:0f8fad5bd9cb469fa16570867728950e:v42", Encoding.UTF8.GetString(utf8.Slice(0, bytesWritten).ToArray()));
    }

    [Fact]
    public async Task Tsv_examples()
    {
        byte[] file = Encoding.UTF8.GetBytes("date\tsc-status\tx2\tx3\tx4\tx5\tx6\tx7\tx8\tx9\tcs-uri-stem\n2026-11-22\t200\tx\tx\tx\tx\tx\tx\tx\tx\t/index.html\n2026-11-23\t404\tx\tx\tx\tx\tx\tx\tx\tx\t/missing\n");
        string path = Path.Combine(Path.GetTempPath(), "fasttext-readme-" + Guid.NewGuid().ToString("N") + ".tsv");
        File.WriteAllBytes(path, file);
        try
        {
            Assert.Equal(new[] { "/index.html", "/missing" }, ReadTsvFile(path));
        }
        finally
        {
            File.Delete(path);
        }

        file = file.AsSpan(file.AsSpan().IndexOf((byte)'\n') + 1).ToArray();

        var compressed = new MemoryStream();
        using (var zip = new GZipStream(compressed, CompressionMode.Compress, leaveOpen: true))
        {
            zip.Write(file, 0, file.Length);
        }

        compressed.Position = 0;
        using var gzip = new GZipStream(compressed, CompressionMode.Decompress);
        using var logReader = new TsvReader(new[] { 10 }, new TsvOptions { SkipCommentLines = true });
        CountRows result = await logReader.ReadRowsAsync(gzip, new CountRows(), default);
        Assert.Equal(2, result.Rows);
    }

    // The README's first TSV block, as shown (a synchronous method: a row is a ref struct).
    private static List<string> ReadTsvFile(string path)
    {
        var uris = new List<string>();
        using (TsvFileReader reader = TsvFileReader.Open(path, new TsvOptions { HasHeader = true })
                   .SelectColumns("date", "cs-uri-stem", "sc-status"))          // optional: the projection fast path
        {
            foreach (TsvRow row in reader)
            {
                ReadOnlySpan<byte> date = row[0];                       // a slice of the buffer: no copy
                string uri = row.GetString(1, StringPool.Shared);       // interned for repetitive columns
                int status = row.GetInt32(2);                           // TsvFormatException names line and column
                Assert.Equal(10, date.Length);
                Assert.True(status is 200 or 404);
                uris.Add(uri);
            }
        }

        return uris;
    }

    private struct CountRows : ITsvRowHandler
    {
        public int Rows;

        public void OnRow(in TsvRow row) => Rows++;
    }
}
