using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// netstandard2.0 has no string.Create, and mutating a string after it exists is off-limits, so the key is composed in
/// a stack buffer (or, when long, a pooled array) and copied into its string once.
/// </summary>
internal static class KeyStringFactory
{
    private const int StackLimit = 512;

    /// <summary>A new string of <paramref name="length"/> chars that <paramref name="composer"/> writes.</summary>
    [SkipLocalsInit] // the composer writes every char of the buffer before the string copies it (custom parts clear theirs first)
    internal static unsafe string Create<TComposer>(int length, ref TComposer composer, KeyLayout layout)
        where TComposer : struct, IKeyComposer
    {
        if (length == 0)
        {
            return string.Empty;
        }

        if (length <= StackLimit)
        {
            char* buffer = stackalloc char[length];
            int written = composer.Write(new Span<char>(buffer, length));
            Debug.Assert(written == length, "A key part wrote a different length than it measured.");
            return new string(buffer, 0, length);
        }

        ArrayPool<char> pool = layout.ScratchPool;
        char[] rented = pool.Rent(length);
        try
        {
            int written = composer.Write(rented.AsSpan(0, length));
            Debug.Assert(written == length, "A key part wrote a different length than it measured.");
            return new string(rented, 0, length);
        }
        finally
        {
            pool.Return(rented);
        }
    }
}
