using System.Buffers;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    // A builder without a buffer (new ValueStringBuilder(0), default) rents MinimumRentLength chars on its first
    // append. Each thread keeps one such array in front of ArrayPool<char>.Shared (issue #13), handed to one builder
    // at a time: taking it empties the slot (a nested builder finds the slot empty and rents from the pool), and
    // only an owner that passed the stamp check puts it back, with its stamp cleared, so a stale copy of a builder
    // can neither put it back a second time nor find it stamped as its own. Builders on a test pool or an explicit
    // pool never use it, so the pool's accounting stays exact.

    /// <summary>The test hook: this thread's spare first array.</summary>
    internal static char[]? FirstArrayForTests => BuilderThreadState.CurrentOrNull?.FirstArray;

    /// <summary>The test hook: the array this builder rented, stamp included.</summary>
    internal readonly char[]? RentedForTests => _rented;

    /// <summary>Rents <paramref name="length"/> chars: this thread's spare first array when it fits and is free.</summary>
    private readonly char[] RentArray(BuilderThreadState state, int length)
    {
        ArrayPool<char>? pool = _pool ?? state.PoolForTests;
        if (pool is not null)
        {
            return pool.Rent(length);
        }

        if (length <= MinimumRentLength)
        {
            char[]? spare = state.FirstArray;
            if (spare is not null)
            {
                state.FirstArray = null;
                return spare;
            }

            length = MinimumRentLength;
        }

        return ArrayPool<char>.Shared.Rent(length);
    }

    /// <summary>Gives back an array whose stamp was cleared: to this thread's spare slot when it is a first array and the slot is free.</summary>
    private readonly void ReturnArray(char[] array)
    {
        BuilderThreadState state = BuilderThreadState.Current;
        ArrayPool<char>? pool = _pool ?? state.PoolForTests;
        if (pool is not null)
        {
            pool.Return(array);
        }
        else if (array.Length == MinimumRentLength && state.FirstArray is null)
        {
            state.FirstArray = array;
        }
        else
        {
            ArrayPool<char>.Shared.Return(array);
        }
    }
}
