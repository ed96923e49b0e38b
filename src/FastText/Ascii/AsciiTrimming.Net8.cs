using System;
using System.Runtime.CompilerServices;
using System.Text;

namespace FastText;

/// <summary>
/// Trimming on net8.0: the runtime's own <see cref="Ascii"/> methods, with the same contract (whitespace U+0009..U+000D
/// and U+0020; <c>Length..Length</c> for all-whitespace input from Trim and TrimStart, <c>0..0</c> from TrimEnd).
/// </summary>
/// <remarks>
/// Both implementations are the same scalar scan from each end (whitespace runs at the ends of real text are short,
/// so vectors do not pay), and the benchmarks could not tell them apart beyond run-to-run noise (0.68-1.09x the
/// runtime's time, bench/results/ascii): where ours is no faster, the runtime's is the one to call.
/// </remarks>
internal static class AsciiTrimming
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Range Trim(ReadOnlySpan<byte> value) => Ascii.Trim(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Range Trim(ReadOnlySpan<char> value) => Ascii.Trim(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Range TrimStart(ReadOnlySpan<byte> value) => Ascii.TrimStart(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Range TrimStart(ReadOnlySpan<char> value) => Ascii.TrimStart(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Range TrimEnd(ReadOnlySpan<byte> value) => Ascii.TrimEnd(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Range TrimEnd(ReadOnlySpan<char> value) => Ascii.TrimEnd(value);
}
