using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Text;

namespace FastText;

/// <summary>
/// Case conversion between bytes and chars on net8.0. Widening calls the runtime's <see cref="Ascii"/>, whose single
/// vectorized pass is as fast as it gets. Narrowing calls it below <see cref="TwoPassNarrowFromLength"/> elements and
/// takes the two-pass SIMD path from there on, with the same contract (overlap throws; nothing at or after the first
/// non-ASCII char is written; the tests run both sides of the threshold).
/// </summary>
/// <remarks>
/// Measured in one BenchmarkDotNet run (AMD EPYC Zen 4, .NET 10, quiet; bench/results/ascii): the two passes of the
/// netstandard2.0 build alone (Vector&lt;T&gt;) took 0.47-0.74x the runtime's chars-to-bytes time from 128 chars up,
/// but 2.1-3.1x at 16-33; the runtime's bytes-to-chars pass stayed ahead at every size.
/// </remarks>
internal static class AsciiCaseConversion
{
    internal const int TwoPassNarrowFromLength = 128;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus Widen(ReadOnlySpan<byte> source, Span<char> destination, bool toUpper, out int charsWritten) =>
        toUpper ? Ascii.ToUpper(source, destination, out charsWritten) : Ascii.ToLower(source, destination, out charsWritten);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus Narrow(ReadOnlySpan<char> source, Span<byte> destination, bool toUpper, out int bytesWritten)
    {
        if (Math.Min(source.Length, destination.Length) >= TwoPassNarrowFromLength)
        {
            return AsciiTwoPassCaseConversion.Narrow(source, destination, toUpper, out bytesWritten);
        }

        return toUpper ? Ascii.ToUpper(source, destination, out bytesWritten) : Ascii.ToLower(source, destination, out bytesWritten);
    }
}
