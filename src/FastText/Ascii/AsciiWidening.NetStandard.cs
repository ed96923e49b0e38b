using System;
using System.Buffers;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>ToUtf16 on netstandard2.0: always our paths (the net8.0 build hands long inputs to the runtime).</summary>
internal static class AsciiWidening
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus ToUtf16(ReadOnlySpan<byte> source, Span<char> destination, out int charsWritten) =>
        AsciiText.ToUtf16OnPaths(source, destination, out charsWritten);
}
