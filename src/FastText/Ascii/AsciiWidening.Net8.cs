using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Text;

namespace FastText;

/// <summary>
/// ToUtf16 on net8.0: our paths below <see cref="RuntimeFromLength"/> bytes, the runtime's <see cref="Ascii.ToUtf16"/>
/// from there on, with the same contract (nothing at or after the first non-ASCII byte is written; the tests run both
/// sides of the threshold).
/// </summary>
/// <remarks>
/// Measured against the runtime in one BenchmarkDotNet run (AMD EPYC Zen 4, .NET 10; bench/results/ascii): ours is
/// 0.35-0.41x the runtime's time at 16-128 bytes and about 0.9x at 1000-10080, but 1.07-1.14x at 1 MiB, where the
/// 2 MiB of chars written no longer fit the cache and the runtime's aligned stores win. So long inputs go to the runtime.
/// </remarks>
internal static class AsciiWidening
{
    internal const int RuntimeFromLength = 65536;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus ToUtf16(ReadOnlySpan<byte> source, Span<char> destination, out int charsWritten) =>
        Math.Min(source.Length, destination.Length) >= RuntimeFromLength
            ? Ascii.ToUtf16(source, destination, out charsWritten)
            : AsciiText.ToUtf16OnPaths(source, destination, out charsWritten);
}
