using System;
using System.Buffers;
using System.Runtime.InteropServices;
using FastText.Internal;

namespace FastText;

public static partial class AsciiText
{
    /// <summary>Copies ASCII chars to <paramref name="destination"/> with 'A'..'Z' lowered.</summary>
    /// <remarks>
    /// Follows <c>System.Text.Ascii.ToLower</c>: conversion stops at the first non-ASCII char, which yields
    /// <see cref="OperationStatus.InvalidData"/> with <paramref name="charsWritten"/> at its index; nothing at or after
    /// that index is written. Callers that want non-ASCII text lowered too (the key builders do) continue from that index
    /// with a culture-aware conversion. As in the runtime, <paramref name="source"/> and <paramref name="destination"/>
    /// must not overlap at all (use <see cref="ToLowerInPlace(Span{char}, out int)"/> to convert in place).
    /// </remarks>
    /// <param name="source">The chars to convert.</param>
    /// <param name="destination">Receives the converted chars.</param>
    /// <param name="charsWritten">The number of leading chars converted.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    /// <exception cref="InvalidOperationException">The spans overlap.</exception>
    public static OperationStatus ToLower(ReadOnlySpan<char> source, Span<char> destination, out int charsWritten) =>
        ChangeCase(source, destination, toUpper: false, out charsWritten);

    /// <summary>Copies ASCII chars to <paramref name="destination"/> with 'a'..'z' raised; the same contract as <see cref="ToLower(ReadOnlySpan{char}, Span{char}, out int)"/>.</summary>
    /// <param name="source">The chars to convert.</param>
    /// <param name="destination">Receives the converted chars.</param>
    /// <param name="charsWritten">The number of leading chars converted.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    /// <exception cref="InvalidOperationException">The spans overlap.</exception>
    public static OperationStatus ToUpper(ReadOnlySpan<char> source, Span<char> destination, out int charsWritten) =>
        ChangeCase(source, destination, toUpper: true, out charsWritten);

    /// <summary>Copies ASCII bytes to <paramref name="destination"/> with 'A'..'Z' lowered; the same contract as <see cref="ToLower(ReadOnlySpan{char}, Span{char}, out int)"/>.</summary>
    /// <param name="source">The bytes to convert.</param>
    /// <param name="destination">Receives the converted bytes.</param>
    /// <param name="bytesWritten">The number of leading bytes converted.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    /// <exception cref="InvalidOperationException">The spans overlap.</exception>
    public static OperationStatus ToLower(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) =>
        ChangeCase(source, destination, toUpper: false, out bytesWritten);

    /// <summary>Copies ASCII bytes to <paramref name="destination"/> with 'a'..'z' raised; the same contract as <see cref="ToLower(ReadOnlySpan{char}, Span{char}, out int)"/>.</summary>
    /// <param name="source">The bytes to convert.</param>
    /// <param name="destination">Receives the converted bytes.</param>
    /// <param name="bytesWritten">The number of leading bytes converted.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    /// <exception cref="InvalidOperationException">The spans overlap.</exception>
    public static OperationStatus ToUpper(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) =>
        ChangeCase(source, destination, toUpper: true, out bytesWritten);

    /// <summary>Widens ASCII bytes to chars with 'A'..'Z' lowered; the same contract as <see cref="ToLower(ReadOnlySpan{char}, Span{char}, out int)"/>.</summary>
    /// <param name="source">The bytes to convert.</param>
    /// <param name="destination">Receives the converted chars.</param>
    /// <param name="charsWritten">The number of leading bytes converted.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    /// <exception cref="InvalidOperationException">The spans overlap.</exception>
    public static OperationStatus ToLower(ReadOnlySpan<byte> source, Span<char> destination, out int charsWritten) =>
        AsciiCaseConversion.Widen(source, destination, toUpper: false, out charsWritten);

    /// <summary>Widens ASCII bytes to chars with 'a'..'z' raised; the same contract as <see cref="ToLower(ReadOnlySpan{char}, Span{char}, out int)"/>.</summary>
    /// <param name="source">The bytes to convert.</param>
    /// <param name="destination">Receives the converted chars.</param>
    /// <param name="charsWritten">The number of leading bytes converted.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    /// <exception cref="InvalidOperationException">The spans overlap.</exception>
    public static OperationStatus ToUpper(ReadOnlySpan<byte> source, Span<char> destination, out int charsWritten) =>
        AsciiCaseConversion.Widen(source, destination, toUpper: true, out charsWritten);

    /// <summary>Narrows ASCII chars to bytes with 'A'..'Z' lowered; the same contract as <see cref="ToLower(ReadOnlySpan{char}, Span{char}, out int)"/>.</summary>
    /// <param name="source">The chars to convert.</param>
    /// <param name="destination">Receives the converted bytes.</param>
    /// <param name="bytesWritten">The number of leading chars converted.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    /// <exception cref="InvalidOperationException">The spans overlap.</exception>
    public static OperationStatus ToLower(ReadOnlySpan<char> source, Span<byte> destination, out int bytesWritten) =>
        AsciiCaseConversion.Narrow(source, destination, toUpper: false, out bytesWritten);

