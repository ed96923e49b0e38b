using System;
using System.Buffers.Binary;
using System.IO;
using System.IO.Compression;
using System.Threading;
using System.Threading.Tasks;

namespace FastText.Samples.TsvService;

/// <summary>
/// A gzip request body, decompressed, that refuses to end early. <see cref="GZipStream"/> checks the trailer (CRC-32
/// and length) of a stream that has one, but a stream cut anywhere before it simply ends: the rows so far would pass
/// for the whole upload. Kestrel already fails a body shorter than its Content-Length (or without its final chunk);
/// this catches a complete HTTP body holding a gzip stream cut short by the client. At the end it compares the
/// length of what came out with the last 4 bytes that went in (the trailer's length, modulo 2^32) and throws
/// <see cref="InvalidDataException"/> when they differ. One gzip member, as HTTP clients send: a body of several
/// concatenated members is refused unless their total length is the last one's. An empty body is an empty upload:
/// it is what GZipStream writes when no bytes went in, and nothing of it can have been cut.
/// </summary>
internal sealed class GzipBody : Stream
{
    private readonly TailStream _compressed;
    private readonly GZipStream _gzip;
    private long _length;

    public GzipBody(Stream compressed)
    {
        _compressed = new TailStream(compressed);
        _gzip = new GZipStream(_compressed, CompressionMode.Decompress);
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer) => Counted(_gzip.Read(buffer), buffer.Length);

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        Counted(await _gzip.ReadAsync(buffer, cancellationToken), buffer.Length);

    private int Counted(int read, int asked)
    {
        _length += read;
        if (read == 0 && asked > 0 && (_compressed.Count is > 0 and < 18 || _compressed.TrailerLength != (uint)_length))
        {
            throw new InvalidDataException("The gzip body ends before its trailer: it was cut short.");
        }

        return read;
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
            _gzip.Dispose();
        }

        base.Dispose(disposing);
    }

    public override async ValueTask DisposeAsync()
    {
        await _gzip.DisposeAsync();
        await base.DisposeAsync();
    }

    /// <summary>The compressed bytes as they pass: how many, and the last 4 (a gzip trailer ends with the length).</summary>
    private sealed class TailStream(Stream inner) : Stream
    {
        private uint _last4;

        public long Count { get; private set; }

        public uint TrailerLength => _last4;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => Seen(buffer.AsSpan(offset, inner.Read(buffer, offset, count)));

        public override int Read(Span<byte> buffer) => Seen(buffer[..inner.Read(buffer)]);

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            int read = await inner.ReadAsync(buffer, cancellationToken);
            return Seen(buffer.Span[..read]);
        }

        // The last 4 bytes so far, little-endian: shifted in, so reads of any size (1 byte included) keep them.
        private int Seen(ReadOnlySpan<byte> bytes)
        {
            if (bytes.Length >= 4)
            {
                _last4 = BinaryPrimitives.ReadUInt32LittleEndian(bytes[^4..]);
            }
            else
            {
                foreach (byte b in bytes)
                {
                    _last4 = (_last4 >> 8) | ((uint)b << 24);
                }
            }

            Count += bytes.Length;
            return bytes.Length;
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
