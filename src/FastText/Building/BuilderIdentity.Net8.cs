using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// net8.0: the builder an interpolated-string handler was made for, by reference to its length field (a C# 11 ref
/// field), so "is this the same builder" is exact, even for two builders that have no buffer yet. Read only; it never
/// mutates the builder.
/// </summary>
/// <typeparam name="T">The builder's unit: char or byte.</typeparam>
internal readonly ref struct BuilderIdentity<T>
    where T : unmanaged
{
    private readonly ref readonly int _pos;

    public BuilderIdentity(in int pos, ReadOnlySpan<T> buffer)
    {
        _ = buffer;
        _pos = ref pos;
    }

    /// <summary>Whether the builder whose length field is <paramref name="pos"/> (and buffer <paramref name="buffer"/>) is this one.</summary>
    public bool Is(in int pos, ReadOnlySpan<T> buffer)
    {
        _ = buffer;
        return Unsafe.AreSame(ref Unsafe.AsRef(in _pos), ref Unsafe.AsRef(in pos));
    }
}
