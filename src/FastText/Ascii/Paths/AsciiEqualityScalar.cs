using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Equality one element pair at a time: the netstandard2.0 fallback and tail, and the in-process reference for the
/// vector path. Equal means every pair is ASCII and equal (after folding 'A'..'Z' to lower case when ignoring case).
/// </summary>
internal static class AsciiEqualityScalar
{
    public static bool Equals(ref byte left, ref byte right, nuint length, bool ignoreCase)
    {
        for (nuint i = 0; i < length; i++)
        {
            if (!PairEquals(Unsafe.Add(ref left, (nint)i), Unsafe.Add(ref right, (nint)i), ignoreCase))
            {
                return false;
            }
        }

        return true;
    }

    public static bool Equals(ref byte left, ref char right, nuint length, bool ignoreCase)
    {
        for (nuint i = 0; i < length; i++)
        {
            if (!PairEquals(Unsafe.Add(ref left, (nint)i), Unsafe.Add(ref right, (nint)i), ignoreCase))
            {
                return false;
            }
        }

        return true;
    }

    public static bool Equals(ref char left, ref char right, nuint length, bool ignoreCase)
    {
        for (nuint i = 0; i < length; i++)
        {
            if (!PairEquals(Unsafe.Add(ref left, (nint)i), Unsafe.Add(ref right, (nint)i), ignoreCase))
            {
                return false;
            }
        }

        return true;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool PairEquals(uint left, uint right, bool ignoreCase)
    {
        if ((left | right) > 0x7F)
        {
            return false;
        }

        return left == right || (ignoreCase && FoldCase(left) == FoldCase(right));
    }

    /// <summary>'A'..'Z' to 'a'..'z'; every other ASCII value unchanged.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint FoldCase(uint value) => value - 'A' <= 'Z' - 'A' ? value | 0x20 : value;
}
