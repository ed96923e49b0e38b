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

    /// <summary>
    /// <see cref="Narrow"/> for at most 16 chars (a literal or a short value), without the dispatch on length: two
    /// overlapping loads cover 8 to 16 chars, so a builder's append inlines it instead of looping char by char.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint NarrowShort(ref char source, ref byte destination, nuint length) =>
        AsciiShort.Narrow(ref source, ref destination, length);

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

    // In place, the paths' last vector overlaps the one stored just before it, and a load that overlaps an earlier
    // store at another offset cannot be served from the store buffer: the CPU waits for the store to retire (a
    // store-forwarding stall; it made converting 33 bytes in place cost more than 128). Here the text is cut into
    // whole steps of ever narrower paths (then single elements), so no load reads what the same call wrote, and a
    // second call over the same text finds each of its loads matching one earlier store exactly.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint ChangeCaseInPlace(ref char value, nuint length, bool toUpper)
    {
        nuint done = 0;
        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<ushort>.Count)
        {
            nuint whole = length & ~(nuint)(Vector256<ushort>.Count - 1);
            done = AsciiVector256.ChangeCase(ref value, ref value, whole, toUpper);
            if (done != whole || done == length)
            {
                return done;
            }
        }

        if (Vector128.IsHardwareAccelerated && length - done >= (nuint)Vector128<ushort>.Count)
        {
            nuint whole = (length - done) & ~(nuint)(Vector128<ushort>.Count - 1);
            ref char rest = ref Unsafe.Add(ref value, done);
            nuint converted = AsciiVector128.ChangeCase(ref rest, ref rest, whole, toUpper);
            done += converted;
            if (converted != whole || done == length)
            {
                return done;
            }
        }

        nuint quads = (length - done) & ~(nuint)3;
        if (quads != 0)
        {
            ref char rest = ref Unsafe.Add(ref value, done);
            nuint converted = AsciiUInt64.ChangeCase(ref rest, ref rest, quads, toUpper);
            done += converted;
            if (converted != quads || done == length)
            {
                return done;
            }
        }

        ref char tail = ref Unsafe.Add(ref value, done);
        return done + AsciiScalar.ChangeCase(ref tail, ref tail, length - done, toUpper);
    }

    /// <summary>The byte form of <see cref="ChangeCaseInPlace(ref char, nuint, bool)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint ChangeCaseInPlace(ref byte value, nuint length, bool toUpper)
    {
        nuint done = 0;
        if (Vector256.IsHardwareAccelerated && length >= (nuint)Vector256<byte>.Count)
        {
            nuint whole = length & ~(nuint)(Vector256<byte>.Count - 1);
            done = AsciiVector256.ChangeCase(ref value, ref value, whole, toUpper);
            if (done != whole || done == length)
            {
                return done;
            }
        }

        if (Vector128.IsHardwareAccelerated && length - done >= (nuint)Vector128<byte>.Count)
        {
            nuint whole = (length - done) & ~(nuint)(Vector128<byte>.Count - 1);
            ref byte rest = ref Unsafe.Add(ref value, done);
            nuint converted = AsciiVector128.ChangeCase(ref rest, ref rest, whole, toUpper);
            done += converted;
            if (converted != whole || done == length)
            {
                return done;
            }
        }

        nuint octets = (length - done) & ~(nuint)7;
        if (octets != 0)
        {
            ref byte rest = ref Unsafe.Add(ref value, done);
            nuint converted = AsciiUInt64.ChangeCase(ref rest, ref rest, octets, toUpper);
            done += converted;
            if (converted != octets || done == length)
            {
                return done;
            }
        }

        ref byte tail = ref Unsafe.Add(ref value, done);
        return done + AsciiScalar.ChangeCase(ref tail, ref tail, length - done, toUpper);
    }
}
