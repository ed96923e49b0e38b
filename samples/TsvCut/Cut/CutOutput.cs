using System;
using System.IO;
using System.Runtime.CompilerServices;

namespace FastText.Samples.TsvCut;

/// <summary>
/// Buffered output: small pieces are copied into one large buffer that goes out in one write when full (few
/// system calls), a piece larger than the buffer goes out directly (no copy). Without a destination the buffer
/// only grows and keeps everything (<see cref="Buffered"/>): a worker of <see cref="ParallelCutter"/> cuts a chunk
/// into it, and the writing thread sends it on.
/// </summary>
internal sealed class CutOutput
{
    private readonly Stream? _destination;
    private byte[] _buffer;
    private int _length;

    public CutOutput(Stream destination, int bufferSize = 1 << 20)
    {
        _destination = destination;
        _buffer = new byte[bufferSize];
    }

    private CutOutput(int initialSize) => _buffer = new byte[initialSize];

    /// <summary>An output that keeps everything written to it in memory, for <see cref="Buffered"/> and <see cref="Clear"/>.</summary>
    public static CutOutput InMemory(int initialSize) => new(initialSize);

    /// <summary>Everything written and not yet flushed.</summary>
    public ReadOnlySpan<byte> Buffered => _buffer.AsSpan(0, _length);

    /// <summary>Forgets what is buffered (an in-memory output after its bytes were sent on).</summary>
    public void Clear() => _length = 0;

    /// <summary>Flushes, then writes <paramref name="bytes"/> straight to the destination (no copy).</summary>
    public void WriteThrough(ReadOnlySpan<byte> bytes)
    {
        Flush();
        _destination!.Write(bytes);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteByte(byte value)
    {
        if (_length == _buffer.Length)
        {
            MakeRoom(1);
        }

        _buffer[_length++] = value;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length > _buffer.Length - _length)
        {
            WriteSlow(bytes);
            return;
        }

        bytes.CopyTo(_buffer.AsSpan(_length));
        _length += bytes.Length;
    }

    /// <summary>
    /// At least <paramref name="count"/> bytes of room at the end of the buffer, for the caller to fill and then
    /// <see cref="Advance"/> past. When they are not free, an output with a destination flushes first, and any output
    /// grows its buffer if that is still too small.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Span<byte> Reserve(int count)
    {
        if (count > _buffer.Length - _length)
        {
            MakeRoom(count);
        }

        return _buffer.AsSpan(_length);
    }

    /// <summary>Counts <paramref name="count"/> bytes written into the span <see cref="Reserve"/> returned.</summary>
    public void Advance(int count) => _length += count;

    /// <summary>Writes <paramref name="bytes"/> and then <paramref name="terminator"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteLine(ReadOnlySpan<byte> bytes, byte terminator)
    {
        Write(bytes);
        WriteByte(terminator);
    }

    /// <summary>Takes back the last <paramref name="count"/> bytes written (still buffered: only ever called right after writing them).</summary>
    public void Unwrite(int count) => _length -= count;

    /// <summary>Writes out everything buffered (before an error message, so output and message stay in order).</summary>
    public void Flush()
    {
        if (_length > 0 && _destination is not null)
        {
            int length = _length;
            _length = 0;
            _destination.Write(_buffer, 0, length);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteSlow(ReadOnlySpan<byte> bytes)
    {
        if (_destination is not null && bytes.Length > _buffer.Length)
        {
            Flush();
            _destination.Write(bytes);
            return;
        }

        MakeRoom(bytes.Length);
        bytes.CopyTo(_buffer.AsSpan(_length));
        _length += bytes.Length;
    }

    /// <summary>Room for <paramref name="count"/> more bytes: with a destination, flushed first, and grown only when
    /// the whole buffer is still too small (<see cref="Reserve"/> of a line longer than it).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void MakeRoom(int count)
    {
        if (_destination is not null)
        {
            Flush();
            if (count <= _buffer.Length)
            {
                return;
            }
        }

        int needed = checked(_length + count);
        if (needed > _buffer.Length)
        {
            Array.Resize(ref _buffer, Math.Max(needed, (int)Math.Min((long)_buffer.Length * 2, Array.MaxLength)));
        }
    }
}
