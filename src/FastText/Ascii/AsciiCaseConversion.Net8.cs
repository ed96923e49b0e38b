using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Text;

namespace FastText;

/// <summary>
/// Case conversion between bytes and chars. On net8.0 the runtime's <see cref="Ascii"/> does it in one vectorized
/// pass, which is as fast as the operation gets (it is load/store bound), so this build calls it and inherits its
/// contract exactly, overlap check included.
/// </summary>
internal static class AsciiCaseConversion
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus Widen(ReadOnlySpan<byte> source, Span<char> destination, bool toUpper, out int charsWritten) =>
        toUpper ? Ascii.ToUpper(source, destination, out charsWritten) : Ascii.ToLower(source, destination, out charsWritten);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static OperationStatus Narrow(ReadOnlySpan<char> source, Span<byte> destination, bool toUpper, out int bytesWritten) =>
        toUpper ? Ascii.ToUpper(source, destination, out bytesWritten) : Ascii.ToLower(source, destination, out bytesWritten);
}
