using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Text;

namespace FastText;

/// <summary>
/// FromUtf16 on net8.0: our paths below <see cref="RuntimeFromLength"/> chars, the runtime's <see cref="Ascii.FromUtf16"/>
/// from there on, with the same contract (nothing at or after the first non-ASCII char is written; the tests run
/// both sides of the threshold).
/// </summary>
/// <remarks>
/// Measured against the runtime in one BenchmarkDotNet run (AMD EPYC, AVX2, .NET 10; bench/results/ascii): our
/// inlined dispatch is 0.5-0.8x the runtime's time at 16-128 chars and 0.93-0.99x at 1000-4096, but 1.13-1.15x at
/// 10080 chars, where source and destination (30 KB) just fit the 32 KB L1 cache and the runtime's loop keeps the
/// load ports busier; at 1 MiB the two are equal. From 8192 chars the runtime is the faster implementation, so
/// this build calls it there.
/// </remarks>
internal static class AsciiNarrowing
{
    internal const int RuntimeFromLength = 8192;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus FromUtf16(ReadOnlySpan<char> source, Span<byte> destination, out int bytesWritten) =>
        Math.Min(source.Length, destination.Length) >= RuntimeFromLength
            ? Ascii.FromUtf16(source, destination, out bytesWritten)
            : AsciiText.FromUtf16OnPaths(source, destination, out bytesWritten);
}
