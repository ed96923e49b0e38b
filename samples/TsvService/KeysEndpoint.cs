using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;

namespace FastText.Samples.TsvService;

/// <summary>
/// <c>POST /keys</c>: a body of <c>tenant TAB user-guid TAB version</c> rows becomes, row by row while it arrives, a
/// response of <c>key TAB label</c> rows: the cache key <c>tenant:{tenant}:user:{user:N}:v{version}</c> (a
/// <see cref="KeyShape{T1, T2, T3}"/>, the tenant lower-cased, blanks as <c>_</c>, empty as <c>unknown</c>) and the
/// label <c>{tenant} v{version} ({user:D})</c> (a <see cref="Utf8ValueStringBuilder"/>). Both are written as UTF-8 into a
/// stack buffer and from there into the response: a row allocates nothing. The loop is the driver's own, written out
/// (<see cref="TsvReader.ReadRows{THandler}(ref ReadOnlySequence{byte}, bool, ref THandler)"/> between reads), so it can
/// await a flush of the response between two reads of the request. A malformed row is a 400 when no output row came
/// before it; otherwise the response has started (the rows before it go out as the writer is disposed) and is aborted,
/// so a client never takes a cut-short answer for a whole one.
/// </summary>
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
        PipeReader body = context.Request.BodyReader;
        context.Response.ContentType = "text/tab-separated-values; charset=utf-8";
        var rows = new KeyRows(new TsvWriter(context.Response.BodyWriter, new TsvWriterOptions { EscapeBackslashes = true }));
        try
        {
            await using (rows.Writer)
            {
                using var reader = new TsvReader([0, 1, 2], new TsvOptions { ThrowOnMissingColumns = true, UnescapeBackslashes = true });
                while (true)
                {
                    ReadResult result = await body.ReadAsync(aborted);
                    ReadOnlySequence<byte> buffer = result.Buffer;
                    try
                    {
                        reader.ReadRows(ref buffer, result.IsCompleted, ref rows);
                    }
                    finally
                    {
                        // Consumed up to the last complete row (also when a row threw); examined all, so the next
                        // read waits for more bytes instead of returning the partial row again.
                        body.AdvanceTo(buffer.Start, buffer.End);
                    }

                    if (result.IsCompleted)
                    {
                        break;
                    }

                    if (rows.Writer.PendingByteCount >= TsvServiceApp.FlushThreshold)
                    {
                        await rows.Writer.FlushAsync(aborted);
                    }
                }
            }
        }
        catch (TsvFormatException exception) when (!context.Response.HasStarted)
        {
            await UploadEndpoint.WriteErrorAsync(context, StatusCodes.Status400BadRequest, exception.Message);
        }
        catch (TsvFormatException)
        {
            // Rows went out already: a status can no longer say it, so the connection is reset (no final chunk).
            context.Abort();
        }
        finally
        {
            rows.Dispose();
        }
    }

    /// <summary>The row handler: the key and label of each row, into the writer. Holds a pooled char buffer for the tenant.</summary>
    private struct KeyRows : ITsvRowHandler, IDisposable
    {
        private char[] _tenant;

        public KeyRows(TsvWriter writer)
        {
            Writer = writer;
            _tenant = ArrayPool<char>.Shared.Rent(256);
        }

        public TsvWriter Writer { get; }

        public void OnRow(in TsvRow row)
        {
            ReadOnlySpan<byte> tenantUtf8 = row[0];
            Guid user = row.GetGuid(1);
            int version = row.GetInt32(2);

            // The key part takes chars: decode the tenant into a buffer kept for the request, grown for a longer one.
            if (_tenant.Length < tenantUtf8.Length)
            {
                ArrayPool<char>.Shared.Return(_tenant);
                _tenant = ArrayPool<char>.Shared.Rent(tenantUtf8.Length);
            }

            int tenantLength = Encoding.UTF8.GetChars(tenantUtf8, _tenant);
            Span<byte> key = stackalloc byte[512];
            if (!CacheKey.TryFormatUtf8(_tenant.AsMemory(0, tenantLength), user, version, key, out int keyLength))
            {
                throw new TsvFormatException($"Line {row.LineNumber}: the tenant is too long for a key.", row.LineNumber, 0);
            }

            Writer.WriteField(key[..keyLength]);
            var label = new Utf8ValueStringBuilder(stackalloc byte[256]);
            try
            {
                label.Append(tenantUtf8);
                label.Append(" v");
                label.Append(version);
                label.Append(" (");
                label.Append(user, "D");
                label.Append(')');
                Writer.WriteField(label.WrittenSpan);
            }
            finally
            {
                label.Dispose();
            }

            Writer.EndRow();
        }

        public void Dispose()
        {
            char[] tenant = _tenant;
            _tenant = [];
            if (tenant.Length != 0)
            {
                ArrayPool<char>.Shared.Return(tenant);
            }
        }
    }
}
