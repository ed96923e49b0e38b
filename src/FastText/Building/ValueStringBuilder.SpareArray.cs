using System.Buffers;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    // Each thread keeps one spare array of up to SpareArrayMaxLength chars in front of ArrayPool<char>.Shared.
    // A builder that grows out of its stack buffer, or starts without one, takes the
    // spare when it is long enough, so a hot loop that builds a string a little longer than its stackalloc rents from
    // and returns to the shared pool never, as a reused StringBuilder keeps its capacity. The slot keeps the longer of
    // two arrays it is offered, so it settles at the size the thread's builders need. It is handed to one builder at a
    // time: taking it empties the slot (a nested builder finds the slot empty and rents from the pool), and only an
    // owner that passed the stamp check puts it back, with its stamp cleared, so a stale copy of a builder can neither
    // put it back a second time nor find it stamped as its own. Builders on a test pool or an explicit pool never use
    // it, so the pool's accounting stays exact.

    /// <summary>The longest array (stamp included) the per-thread spare slot keeps: 8 KiB of chars per thread at most.</summary>
    internal const int SpareArrayMaxLength = 4096;

    /// <summary>The test hook: this thread's spare array.</summary>
    internal static char[]? SpareArrayForTests => BuilderThreadState.CurrentOrNull?.SpareArray;

    /// <summary>The test hook: the array this builder rented, stamp included.</summary>
    internal readonly char[]? RentedForTests => _rented;

    /// <summary>Rents <paramref name="length"/> chars: this thread's spare array when it is free and long enough.</summary>
    private readonly char[] RentArray(BuilderThreadState state, int length)
    {
        ArrayPool<char>? pool = _pool ?? state.CharPoolForTests;
        if (pool is not null)
        {
            return pool.Rent(length);
        }

        if (length <= SpareArrayMaxLength)
        {
            char[]? spare = TryTakeSpare(state, length);
            if (spare is not null)
            {
                return spare;
            }

            if (length < MinimumRentLength)
            {
                length = MinimumRentLength;
            }
        }

        return ArrayPool<char>.Shared.Rent(length);
    }

    /// <summary>Takes this thread's spare array when it holds at least <paramref name="length"/> chars (stamp included); null, and the slot untouched, otherwise.</summary>
    private static char[]? TryTakeSpare(BuilderThreadState state, int length)
    {
        char[]? spare = state.SpareArray;
        if (spare is null || spare.Length < length)
        {
            return null;
        }

        state.SpareArray = null;
        return spare;
    }

    /// <summary>Gives back an array whose stamp was cleared, moving this thread's memory generation: to this thread's
    /// spare slot when it is short enough and the slot is free or holds a shorter one (which then goes to the pool).</summary>
    private readonly void ReturnArray(char[] array)
    {
        BuilderThreadState state = BuilderThreadState.Current;
        state.MemoryGeneration++;
        ArrayPool<char>? pool = _pool ?? state.CharPoolForTests;
        if (pool is not null)
        {
            pool.Return(array);
            return;
        }

        char[]? spare = state.SpareArray;
        if (array.Length > SpareArrayMaxLength || (spare is not null && spare.Length >= array.Length))
        {
            ArrayPool<char>.Shared.Return(array);
            return;
        }

        state.SpareArray = array;
        if (spare is not null)
        {
            ArrayPool<char>.Shared.Return(spare); // displaced by a longer one
        }
    }
}
