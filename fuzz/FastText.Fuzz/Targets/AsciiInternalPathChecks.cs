using System.Runtime.InteropServices;
using FastText.Tests.Ascii;

namespace FastText.Fuzz;

/// <summary>
/// One operation of one internal ASCII path against the tests' <see cref="AsciiReference"/>: the returned count,
/// every element before it, and that nothing at or after it changed. Called on guard-page memory, so a path that
/// reads or writes past its length crashes the run instead of passing.
/// </summary>
internal static class AsciiInternalPathChecks
{
    public static void Narrow(AsciiPath path, ReadOnlySpan<char> source, Span<byte> destination)
    {
        int length = Math.Min(source.Length, destination.Length);
        int expected = AsciiReference.AsciiPrefix(source.Slice(0, length));
        destination.Fill(AsciiReference.ByteSentinel);
        nuint actual = path.Narrow(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length);
        ExpectCount(path, "Narrow", length, expected, actual);
        for (int i = 0; i < destination.Length; i++)
        {
            Expect(destination[i] == (i < expected ? (byte)source[i] : AsciiReference.ByteSentinel), path, "Narrow", length, i);
        }
    }

    public static void Widen(AsciiPath path, ReadOnlySpan<byte> source, Span<char> destination)
    {
        int length = Math.Min(source.Length, destination.Length);
        int expected = AsciiReference.AsciiPrefix(source.Slice(0, length));
        destination.Fill(AsciiReference.CharSentinel);
        nuint actual = path.Widen(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length);
        ExpectCount(path, "Widen", length, expected, actual);
        for (int i = 0; i < destination.Length; i++)
        {
            Expect(destination[i] == (i < expected ? (char)source[i] : AsciiReference.CharSentinel), path, "Widen", length, i);
        }
    }

    public static void IndexOfNonAscii(AsciiPath path, ReadOnlySpan<char> source) =>
        ExpectCount(path, "IndexOfNonAscii(char)", source.Length, AsciiReference.AsciiPrefix(source),
            path.IndexOfNonAsciiChar(ref MemoryMarshal.GetReference(source), (nuint)source.Length));

    public static void IndexOfNonAscii(AsciiPath path, ReadOnlySpan<byte> source) =>
        ExpectCount(path, "IndexOfNonAscii(byte)", source.Length, AsciiReference.AsciiPrefix(source),
            path.IndexOfNonAsciiByte(ref MemoryMarshal.GetReference(source), (nuint)source.Length));

    /// <summary>Pass the same span twice for the in-place form.</summary>
    public static void ChangeCase(AsciiPath path, ReadOnlySpan<char> source, Span<char> destination, bool toUpper)
    {
        int length = Math.Min(source.Length, destination.Length);
        char[] original = source.ToArray();
        int expected = AsciiReference.AsciiPrefix(source.Slice(0, length));
        bool inPlace = source.Overlaps(destination);
        if (!inPlace)
        {
            destination.Fill(AsciiReference.CharSentinel);
        }

        char[] before = destination.ToArray();
        nuint actual = path.ChangeCaseChar(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length, toUpper);
        ExpectCount(path, "ChangeCase(char)", length, expected, actual);
        for (int i = 0; i < destination.Length; i++)
        {
            Expect(destination[i] == (i < expected ? AsciiReference.ChangeCase(original[i], toUpper) : before[i]), path, "ChangeCase(char)", length, i);
        }
    }

    public static void ChangeCase(AsciiPath path, ReadOnlySpan<byte> source, Span<byte> destination, bool toUpper)
    {
        int length = Math.Min(source.Length, destination.Length);
        byte[] original = source.ToArray();
        int expected = AsciiReference.AsciiPrefix(source.Slice(0, length));
        if (!source.Overlaps(destination))
        {
            destination.Fill(AsciiReference.ByteSentinel);
        }

        byte[] before = destination.ToArray();
        nuint actual = path.ChangeCaseByte(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length, toUpper);
        ExpectCount(path, "ChangeCase(byte)", length, expected, actual);
        for (int i = 0; i < destination.Length; i++)
        {
            Expect(destination[i] == (i < expected ? AsciiReference.ChangeCase(original[i], toUpper) : before[i]), path, "ChangeCase(byte)", length, i);
        }
    }

    private static void ExpectCount(AsciiPath path, string operation, int length, int expected, nuint actual)
    {
        if (actual != (nuint)expected)
        {
            throw new FuzzMismatchException($"{path.Name}.{operation} at length {length}: returned {actual}, expected {expected}");
        }
    }

    private static void Expect(bool condition, AsciiPath path, string operation, int length, int index)
    {
        if (!condition)
        {
            throw new FuzzMismatchException($"{path.Name}.{operation} at length {length}: wrong element at index {index}");
        }
    }
}
