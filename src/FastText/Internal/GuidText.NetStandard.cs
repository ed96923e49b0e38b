using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText.Internal;

internal static partial class GuidText
{
    // Two hex digits per byte value, looked up once per byte: on Mono and .NET Framework a lookup per digit (or
    // Utf8Formatter's Guid path, then widening) cost several times the 16 lookups.
    private static readonly string HexPairs = CreateHexPairs();

    /// <summary>Writes <paramref name="value"/> in <paramref name="symbol"/>'s format; <paramref name="destination"/> is exactly <see cref="LengthOf"/> long.</summary>
    internal static void Write(Guid value, char symbol, Span<char> destination)
    {
        // netstandard2.0 has no Guid.TryFormat. The fields are read in place (Guid's layout is int, short, short, 8
        // bytes, the order Guid.ToString writes them in) without the temporary array ToByteArray would allocate.
        GuidFields fields = Unsafe.As<Guid, GuidFields>(ref value);
        if (symbol == 'X')
        {
            WriteX(in fields, destination);
            return;
        }

        int pos = 0;
        if (symbol is 'B' or 'P')
        {
            destination[pos++] = symbol == 'B' ? '{' : '(';
        }

        bool dashes = symbol != 'N';
        pos = WriteBytes((uint)fields.A, 4, destination, pos);
        pos = Dash(dashes, destination, pos);
        pos = WriteBytes((ushort)fields.B, 2, destination, pos);
        pos = Dash(dashes, destination, pos);
        pos = WriteBytes((ushort)fields.C, 2, destination, pos);
        pos = Dash(dashes, destination, pos);
        pos = WritePair(fields.D, destination, pos);
        pos = WritePair(fields.E, destination, pos);
        pos = Dash(dashes, destination, pos);
        pos = WritePair(fields.F, destination, pos);
        pos = WritePair(fields.G, destination, pos);
        pos = WritePair(fields.H, destination, pos);
        pos = WritePair(fields.I, destination, pos);
        pos = WritePair(fields.J, destination, pos);
        pos = WritePair(fields.K, destination, pos);
        if (symbol is 'B' or 'P')
        {
            destination[pos] = symbol == 'B' ? '}' : ')';
        }
    }

    // {0xaaaaaaaa,0xbbbb,0xcccc,{0xdd,0xee,0xff,0xgg,0xhh,0xii,0xjj,0xkk}}
    private static void WriteX(in GuidFields fields, Span<char> destination)
    {
        int pos = 0;
        destination[pos++] = '{';
        pos = Write0x((uint)fields.A, 4, destination, pos);
        destination[pos++] = ',';
        pos = Write0x((ushort)fields.B, 2, destination, pos);
        destination[pos++] = ',';
        pos = Write0x((ushort)fields.C, 2, destination, pos);
        destination[pos++] = ',';
        destination[pos++] = '{';
        pos = Write0x(fields.D, 1, destination, pos);
        pos = CommaByte(fields.E, destination, pos);
        pos = CommaByte(fields.F, destination, pos);
        pos = CommaByte(fields.G, destination, pos);
        pos = CommaByte(fields.H, destination, pos);
        pos = CommaByte(fields.I, destination, pos);
        pos = CommaByte(fields.J, destination, pos);
        pos = CommaByte(fields.K, destination, pos);
        destination[pos++] = '}';
        destination[pos] = '}';
    }

    private static int CommaByte(byte value, Span<char> destination, int pos)
    {
        destination[pos++] = ',';
        return Write0x(value, 1, destination, pos);
    }

    private static int Write0x(uint value, int byteCount, Span<char> destination, int pos)
    {
        destination[pos++] = '0';
        destination[pos++] = 'x';
        return WriteBytes(value, byteCount, destination, pos);
    }

    private static int Dash(bool dashes, Span<char> destination, int pos)
    {
        if (dashes)
        {
            destination[pos++] = '-';
        }

        return pos;
    }

    // The low byteCount bytes of value, most significant first.
    private static int WriteBytes(uint value, int byteCount, Span<char> destination, int pos)
    {
        for (int shift = (byteCount - 1) * 8; shift >= 0; shift -= 8)
        {
            pos = WritePair((byte)(value >> shift), destination, pos);
        }

        return pos;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int WritePair(byte value, Span<char> destination, int pos)
    {
        destination[pos] = HexPairs[2 * value];
        destination[pos + 1] = HexPairs[(2 * value) + 1];
        return pos + 2;
    }

    private static string CreateHexPairs()
    {
        const string digits = "0123456789abcdef";
        char[] pairs = new char[512];
        for (int i = 0; i < 256; i++)
        {
            pairs[2 * i] = digits[i >> 4];
            pairs[(2 * i) + 1] = digits[i & 0xF];
        }

        return new string(pairs);
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
