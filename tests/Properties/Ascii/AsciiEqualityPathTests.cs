using System.Runtime.InteropServices;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>
/// The internal equality paths run directly: the scalar and 64-bit SWAR ones on both builds, and on the netstandard2.0 build the
/// Vector&lt;T&gt; one (which the net8.0 build does not have: there the runtime's Ascii is called). Each against the
/// pair-at-a-time reference, at every length through several vector widths, with a difference, a case flip or a
/// non-ASCII value at every index, and flush against guard pages so a read past either span crashes the run.
/// </summary>
public class AsciiEqualityPathTests
{
    private delegate bool BytesBytes(ref byte left, ref byte right, nuint length, bool ignoreCase);

    private delegate bool BytesChars(ref byte left, ref char right, nuint length, bool ignoreCase);

    private delegate bool CharsChars(ref char left, ref char right, nuint length, bool ignoreCase);

    private sealed record EqualityPath(string Name, BytesBytes BytesBytes, BytesChars BytesChars, CharsChars CharsChars);

    private static readonly EqualityPath[] All =
    [
        new("Scalar", AsciiEqualityScalar.Equals, AsciiEqualityScalar.Equals, AsciiEqualityScalar.Equals),
        new("UInt64", AsciiEqualityUInt64.Equals, AsciiEqualityUInt64.Equals, AsciiEqualityUInt64.Equals),
#if FASTTEXT_NETSTANDARD
        new("VectorT", AsciiEqualityVectorT.Equals, AsciiEqualityVectorT.Equals, AsciiEqualityVectorT.Equals),
#endif
    ];

    public static TheoryData<string> Paths()
    {
        var data = new TheoryData<string>();
        foreach (EqualityPath path in All)
        {
            data.Add(path.Name);
        }

        return data;
    }

    private static bool Reference(ReadOnlySpan<char> left, ReadOnlySpan<char> right, bool ignoreCase)
    {
        for (int i = 0; i < left.Length; i++)
        {
            char a = left[i];
            char b = right[i];
            if (a > 0x7F || b > 0x7F || (ignoreCase ? AsciiReference.ChangeCase(a, false) != AsciiReference.ChangeCase(b, false) : a != b))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Runs all three forms over the same text (chars below U+0100 so the byte form is exact) and checks each against the reference.</summary>
    private static void Check(EqualityPath path, Span<char> leftChars, Span<char> rightChars, Span<byte> leftBytes, Span<byte> rightBytes)
    {
        for (int i = 0; i < leftChars.Length; i++)
        {
            leftBytes[i] = (byte)leftChars[i];
            rightBytes[i] = (byte)rightChars[i];
        }

        nuint length = (nuint)leftChars.Length;
        foreach (bool ignoreCase in new[] { false, true })
        {
            bool expected = Reference(leftChars, rightChars, ignoreCase);
            string what = $"{path.Name} ignoreCase={ignoreCase} '{leftChars.ToString()}' vs '{rightChars.ToString()}'";
            Assert.True(expected == path.BytesBytes(ref MemoryMarshal.GetReference(leftBytes), ref MemoryMarshal.GetReference(rightBytes), length, ignoreCase), what);
            Assert.True(expected == path.BytesChars(ref MemoryMarshal.GetReference(leftBytes), ref MemoryMarshal.GetReference(rightChars), length, ignoreCase), what);
            Assert.True(expected == path.CharsChars(ref MemoryMarshal.GetReference(leftChars), ref MemoryMarshal.GetReference(rightChars), length, ignoreCase), what);
        }
    }

    private static EqualityPath Path(string name) => All.Single(p => p.Name == name);

    private static readonly int[] Lengths = Enumerable.Range(0, 140).Concat([255, 256, 257, 511, 512, 513, 1000]).ToArray();

    [Theory, MemberData(nameof(Paths))]
    public void Equal_text_a_difference_a_case_flip_and_non_ascii_at_every_index(string name)
    {
        EqualityPath path = Path(name);
        var random = new Random(5);
        foreach (int length in Lengths)
        {
            char[] left = new char[length];
            AsciiReference.FillAscii(left, random);
            char[] right = (char[])left.Clone();
            byte[] leftBytes = new byte[length];
            byte[] rightBytes = new byte[length];
            Check(path, left, right, leftBytes, rightBytes);
            for (int index = 0; index < length; index += length > 140 ? 7 : 1)
            {
                char original = right[index];
                right[index] = (char)(original ^ 0x20); // a case flip for letters, a difference otherwise
                Check(path, left, right, leftBytes, rightBytes);
                right[index] = (char)((original + 1) & 0x7F);
                Check(path, left, right, leftBytes, rightBytes);
                right[index] = '\u00C1'; // low seven bits 'A'
                Check(path, left, right, leftBytes, rightBytes);
                left[index] = '\u00C1'; // both sides non-ASCII and equal: still unequal
                Check(path, left, right, leftBytes, rightBytes);
                left[index] = original;
                right[index] = original;
            }
        }
    }

    [Theory, MemberData(nameof(Paths))]
    public void Letters_and_their_neighbours_fold_exactly(string name)
    {
        EqualityPath path = Path(name);
        // '@' '[' '`' '{' sit next to the letters and differ from each other only in 0x20.
        string text = string.Concat(Enumerable.Repeat("@AZ[`az{", 20));
        char[] upper = text.ToUpperInvariant().ToCharArray();
        char[] swapped = text.Replace('@', '`').ToCharArray();
        Check(path, text.ToCharArray(), upper, new byte[text.Length], new byte[text.Length]);
        Check(path, text.ToCharArray(), swapped, new byte[text.Length], new byte[text.Length]);
    }

    [GuardedFact]
    public void No_path_reads_past_either_span()
    {
        using var leftChars = new GuardedBuffer(4096);
        using var rightChars = new GuardedBuffer(4096);
        using var leftBytes = new GuardedBuffer(4096);
        using var rightBytes = new GuardedBuffer(4096);
        var random = new Random(6);
        foreach (EqualityPath path in All)
        {
            foreach (int length in Enumerable.Range(1, 140).Concat([255, 256, 257, 1000]))
            {
                Span<char> left = leftChars.Chars(length);
                Span<char> right = rightChars.Chars(length);
                AsciiReference.FillAscii(left, random);
                left.CopyTo(right);
                Check(path, left, right, leftBytes.Bytes(length), rightBytes.Bytes(length));
                right[length - 1] = (char)(right[length - 1] ^ 0x20);
                Check(path, left, right, leftBytes.Bytes(length), rightBytes.Bytes(length));
            }
        }

        // The public overloads too, whichever path they take.
        foreach (int length in new[] { 1, 15, 16, 17, 31, 32, 33, 64, 100 })
        {
            Span<char> chars = leftChars.Chars(length);
            Span<byte> bytes = leftBytes.Bytes(length);
            chars.Fill('q');
            bytes.Fill((byte)'Q');
            Assert.True(AsciiText.EqualsIgnoreCase(bytes, chars));
            Assert.False(AsciiText.Equals(chars, bytes));
            Assert.True(AsciiText.Equals(chars, rightChars.Chars(length).ToArray().Select(_ => 'q').ToArray()));
        }
    }
}
