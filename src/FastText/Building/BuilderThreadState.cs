using System;

namespace FastText;

/// <summary>
/// Everything the builders keep per thread: the ownership stamp sequence (<see cref="ValueStringBuilder"/> and
/// <see cref="Utf8ValueStringBuilder"/> draw from the same one), the memory generation interpolation drafts check, and
/// the char builder's spare array and outgrown-buffer prediction (<see cref="BuilderMemory{T}"/>). The library's only
/// thread-static: one object rather than one thread-static per value, so a rent or a return reads thread-local storage
/// once, and so one file says what a thread carries. Pools are never found here: a builder rents from the pool its
/// constructor was given, else from the shared pool.
/// </summary>
/// <remarks>
/// Thread-static is exact here: a builder and its copies are ref structs, so they live on one thread's stack.
/// </remarks>
internal sealed class BuilderThreadState
{
    [ThreadStatic]
    private static BuilderThreadState? t_current;

    // The stamps are the managed thread id above a per-thread sequence: no live thread shares the id, so no two
    // live builders on any threads hold the same stamp.
    private long _lastStamp = (long)Environment.CurrentManagedThreadId << 32;

    /// <summary>This thread's state, made on first use (once per thread).</summary>
    public static BuilderThreadState Current => t_current ??= new BuilderThreadState();

    /// <summary>This thread's state if it was ever made.</summary>
    public static BuilderThreadState? CurrentOrNull => t_current;

    /// <summary>
    /// Counts the times a builder on this thread gave memory away: returned a rented array to its pool (or to the
    /// spare slot), or advanced a writer past bytes it had written. An interpolation draft that writes into its
    /// builder's rented array or writer span reads it when it starts and before each hole; when it moved, the draft
    /// first moves into an array of its own, so it never writes into memory another renter now owns or bytes a
    /// writer already received. A counter rather than a record of lent arrays: nothing to free, nothing to overflow.
    /// It may wrap; a draft only compares it for equality across one interpolated string.
    /// </summary>
    public int MemoryGeneration;

    /// <summary>This thread's spare char array (BuilderMemory), or null while a char builder holds it (or before the first return).</summary>
    public char[]? SpareChars;

    /// <summary>
    /// The length of the last caller buffer a <see cref="ValueStringBuilder"/> on this thread outgrew, or -1: the
    /// next one given a buffer of that length starts in the spare char array instead (BuilderMemory).
    /// </summary>
    public int OutgrownCharBufferLength = -1;

    /// <summary>
    /// A stamp no other live builder holds; never 0. After 2^32 stamps on one thread the sequence starts again, so a
    /// stale copy would have to outlive 4 billion rents, and meet its array stamped with exactly its number again,
    /// to be mistaken for the owner.
    /// </summary>
    public long NextStamp()
    {
        long stamp = ++_lastStamp;
        if ((uint)stamp == 0)
        {
            stamp = ((long)Environment.CurrentManagedThreadId << 32) | 1;
            _lastStamp = stamp;
        }

        return stamp;
    }
}
