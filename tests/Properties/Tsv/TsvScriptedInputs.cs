using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastText.Tests.Tsv;

/// <summary>
/// A PipeReader over a byte array that reveals <c>chunk</c> more bytes per read in segments of a fixed size,
/// enforces the PipeReader protocol (a second read before AdvanceTo fails, as a real pipe does), honours
/// CancelPendingRead, and can throw from a chosen read.
/// </summary>
public sealed class ScriptedPipeReader : PipeReader
{
    private readonly ReadOnlySequence<byte> _all;
    private readonly int _chunk;
    private long _consumed;
    private long _revealed;
    private bool _reading;
    private bool _cancelNext;
    private ReadOnlySequence<byte> _lastBuffer;

    public ScriptedPipeReader(byte[] bytes, int chunk, int segmentSize)
    {
        var segments = new List<byte[]>();
        for (int i = 0; i < bytes.Length; i += segmentSize)
        {
            segments.Add(bytes.AsSpan(i, Math.Min(segmentSize, bytes.Length - i)).ToArray());
        }

        _all = segments.Count == 0 ? ReadOnlySequence<byte>.Empty : TsvTestSupport.ToSequence(segments);
        _chunk = chunk;
    }

    /// <summary>The 1-based read that throws <see cref="IOException"/> (0: none).</summary>
    public int ThrowOnRead { get; set; }

    public int Reads { get; private set; }

    public long Consumed => _consumed;

    public bool IsReading => _reading;

    public override void AdvanceTo(SequencePosition consumed) => AdvanceTo(consumed, consumed);

    public override void AdvanceTo(SequencePosition consumed, SequencePosition examined)
    {
        if (!_reading)
        {
            throw new InvalidOperationException("No read to advance.");
        }

        _reading = false;
        _consumed += _lastBuffer.Slice(0, consumed).Length;
    }

    public override void CancelPendingRead() => _cancelNext = true;

    public override void Complete(Exception? exception = null)
    {
    }

    public override ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default)
    {
        if (_reading)
        {
            throw new InvalidOperationException("Reading is already in progress.");
        }

        cancellationToken.ThrowIfCancellationRequested();
        Reads++;
        if (Reads == ThrowOnRead)
        {
            throw new IOException("scripted read failure");
        }

        bool canceled = _cancelNext;
        _cancelNext = false;
        if (!canceled)
        {
            _revealed = Math.Min(_all.Length, _revealed + _chunk);
        }

        _reading = true;
        _lastBuffer = _all.Slice(_consumed, _revealed - _consumed);
        return new ValueTask<ReadResult>(new ReadResult(_lastBuffer, canceled, isCompleted: !canceled && _revealed == _all.Length));
    }

    public override bool TryRead(out ReadResult result) => throw new NotSupportedException();
}

/// <summary>A stream returning at most <c>chunk</c> bytes per read, optionally throwing once past a byte offset.</summary>
public sealed class ChunkedStream : Stream
{
    private readonly byte[] _bytes;
    private readonly int _chunk;
    private int _position;

    public ChunkedStream(byte[] bytes, int chunk)
    {
        _bytes = bytes;
        _chunk = chunk;
    }

    private int _activeReads;

    /// <summary>Reading at or past this offset throws <see cref="IOException"/> (-1: never).</summary>
    public int ThrowAt { get; set; } = -1;

    /// <summary>Seekable (Length and Position readable), as a file is: the reader then reads ahead on another thread.</summary>
    public bool Seekable { get; set; }

    /// <summary>How long each read takes, so that a read is still in flight when the test acts.</summary>
    public int ReadDelayMilliseconds { get; set; }

    /// <summary>Set when two reads overlapped, or a read started after Dispose: what the reader must never do.</summary>
    public string? Misuse { get; private set; }

    public bool Disposed { get; private set; }

    public int ReadCalls { get; private set; }

    /// <summary>Each read's requested count and where its destination starts within a 4 KiB page.</summary>
    public List<(int Count, int PageOffset)> Destinations { get; } = new();

    public override bool CanRead => true;

    public override bool CanSeek => Seekable;

    public override bool CanWrite => false;

    public override long Length => Seekable ? _bytes.Length : throw new NotSupportedException();

    public override long Position
    {
        get => Seekable ? _position : throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        if (Interlocked.Increment(ref _activeReads) != 1)
        {
            Misuse ??= "two reads at once";
        }

        if (Disposed)
        {
            Misuse ??= "a read after Dispose";
        }

        try
        {
            ReadCalls++;
            Destinations.Add((count, PageOffset(buffer, offset)));
            if (ReadDelayMilliseconds > 0)
            {
                Thread.Sleep(ReadDelayMilliseconds);
            }

            if (ThrowAt >= 0 && _position >= ThrowAt)
            {
                throw new IOException("scripted stream failure");
            }

            int limit = ThrowAt >= 0 ? Math.Min(_bytes.Length, ThrowAt) : _bytes.Length;
            int n = Math.Min(Math.Min(count, _chunk), limit - _position);
            Array.Copy(_bytes, _position, buffer, offset, n);
            _position += n;
            return n;
        }
        finally
        {
            Interlocked.Decrement(ref _activeReads);
        }
    }

    private static unsafe int PageOffset(byte[] buffer, int offset)
    {
        if (offset >= buffer.Length)
        {
            return -1;
        }

        fixed (byte* destination = &buffer[offset])
        {
            return (int)((nuint)destination % 4096);
        }
    }

    protected override void Dispose(bool disposing)
    {
        if (Volatile.Read(ref _activeReads) != 0)
        {
            Misuse ??= "Dispose during a read";
        }

        Disposed = true;
        base.Dispose(disposing);
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        Task.FromResult(Read(buffer, offset, count));

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
