using System;
using System.IO;

namespace FastText.Samples.TsvCut;

/// <summary>The bytes already read to sniff the format, then the rest of the stream.</summary>
internal sealed class PrefixedStream : Stream
{
    private readonly Stream _rest;
    private ReadOnlyMemory<byte> _prefix;

    public PrefixedStream(ReadOnlyMemory<byte> prefix, Stream rest)
    {
        _prefix = prefix;
        _rest = rest;
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        if (_prefix.IsEmpty)
        {
            return _rest.Read(buffer);
        }

        int count = Math.Min(buffer.Length, _prefix.Length);
        _prefix.Span.Slice(0, count).CopyTo(buffer);
        _prefix = _prefix.Slice(count);
        return count;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _rest.Dispose();
        }

        base.Dispose(disposing);
    }
}
