using System.IO;
using System.Net;

namespace FastText.Server.Tests.Infrastructure;

/// <summary>What <see cref="ChunkedContent"/> does after the bytes it sends.</summary>
public enum ContentEnding
{
    /// <summary>Sends everything and ends the body normally.</summary>
    Complete,

    /// <summary>Sends <see cref="ChunkedContent.StopAfter"/> bytes, then throws: the client aborts the request (the connection is closed).</summary>
    Throw,

    /// <summary>Declares the whole length (Content-Length) but sends only <see cref="ChunkedContent.StopAfter"/> bytes: the body is cut short.</summary>
    CutShort,

    /// <summary>Sends <see cref="ChunkedContent.StopAfter"/> bytes, then waits, the connection open, until the request is canceled.</summary>
    Stall,
}

/// <summary>
/// A request body written the way a network delivers it: in chunks of random sizes (1 byte to 64 KiB, drawn from a
/// seed), each flushed to the socket on its own (chunked transfer encoding, unless the length is declared), with a
/// pause after some of them so that the server's reads see the chunks apart. It can also end badly (<see cref="ContentEnding"/>).
/// </summary>
public sealed class ChunkedContent : HttpContent
{
    private readonly ReadOnlyMemory<byte> _body;
    private readonly int _seed;
    private readonly TimeSpan _pause;
    private readonly int _pauseEvery;
    private readonly bool _declareLength;

    /// <param name="body">The bytes.</param>
    /// <param name="seed">Draws the chunk sizes.</param>
    /// <param name="pause">The pause after a paused chunk (zero: only a yield).</param>
    /// <param name="pauseEvery">Pause after one chunk in this many (1: after every chunk: a trickle).</param>
    /// <param name="maxChunk">The largest chunk.</param>
    /// <param name="declareLength">Send Content-Length instead of chunked transfer encoding.</param>
    public ChunkedContent(ReadOnlyMemory<byte> body, int seed, TimeSpan pause = default, int pauseEvery = 8, int maxChunk = 65536, bool declareLength = false)
    {
        _body = body;
        _seed = seed;
        _pause = pause;
        _pauseEvery = pauseEvery;
        MaxChunk = maxChunk;
        _declareLength = declareLength;
    }

    public int MaxChunk { get; }

    public ContentEnding Ending { get; init; } = ContentEnding.Complete;

    /// <summary>Where a <see cref="Ending"/> other than <see cref="ContentEnding.Complete"/> stops.</summary>
    public int StopAfter { get; init; }

    /// <summary>Completes when the content has sent its last byte (or stopped).</summary>
    public TaskCompletionSource Sent { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var random = new Random(_seed);
        int end = Ending == ContentEnding.Complete ? _body.Length : Math.Min(StopAfter, _body.Length);
        int chunks = 0;
        for (int position = 0; position < end;)
        {
            int size = Math.Min(end - position, NextChunkSize(random));
            await stream.WriteAsync(_body.Slice(position, size), cancellationToken);
            await stream.FlushAsync(cancellationToken);
            position += size;
            if (++chunks % _pauseEvery == 0)
            {
                if (_pause > TimeSpan.Zero)
                {
                    await Task.Delay(_pause, cancellationToken);
                }
                else
                {
                    await Task.Yield();
                }
            }
        }

        Sent.TrySetResult();
        switch (Ending)
        {
            case ContentEnding.Throw:
                throw new IOException("The client gives up mid-body (on purpose).");
            case ContentEnding.Stall:
                await Task.Delay(Timeout.Infinite, cancellationToken);
                break;
        }
    }

    private int NextChunkSize(Random random) => random.Next(4) switch
    {
        0 => random.Next(1, 4),
        1 => random.Next(1, 64),
        2 => random.Next(1, 4096),
        _ => random.Next(1, MaxChunk + 1),
    };

    protected override bool TryComputeLength(out long length)
    {
        length = _body.Length;
        return _declareLength || Ending == ContentEnding.CutShort;
    }
}

/// <summary>A body of <paramref name="repeat"/> copies of one block, generated as it is sent: nothing of it is held but the block.</summary>
public sealed class RepeatedContent(byte[] prefix, byte[] block, long repeat) : HttpContent
{
    public long Length => prefix.Length + (block.Length * repeat);

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        await stream.WriteAsync(prefix, cancellationToken);
        for (long i = 0; i < repeat; i++)
        {
            await stream.WriteAsync(block, cancellationToken);
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = Length;
        return true;
    }
}
