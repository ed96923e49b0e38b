using System;
using System.Buffers;
using System.Diagnostics;

namespace FastText;

/// <summary>Allocates the key once and writes it in place through string.Create; the delegate is static and cached.</summary>
internal static class KeyStringFactory
{
    internal static string Create<TComposer>(int length, TComposer composer)
        where TComposer : struct, IKeyComposer =>
        string.Create(length, composer, WriteAction<TComposer>.Instance);

    private static class WriteAction<TComposer>
        where TComposer : struct, IKeyComposer
    {
        internal static readonly SpanAction<char, TComposer> Instance = Write;

        private static void Write(Span<char> destination, TComposer composer)
        {
            int written = composer.Write(destination);
            Debug.Assert(written == destination.Length, "A key part wrote a different length than it measured.");
        }
    }
}
