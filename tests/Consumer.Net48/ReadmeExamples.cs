using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.IO.Compression;
using System.Text;
using System.Threading.Tasks;
using CommunityToolkit.HighPerformance.Buffers;

namespace FastText.Consumer;

/// <summary>The README's examples, each checked against what .NET itself produces.</summary>
internal static class ReadmeExamples
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

    public static void Ascii()
    {
        Span<byte> buffer = stackalloc byte[64];
        Checks.Equal(OperationStatus.Done, AsciiText.FromUtf16("Content-Type".AsSpan(), buffer, out int written), "Narrow status");
        Checks.Equal("Content-Type", Encoding.ASCII.GetString(buffer.Slice(0, written).ToArray()), "Narrow output");

        Checks.True(AsciiText.IsValid(Encoding.ASCII.GetBytes("abc")), "IsValid(\"abc\"u8)");
        char[] chars = "HELLO \u00C9COLE".ToCharArray();
        Checks.Equal(OperationStatus.InvalidData, AsciiText.ToLowerInPlace(chars, out int lowered), "ToLowerInPlace status");
        Checks.Equal(6, lowered, "ToLowerInPlace count");
        Checks.Equal("hello \u00C9COLE", new string(chars), "ToLowerInPlace output");

        var writer = new GrowingBufferWriter();
        string text = "na\u00EFve \uD800 text";
        AsciiText.EncodeUtf8(text.AsSpan(), writer);
        Checks.Equal(Convert.ToBase64String(Encoding.UTF8.GetBytes(text)), Convert.ToBase64String(writer.Written.ToArray()), "EncodeUtf8 output");

        // Lengths around every vector width and the 4-chars-per-ulong step, with a non-ASCII char at every index:
        // the internal paths (and their Unsafe.Add offsets) all run, whichever the runtime picks.
        for (int length = 0; length <= 80; length++)
        {
            string ascii = new('a', length);
            byte[] narrow = new byte[length];
            Checks.Equal(OperationStatus.Done, AsciiText.FromUtf16(ascii.AsSpan(), narrow, out int narrowed), $"Narrow({length})");
            Checks.Equal(ascii, Encoding.ASCII.GetString(narrow, 0, narrowed), $"Narrow({length}) output");
            for (int bad = 0; bad < length; bad++)
            {
                string withBad = ascii.Substring(0, bad) + "\u00E9" + ascii.Substring(bad + 1);
                Checks.Equal(bad, AsciiText.IndexOfNonAscii(withBad.AsSpan()), $"IndexOfNonAscii({length}, bad at {bad})");
            }
        }
    }

    public static void Builder()
    {
        var time = new DateTime(2026, 11, 22, 3, 4, 5, DateTimeKind.Utc);
        string[] tags = { "a", "b" };
        var builder = new ValueStringBuilder(stackalloc char[256]);
        try
        {
            builder.Append($"id={42}, at {time:O}, took {1.25:F1} ms");
            builder.Append(", tags=");
            builder.AppendJoin(',', tags);
            AppendTail(ref builder);
            Checks.Equal(string.Format(CultureInfo.CurrentCulture, "id=42, at {0:O}, took {1:F1} ms, tags=a,b ok=True", time, 1.25), builder.ToString(), "builder output");
        }
        finally
        {
            builder.Dispose();
        }

        static void AppendTail(ref ValueStringBuilder b) => b.Append($" ok={true}");
    }

    public static void Keys()
    {
        Checks.Equal(
            "my_product/site_key/my_event/2019/04/11/02/0f8fad5b-d9cb-469f-a165-70867728950e.json",
            S3ObjectKey.Build("My Product", "Site Key", "My Event", new DateTime(2019, 4, 11, 2, 37, 0), MessageId), "S3 key");
        Checks.Equal(
            "my_product/site_key/my_event/0f8fad5b-d9cb-469f-a165-70867728950e.json",
            S3ObjectKey.Build("My Product", "Site Key", "My Event", null, MessageId), "S3 key without a date");
        Checks.Equal("tenant:acme:user:0f8fad5bd9cb469fa16570867728950e:v42", CacheKey.Build("acme", MessageId, 42), "cache key");
    }

    public static async Task TsvAsync()
    {
        byte[] file = Encoding.UTF8.GetBytes("2026-11-22\t200\tx\tx\tx\tx\tx\tx\tx\tx\t/index.html\n2026-11-23\t404\tx\tx\tx\tx\tx\tx\tx\tx\t/missing\n");
        var uris = new List<string>();
        ReadRows(file, uris);
        Checks.Equal("/index.html|/missing", string.Join("|", uris), "TSV column 11");

        var compressed = new MemoryStream();
        using (var zip = new GZipStream(compressed, CompressionMode.Compress, leaveOpen: true))
        {
            zip.Write(file, 0, file.Length);
        }

        compressed.Position = 0;
        using var gzip = new GZipStream(compressed, CompressionMode.Decompress);
        using var logReader = new TsvReader(new[] { 10 }, new TsvOptions { SkipCommentLines = true });
        CountRows result = await logReader.ReadRowsAsync(gzip, new CountRows(), default);
        Checks.Equal(2, result.Rows, "rows through ReadRowsAsync(GZipStream)");
    }

    // A ref-struct-holding loop cannot sit in an async method on C# for net48.
    private static void ReadRows(byte[] file, List<string> uris)
    {
        ReadOnlySpan<byte> input = file;
        using var reader = new TsvReader(new[] { 0, 1, 10 });
        while (reader.TryReadRow(ref input, isFinalBlock: true, out TsvRow row))
        {
            Checks.Equal(10, row[0].Length, "date column length");
            uris.Add(row.GetString(2, StringPool.Shared));
            int status = row.GetInt32(1);
            Checks.True(status is 200 or 404, $"status {status}");
        }
    }

    private struct CountRows : ITsvRowHandler
    {
        public int Rows;

        public void OnRow(in TsvRow row) => Rows++;
    }

    /// <summary>ArrayBufferWriter&lt;T&gt; is not in .NET Framework.</summary>
    private sealed class GrowingBufferWriter : IBufferWriter<byte>
    {
        private byte[] _buffer = new byte[16];
        private int _count;

        public ReadOnlySpan<byte> Written => _buffer.AsSpan(0, _count);

        public void Advance(int count) => _count += count;

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            int needed = _count + Math.Max(sizeHint, 1);
            if (needed > _buffer.Length)
            {
                Array.Resize(ref _buffer, Math.Max(needed, _buffer.Length * 2));
            }

            return _buffer.AsMemory(_count);
        }

        public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
    }
}
