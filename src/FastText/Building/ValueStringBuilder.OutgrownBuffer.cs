using System.Buffers;
using System.Runtime.CompilerServices;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    // A hot loop whose strings are regularly a little longer than its stackalloc pays, on every pass, for growing out
    // of it: the call out of the append loop, a mispredicted branch, and a copy of the whole buffer from stores that
    // have not yet reached the cache (docs/valuestringbuilder.md, "What growing out of a stack buffer costs"). So each
    // thread remembers the length of the last caller buffer one of its builders outgrew, and the next builder given a
    // buffer of exactly that length starts in the thread's spare array (taking it costs what
    // `new ValueStringBuilder(0)` costs). The prediction is dropped when such a builder ends short enough to have fit the
    // buffer it skipped, so a thread that goes back to short strings goes back to its stack buffers after one miss. A
    // wrong prediction costs time, never text: the spare array is an ordinary rented array with its stamp. The cost for
    // a builder that is not predicted is one thread-static read and a compare in the constructor.

    /// <summary>Starts in this thread's spare array (under the test hook, in an array of its pool) when it is free.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void StartPastOutgrownBuffer(BuilderThreadState state)
    {
        int bufferLength = _chars.Length;
        int length = ComputeGrownCapacity(bufferLength, bufferLength, 1) + StampLength;
        ArrayPool<char>? pool = state.CharPoolForTests;

        // Renting from the shared pool would cost more than the copy it saves; a nested builder (the spare is taken)
        // writes into its own buffer as before.
        char[]? array = pool is null ? TryTakeSpare(state, length) : pool.Rent(length);
        if (array is null)
        {
            return;
        }

        _rented = array;
        _chars = Writable(array);
        _stamp = OwnershipStamp.Stamp(array, state);
        _skippedBufferLength = bufferLength;
    }

    /// <summary>Called when this builder outgrows the caller's buffer (of <paramref name="bufferLength"/> chars, not 0).</summary>
    private static void RememberOutgrownBuffer(int bufferLength) =>
        BuilderThreadState.Current.OutgrownBufferLength = bufferLength;

    /// <summary>
    /// Called when a builder that started past a caller buffer of <paramref name="skippedBufferLength"/> chars (0 when
    /// it did not) is disposed with <paramref name="written"/> chars: drops the prediction when they would have fit.
    /// </summary>
    private static void ForgetOutgrownBufferIfItWouldHaveFit(int skippedBufferLength, int written)
    {
        if (skippedBufferLength != 0 && written <= skippedBufferLength)
        {
            BuilderThreadState state = BuilderThreadState.Current;
            if (state.OutgrownBufferLength == skippedBufferLength)
            {
                state.OutgrownBufferLength = -1;
            }
        }
    }
}
