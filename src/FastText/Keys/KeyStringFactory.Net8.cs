using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>Allocates the key once and writes it in place through string.Create; the delegate is static and cached.</summary>
internal static class KeyStringFactory
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static string Create<TComposer>(int length, TComposer composer)
        where TComposer : struct, IKeyComposer =>
        string.Create(length, composer, WriteAction<TComposer>.Instance);

    private static class WriteAction<TComposer>
        where TComposer : struct, IKeyComposer
    {
        // A lambda, not a static method group: the compiler binds it to a cached closure instance, and instance-bound
        // delegates invoke without the argument-shuffling thunk a static method needs.
        internal static readonly SpanAction<char, TComposer> Instance = (destination, composer) =>
        {
            int written = composer.Write(destination);
            Debug.Assert(written == destination.Length, "A key part wrote a different length than it measured.");
        };
    }
}
