using System.Buffers;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>Allocates the key once and writes it in place through string.Create with a cached delegate (see <see cref="KeyWriteAction{TComposer}"/>).</summary>
internal static class KeyStringFactory
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static string Create<TComposer>(int length, TComposer composer, SpanAction<char, TComposer> write)
        where TComposer : struct, IKeyComposer =>
        string.Create(length, composer, write);
}
