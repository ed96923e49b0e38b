using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace FastText;

/// <summary>
/// Picks the widest accelerated path that the input fills at least once. Every condition but the length is a
/// JIT-time constant, so after inlining each public method holds one or two direct calls. The paths return how
/// many leading elements they processed before the first non-ASCII one (or <c>length</c>), and never touch
/// memory at or beyond <c>length</c>.
/// </summary>
internal static class AsciiCore
{
    private static bool UseVector512 => Vector512.IsHardwareAccelerated && Avx512BW.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint Narrow(ref char source, ref byte destination, nuint length)
    {
        if (length < (nuint)Vector128<byte>.Count)
        {
            return AsciiShort.Narrow(ref source, ref destination, length);
        }

        if (UseVector512 && length >= (nuint)Vector512<byte>.Count)
        {
            return AsciiVector512.Narrow(ref source, ref destination, length);
        }

        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<byte>.Count)
        {
            return AsciiVector256.Narrow(ref source, ref destination, length);
        }

        if (Vector128.IsHardwareAccelerated && length >= (nuint)Vector128<byte>.Count)
        {
            return AsciiVector128.Narrow(ref source, ref destination, length);
        }

        return AsciiUInt64.Narrow(ref source, ref destination, length);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint Widen(ref byte source, ref char destination, nuint length)
    {
        if (length < (nuint)Vector128<byte>.Count)
        {
            return AsciiShort.Widen(ref source, ref destination, length);
        }

        if (UseVector512 && length >= (nuint)Vector512<byte>.Count)
        {
            return AsciiVector512.Widen(ref source, ref destination, length);
        }

        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<byte>.Count)
        {
            return AsciiVector256.Widen(ref source, ref destination, length);
        }

        if (Vector128.IsHardwareAccelerated && length >= (nuint)Vector128<byte>.Count)
        {
            return AsciiVector128.Widen(ref source, ref destination, length);
        }

        return AsciiUInt64.Widen(ref source, ref destination, length);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint IndexOfNonAscii(ref char source, nuint length)
    {
        if (length < (nuint)Vector128<ushort>.Count)
        {
            return AsciiShort.IndexOfNonAscii(ref source, length);
        }

        if (UseVector512 && length >= (nuint)Vector512<ushort>.Count)
        {
            return AsciiVector512.IndexOfNonAscii(ref source, length);
        }

        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<ushort>.Count)
        {
            return AsciiVector256.IndexOfNonAscii(ref source, length);
        }

        if (Vector128.IsHardwareAccelerated && length >= (nuint)Vector128<ushort>.Count)
        {
            return AsciiVector128.IndexOfNonAscii(ref source, length);
        }

        return AsciiUInt64.IndexOfNonAscii(ref source, length);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint IndexOfNonAscii(ref byte source, nuint length)
    {
        if (length < (nuint)Vector128<byte>.Count)
        {
            return AsciiShort.IndexOfNonAscii(ref source, length);
        }

        if (UseVector512 && length >= (nuint)Vector512<byte>.Count)
        {
            return AsciiVector512.IndexOfNonAscii(ref source, length);
        }

        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<byte>.Count)
        {
            return AsciiVector256.IndexOfNonAscii(ref source, length);
        }

        if (Vector128.IsHardwareAccelerated && length >= (nuint)Vector128<byte>.Count)
        {
            return AsciiVector128.IndexOfNonAscii(ref source, length);
        }

        return AsciiUInt64.IndexOfNonAscii(ref source, length);
    }

    // Case conversion stops at 256 bits: the key builders convert short strings, where wider vectors do not pay.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint ChangeCase(ref char source, ref char destination, nuint length, bool toUpper)
    {
        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<ushort>.Count)
        {
            return AsciiVector256.ChangeCase(ref source, ref destination, length, toUpper);
        }

        if (Vector128.IsHardwareAccelerated && length >= (nuint)Vector128<ushort>.Count)
        {
            return AsciiVector128.ChangeCase(ref source, ref destination, length, toUpper);
        }

        return AsciiUInt64.ChangeCase(ref source, ref destination, length, toUpper);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint ChangeCase(ref byte source, ref byte destination, nuint length, bool toUpper)
    {
        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<byte>.Count)
        {
            return AsciiVector256.ChangeCase(ref source, ref destination, length, toUpper);
        }

        if (Vector128.IsHardwareAccelerated && length >= (nuint)Vector128<byte>.Count)
        {
            return AsciiVector128.ChangeCase(ref source, ref destination, length, toUpper);
        }

        return AsciiUInt64.ChangeCase(ref source, ref destination, length, toUpper);
    }
}
