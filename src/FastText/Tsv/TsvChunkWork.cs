using System;
using System.Threading;

namespace FastText;

/// <summary>One chunk of whole lines as a worker of the parallel read gets it.</summary>
internal readonly ref struct TsvChunk
{
    public TsvChunk(ReadOnlySpan<byte> lines, long index, long offset, long linesBefore, long lineCount, bool isFinal)
    {
        Lines = lines;
        Index = index;
        Offset = offset;
        LinesBefore = linesBefore;
        LineCount = lineCount;
        IsFinal = isFinal;
    }

    /// <summary>The lines; each ends with the line terminator, except the last one of the final chunk (and of a line too long to end within a chunk).</summary>
    public ReadOnlySpan<byte> Lines { get; }

    /// <summary>The chunk's 0-based number in input order.</summary>
    public long Index { get; }

    /// <summary>The bytes before the chunk since the parallel read began.</summary>
    public long Offset { get; }

    /// <summary>The lines of the input before the chunk (so its first line is line LinesBefore + 1); -1 when not counted.</summary>
    public long LinesBefore { get; }

    /// <summary>The lines in the chunk; -1 when not counted.</summary>
    public long LineCount { get; }

    /// <summary>The chunk ends the input.</summary>
    public bool IsFinal { get; }
}

/// <summary>
/// What one worker thread of a <see cref="TsvParallelEngine{TResult}"/> does with a chunk. Made on the thread that
/// uses it, and used by that thread only.
/// </summary>
internal abstract class TsvChunkWork<TResult> : IDisposable
    where TResult : class
{
    /// <summary>A new result holder (each worker fills a few of its own, in turn).</summary>
    public abstract TResult CreateResult();

    /// <summary>
    /// Processes <paramref name="chunk"/> into <paramref name="result"/>. False when nothing after this chunk is to
    /// be delivered (the result carries an error that ends the read, or the read was stopped).
    /// </summary>
    public abstract bool Process(in TsvChunk chunk, TResult result);

    /// <summary>Returns what the work holds (its reader's buffers).</summary>
    public abstract void Dispose();
}

/// <summary>
/// Tells the workers of a parallel read to stop: every chunk after a given one (an error ended the read there), or
/// all of them (disposed, cancelled). Read per row, so it is one volatile load.
/// </summary>
internal sealed class TsvParallelStop
{
    private long _lastChunk = long.MaxValue;

    /// <summary>True when <paramref name="chunk"/> comes after the last chunk the read still delivers.</summary>
    public bool Stops(long chunk) => Volatile.Read(ref _lastChunk) < chunk;

    /// <summary>Nothing after <paramref name="chunk"/> is needed (called under the engine's lock, so never raised).</summary>
    public void StopAfter(long chunk)
    {
        if (chunk < Volatile.Read(ref _lastChunk))
        {
            Volatile.Write(ref _lastChunk, chunk);
        }
    }

    /// <summary>Nothing at all is needed any more.</summary>
    public void StopAll() => Volatile.Write(ref _lastChunk, -1);
}
