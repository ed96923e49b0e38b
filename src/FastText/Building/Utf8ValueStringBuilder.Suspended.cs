using System.Buffers;

namespace FastText;

public ref partial struct Utf8ValueStringBuilder
{
    // A builder over its own rented array whose state lives in a class between calls (Utf8ValueStringWriter: a
    // TextWriter cannot hold a ref struct): each call resumes a builder over the array, its stamp, the length and a
    // pending high surrogate, appends, and suspends it back into the class. The array is rented, grown, stamped and
    // released exactly as any builder's, and a surrogate pair split across two calls is joined as in one builder.

    /// <summary>Resumes a builder that owns <paramref name="rented"/> (stamped with <paramref name="stamp"/>, or
    /// <see langword="null"/> for none yet) with <paramref name="length"/> bytes written, the last three of them the
    /// U+FFFD of <paramref name="pendingHigh"/> when that is not <c>'\0'</c>.</summary>
    internal Utf8ValueStringBuilder(byte[]? rented, long stamp, int length, char pendingHigh, ArrayPool<byte>? pool)
    {
        _memory = new BuilderMemory<byte>(rented, stamp, pool);
        _bytes = rented is null ? default : BuilderMemory<byte>.Writable(rented);
        _pos = length;
        _writer = null;
        _committed = 0;
        _pendingHigh = pendingHigh;
    }

    /// <summary>Hands this builder's array (or <see langword="null"/>), stamp and pending high surrogate to the caller,
    /// which resumes it later; the builder forgets them (it is left empty, owning nothing). Only for a builder over
    /// its own array (no writer).</summary>
    /// <returns>The bytes written.</returns>
    internal int Suspend(out byte[]? rented, out long stamp, out char pendingHigh)
    {
        pendingHigh = _pendingHigh;
        int length = _pos;
        rented = _memory.Suspend(out stamp);
        _bytes = default;
        _pos = 0;
        _pendingHigh = '\0';
        return length;
    }
}
