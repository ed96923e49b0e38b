using System.Numerics;
using System.Runtime.CompilerServices;
using Narrower = FastText.AsciiUInt64;

namespace FastText;

/// <summary>
/// The netstandard2.0 SIMD paths over <see cref="Vector{T}"/> (whatever width the runtime's JIT gives it: 256-bit
/// with AVX2, 128-bit with SSE2 or NEON), used when <see cref="Vector.IsHardwareAccelerated"/>.
/// </summary>
/// <remarks>
/// The same shape as the net8.0 Vector128/256/512 paths: whole vectors, then one overlapping final vector, each
/// checked for non-ASCII before it is stored; a vector holding non-ASCII goes to the UInt64 path, which finds the
/// exact index. There is no movemask in this API, so the index search always hands over that last vector.
/// </remarks>
internal static class AsciiVectorT
{
    public static bool IsHardwareAccelerated => Vector.IsHardwareAccelerated;

    public static nuint Narrow(ref char source, ref byte destination, nuint length)
    {
        nuint step = (nuint)Vector<byte>.Count;
        if (length < step)
        {
            return Narrower.Narrow(ref source, ref destination, length);
        }

        ref ushort chars = ref Unsafe.As<char, ushort>(ref source);
        var nonAscii = new Vector<ushort>(0xFF80);
        nuint last = length - step;
        for (nuint i = 0; i < length; i += step)
        {
            i = i > last ? last : i;
            Vector<ushort> a = Load(ref chars, i);
            Vector<ushort> b = Load(ref chars, i + (nuint)Vector<ushort>.Count);
            if (((a | b) & nonAscii) != Vector<ushort>.Zero)
            {
                return i + Narrower.Narrow(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), step);
            }

            Store(Vector.Narrow(a, b), ref destination, i);
        }

