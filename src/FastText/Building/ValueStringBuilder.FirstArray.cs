using System;
using System.Buffers;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    // A builder without a buffer (new ValueStringBuilder(0), default) rents MinimumRentLength chars on its first
    // append. Through ArrayPool<char>.Shared that rent and its return cost about as much as formatting ten ints
    // (issue #13), so each thread keeps one such array in front of the shared pool. It is handed to one builder at
    // a time: taking it empties the slot (a nested builder finds the slot empty and rents from the pool), and only
    // an owner that passed the stamp check puts it back, with its stamp cleared, so a stale copy of a builder can
    // neither put it back a second time nor find it stamped as its own. Builders on a test pool or an explicit pool
    // never use it, so the pool's accounting stays exact.

    /// <summary>This thread's spare first array (MinimumRentLength chars), or null while a builder holds it.</summary>
    [ThreadStatic]
    private static char[]? t_firstArray;

    /// <summary>The test hook: this thread's spare first array.</summary>
    internal static char[]? FirstArrayForTests => t_firstArray;

    /// <summary>The test hook: the array this builder rented, stamp included.</summary>
    internal readonly char[]? RentedForTests => _rented;

    /// <summary>Rents <paramref name="length"/> chars: this thread's spare first array when it fits and is free.</summary>
    private readonly char[] RentArray(int length)
    {
        if (length <= MinimumRentLength && _pool is null && t_poolForTests is null)
        {
            char[]? spare = t_firstArray;
            if (spare is not null)
            {
                t_firstArray = null;
                return spare;
            }

            return ArrayPool<char>.Shared.Rent(MinimumRentLength);
        }

        return Pool.Rent(length);
    }

    /// <summary>Gives back an array whose stamp was cleared: to this thread's spare slot when it is a first array and the slot is free.</summary>
    private readonly void ReturnArray(char[] array)
    {
        if (array.Length == MinimumRentLength && _pool is null && t_poolForTests is null && t_firstArray is null)
        {
            t_firstArray = array;
            return;
        }

        Pool.Return(array);
    }
}
