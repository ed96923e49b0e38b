using System;
using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;

namespace FastText.Samples.TsvService;

/// <summary>
/// <c>POST /keys</c>: for each row <c>tenant TAB user-guid TAB version</c> of the body (backslash escapes undone), the
/// cache key <c>tenant:{tenant}:user:{user:N}:v{version}</c> (a <see cref="KeyShape{T1, T2, T3}"/>: the tenant
/// lower-cased, spaces as <c>_</c>, blank as <c>unknown</c>) and the label <c>{tenant} v{version} ({user:D})</c> (a
/// <see cref="Utf8ValueStringBuilder"/>), both built as UTF-8 in stack buffers: a row allocates nothing. What an
/// invalidation endpoint does before it calls its cache; here the answer counts them and checksums them in row order
/// (JSON). A malformed row (or a tenant whose key passes 512 bytes) is a 400 naming its line.
/// </summary>
/// <remarks>
/// The answer comes after the body. An endpoint that streamed one key per row back while the body still arrives
/// would need a client that reads while it sends: HttpClient over HTTP/1.1 sends the whole body before it reads the
/// response, so both sides would wait on full buffers once the answer outgrew them.
/// </remarks>
internal static class KeysEndpoint
{
    private static readonly KeyShape<ReadOnlyMemory<char>, Guid, int> CacheKey = KeyShape.Format(
        "tenant:{0}:user:{1}:v{2}",
        KeyPart.MemoryText("tenant", KeyTextRules.None.EmptyAs("unknown").ReplaceWhitespace('_', KeyWhitespace.Spaces).ToLowerInvariant()),
        KeyPart.Guid("user", "N"),
        KeyPart.Int32("version"));

    public static async Task KeysAsync(HttpContext context)
    {
        CancellationToken aborted = context.RequestAborted;
        using var tenant = new TenantChars();
        using var reader = new TsvReader([0, 1, 2], new TsvOptions { ThrowOnMissingColumns = true, UnescapeBackslashes = true });
        KeyTotals totals;
        try
        {
            totals = await reader.ReadRowsAsync(context.Request.BodyReader, new KeyTotals(tenant), aborted);
        }
        catch (TsvFormatException exception)
        {
            await UploadEndpoint.WriteErrorAsync(context, StatusCodes.Status400BadRequest, exception.Message);
            return;
        }

        aborted.ThrowIfCancellationRequested();
        context.Response.ContentType = "application/json";
        using (var json = new Utf8JsonWriter(context.Response.BodyWriter))
        {
            json.WriteStartObject();
            json.WriteNumber("rows", totals.Rows);
            json.WriteNumber("keyBytes", totals.KeyBytes);
            json.WriteString("keys", totals.KeyChecksum.ToString("x16", CultureInfo.InvariantCulture));
            json.WriteNumber("labelBytes", totals.LabelBytes);
            json.WriteString("labels", totals.LabelChecksum.ToString("x16", CultureInfo.InvariantCulture));
            json.WriteEndObject();
        }

        await context.Response.BodyWriter.FlushAsync(aborted);
    }

    /// <summary>
    /// The row handler: a struct (its calls devirtualize), so the driver works on a copy and returns the final one. Its
    /// pooled buffer therefore lives in a class both copies share (<see cref="TenantChars"/>), which the endpoint
    /// disposes however the read ends: a buffer a copy grew and a thrown exception lost could not be returned otherwise.
    /// </summary>
    private struct KeyTotals(TenantChars tenant) : ITsvRowHandler
    {
        public long Rows;
        public long KeyBytes;
        public ulong KeyChecksum;
        public long LabelBytes;
        public ulong LabelChecksum;

        public void OnRow(in TsvRow row)
        {
            ReadOnlySpan<byte> tenantUtf8 = row[0];
            Guid user = row.GetGuid(1);
            int version = row.GetInt32(2);
            ulong ordinal = (ulong)++Rows;

            Span<byte> key = stackalloc byte[512];
            if (!CacheKey.TryFormatUtf8(tenant.Decode(tenantUtf8), user, version, key, out int keyLength))
            {
                throw new TsvFormatException(
                    string.Create(CultureInfo.InvariantCulture, $"Line {row.LineNumber}: the tenant's key would pass 512 bytes."), row.LineNumber, 0);
            }

            KeyBytes += keyLength;
            KeyChecksum += ValueChecksum.Of(key[..keyLength]) * ordinal;

            var label = new Utf8ValueStringBuilder(stackalloc byte[256]);
            try
            {
                label.Append(tenantUtf8);
                label.Append(" v");
                label.Append(version);
                label.Append(" (");
                label.Append(user, "D");
                label.Append(')');
                LabelBytes += label.Length;
                LabelChecksum += ValueChecksum.Of(label.WrittenSpan) * ordinal;
            }
            finally
            {
                label.Dispose();
            }
        }
    }

    /// <summary>The tenant as chars (the key's text part takes chars): one pooled buffer per request, grown for a longer tenant.</summary>
    private sealed class TenantChars : IDisposable
    {
        private char[] _chars = ArrayPool<char>.Shared.Rent(256);

        public ReadOnlyMemory<char> Decode(ReadOnlySpan<byte> utf8)
        {
            // UTF-8 never decodes to more chars than bytes.
            if (_chars.Length < utf8.Length)
            {
                char[] grown = ArrayPool<char>.Shared.Rent(utf8.Length);
                ArrayPool<char>.Shared.Return(_chars);
                _chars = grown;
            }

            return _chars.AsMemory(0, Encoding.UTF8.GetChars(utf8, _chars));
        }

        public void Dispose()
        {
            char[] chars = _chars;
            _chars = [];
            if (chars.Length != 0)
            {
                ArrayPool<char>.Shared.Return(chars);
            }
        }
    }
}
