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
        if (destination.Length < LengthOf(symbol))
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(destination));
        }

        // netstandard2.0 has no Guid.TryFormat. The fields are read in place (Guid's layout is int, short, short, 8
        // bytes, the order Guid.ToString writes them in) without the temporary array ToByteArray would allocate. The
        // writes go through a ref, not the span's indexer (the portable span's indexer is slow on Mono and .NET
        // Framework); the length check above keeps every one of them inside the destination.
        GuidFields fields = Unsafe.As<Guid, GuidFields>(ref value);
        ref char start = ref MemoryMarshal.GetReference(destination);
        ref char pairs = ref MemoryMarshal.GetReference(HexPairs.AsSpan());
        int pos = 0;
        if (symbol == 'X')
        {
            // {0xaaaaaaaa,0xbbbb,0xcccc,{0xdd,0xee,0xff,0xgg,0xhh,0xii,0xjj,0xkk}}
            pos = Char(ref start, pos, '{');
            pos = Hex0x(ref start, ref pairs, pos, (uint)fields.A, 4);
            pos = Char(ref start, pos, ',');
            pos = Hex0x(ref start, ref pairs, pos, (ushort)fields.B, 2);
            pos = Char(ref start, pos, ',');
            pos = Hex0x(ref start, ref pairs, pos, (ushort)fields.C, 2);
            pos = Char(ref start, pos, ',');
            pos = Char(ref start, pos, '{');
            pos = Hex0x(ref start, ref pairs, pos, fields.D, 1);
            pos = Hex0x(ref start, ref pairs, Char(ref start, pos, ','), fields.E, 1);
            pos = Hex0x(ref start, ref pairs, Char(ref start, pos, ','), fields.F, 1);
            pos = Hex0x(ref start, ref pairs, Char(ref start, pos, ','), fields.G, 1);
            pos = Hex0x(ref start, ref pairs, Char(ref start, pos, ','), fields.H, 1);
            pos = Hex0x(ref start, ref pairs, Char(ref start, pos, ','), fields.I, 1);
            pos = Hex0x(ref start, ref pairs, Char(ref start, pos, ','), fields.J, 1);
            pos = Hex0x(ref start, ref pairs, Char(ref start, pos, ','), fields.K, 1);
            pos = Char(ref start, pos, '}');
            Char(ref start, pos, '}');
            return;
        }

        if (symbol is 'B' or 'P')
        {
            pos = Char(ref start, pos, symbol == 'B' ? '{' : '(');
        }

        bool dashes = symbol != 'N';
        pos = Hex(ref start, ref pairs, pos, (uint)fields.A, 4);
        pos = Dash(ref start, pos, dashes);
        pos = Hex(ref start, ref pairs, pos, (ushort)fields.B, 2);
        pos = Dash(ref start, pos, dashes);
        pos = Hex(ref start, ref pairs, pos, (ushort)fields.C, 2);
        pos = Dash(ref start, pos, dashes);
        pos = Pair(ref start, ref pairs, pos, fields.D);
        pos = Pair(ref start, ref pairs, pos, fields.E);
        pos = Dash(ref start, pos, dashes);
        pos = Pair(ref start, ref pairs, pos, fields.F);
        pos = Pair(ref start, ref pairs, pos, fields.G);
        pos = Pair(ref start, ref pairs, pos, fields.H);
        pos = Pair(ref start, ref pairs, pos, fields.I);
        pos = Pair(ref start, ref pairs, pos, fields.J);
        pos = Pair(ref start, ref pairs, pos, fields.K);
        if (symbol is 'B' or 'P')
        {
            Char(ref start, pos, symbol == 'B' ? '}' : ')');
        }
    }

    // Each writer below puts its chars at start + pos (the caller checked they are there) and returns the next pos.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Char(ref char start, int pos, char value)
    {
        Unsafe.Add(ref start, pos) = value;
        return pos + 1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Dash(ref char start, int pos, bool dashes) => dashes ? Char(ref start, pos, '-') : pos;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Pair(ref char start, ref char pairs, int pos, byte value)
    {
        // A byte indexes one of the table's 256 pairs: always inside it.
        ref char pair = ref Unsafe.Add(ref pairs, 2 * value);
        Unsafe.Add(ref start, pos) = pair;
        Unsafe.Add(ref start, pos + 1) = Unsafe.Add(ref pair, 1);
        return pos + 2;
    }

    // The low byteCount bytes of value, most significant first.
    private static int Hex(ref char start, ref char pairs, int pos, uint value, int byteCount)
    {
        for (int shift = (byteCount - 1) * 8; shift >= 0; shift -= 8)
        {
            pos = Pair(ref start, ref pairs, pos, (byte)(value >> shift));
        }

        return pos;
    }

    private static int Hex0x(ref char start, ref char pairs, int pos, uint value, int byteCount) =>
        Hex(ref start, ref pairs, Char(ref start, Char(ref start, pos, '0'), 'x'), value, byteCount);

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
