using System.Numerics;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// ASCII equality over <see cref="Vector{T}"/> for the netstandard2.0 build: whole vectors, then one final vector that
/// overlaps the previous one (never reading past either span). Each step folds every reason for "unequal" (a differing
/// lane, a non-ASCII lane) into one vector and tests it once. Callers pass equal lengths of at least one vector
/// (<see cref="Vector{T}.Count"/> of the wider element for the byte/char form).
/// </summary>
internal static class AsciiEqualityVectorT
{
    public static bool IsHardwareAccelerated => Vector.IsHardwareAccelerated;

    public static bool Equals(ref byte left, ref byte right, nuint length, bool ignoreCase)
    {
        nuint step = (nuint)Vector<byte>.Count;
        if (length < step)
        {
            return AsciiEqualityScalar.Equals(ref left, ref right, length, ignoreCase);
        }

        var nonAscii = new Vector<byte>(0x80);
        nuint last = length - step;
        for (nuint i = 0; i < length; i += step)
        {
            i = i > last ? last : i;
            Vector<byte> a = Load(ref left, i);
            Vector<byte> b = Load(ref right, i);
            // Exact: a differing lane, or a non-ASCII lane in a (b equals a wherever it matters).
            Vector<byte> unequal = ignoreCase
                ? ((a | b) & nonAscii) | (FoldCase(a) ^ FoldCase(b))
                : (a ^ b) | (a & nonAscii);
            if (unequal != Vector<byte>.Zero)
            {
                return false;
            }
        }

        return true;
    }

    public static bool Equals(ref byte left, ref char right, nuint length, bool ignoreCase)
    {
        nuint step = (nuint)Vector<byte>.Count;
        if (length < step)
        {
            return AsciiEqualityScalar.Equals(ref left, ref right, length, ignoreCase);
        }

        ref ushort chars = ref Unsafe.As<char, ushort>(ref right);
        nuint half = (nuint)Vector<ushort>.Count;
        var nonAsciiByte = new Vector<byte>(0x80);
        var nonAsciiChar = new Vector<ushort>(0xFF80);
        nuint last = length - step;
        for (nuint i = 0; i < length; i += step)
        {
            i = i > last ? last : i;
            Vector<byte> a = Load(ref left, i);
            Vector.Widen(a, out Vector<ushort> a0, out Vector<ushort> a1);
            Vector<ushort> b0 = Load(ref chars, i);
            Vector<ushort> b1 = Load(ref chars, i + half);
            Vector<ushort> unequal = Vector.AsVectorUInt16(a & nonAsciiByte);
            unequal |= ignoreCase
                ? ((b0 | b1) & nonAsciiChar) | (FoldCase(a0) ^ FoldCase(b0)) | (FoldCase(a1) ^ FoldCase(b1))
                : (a0 ^ b0) | (a1 ^ b1);
            if (unequal != Vector<ushort>.Zero)
            {
                return false;
            }
        }

        return true;
    }

    public static bool Equals(ref char left, ref char right, nuint length, bool ignoreCase)
    {
        nuint step = (nuint)Vector<ushort>.Count;
        if (length < step)
        {
            return AsciiEqualityScalar.Equals(ref left, ref right, length, ignoreCase);
        }

        ref ushort l = ref Unsafe.As<char, ushort>(ref left);
        ref ushort r = ref Unsafe.As<char, ushort>(ref right);
        var nonAscii = new Vector<ushort>(0xFF80);
        nuint last = length - step;
        for (nuint i = 0; i < length; i += step)
        {
            i = i > last ? last : i;
            Vector<ushort> a = Load(ref l, i);
            Vector<ushort> b = Load(ref r, i);
            Vector<ushort> unequal = ignoreCase
                ? ((a | b) & nonAscii) | (FoldCase(a) ^ FoldCase(b))
                : (a ^ b) | (a & nonAscii);
            if (unequal != Vector<ushort>.Zero)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Sets the 0x20 bit of lanes in 'A'..'Z' (an unsigned compare of value - 'A' against 26).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector<byte> FoldCase(Vector<byte> value) =>
        value | (Vector.LessThan(value - new Vector<byte>((byte)'A'), new Vector<byte>(26)) & new Vector<byte>(0x20));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector<ushort> FoldCase(Vector<ushort> value) =>
        value | (Vector.LessThan(value - new Vector<ushort>('A'), new Vector<ushort>(26)) & new Vector<ushort>(0x20));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector<T> Load<T>(ref T source, nuint index)
        where T : struct =>
        Unsafe.ReadUnaligned<Vector<T>>(ref Unsafe.As<T, byte>(ref Unsafe.Add(ref source, (nint)index)));
}
