using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

/// <summary>
/// Equality on netstandard2.0: <see cref="AsciiEqualityVectorT"/> when <see cref="Vector{T}"/> is accelerated and the
/// input fills a vector, else <see cref="AsciiEqualityUInt64"/> (which takes <see cref="AsciiEqualityScalar"/> below
/// one 64-bit step). Different lengths are unequal before any element is read.
/// </summary>
internal static class AsciiEquality
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equals(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, bool ignoreCase)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        ref byte l = ref MemoryMarshal.GetReference(left);
        ref byte r = ref MemoryMarshal.GetReference(right);
        return Vector.IsHardwareAccelerated && left.Length >= Vector<byte>.Count
            ? AsciiEqualityVectorT.Equals(ref l, ref r, (nuint)left.Length, ignoreCase)
            : AsciiEqualityUInt64.Equals(ref l, ref r, (nuint)left.Length, ignoreCase);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equals(ReadOnlySpan<byte> left, ReadOnlySpan<char> right, bool ignoreCase)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        ref byte l = ref MemoryMarshal.GetReference(left);
        ref char r = ref MemoryMarshal.GetReference(right);
        return Vector.IsHardwareAccelerated && left.Length >= Vector<byte>.Count
            ? AsciiEqualityVectorT.Equals(ref l, ref r, (nuint)left.Length, ignoreCase)
            : AsciiEqualityUInt64.Equals(ref l, ref r, (nuint)left.Length, ignoreCase);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equals(ReadOnlySpan<char> left, ReadOnlySpan<char> right, bool ignoreCase)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        ref char l = ref MemoryMarshal.GetReference(left);
        ref char r = ref MemoryMarshal.GetReference(right);
        return Vector.IsHardwareAccelerated && left.Length >= Vector<ushort>.Count
            ? AsciiEqualityVectorT.Equals(ref l, ref r, (nuint)left.Length, ignoreCase)
            : AsciiEqualityUInt64.Equals(ref l, ref r, (nuint)left.Length, ignoreCase);
    }
}
