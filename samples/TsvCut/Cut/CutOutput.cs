using System;
using System.IO;
using System.Runtime.CompilerServices;

namespace FastText.Samples.TsvCut;

/// <summary>
/// Buffered output: small pieces are copied into one large buffer that goes out in one write when full (few
/// system calls), a piece larger than the buffer goes out directly (no copy).
/// </summary>
internal sealed class CutOutput
{
    private readonly Stream _destination;
    private readonly byte[] _buffer;
    private int _length;

    public CutOutput(Stream destination, int bufferSize = 1 << 20)
    {
        _destination = destination;
        _buffer = new byte[bufferSize];
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriteByte(byte value)
    {
        if (_length == _buffer.Length)
        {
            Flush();
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
        if (_length > 0)
        {
            int length = _length;
            _length = 0;
            _destination.Write(_buffer, 0, length);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteSlow(ReadOnlySpan<byte> bytes)
    {
        Flush();
        if (bytes.Length > _buffer.Length)
        {
            _destination.Write(bytes);
            return;
        }

        bytes.CopyTo(_buffer);
        _length = bytes.Length;
    }
}
