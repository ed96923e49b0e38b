using System.Globalization;
using System.IO;
using FastText.Samples.TsvService;

namespace FastText.Server.Tests.Infrastructure;

/// <summary>
/// The obviously correct writers the server's output is compared with: every value through its own invariant
/// <c>ToString</c>, escaped by replacing characters, joined with the separator and encoded with
/// <see cref="Encoding.UTF8"/> (a lone surrogate becomes U+FFFD, as the writer does).
/// </summary>
public static class NaiveWriters
{
    /// <summary>What <c>GET /rows?count=<paramref name="count"/>&amp;seed=<paramref name="seed"/></c> must send.</summary>
    public static byte[] Rows(long count, ulong seed, bool escapes, byte separator)
    {
        var output = new MemoryStream();
        var rows = new GeneratedRows(seed, escapes);
        for (long i = 0; i < count; i++)
        {
            output.Write(Row(rows.Next(), escapes, separator));
        }

        return output.ToArray();
    }

    /// <summary>One generated row as the naive writer writes it, '\n' included.</summary>
    public static byte[] Row(GeneratedRow row, bool escapes, byte separator)
    {
        var output = new MemoryStream();
        string[] texts =
        [
            row.Id.ToString(CultureInfo.InvariantCulture),
            row.Number.ToString(CultureInfo.InvariantCulture),
            row.Amount.ToString("F3", CultureInfo.InvariantCulture),
            row.Text,
            row.Time.ToString("O", CultureInfo.InvariantCulture),
            row.Key.ToString("D"),
            row.Flag.ToString(),
        ];
        for (int field = 0; field < texts.Length; field++)
        {
            if (field > 0)
            {
                output.WriteByte(separator);
            }

            output.Write(Encoding.UTF8.GetBytes(escapes ? Escape(texts[field]) : texts[field]));
        }

        output.WriteByte(separator);
        output.Write(escapes ? EscapeBytes(row.Utf8) : row.Utf8);
        output.WriteByte((byte)'\n');
        return output.ToArray();
    }

    /// <summary>What <c>POST /keys</c> must answer for <paramref name="rows"/> (tenant, user, version), in <see cref="KeysAnswerAsync"/>'s form.</summary>
    public static string Keys(IEnumerable<(byte[] Tenant, Guid User, int Version)> rows)
    {
        long count = 0, keyBytes = 0, labelBytes = 0;
        ulong keySum = 0, labelSum = 0;
        foreach ((byte[] tenantUtf8, Guid user, int version) in rows)
        {
            ulong ordinal = (ulong)++count;
            string tenant = Encoding.UTF8.GetString(tenantUtf8);
            string part = string.IsNullOrWhiteSpace(tenant) ? "unknown" : tenant.Replace(' ', '_').ToLowerInvariant();
            byte[] key = Encoding.UTF8.GetBytes("tenant:" + part + ":user:" + user.ToString("N") + ":v" + version.ToString(CultureInfo.InvariantCulture));
            byte[] label = [.. tenantUtf8, .. Encoding.UTF8.GetBytes(" v" + version.ToString(CultureInfo.InvariantCulture) + " (" + user.ToString("D") + ")")];
            keyBytes += key.Length;
            keySum += ValueChecksum.Of(key) * ordinal;
            labelBytes += label.Length;
            labelSum += ValueChecksum.Of(label) * ordinal;
        }

        return $"rows={count} keyBytes={keyBytes} keys={keySum:x16} labelBytes={labelBytes} labels={labelSum:x16}";
    }

    /// <summary>The answer of <c>POST /keys</c>: "rows=... keys=..." as <see cref="Keys"/> writes it, or the status and text of an error.</summary>
    public static async Task<string> KeysAnswerAsync(HttpResponseMessage response)
    {
        string body = await response.Content.ReadAsStringAsync();
        if ((int)response.StatusCode != 200)
        {
            return $"{(int)response.StatusCode} {body.TrimEnd('\n')}";
        }

        using var json = System.Text.Json.JsonDocument.Parse(body);
        System.Text.Json.JsonElement root = json.RootElement;
        return $"rows={root.GetProperty("rows").GetInt64()} keyBytes={root.GetProperty("keyBytes").GetInt64()} keys={root.GetProperty("keys").GetString()} " +
            $"labelBytes={root.GetProperty("labelBytes").GetInt64()} labels={root.GetProperty("labels").GetString()}";
    }

    /// <summary>The writer's escapes: backslash, tab, LF, CR.</summary>
    public static string Escape(string text) =>
        text.Replace("\\", "\\\\").Replace("\t", "\\t").Replace("\n", "\\n").Replace("\r", "\\r");

    public static byte[] EscapeBytes(byte[] bytes)
    {
        var escaped = new List<byte>(bytes.Length);
        foreach (byte b in bytes)
        {
            switch (b)
            {
                case (byte)'\\': escaped.AddRange("\\\\"u8.ToArray()); break;
                case (byte)'\t': escaped.AddRange("\\t"u8.ToArray()); break;
                case (byte)'\n': escaped.AddRange("\\n"u8.ToArray()); break;
                case (byte)'\r': escaped.AddRange("\\r"u8.ToArray()); break;
                default: escaped.Add(b); break;
            }
        }

        return [.. escaped];
    }

    /// <summary>Where two byte arrays first differ, with the text around it, for a failure message.</summary>
    public static string FirstDifference(byte[] expected, byte[] actual)
    {
        int common = expected.AsSpan().CommonPrefixLength(actual);
        if (common == expected.Length && common == actual.Length)
        {
            return "identical";
        }

        int from = Math.Max(0, common - 40);
        string Around(byte[] bytes) => Encoding.UTF8.GetString(bytes, from, Math.Min(bytes.Length, common + 40) - from).Replace("\t", "\\t").Replace("\n", "\\n");
        return $"expected {expected.Length} bytes, got {actual.Length}; first difference at byte {common}: expected ...{Around(expected)}... got ...{Around(actual)}...";
    }
}
