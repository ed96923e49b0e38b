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
        _memory = new BuilderMemory<char>(rented, stamp, pool);
        _chars = rented is null ? default : BuilderMemory<char>.Writable(rented);
        _pos = length;
    }

    /// <summary>Hands this builder's array (or <see langword="null"/>) and stamp to the caller, which resumes it later;
    /// the builder forgets them (it is left empty, owning nothing).</summary>
    /// <returns>The chars written.</returns>
    internal int Suspend(out char[]? rented, out long stamp)
    {
        int length = _pos;
        rented = _memory.Suspend(out stamp);
        _chars = default;
        _pos = 0;
        return length;
    }
}
