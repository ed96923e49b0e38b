using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

/// <summary>
/// netstandard2.0 has no ref fields, so the builder an interpolated-string handler was made for is recognised by its
/// buffer (same memory, same length). Two builders that both have no buffer yet look alike; completing into the wrong
/// one of those appends to it, which touches no memory either of them owns.
/// </summary>
/// <typeparam name="T">The builder's unit: char or byte.</typeparam>
internal readonly ref struct BuilderIdentity<T>
    where T : unmanaged
{
    private readonly ReadOnlySpan<T> _buffer;

    public BuilderIdentity(in int pos, ReadOnlySpan<T> buffer)
    {
        _ = pos;
        _buffer = buffer;
    }

    /// <summary>Whether the builder whose length field is <paramref name="pos"/> and buffer <paramref name="buffer"/> is this one.</summary>
    public bool Is(in int pos, ReadOnlySpan<T> buffer)
    {
        _ = pos;
        return buffer.Length == _buffer.Length
            && Unsafe.AreSame(ref MemoryMarshal.GetReference(buffer), ref MemoryMarshal.GetReference(_buffer));
    }
}
