using System;
using System.Buffers;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>FromUtf16 on netstandard2.0: always our paths (the net8.0 build hands long inputs to the runtime).</summary>
internal static class AsciiNarrowing
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus FromUtf16(ReadOnlySpan<char> source, Span<byte> destination, out int bytesWritten) =>
        AsciiText.FromUtf16OnPaths(source, destination, out bytesWritten);
}
