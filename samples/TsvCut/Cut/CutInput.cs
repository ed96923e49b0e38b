using System;
using System.IO;

namespace FastText.Samples.TsvCut;

/// <summary>
/// Opens an input for cutting. gzip is recognised by a valid gzip header (magic 1f 8b, method 8 = deflate, no
/// reserved flag bits), on files and pipes alike; anything else, including a plain file that merely starts with
/// 1f 8b, is read as it is.
/// </summary>
internal static class CutInput
{
    private const int GzipHeaderLength = 10;

    public static Stream Open(Stream raw)
    {
        byte[] head = new byte[GzipHeaderLength];
        int count = 0;
        while (count < head.Length)
        {
            int read = raw.Read(head, count, head.Length - count);
            if (read == 0)
            {
                break;
            }

            count += read;
        }

        ReadOnlyMemory<byte> prefix = head.AsMemory(0, count);
        return IsGzipHeader(prefix.Span) ? GzipInput.Create(prefix, raw) : new PrefixedStream(prefix, raw);
    }

    public static bool IsGzipHeader(ReadOnlySpan<byte> head) =>
        head.Length >= GzipHeaderLength && head[0] == 0x1f && head[1] == 0x8b && head[2] == 8 && (head[3] & 0xe0) == 0;
}
