using System;
using FastText.Internal;

namespace FastText;

/// <summary>
/// How a parallel read (<see cref="TsvFileReader.ParallelSelect{TResult}"/>, <see cref="TsvFileReader.ParallelProcessChunks{TResult}"/>)
/// spreads its work. Immutable once built; share one instance freely. Set the properties with an object initializer
/// (C# 9 and later), or start from <see cref="Default"/> and chain the <c>With</c> methods (C# 7.3).
/// </summary>
public sealed class TsvParallelOptions
{
    // 1 MiB keeps a chunk in a core's L2 cache while its rows are read, and makes the hand-overs per byte few.
    private const int DefaultChunkLength = 1 << 20;

    private const int MaxChunkLength = 1 << 30;

    // An input whose length is known is cut into about this many chunks per thread when ChunkLength would leave some
    // threads without one: several per thread, so a thread that starts late or runs slower does not hold the read up.
    private const int ChunksPerThread = 4;

    // The shortest chunk a short input is cut into (and an input of unknown length starts with): a worker waking up
    // costs tens of microseconds, and 64 KiB of the lightest rows (three short columns) are about a hundred
    // microseconds of work.
    private const int MinSplitChunkLength = 64 << 10;

    /// <summary>The most threads one read may use (a guard against a wrong number, far above any machine's cores).</summary>
    private const int MaxDegree = short.MaxValue;

    private int _maxDegreeOfParallelism = -1;
    private int _chunkLength = DefaultChunkLength;

    /// <summary>Every core (<see cref="Environment.ProcessorCount"/>) and chunks of at most 1 MiB.</summary>
    public static TsvParallelOptions Default { get; } = new();

    /// <summary>
    /// How many threads process chunks at once, the enumerating thread included: -1 (the default) for
    /// <see cref="Environment.ProcessorCount"/>, up to 32,767; 1 reads on the enumerating thread alone, with no worker.
    /// A degree of N starts at most N - 1 worker threads; the enumerating thread is the Nth: it processes a chunk
    /// itself whenever the next value to hand out is not ready yet.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is 0, below -1 or above 32,767.</exception>
    public int MaxDegreeOfParallelism
    {
        get => _maxDegreeOfParallelism;
        init => _maxDegreeOfParallelism = CheckedDegree(value, nameof(MaxDegreeOfParallelism));
    }

    /// <summary>
    /// About how many bytes each chunk holds at most (1 MiB by default, up to 1 GiB): a chunk ends at the first line
    /// terminator at or after this length from its start, or at the last one within the block read for it. Longer
    /// chunks mean fewer hand-overs and more memory (about two chunks per thread). When the input's length is known
    /// when the read starts (memory, or a <see cref="System.IO.Stream"/> that can seek, such as a file) and is less
    /// than four chunks per thread, the chunks are shorter, about a quarter of each thread's share, but not below
    /// 64 KiB (nor above this length), so that every thread has work. When it is not known (a stream that cannot
    /// seek, a <c>PipeReader</c>), the first chunk is 64 KiB (or this length, when shorter) and each one after it twice
    /// the one before, up to this length. An input of one chunk or less is read on the enumerating thread alone.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not between 1 and 1 GiB.</exception>
    public int ChunkLength
    {
        get => _chunkLength;
        init => _chunkLength = CheckedChunkLength(value, nameof(ChunkLength));
    }

    /// <summary>The degree of parallelism <see cref="MaxDegreeOfParallelism"/> means on this machine.</summary>
    internal int EffectiveDegreeOfParallelism => _maxDegreeOfParallelism == -1 ? Environment.ProcessorCount : _maxDegreeOfParallelism;

    /// <summary>
    /// The chunk length for an input of <paramref name="inputLength"/> bytes (-1 when unknown): <see cref="ChunkLength"/>,
    /// or shorter when that would leave threads without chunks (see <see cref="ChunkLength"/>).
    /// </summary>
    internal int ChunkLengthFor(long inputLength)
    {
        int degree = EffectiveDegreeOfParallelism;
        if (inputLength < 0 || degree <= 1)
        {
            return _chunkLength;
        }

        long share = inputLength / ((long)degree * ChunksPerThread);
        return (int)Math.Min(_chunkLength, Math.Max(share, MinSplitChunkLength));
    }

    /// <summary>
    /// The first chunk's length for an input of <paramref name="inputLength"/> bytes (-1 when unknown): with more than
    /// one thread, an input of unknown length starts at 64 KiB (the chunks after it double up to <see cref="ChunkLength"/>),
    /// so that a short one still gives the workers chunks; otherwise <see cref="ChunkLengthFor"/>.
    /// </summary>
    internal int FirstChunkLengthFor(long inputLength) =>
        inputLength < 0 && EffectiveDegreeOfParallelism > 1 ? Math.Min(_chunkLength, MinSplitChunkLength) : ChunkLengthFor(inputLength);

    /// <summary>A copy with <see cref="MaxDegreeOfParallelism"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">-1 for every core, or 1 to 32,767.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="value"/> is 0, below -1 or above 32,767.</exception>
    public TsvParallelOptions WithMaxDegreeOfParallelism(int value)
    {
        int checkedValue = CheckedDegree(value, nameof(value));
        var copy = (TsvParallelOptions)MemberwiseClone();
        copy._maxDegreeOfParallelism = checkedValue;
        return copy;
    }

    /// <summary>A copy with <see cref="ChunkLength"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">1 to 1 GiB.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="value"/> is not between 1 and 1 GiB.</exception>
    public TsvParallelOptions WithChunkLength(int value)
    {
        int checkedValue = CheckedChunkLength(value, nameof(value));
        var copy = (TsvParallelOptions)MemberwiseClone();
        copy._chunkLength = checkedValue;
        return copy;
    }

    private static int CheckedDegree(int value, string parameterName)
    {
        if (value == 0 || value < -1 || value > MaxDegree)
        {
            ThrowHelper.ThrowArgumentOutOfRange(parameterName, "The degree of parallelism must be -1 (every core) or 1 to 32767.");
        }

        return value;
    }

    private static int CheckedChunkLength(int value, string parameterName)
    {
        if (value < 1 || value > MaxChunkLength)
        {
            ThrowHelper.ThrowArgumentOutOfRange(parameterName, "The chunk length must be 1 byte to 1 GiB.");
        }

        return value;
    }
}
