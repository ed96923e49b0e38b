using System.Numerics;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Picks <see cref="AsciiVectorT"/> when the runtime accelerates <see cref="Vector{T}"/> and the input fills one
/// vector, else the <see cref="AsciiUInt64"/> path. The paths return how many leading elements they processed before
/// the first non-ASCII one (or <c>length</c>), and never touch memory at or beyond <c>length</c>.
/// </summary>
internal static class AsciiCore
{
    /// <summary><see cref="Narrow"/> for at most 16 chars (a literal or a short value): the 64-bit path, a vector never fills.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint NarrowShort(ref char source, ref byte destination, nuint length) =>
        AsciiUInt64.Narrow(ref source, ref destination, length);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint Narrow(ref char source, ref byte destination, nuint length) =>
        Vector.IsHardwareAccelerated && length >= (nuint)Vector<byte>.Count
            ? AsciiVectorT.Narrow(ref source, ref destination, length)
            : AsciiUInt64.Narrow(ref source, ref destination, length);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint Widen(ref byte source, ref char destination, nuint length) =>
        Vector.IsHardwareAccelerated && length >= (nuint)Vector<byte>.Count
            ? AsciiVectorT.Widen(ref source, ref destination, length)
            : AsciiUInt64.Widen(ref source, ref destination, length);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint IndexOfNonAscii(ref char source, nuint length) =>
        Vector.IsHardwareAccelerated && length >= (nuint)Vector<ushort>.Count
            ? AsciiVectorT.IndexOfNonAscii(ref source, length)
            : AsciiUInt64.IndexOfNonAscii(ref source, length);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint IndexOfNonAscii(ref byte source, nuint length) =>
        Vector.IsHardwareAccelerated && length >= (nuint)Vector<byte>.Count
            ? AsciiVectorT.IndexOfNonAscii(ref source, length)
            : AsciiUInt64.IndexOfNonAscii(ref source, length);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint ChangeCase(ref char source, ref char destination, nuint length, bool toUpper) =>
        Vector.IsHardwareAccelerated && length >= (nuint)Vector<ushort>.Count
            ? AsciiVectorT.ChangeCase(ref source, ref destination, length, toUpper)
            : AsciiUInt64.ChangeCase(ref source, ref destination, length, toUpper);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint ChangeCase(ref byte source, ref byte destination, nuint length, bool toUpper) =>
        Vector.IsHardwareAccelerated && length >= (nuint)Vector<byte>.Count
            ? AsciiVectorT.ChangeCase(ref source, ref destination, length, toUpper)
            : AsciiUInt64.ChangeCase(ref source, ref destination, length, toUpper);

    // The net8.0 build cuts in-place text into non-overlapping steps to avoid store-forwarding stalls; Vector<T>
    // serves older runtimes, where the plain path is kept.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint ChangeCaseInPlace(ref char value, nuint length, bool toUpper) => ChangeCase(ref value, ref value, length, toUpper);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint ChangeCaseInPlace(ref byte value, nuint length, bool toUpper) => ChangeCase(ref value, ref value, length, toUpper);
}
