using System;
using System.Buffers;

namespace FastText;

/// <summary>The optional backslash unescaping; reached only with <see cref="TsvOptions.UnescapeBackslashes"/>.</summary>
public sealed partial class TsvReader
{
    private const byte Backslash = (byte)'\\';

    private byte[]? _unescapeBuffer;

    /// <summary>The buffer holding the current row's unescaped columns (empty before the first unescaped row).</summary>
    internal byte[] UnescapeBuffer => _unescapeBuffer ?? Array.Empty<byte>();

    private TsvRow CreateUnescapedRow(ReadOnlySpan<byte> line)
    {
        int written = UnescapeColumns(line);
        return new TsvRow(this, line, _unescapeBuffer.AsSpan(0, written), _lineNumber);
    }

    /// <summary>
    /// Unescapes the found columns of <paramref name="line"/> into the unescape buffer (rented or grown here) and
    /// points the column offsets there; returns the bytes written.
    /// </summary>
    private int UnescapeColumns(ReadOnlySpan<byte> line)
    {
        // The found columns are distinct, non-overlapping parts of the line and unescaping only shrinks them, so
        // their unescaped copies fit in line.Length bytes.
        byte[] buffer = _unescapeBuffer ??= ArrayPool<byte>.Shared.Rent(Math.Max(line.Length, 256));
        if (buffer.Length < line.Length)
        {
            ReturnUnescapeBuffer();
            buffer = _unescapeBuffer = ArrayPool<byte>.Shared.Rent(line.Length);
        }

        int written = 0;
        for (int slot = 0; slot < _foundCount; slot++)
        {
            int length = Unescape(line.Slice(_starts[slot], _lengths[slot]), buffer.AsSpan(written));
            _starts[slot] = written;
            _lengths[slot] = length;
            written += length;
        }

        return written;
    }

    /// <summary>Copies <paramref name="source"/> with \t \n \r \\ unescaped; returns the bytes written (at most source.Length).</summary>
    internal static int Unescape(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        int written = 0;
        while (true)
        {
            int backslash = source.IndexOf(Backslash);
            if (backslash < 0 || backslash == source.Length - 1)
            {
                source.CopyTo(destination.Slice(written));
                return written + source.Length;
            }

            source.Slice(0, backslash).CopyTo(destination.Slice(written));
            written += backslash;
            byte escaped = source[backslash + 1];
            byte value = escaped switch
            {
                (byte)'t' => Tab,
                (byte)'n' => LineFeed,
                (byte)'r' => CarriageReturn,
                Backslash => Backslash,
                _ => 0,
            };
            if (value == 0)
            {
                // Not one of ours: the backslash stays, and the next byte is examined afresh.
                destination[written++] = Backslash;
                source = source.Slice(backslash + 1);
                continue;
            }

            destination[written++] = value;
            source = source.Slice(backslash + 2);
        }
    }

    private void ReturnUnescapeBuffer()
    {
        byte[]? buffer = _unescapeBuffer;
        if (buffer is not null)
        {
            _unescapeBuffer = null;
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
