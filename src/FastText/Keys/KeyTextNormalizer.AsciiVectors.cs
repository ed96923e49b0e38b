using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

internal sealed partial class KeyTextNormalizer
{
    // The ASCII table of the write step holds only three kinds of entries: a char itself, its lower case (A-Z when the
    // rules lower), or the one replacement (for the whitespace chars the rules replace). So a whole vector of chars can
    // be mapped without a lookup: add 0x20 where A-Z, then put the replacement where the input was a replaced char.
    // Which chars are replaced is known when the rules are compiled; only the two sets KeyWhitespace can produce have a
    // vector form, anything else keeps the table loop.
    private const int NoReplacement = 0;
    private const int ReplaceSpace = 1;
    private const int ReplaceAsciiWhitespace = 2;
    private const int NoVectorForm = 3;

    private readonly int _vectorReplacement;

    /// <summary>Which vector form the replaced ASCII chars have: none, U+0020 only, or U+0009..U+000D and U+0020.</summary>
    private int ClassifyAsciiReplacements()
    {
        int spaceOnly = 0;
        int asciiWhitespace = 0;
        int replacedCount = 0;
        for (int i = 0; i < 128; i++)
        {
            if (!IsReplaced((char)i))
            {
                continue;
            }

            replacedCount++;
            spaceOnly += i == ' ' ? 1 : 0;
            asciiWhitespace += i == ' ' || i is >= '\t' and <= '\r' ? 1 : 0;
        }

        return replacedCount switch
        {
            0 => NoReplacement,
            1 when spaceOnly == 1 => ReplaceSpace,
            6 when asciiWhitespace == 6 => ReplaceAsciiWhitespace,
            _ => NoVectorForm,
        };
    }

    /// <summary>Writes an all-ASCII part a vector at a time; false (nothing decided) when the text is shorter than a
    /// vector, vectors are not accelerated, or the rules have no vector form. Throws when a char is no longer ASCII.</summary>
    private bool TryWriteAsciiVectors(ReadOnlySpan<char> text, Span<char> destination, string partName)
    {
        int width = Vector<ushort>.Count;
        if (!Vector.IsHardwareAccelerated || destination.Length < width || _vectorReplacement == NoVectorForm)
        {
            return false;
        }

        // Write checked text.Length == destination.Length; every load and store below is at [0, length - width].
        ref byte source = ref Unsafe.As<char, byte>(ref MemoryMarshal.GetReference(text));
        ref byte target = ref Unsafe.As<char, byte>(ref MemoryMarshal.GetReference(destination));
        nint lastStart = (destination.Length - width) * sizeof(char);
        nint step = width * sizeof(char);
        var upperA = new Vector<ushort>('A');
        var lettersAfterA = new Vector<ushort>('Z' - 'A');
        var caseBit = new Vector<ushort>(_lowerCase ? (ushort)0x20 : (ushort)0);
        var space = new Vector<ushort>(' ');
        var tab = new Vector<ushort>('\t');
        var controlWhitespaceAfterTab = new Vector<ushort>('\r' - '\t');
        var replacement = new Vector<ushort>(_writtenReplacement);
        Vector<ushort> seen = Vector<ushort>.Zero;
        for (nint offset = 0; ; offset += step)
        {
            // The last vector overlaps the one before it instead of a scalar tail; rewriting chars already written is
            // harmless, since the destination is ours.
            if (offset > lastStart)
            {
                offset = lastStart;
            }

            Vector<ushort> chars = Unsafe.ReadUnaligned<Vector<ushort>>(ref Unsafe.Add(ref source, offset));
            seen |= chars;
            // Unsigned: chars below 'A' wrap around to large values, so one comparison tests A..Z.
            Vector<ushort> mapped = chars + (Vector.LessThanOrEqual(chars - upperA, lettersAfterA) & caseBit);
            if (_vectorReplacement == ReplaceSpace)
            {
                mapped = Vector.ConditionalSelect(Vector.Equals(chars, space), replacement, mapped);
            }
            else if (_vectorReplacement == ReplaceAsciiWhitespace)
            {
                Vector<ushort> whitespace = Vector.Equals(chars, space) | Vector.LessThanOrEqual(chars - tab, controlWhitespaceAfterTab);
                mapped = Vector.ConditionalSelect(whitespace, replacement, mapped);
            }

            Unsafe.WriteUnaligned(ref Unsafe.Add(ref target, offset), mapped);
            if (offset == lastStart)
            {
                break;
            }
        }

        // Measure saw only ASCII; a char that is not ASCII now was written by someone else since (see Write).
        if ((seen & new Vector<ushort>(0xFF80)) != Vector<ushort>.Zero)
        {
            KeyThrowHelper.ThrowPartChanged(partName);
        }

        return true;
    }
}
