using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace FastText;

/// <summary>
/// Inputs shorter than one 128-bit vector, inlined into the dispatcher so a 6-char call costs no extra call: two
/// overlapping loads (head and tail) cover any length in [n, 2n), both are checked before either is stored (1 to 3
/// chars: the first, middle and last), and anything else (non-ASCII, widening fewer than 4 elements) goes to the <see cref="AsciiUInt64"/> path for the exact count.
/// </summary>
internal static class AsciiShort
{
    private const ulong CharsNonAsciiBits = 0xFF80_FF80_FF80_FF80;
    private const ulong BytesNonAsciiBits = 0x8080_8080_8080_8080;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint Narrow(ref char source, ref byte destination, nuint length)
    {
        ref ushort chars = ref Unsafe.As<char, ushort>(ref source);
        if (Vector128.IsHardwareAccelerated && length >= 8)
        {
            Vector128<ushort> head = Vector128.LoadUnsafe(ref chars);
            Vector128<ushort> tail = Vector128.LoadUnsafe(ref chars, length - 8);
            if (((head | tail) & Vector128.Create((ushort)0xFF80)) == Vector128<ushort>.Zero)
            {
                // One pack narrows both: bytes 0-7 are the head, bytes 8-15 the tail.
                Vector128<ulong> packed = AsciiVector128.NarrowAscii(head, tail).AsUInt64();
                Unsafe.WriteUnaligned(ref destination, packed.ToScalar());
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, length - 8), packed.GetElement(1));
                return length;
            }
        }
        else if (BitConverter.IsLittleEndian && length is >= 4 and < 8)
        {
            ulong head = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref chars));
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref chars, length - 4)));
            if (((head | tail) & CharsNonAsciiBits) == 0)
            {
                Unsafe.WriteUnaligned(ref destination, AsciiUInt64.NarrowFour(head));
                Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, length - 4), AsciiUInt64.NarrowFour(tail));
                return length;
            }
        }
        else if (length is > 0 and < 4)
        {
            // First, middle and last char cover 1 to 3 chars without a loop (short fields and cells are common).
            ushort first = chars;
            ushort middle = Unsafe.Add(ref chars, length >> 1);
            ushort last = Unsafe.Add(ref chars, length - 1);
            if ((first | middle | last) <= 0x7F)
            {
                destination = (byte)first;
                Unsafe.Add(ref destination, length >> 1) = (byte)middle;
                Unsafe.Add(ref destination, length - 1) = (byte)last;
                return length;
            }
        }

        return AsciiUInt64.Narrow(ref source, ref destination, length);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint Widen(ref byte source, ref char destination, nuint length)
    {
        ref ushort chars = ref Unsafe.As<char, ushort>(ref destination);
        if (Vector128.IsHardwareAccelerated && length >= 8)
        {
            ulong head = Unsafe.ReadUnaligned<ulong>(ref source);
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, length - 8));
            if (((head | tail) & BytesNonAsciiBits) == 0)
            {
                Vector128.WidenLower(Vector128.CreateScalarUnsafe(head).AsByte()).StoreUnsafe(ref chars);
                Vector128.WidenLower(Vector128.CreateScalarUnsafe(tail).AsByte()).StoreUnsafe(ref chars, length - 8);
                return length;
            }
        }
        else if (BitConverter.IsLittleEndian && length is >= 4 and < 8)
        {
            uint head = Unsafe.ReadUnaligned<uint>(ref source);
            uint tail = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, length - 4));
            if (((head | tail) & 0x8080_8080) == 0)
            {
                Unsafe.WriteUnaligned(ref Unsafe.As<ushort, byte>(ref chars), AsciiUInt64.WidenFour(head));
                Unsafe.WriteUnaligned(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref chars, length - 4)), AsciiUInt64.WidenFour(tail));
                return length;
            }
        }

        return AsciiUInt64.Widen(ref source, ref destination, length);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint IndexOfNonAscii(ref char source, nuint length)
    {
        if (length >= 4)
        {
            ref byte bytes = ref Unsafe.As<char, byte>(ref source);
            ulong head = Unsafe.ReadUnaligned<ulong>(ref bytes);
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref bytes, (length - 4) * 2));
            if (((head | tail) & CharsNonAsciiBits) == 0)
            {
                return length;
            }
        }

        return AsciiUInt64.IndexOfNonAscii(ref source, length);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nuint IndexOfNonAscii(ref byte source, nuint length)
    {
        if (length >= 8)
        {
            ulong head = Unsafe.ReadUnaligned<ulong>(ref source);
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, length - 8));
            if (((head | tail) & BytesNonAsciiBits) == 0)
            {
                return length;
            }
        }
        else if (length >= 4)
        {
            uint head = Unsafe.ReadUnaligned<uint>(ref source);
            uint tail = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, length - 4));
            if (((head | tail) & 0x8080_8080) == 0)
            {
                return length;
            }
        }

        return AsciiUInt64.IndexOfNonAscii(ref source, length);
    }
}
