using System;
using System.Buffers;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>Case conversion between bytes and chars on netstandard2.0: always the two-pass SIMD path.</summary>
internal static class AsciiCaseConversion
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus Widen(ReadOnlySpan<byte> source, Span<char> destination, bool toUpper, out int charsWritten) =>
        AsciiTwoPassCaseConversion.Widen(source, destination, toUpper, out charsWritten);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus Narrow(ReadOnlySpan<char> source, Span<byte> destination, bool toUpper, out int bytesWritten) =>
        AsciiTwoPassCaseConversion.Narrow(source, destination, toUpper, out bytesWritten);
}
