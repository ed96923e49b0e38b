using System;
using System.Buffers;
using System.Runtime.InteropServices;

namespace FastText;

/// <summary>
/// Case conversion between bytes and chars in two passes: the SIMD widening or narrowing into the destination, then
/// the SIMD case change in place over the part just written. The second pass runs over data still in cache, and both
/// stop at the first non-ASCII element, so nothing at or after it is written.
/// </summary>
internal static class AsciiTwoPassCaseConversion
{
    public static OperationStatus Widen(ReadOnlySpan<byte> source, Span<char> destination, bool toUpper, out int charsWritten)
    {
        AsciiText.ThrowIfOverlap(source, MemoryMarshal.AsBytes((ReadOnlySpan<char>)destination));
        int length = Math.Min(source.Length, destination.Length);
        ref char to = ref MemoryMarshal.GetReference(destination);
        nuint converted = AsciiCore.Widen(ref MemoryMarshal.GetReference(source), ref to, (nuint)length);
        AsciiCore.ChangeCase(ref to, ref to, converted, toUpper);
        charsWritten = (int)converted;
        return AsciiText.Status((int)converted, length, source.Length);
    }

    public static OperationStatus Narrow(ReadOnlySpan<char> source, Span<byte> destination, bool toUpper, out int bytesWritten)
    {
        AsciiText.ThrowIfOverlap(MemoryMarshal.AsBytes(source), destination);
        int length = Math.Min(source.Length, destination.Length);
        ref byte to = ref MemoryMarshal.GetReference(destination);
        nuint converted = AsciiCore.Narrow(ref MemoryMarshal.GetReference(source), ref to, (nuint)length);
        AsciiCore.ChangeCase(ref to, ref to, converted, toUpper);
        bytesWritten = (int)converted;
        return AsciiText.Status((int)converted, length, source.Length);
    }
}
