using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// The one parser of TsvRow's bool columns: "true" or "false" in any ASCII case and nothing else, exactly what
/// <see cref="System.Buffers.Text.Utf8Parser"/> accepts when it must consume the whole field.
/// </summary>
internal static class TsvBooleanText
{
    // "true" and "fals" read as little-endian words, lower case.
    private const uint TrueWord = 't' | ('r' << 8) | ('u' << 16) | ((uint)'e' << 24);
    private const uint FalsWord = 'f' | ('a' << 8) | ('l' << 16) | ((uint)'s' << 24);

    // Setting bit 5 lower-cases a letter and maps exactly one other byte to each of these letters: its upper case.
    private const uint LowerCaseBits = 0x20202020;

    /// <summary>
    /// Parses <paramref name="text"/> without a branch on which of the two words it is: a column of random values
    /// would mispredict that branch half the time. Only bytes inside <paramref name="text"/> are read.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParse(ReadOnlySpan<byte> text, out bool value)
    {
        int length = text.Length;
        if ((uint)(length - 4) > 1)
        {
            value = false;
            return false;
        }

        uint head = BinaryPrimitives.ReadUInt32LittleEndian(text) | LowerCaseBits;
        bool endsInE = (text[length - 1] | 0x20) == 'e';
        bool isTrue = (head == TrueWord) & (length == 4);
        bool isFalse = (head == FalsWord) & endsInE & (length == 5);
        value = isTrue;
        return isTrue | isFalse;
    }
}
