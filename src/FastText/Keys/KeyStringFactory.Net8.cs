using System;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

/// <summary>
/// Allocates the key once at its measured length and has the composer write straight into it.
/// </summary>
/// <remarks>
/// This is what string.Create does, without its delegate: shapes with a reference-type part run shared generic code,
/// where invoking a <c>SpanAction&lt;char, Composer&gt;</c> goes through an instantiating stub and copies the composer
/// twice (bench/results/keys/composer-code-shape.md). The string is written only here, before anyone else can see it, and every
/// char of it is written (the composer fills exactly the measured length; custom parts clear theirs first).
/// </remarks>
internal static class KeyStringFactory
{
    /// <summary>A new string of <paramref name="length"/> chars that <paramref name="composer"/> writes; <paramref name="layout"/>'s
    /// scratch pool is netstandard2.0's, which composes a long key outside the string.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static string Create<TComposer>(int length, ref TComposer composer, KeyLayout layout)
        where TComposer : struct, IKeyComposer
    {
        _ = layout;
        if (length == 0)
        {
            return string.Empty;
        }

        // new string('\0', n) is a fresh allocation for n > 0 (the runtime only skips the fill for '\0').
        string key = new string('\0', length);
        int written = composer.Write(MemoryMarshal.CreateSpan(ref Unsafe.AsRef(in key.GetPinnableReference()), length));
        Debug.Assert(written == length, "A key part wrote a different length than it measured.");
        return key;
    }
}
