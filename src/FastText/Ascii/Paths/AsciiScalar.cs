using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// One element per step: the reference every faster path is tested against in-process, and the tail of the
/// UInt64 path. No bounds checks (the callers pass a length they validated).
/// </summary>
internal static class AsciiScalar
{
    public static bool IsHardwareAccelerated => false;

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
        uint first = toUpper ? 'a' : 'A';
        nuint i = 0;
        for (; i < length; i++)
        {
            char c = Unsafe.Add(ref source, i);
            if (c > 0x7F)
            {
                break;
            }

            Unsafe.Add(ref destination, i) = (uint)(c - first) <= 'z' - 'a' ? (char)(c ^ 0x20) : c;
        }

        return i;
    }

    public static nuint ChangeCase(ref byte source, ref byte destination, nuint length, bool toUpper)
    {
        uint first = toUpper ? 'a' : 'A';
        nuint i = 0;
        for (; i < length; i++)
        {
            byte b = Unsafe.Add(ref source, i);
            if (b > 0x7F)
            {
                break;
            }

            Unsafe.Add(ref destination, i) = (uint)(b - first) <= 'z' - 'a' ? (byte)(b ^ 0x20) : b;
        }

        return i;
    }
}
