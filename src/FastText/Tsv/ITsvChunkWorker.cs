using System;

namespace FastText;

/// <summary>
/// What one thread of <see cref="TsvFileReader.ParallelProcessChunks{TResult}"/> does with the chunks it takes: made
/// on that thread and used by it alone (so it may hold a <see cref="TsvReader"/>, buffers, anything not thread-safe),
/// and disposed when the read ends.
/// </summary>
/// <typeparam name="TResult">A chunk's result.</typeparam>
public interface ITsvChunkWorker<TResult> : IDisposable
    where TResult : class
{
    /// <summary>
    /// A new result for this worker to fill (it makes a few, and refills each once the enumerator has moved past it:
    /// keep the buffers it holds and reset its content in <see cref="Process"/>).
    /// </summary>
    /// <returns>The result; not null.</returns>
    TResult CreateResult();

    /// <summary>Processes one chunk into <paramref name="result"/>; an exception ends the read after the chunks before this one.</summary>
    /// <param name="lines">Whole lines of the input, each ending with the line terminator except, in the final chunk, a
    /// last line without one. Valid during the call only.</param>
    /// <param name="offset">The bytes before <paramref name="lines"/> since the parallel read began (after the
    /// header and the byte order mark).</param>
    /// <param name="isFinal">True when the input ends with this chunk, so its last line may lack a terminator. (A last
    /// chunk that ends with a terminator may come with false: a stream's end is known only when a read finds it.)</param>
    /// <param name="result">One of this worker's results, to fill; its previous content was handed out already.</param>
    void Process(ReadOnlySpan<byte> lines, long offset, bool isFinal, TResult result);
}
