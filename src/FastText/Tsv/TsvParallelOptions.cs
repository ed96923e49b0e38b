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
    // 1 MiB keeps a chunk in a core's L2 cache while its rows are read, and is the smallest input that starts a
    // worker: below a few megabytes the hand-over of the values costs more than a second core gains.
    private const int DefaultChunkLength = 1 << 20;

    private const int MaxChunkLength = 1 << 30;

    /// <summary>The most threads one read may use (a guard against a wrong number, far above any machine's cores).</summary>
    private const int MaxDegree = short.MaxValue;

    private int _maxDegreeOfParallelism = -1;
    private int _chunkLength = DefaultChunkLength;

    /// <summary>Every core (<see cref="Environment.ProcessorCount"/>) and chunks of 1 MiB.</summary>
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
    /// About how many bytes each chunk holds (1 MiB by default, up to 1 GiB): a chunk ends at the first line
    /// terminator at or after this length from its start, or at the last one within the block read for it. Longer
    /// chunks mean fewer hand-overs and more memory (about two chunks per thread); an input of one chunk or less is
    /// read on the enumerating thread alone.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not between 1 and 1 GiB.</exception>
    public int ChunkLength
    {
        get => _chunkLength;
        init => _chunkLength = CheckedChunkLength(value, nameof(ChunkLength));
    }

    /// <summary>The degree of parallelism <see cref="MaxDegreeOfParallelism"/> means on this machine.</summary>
    internal int EffectiveDegreeOfParallelism => _maxDegreeOfParallelism == -1 ? Environment.ProcessorCount : _maxDegreeOfParallelism;

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
