using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Threading;

namespace FastText;

/// <summary>The optional backslash unescaping; reached only with <see cref="TsvOptions.UnescapeBackslashes"/>.</summary>
public sealed partial class TsvReader
{
    private const byte Backslash = (byte)'\\';

    // The array the current row's unescaped columns are in: read and written by the reading thread only (Dispose
    // never clears it, so a row read while another thread disposes cannot find it gone).
    private byte[]? _unescapeBuffer;

    // The same array while no row is being unescaped: what Dispose may take back to the pool. The reading thread takes
    // it out (one Interlocked.Exchange per unescaped row) before it writes, and puts it back after, so Dispose on
    // another thread never returns an array that is still being written (it finds nothing, and the reading thread
    // returns the array itself when it sees the reader closed).
    private byte[]? _unescapeReturnable;

    // Set by the owner's Dispose (TsvFileReader, whose Dispose may run on another thread): a read that would write
    // into pooled memory then throws ObjectDisposedException instead, and gives back what it holds.
    private volatile bool _closed;

    /// <summary>The buffer holding the current row's unescaped columns (empty before the first unescaped row).</summary>
    internal byte[] UnescapeBuffer => _unescapeBuffer ?? Array.Empty<byte>();

    private TsvRow CreateUnescapedRow(ReadOnlySpan<byte> line)
    {
        int written = UnescapeColumns(line, out byte[] buffer);
        return new TsvRow(this, line, buffer.AsSpan(0, written), _lineNumber);
    }

    /// <summary>
    /// Unescapes the found columns of <paramref name="line"/> into the unescape buffer (rented or grown here) and
    /// points the column offsets there; returns the bytes written, and the buffer they are in.
    /// </summary>
    private int UnescapeColumns(ReadOnlySpan<byte> line, out byte[] unescaped)
    {
        // Taken out of Dispose's reach for the writes (a full fence: the check of _closed below cannot see a value
        // older than the exchange). Null when none was rented yet, or Dispose has returned it.
        byte[]? buffer = Interlocked.Exchange(ref _unescapeReturnable, null);
        if (_closed)
        {
            ReturnClosedAndThrow(buffer);
        }

        // The found columns are distinct, non-overlapping parts of the line and unescaping only shrinks them, so
        // their unescaped copies fit in line.Length bytes.
        if (buffer is null || buffer.Length < line.Length)
        {
            if (buffer is not null)
            {
                _pool.Return(buffer);
            }

            buffer = _pool.Rent(Math.Max(line.Length, 256));
        }

        int written = 0;
        for (int slot = 0; slot < _foundCount; slot++)
        {
            int length = Unescape(line.Slice(_starts[slot], _lengths[slot]), buffer.AsSpan(written));
            _starts[slot] = written;
            _lengths[slot] = length;
            written += length;
        }

        _unescapeBuffer = buffer;
        Volatile.Write(ref _unescapeReturnable, buffer);
        if (_closed)
        {
            // Dispose came during the writes and found nothing to return: the row is not handed out, its buffer goes
            // back now (unless Dispose takes it after all, having seen it put back). Should this check miss a Dispose
            // that has just come, the buffer stays put: the next read takes it and returns it here, or the GC does.
            ReturnClosedAndThrow(Interlocked.Exchange(ref _unescapeReturnable, null));
        }

        unescaped = buffer;
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

    /// <summary>Gives back the unescape buffer unless a row is being unescaped (that row's read returns it).</summary>
    private void ReturnUnescapeBuffer()
    {
        byte[]? buffer = Interlocked.Exchange(ref _unescapeReturnable, null);
        if (buffer is not null)
        {
            _pool.Return(buffer);
        }
    }

    /// <summary>
    /// Dispose for an owner that may call it while another thread reads (<see cref="TsvFileReader"/>): later reads
    /// that would write into pooled memory throw <see cref="ObjectDisposedException"/>.
    /// </summary>
    internal void Close()
    {
        _closed = true;
        Dispose();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReturnClosedAndThrow(byte[]? buffer)
    {
        if (buffer is not null)
        {
            _pool.Return(buffer);
        }

        throw new ObjectDisposedException(nameof(TsvFileReader), "The reader was disposed while a row was being read.");
    }
}
