using System;
using System.Buffers.Text;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

/// <summary>
/// The one parser of TsvRow's Guid columns (<c>GetGuid</c>, <c>TryGetGuid</c>, and <c>Parse&lt;Guid&gt;</c> with the
/// invariant culture): the 'D' form, <c>0f8fad5b-d9cb-469f-a165-70867728950e</c>, 36 bytes, hex digits in either
/// case, read by the library itself; <see cref="Utf8Parser"/> with the whole field consumed decides every other text.
/// The 'D' form is the only text Utf8Parser's default format accepts whole, so the two agree on every input (the
/// tests compare them).
/// </summary>
internal static partial class TsvGuidText
{
    internal const int DashedLength = 36;

    // Where each of the 16 bytes' two hex digits start in the text, in the text's order (most significant first).
    private static ReadOnlySpan<byte> PairStarts => [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

    // Each byte's hex value, 0xFF for a byte that is not a hex digit: one lookup per digit, and one test for all 32.
    private static ReadOnlySpan<byte> HexValues =>
    [
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255, 255, 255, 255, 255, 255,
        255, 10, 11, 12, 13, 14, 15, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 10, 11, 12, 13, 14, 15, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    ];

    /// <summary>Parses a whole field as Utf8Parser does with its default ('D') format and every byte consumed.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParse(ReadOnlySpan<byte> text, out Guid value) =>
        TryParseDashed(text, out value) || TryParseOther(text, out value);

    /// <summary>The 'D' form, as vector code where the CPU has a byte shuffle, else <see cref="TryParseDashedScalar"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParseDashed(ReadOnlySpan<byte> text, out Guid value) =>
        IsDashedAccelerated ? TryParseDashedVector(text, out value) : TryParseDashedScalar(text, out value);

    /// <summary>
    /// The 'D' form a byte at a time: 36 bytes, '-' at 8, 13, 18 and 23, hex digits everywhere else. The scalar twin
    /// of the vector step (the tests compare the two) and the parser where there is none.
    /// </summary>
    internal static bool TryParseDashedScalar(ReadOnlySpan<byte> text, out Guid value)
    {
        value = default;
        if (text.Length != DashedLength || !HasDashes(text))
        {
            return false;
        }

        // The length check above keeps every index below inside the text; a byte indexes the 256-entry table.
        ref byte start = ref MemoryMarshal.GetReference(text);
        ref byte hex = ref MemoryMarshal.GetReference(HexValues);
        ref byte pairStarts = ref MemoryMarshal.GetReference(PairStarts);
        // The 16 bytes in the text's order, as two big-endian halves.
        ulong head = 0;
        ulong tail = 0;
        int invalid = 0;
        for (int i = 0; i < 16; i++)
        {
            int at = Unsafe.Add(ref pairStarts, i);
            int high = Unsafe.Add(ref hex, Unsafe.Add(ref start, at));
            int low = Unsafe.Add(ref hex, Unsafe.Add(ref start, at + 1));
            invalid |= high | low;
            ulong pair = (uint)((high << 4) | low);
            if (i < 8)
            {
                head = (head << 8) | pair;
            }
            else
            {
                tail = (tail << 8) | pair;
            }
        }

        if ((invalid & 0xF0) != 0)
        {
            return false;
        }

        value = new Guid(
            (int)(head >> 32),
            (short)(head >> 16),
            (short)head,
            (byte)(tail >> 56), (byte)(tail >> 48), (byte)(tail >> 40), (byte)(tail >> 32), (byte)(tail >> 24), (byte)(tail >> 16), (byte)(tail >> 8), (byte)tail);
        return true;
    }

    /// <summary>Bytes 8, 13, 18 and 23 of a 36-byte text are '-'.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool HasDashes(ReadOnlySpan<byte> text) =>
        (text[8] == '-') & (text[13] == '-') & (text[18] == '-') & (text[23] == '-');

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TryParseOther(ReadOnlySpan<byte> text, out Guid value) =>
        Utf8Parser.TryParse(text, out value, out int consumed) && consumed == text.Length;
}