        return length;
    }

    public static nuint Widen(ref byte source, ref char destination, nuint length)
    {
        nuint step = (nuint)Vector<byte>.Count;
        if (length < step)
        {
            return Narrower.Widen(ref source, ref destination, length);
        }

        ref ushort chars = ref Unsafe.As<char, ushort>(ref destination);
        var nonAscii = new Vector<byte>(0x80);
        nuint last = length - step;
        for (nuint i = 0; i < length; i += step)
        {
            i = i > last ? last : i;
            Vector<byte> a = Load(ref source, i);
            if ((a & nonAscii) != Vector<byte>.Zero)
            {
                return i + Narrower.Widen(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), step);
            }

            Vector.Widen(a, out Vector<ushort> a0, out Vector<ushort> a1);
            Store(a0, ref chars, i);
            Store(a1, ref chars, i + (nuint)Vector<ushort>.Count);
        }

        return length;
    }

    public static nuint IndexOfNonAscii(ref char source, nuint length)
    {
        nuint step = (nuint)Vector<ushort>.Count;
        if (length < step)
        {
            return Narrower.IndexOfNonAscii(ref source, length);
        }

        ref ushort chars = ref Unsafe.As<char, ushort>(ref source);
        var nonAscii = new Vector<ushort>(0xFF80);
        nuint i = 0;
        if (length >= 2 * step)
        {
            nuint lastPair = length - (2 * step);
            do
            {
                Vector<ushort> a = Load(ref chars, i);
                Vector<ushort> b = Load(ref chars, i + step);
                if (((a | b) & nonAscii) != Vector<ushort>.Zero)
                {
                    break;
                }

                i += 2 * step;
            }
            while (i <= lastPair);
        }

        nuint last = length - step;
        for (; i < length; i += step)
        {
            i = i > last ? last : i;
            if ((Load(ref chars, i) & nonAscii) != Vector<ushort>.Zero)
            {
                return i + Narrower.IndexOfNonAscii(ref Unsafe.Add(ref source, i), step);
            }
        }

        return length;
    }

    public static nuint IndexOfNonAscii(ref byte source, nuint length)
    {
        nuint step = (nuint)Vector<byte>.Count;
        if (length < step)
        {
            return Narrower.IndexOfNonAscii(ref source, length);
        }

        var nonAscii = new Vector<byte>(0x80);
        nuint i = 0;
        if (length >= 2 * step)
        {
            nuint lastPair = length - (2 * step);
            do
            {
                Vector<byte> a = Load(ref source, i);
                Vector<byte> b = Load(ref source, i + step);
                if (((a | b) & nonAscii) != Vector<byte>.Zero)
                {
                    break;
                }

                i += 2 * step;
            }
            while (i <= lastPair);
        }

        nuint last = length - step;
        for (; i < length; i += step)
        {
            i = i > last ? last : i;
            if ((Load(ref source, i) & nonAscii) != Vector<byte>.Zero)
            {
                return i + Narrower.IndexOfNonAscii(ref Unsafe.Add(ref source, i), step);
            }
        }

        return length;
    }

    public static nuint ChangeCase(ref char source, ref char destination, nuint length, bool toUpper)
    {
        nuint step = (nuint)Vector<ushort>.Count;
        if (length < step)
        {
            return Narrower.ChangeCase(ref source, ref destination, length, toUpper);
        }

        ref ushort from = ref Unsafe.As<char, ushort>(ref source);
        ref ushort to = ref Unsafe.As<char, ushort>(ref destination);
        var nonAscii = new Vector<ushort>(0xFF80);
        // See AsciiVector256: c + (0x8000 - first) is in [0x8000, 0x8019] exactly for the letters to flip.
        var bias = new Vector<ushort>((ushort)(0x8000 - (toUpper ? 'a' : 'A')));
        var limit = new Vector<short>((short)(short.MinValue + 26));
        var caseBit = new Vector<ushort>(0x20);
        nuint last = length - step;
        for (nuint i = 0; i < length; i += step)
        {
            i = i > last ? last : i;
            Vector<ushort> a = Load(ref from, i);
            if ((a & nonAscii) != Vector<ushort>.Zero)
            {
                return i + Narrower.ChangeCase(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), step, toUpper);
            }

            Vector<ushort> isLetter = Vector.AsVectorUInt16(Vector.LessThan(Vector.AsVectorInt16(a + bias), limit));
            Store(a ^ (isLetter & caseBit), ref to, i);
        }

        return length;
    }

    public static nuint ChangeCase(ref byte source, ref byte destination, nuint length, bool toUpper)
    {
        nuint step = (nuint)Vector<byte>.Count;
        if (length < step)
        {
            return Narrower.ChangeCase(ref source, ref destination, length, toUpper);
        }

        var nonAscii = new Vector<byte>(0x80);
        var bias = new Vector<byte>((byte)(0x80 - (toUpper ? 'a' : 'A')));
        var limit = new Vector<sbyte>((sbyte)(sbyte.MinValue + 26));
        var caseBit = new Vector<byte>(0x20);
        nuint last = length - step;
        for (nuint i = 0; i < length; i += step)
        {
            i = i > last ? last : i;
            Vector<byte> a = Load(ref source, i);
            if ((a & nonAscii) != Vector<byte>.Zero)
            {
                return i + Narrower.ChangeCase(ref Unsafe.Add(ref source, i), ref Unsafe.Add(ref destination, i), step, toUpper);
            }

            Vector<byte> isLetter = Vector.AsVectorByte(Vector.LessThan(Vector.AsVectorSByte(a + bias), limit));
            Store(a ^ (isLetter & caseBit), ref destination, i);
        }

        return length;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector<T> Load<T>(ref T source, nuint index)
        where T : struct =>
        Unsafe.ReadUnaligned<Vector<T>>(ref Unsafe.As<T, byte>(ref Unsafe.Add(ref source, (nint)index)));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store<T>(Vector<T> value, ref T destination, nuint index)
        where T : struct =>
        Unsafe.WriteUnaligned(ref Unsafe.As<T, byte>(ref Unsafe.Add(ref destination, (nint)index)), value);
}
