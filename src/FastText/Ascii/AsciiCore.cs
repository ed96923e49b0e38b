using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// The element loops behind <see cref="AsciiText"/>. Each returns how many leading elements it processed
/// before the first non-ASCII one (or <c>length</c>), and never touches memory at or beyond <c>length</c>.
/// PLACEHOLDER: plain scalar loops until the SIMD paths land.
/// </summary>
internal static class AsciiCore
{
    public static nuint Narrow(ref char source, ref byte destination, nuint length)
    {
        nuint i = 0;
        for (; i < length; i++)
        {
            char c = Unsafe.Add(ref source, i);
            if (c > 0x7F)
            {
                break;
            }

            Unsafe.Add(ref destination, i) = (byte)c;
        }

        return i;
    }

    public static nuint Widen(ref byte source, ref char destination, nuint length)
    {
        nuint i = 0;
        for (; i < length; i++)
        {
            byte b = Unsafe.Add(ref source, i);
            if (b > 0x7F)
            {
                break;
            }

            Unsafe.Add(ref destination, i) = (char)b;
        }

        return i;
    }

    public static nuint IndexOfNonAscii(ref char source, nuint length)
    {
        nuint i = 0;
        while (i < length && Unsafe.Add(ref source, i) <= 0x7F)
        {
            i++;
        }

        return i;
    }

    public static nuint IndexOfNonAscii(ref byte source, nuint length)
    {
        nuint i = 0;
        while (i < length && Unsafe.Add(ref source, i) <= 0x7F)
        {
            i++;
        }

        return i;
    }

    public static nuint ChangeCase(ref char source, ref char destination, nuint length, bool toUpper)
    {
        uint from = toUpper ? 'a' : 'A';
        nuint i = 0;
        for (; i < length; i++)
        {
            char c = Unsafe.Add(ref source, i);
            if (c > 0x7F)
            {
                break;
            }

            Unsafe.Add(ref destination, i) = (uint)(c - from) <= 'z' - 'a' ? (char)(c ^ 0x20) : c;
        }

        return i;
    }

    public static nuint ChangeCase(ref byte source, ref byte destination, nuint length, bool toUpper)
    {
        uint from = toUpper ? 'a' : 'A';
        nuint i = 0;
        for (; i < length; i++)
        {
            byte b = Unsafe.Add(ref source, i);
            if (b > 0x7F)
            {
                break;
            }

            Unsafe.Add(ref destination, i) = (uint)(b - from) <= 'z' - 'a' ? (byte)(b ^ 0x20) : b;
        }

        return i;
    }
}
