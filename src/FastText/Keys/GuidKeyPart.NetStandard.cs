using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

internal sealed partial class GuidKeyPart
{
    private const string HexDigits = "0123456789abcdef";

    // netstandard2.0 has no Guid.TryFormat; the fields are read in place (Guid's layout is int, short, short, 8 bytes,
    // as Guid.ToString reads them) and hex-written without the temporary array ToByteArray would allocate.
    private static void WriteFormatted(Guid value, char format, Span<char> destination)
    {
        GuidFields fields = Unsafe.As<Guid, GuidFields>(ref value);
        int pos = 0;
        if (format == 'X')
        {
            WriteX(in fields, destination);
            return;
        }

        if (format is 'B' or 'P')
        {
            destination[pos++] = format == 'B' ? '{' : '(';
        }

        bool dashes = format != 'N';
        pos = WriteHex((uint)fields.A, 8, destination, pos);
        pos = Dash(dashes, destination, pos);
        pos = WriteHex((ushort)fields.B, 4, destination, pos);
        pos = Dash(dashes, destination, pos);
        pos = WriteHex((ushort)fields.C, 4, destination, pos);
        pos = Dash(dashes, destination, pos);
        pos = WriteHex(fields.D, 2, destination, pos);
        pos = WriteHex(fields.E, 2, destination, pos);
        pos = Dash(dashes, destination, pos);
        pos = WriteHex(fields.F, 2, destination, pos);
        pos = WriteHex(fields.G, 2, destination, pos);
        pos = WriteHex(fields.H, 2, destination, pos);
        pos = WriteHex(fields.I, 2, destination, pos);
        pos = WriteHex(fields.J, 2, destination, pos);
        pos = WriteHex(fields.K, 2, destination, pos);
        if (format is 'B' or 'P')
        {
            destination[pos] = format == 'B' ? '}' : ')';
        }
    }

    // {0xaaaaaaaa,0xbbbb,0xcccc,{0xdd,0xee,0xff,0xgg,0xhh,0xii,0xjj,0xkk}}
    private static void WriteX(in GuidFields fields, Span<char> destination)
    {
        int pos = 0;
        destination[pos++] = '{';
        pos = WriteHex0x((uint)fields.A, 8, destination, pos);
        destination[pos++] = ',';
        pos = WriteHex0x((ushort)fields.B, 4, destination, pos);
        destination[pos++] = ',';
        pos = WriteHex0x((ushort)fields.C, 4, destination, pos);
        destination[pos++] = ',';
        destination[pos++] = '{';
        pos = WriteHex0x(fields.D, 2, destination, pos);
        pos = CommaHex(fields.E, destination, pos);
        pos = CommaHex(fields.F, destination, pos);
        pos = CommaHex(fields.G, destination, pos);
        pos = CommaHex(fields.H, destination, pos);
        pos = CommaHex(fields.I, destination, pos);
        pos = CommaHex(fields.J, destination, pos);
        pos = CommaHex(fields.K, destination, pos);
        destination[pos++] = '}';
        destination[pos] = '}';
    }

    private static int CommaHex(byte value, Span<char> destination, int pos)
    {
        destination[pos++] = ',';
        return WriteHex0x(value, 2, destination, pos);
    }

    private static int WriteHex0x(uint value, int digits, Span<char> destination, int pos)
    {
        destination[pos++] = '0';
        destination[pos++] = 'x';
        return WriteHex(value, digits, destination, pos);
    }

    private static int Dash(bool dashes, Span<char> destination, int pos)
    {
        if (dashes)
        {
            destination[pos++] = '-';
        }

        return pos;
    }

    private static int WriteHex(uint value, int digits, Span<char> destination, int pos)
    {
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
        {
            destination[pos++] = HexDigits[(int)((value >> shift) & 0xF)];
        }

        return pos;
    }

    [StructLayout(LayoutKind.Sequential)]
    private readonly struct GuidFields
    {
        public readonly int A;
        public readonly short B;
        public readonly short C;
        public readonly byte D;
        public readonly byte E;
        public readonly byte F;
        public readonly byte G;
        public readonly byte H;
        public readonly byte I;
        public readonly byte J;
        public readonly byte K;
    }
}
