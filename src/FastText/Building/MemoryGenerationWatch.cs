using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// What an interpolation draft that writes into memory it borrowed from its builder (the builder's rented array, or
/// a writer's span) checks before each hole: whether any builder on this thread gave memory away since the draft
/// started (<see cref="BuilderThreadState.MemoryGeneration"/>). A draft over a caller's buffer watches nothing and
/// never reads thread state.
/// </summary>
internal readonly struct MemoryGenerationWatch
{
    private readonly BuilderThreadState? _thread;
    private readonly int _generation;

    /// <summary>Starts watching when <paramref name="borrowsMemory"/>.</summary>
    public MemoryGenerationWatch(bool borrowsMemory)
    {
        _thread = borrowsMemory ? BuilderThreadState.Current : null;
        _generation = _thread?.MemoryGeneration ?? 0;
    }

    /// <summary>Whether memory went away since the watch started: the draft must move into an array of its own first.</summary>
    public bool MemoryWasGivenAway
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _thread is not null && _generation != _thread.MemoryGeneration;
    }
}