    /// <summary>Narrows ASCII chars to bytes with 'a'..'z' raised; the same contract as <see cref="ToLower(ReadOnlySpan{char}, Span{char}, out int)"/>.</summary>
    /// <param name="source">The chars to convert.</param>
    /// <param name="destination">Receives the converted bytes.</param>
    /// <param name="bytesWritten">The number of leading chars converted.</param>
    /// <returns><see cref="OperationStatus.Done"/>, <see cref="OperationStatus.DestinationTooSmall"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    /// <exception cref="InvalidOperationException">The spans overlap.</exception>
    public static OperationStatus ToUpper(ReadOnlySpan<char> source, Span<byte> destination, out int bytesWritten) =>
        AsciiCaseConversion.Narrow(source, destination, toUpper: true, out bytesWritten);

    /// <summary>Lowers 'A'..'Z' in place, stopping at the first non-ASCII char (left unchanged, as is all after it).</summary>
    /// <param name="value">The chars to convert.</param>
    /// <param name="charsWritten">The number of leading chars converted: <paramref name="value"/>'s length, or the index of the first non-ASCII char.</param>
    /// <returns><see cref="OperationStatus.Done"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    public static OperationStatus ToLowerInPlace(Span<char> value, out int charsWritten) =>
        ChangeCaseInPlace(value, toUpper: false, out charsWritten);

    /// <summary>Raises 'a'..'z' in place, stopping at the first non-ASCII char (left unchanged, as is all after it).</summary>
    /// <param name="value">The chars to convert.</param>
    /// <param name="charsWritten">The number of leading chars converted: <paramref name="value"/>'s length, or the index of the first non-ASCII char.</param>
    /// <returns><see cref="OperationStatus.Done"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    public static OperationStatus ToUpperInPlace(Span<char> value, out int charsWritten) =>
        ChangeCaseInPlace(value, toUpper: true, out charsWritten);

    /// <summary>Lowers 'A'..'Z' in place, stopping at the first non-ASCII byte (left unchanged, as is all after it).</summary>
    /// <param name="value">The bytes to convert.</param>
    /// <param name="bytesWritten">The number of leading bytes converted: <paramref name="value"/>'s length, or the index of the first non-ASCII byte.</param>
    /// <returns><see cref="OperationStatus.Done"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    public static OperationStatus ToLowerInPlace(Span<byte> value, out int bytesWritten) =>
        ChangeCaseInPlace(value, toUpper: false, out bytesWritten);

    /// <summary>Raises 'a'..'z' in place, stopping at the first non-ASCII byte (left unchanged, as is all after it).</summary>
    /// <param name="value">The bytes to convert.</param>
    /// <param name="bytesWritten">The number of leading bytes converted: <paramref name="value"/>'s length, or the index of the first non-ASCII byte.</param>
    /// <returns><see cref="OperationStatus.Done"/> or <see cref="OperationStatus.InvalidData"/>.</returns>
    public static OperationStatus ToUpperInPlace(Span<byte> value, out int bytesWritten) =>
        ChangeCaseInPlace(value, toUpper: true, out bytesWritten);

    private static OperationStatus ChangeCase(ReadOnlySpan<char> source, Span<char> destination, bool toUpper, out int written)
    {
        ThrowIfOverlap(MemoryMarshal.AsBytes(source), MemoryMarshal.AsBytes((ReadOnlySpan<char>)destination));
        return ChangeCaseApart(source, destination, toUpper, out written);
    }

    private static OperationStatus ChangeCase(ReadOnlySpan<byte> source, Span<byte> destination, bool toUpper, out int written)
    {
        ThrowIfOverlap(source, destination);
        return ChangeCaseApart(source, destination, toUpper, out written);
    }

    private static OperationStatus ChangeCaseApart(ReadOnlySpan<char> source, Span<char> destination, bool toUpper, out int written)
    {
        int length = Math.Min(source.Length, destination.Length);
        nuint converted = AsciiCore.ChangeCase(
            ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length, toUpper);
        written = (int)converted;
        return Status((int)converted, length, source.Length);
    }

    private static OperationStatus ChangeCaseApart(ReadOnlySpan<byte> source, Span<byte> destination, bool toUpper, out int written)
    {
        int length = Math.Min(source.Length, destination.Length);
        nuint converted = AsciiCore.ChangeCase(
            ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length, toUpper);
        written = (int)converted;
        return Status((int)converted, length, source.Length);
    }

    private static OperationStatus ChangeCaseInPlace(Span<char> value, bool toUpper, out int written)
    {
        written = (int)AsciiCore.ChangeCaseInPlace(ref MemoryMarshal.GetReference(value), (nuint)value.Length, toUpper);
        return written == value.Length ? OperationStatus.Done : OperationStatus.InvalidData;
    }

    private static OperationStatus ChangeCaseInPlace(Span<byte> value, bool toUpper, out int written)
    {
        written = (int)AsciiCore.ChangeCaseInPlace(ref MemoryMarshal.GetReference(value), (nuint)value.Length, toUpper);
        return written == value.Length ? OperationStatus.Done : OperationStatus.InvalidData;
    }

    /// <summary>The runtime's rule for span-to-span conversions: any overlap at all is refused (in place has its own methods).</summary>
    internal static void ThrowIfOverlap(ReadOnlySpan<byte> source, ReadOnlySpan<byte> destination)
    {
        if (source.Overlaps(destination))
        {
            ThrowHelper.ThrowInvalidOperation("The source and destination buffers overlap; use the InPlace methods to convert in place.");
        }
    }
}
