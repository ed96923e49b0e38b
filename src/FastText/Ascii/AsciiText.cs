using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// ASCII transcoding, validation and case conversion over spans, with SIMD paths chosen once per process.
/// The same API on netstandard2.0 and net8.0; the operation contracts match <c>System.Text.Ascii</c> (.NET 8+).
/// </summary>
/// <remarks>
/// Every operation that writes returns an <see cref="OperationStatus"/> and the count of leading elements it
/// converted: <see cref="OperationStatus.Done"/> when the whole source was converted,
/// <see cref="OperationStatus.DestinationTooSmall"/> when the destination filled up first (all that fit was ASCII),
/// <see cref="OperationStatus.InvalidData"/> when a non-ASCII element was met (the count is then its index).
/// No destination element at or after the returned count is ever written, and a source element that lies
/// beyond the destination's length is never examined.
/// </remarks>
public static partial class AsciiText
{
    /// <summary>Narrows UTF-16 chars that are all ASCII into bytes (the contract of <c>System.Text.Ascii.FromUtf16</c>).</summary>
    /// <remarks>Overlapping spans are not rejected (as in the runtime); the result is then unspecified, but nothing outside the two spans is read or written.</remarks>
    /// <param name="source">The chars to narrow.</param>
    /// <param name="destination">Receives one byte per converted char.</param>
    /// <param name="bytesWritten">The number of leading chars converted; on <see cref="OperationStatus.InvalidData"/> the index of the first non-ASCII char.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    public static OperationStatus FromUtf16(ReadOnlySpan<char> source, Span<byte> destination, out int bytesWritten) =>
        AsciiNarrowing.FromUtf16(source, destination, out bytesWritten);

    /// <summary><see cref="FromUtf16(ReadOnlySpan{char}, Span{byte}, out int)"/> on this library's own paths.</summary>
    internal static OperationStatus FromUtf16OnPaths(ReadOnlySpan<char> source, Span<byte> destination, out int bytesWritten)
    {
        int length = Math.Min(source.Length, destination.Length);
        nuint converted = AsciiCore.Narrow(
            ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length);
        bytesWritten = (int)converted;
        return Status((int)converted, length, source.Length);
    }

    /// <summary>Widens ASCII bytes into UTF-16 chars (the contract of <c>System.Text.Ascii.ToUtf16</c>).</summary>
    /// <remarks>Overlapping spans are not rejected (as in the runtime); the result is then unspecified, but nothing outside the two spans is read or written.</remarks>
    /// <param name="source">The bytes to widen.</param>
    /// <param name="destination">Receives one char per converted byte.</param>
    /// <param name="charsWritten">The number of leading bytes converted; on <see cref="OperationStatus.InvalidData"/> the index of the first non-ASCII byte.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    public static OperationStatus ToUtf16(ReadOnlySpan<byte> source, Span<char> destination, out int charsWritten)
    {
        int length = Math.Min(source.Length, destination.Length);
        nuint converted = AsciiCore.Widen(
            ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length);
        charsWritten = (int)converted;
        return Status((int)converted, length, source.Length);
    }

    /// <summary>Tells whether a byte is ASCII (0x00..0x7F).</summary>
    /// <param name="value">The byte to check.</param>
    /// <returns><see langword="true"/> when <paramref name="value"/> is at most 0x7F.</returns>
    public static bool IsValid(byte value) => value <= 0x7F;

    /// <summary>Tells whether a char is ASCII (U+0000..U+007F).</summary>
    /// <param name="value">The char to check.</param>
    /// <returns><see langword="true"/> when <paramref name="value"/> is at most U+007F.</returns>
    public static bool IsValid(char value) => value <= 0x7F;

    /// <summary>Finds the first char that is not ASCII.</summary>
    /// <param name="value">The chars to search.</param>
    /// <returns>The index of the first char above U+007F, or -1 when there is none.</returns>
    public static int IndexOfNonAscii(ReadOnlySpan<char> value)
    {
        nuint index = AsciiCore.IndexOfNonAscii(ref MemoryMarshal.GetReference(value), (nuint)value.Length);
        return index == (nuint)value.Length ? -1 : (int)index;
    }

    /// <summary>Finds the first byte that is not ASCII.</summary>
    /// <param name="value">The bytes to search.</param>
    /// <returns>The index of the first byte above 0x7F, or -1 when there is none.</returns>
    public static int IndexOfNonAscii(ReadOnlySpan<byte> value)
    {
        nuint index = AsciiCore.IndexOfNonAscii(ref MemoryMarshal.GetReference(value), (nuint)value.Length);
        return index == (nuint)value.Length ? -1 : (int)index;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static OperationStatus Status(int converted, int examinedLength, int sourceLength)
    {
        if (converted != examinedLength)
        {
            return OperationStatus.InvalidData;
        }

        return examinedLength == sourceLength ? OperationStatus.Done : OperationStatus.DestinationTooSmall;
    }
}
