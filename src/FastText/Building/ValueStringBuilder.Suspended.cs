using System.Buffers;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    // A builder whose state lives in a class between calls (ValueStringWriter: a TextWriter cannot hold a ref struct).
    // The class keeps the rented array, its stamp and the length; each call resumes a builder over them, appends, and
    // suspends it back into the class. The array is rented, grown, stamped and released exactly as any builder's: this
    // only moves the fields out of the struct and back. The class makes sure one builder at a time is resumed from them.

    /// <summary>Resumes a builder that owns <paramref name="rented"/> (stamped with <paramref name="stamp"/>, or
    /// <see langword="null"/> for none yet) with <paramref name="length"/> chars written.</summary>
    internal ValueStringBuilder(char[]? rented, long stamp, int length, ArrayPool<char>? pool)
    {
        _rented = rented;
        _chars = rented is null ? default : Writable(rented);
        _pos = length;
        _pool = pool;
        _stamp = rented is null ? 0 : stamp;
        _skippedBufferLength = 0;
    }

    /// <summary>Hands this builder's array (or <see langword="null"/>) and stamp to the caller, which resumes it later;
    /// the builder forgets them (it is left empty, owning nothing).</summary>
    /// <returns>The chars written.</returns>
    internal int Suspend(out char[]? rented, out long stamp)
    {
        rented = _rented;
        stamp = _stamp;
        int length = _pos;
        _rented = null;
        _chars = default;
        _pos = 0;
        _stamp = 0;
        return length;
    }
}
