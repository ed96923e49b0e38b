using System.Runtime.InteropServices;

namespace FastText.Tests.Ascii;

/// <summary>
/// Runs one operation of one path on the given memory and compares it with <see cref="AsciiReference"/>: the
/// returned count, every element before it, and that no destination element at or after it changed. The caller
/// chooses the memory (offset arrays, guard-page buffers), so the same checks serve every test.
/// </summary>
internal static class AsciiPathChecks
{
    public static void Narrow(AsciiPath path, ReadOnlySpan<char> source, Span<byte> destination)
    {
        int length = Math.Min(source.Length, destination.Length);
        int expected = AsciiReference.AsciiPrefix(source.Slice(0, length));
        byte[] before = destination.ToArray();
        nuint actual = path.Narrow(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length);
        ExpectCount(path, "Narrow", length, expected, actual);
        for (int i = 0; i < destination.Length; i++)
        {
            byte wanted = i < expected ? (byte)source[i] : before[i];
            if (destination[i] != wanted)
            {
                Fail(path, "Narrow", length, $"destination[{i}] = 0x{destination[i]:X2}, expected 0x{wanted:X2} (count {expected})");
            }
        }
    }

    public static void Widen(AsciiPath path, ReadOnlySpan<byte> source, Span<char> destination)
    {
        int length = Math.Min(source.Length, destination.Length);
        int expected = AsciiReference.AsciiPrefix(source.Slice(0, length));
        char[] before = destination.ToArray();
        nuint actual = path.Widen(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length);
        ExpectCount(path, "Widen", length, expected, actual);
        for (int i = 0; i < destination.Length; i++)
        {
            char wanted = i < expected ? (char)source[i] : before[i];
            if (destination[i] != wanted)
            {
                Fail(path, "Widen", length, $"destination[{i}] = U+{(int)destination[i]:X4}, expected U+{(int)wanted:X4} (count {expected})");
            }
        }
    }

    public static void IndexOfNonAscii(AsciiPath path, ReadOnlySpan<char> source)
    {
        int expected = AsciiReference.AsciiPrefix(source);
        nuint actual = path.IndexOfNonAsciiChar(ref MemoryMarshal.GetReference(source), (nuint)source.Length);
        ExpectCount(path, "IndexOfNonAscii(char)", source.Length, expected, actual);
    }

    public static void IndexOfNonAscii(AsciiPath path, ReadOnlySpan<byte> source)
    {
        int expected = AsciiReference.AsciiPrefix(source);
        nuint actual = path.IndexOfNonAsciiByte(ref MemoryMarshal.GetReference(source), (nuint)source.Length);
        ExpectCount(path, "IndexOfNonAscii(byte)", source.Length, expected, actual);
    }

    /// <summary>Case conversion; pass the same span twice for the in-place form.</summary>
    public static void ChangeCase(AsciiPath path, ReadOnlySpan<char> source, Span<char> destination, bool toUpper)
    {
        int length = Math.Min(source.Length, destination.Length);
        char[] original = source.ToArray();
        int expected = AsciiReference.AsciiPrefix(source.Slice(0, length));
        char[] before = destination.ToArray();
        nuint actual = path.ChangeCaseChar(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length, toUpper);
        string operation = toUpper ? "ToUpper(char)" : "ToLower(char)";
        ExpectCount(path, operation, length, expected, actual);
        for (int i = 0; i < destination.Length; i++)
        {
            char wanted = i < expected ? AsciiReference.ChangeCase(original[i], toUpper) : before[i];
            if (destination[i] != wanted)
            {
                Fail(path, operation, length, $"destination[{i}] = U+{(int)destination[i]:X4}, expected U+{(int)wanted:X4} (count {expected})");
            }
        }
    }

    public static void ChangeCase(AsciiPath path, ReadOnlySpan<byte> source, Span<byte> destination, bool toUpper)
    {
        int length = Math.Min(source.Length, destination.Length);
        byte[] original = source.ToArray();
        int expected = AsciiReference.AsciiPrefix(source.Slice(0, length));
        byte[] before = destination.ToArray();
        nuint actual = path.ChangeCaseByte(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), (nuint)length, toUpper);
        string operation = toUpper ? "ToUpper(byte)" : "ToLower(byte)";
        ExpectCount(path, operation, length, expected, actual);
        for (int i = 0; i < destination.Length; i++)
        {
            byte wanted = i < expected ? AsciiReference.ChangeCase(original[i], toUpper) : before[i];
            if (destination[i] != wanted)
            {
                Fail(path, operation, length, $"destination[{i}] = 0x{destination[i]:X2}, expected 0x{wanted:X2} (count {expected})");
            }
        }
    }

    /// <summary>
    /// Every operation of <paramref name="path"/> on one char content (also narrowed to bytes for the byte
    /// operations: each non-ASCII char becomes a non-ASCII byte), with sentinel-filled destinations.
    /// </summary>
    public static void All(AsciiPath path, ReadOnlySpan<char> chars, int sourceOffset = 0, int destinationOffset = 0)
    {
        int length = chars.Length;
        char[] charSource = new char[sourceOffset + length];
        chars.CopyTo(charSource.AsSpan(sourceOffset));
        byte[] byteSource = new byte[sourceOffset + length];
        for (int i = 0; i < length; i++)
        {
            byteSource[sourceOffset + i] = chars[i] <= 0x7F ? (byte)chars[i] : (byte)(0x80 | chars[i]);
        }

        ReadOnlySpan<char> charSpan = charSource.AsSpan(sourceOffset);
        ReadOnlySpan<byte> byteSpan = byteSource.AsSpan(sourceOffset);
        int spare = 3;

        byte[] byteDestination = Sentinels(destinationOffset + length + spare, AsciiReference.ByteSentinel);
        Narrow(path, charSpan, byteDestination.AsSpan(destinationOffset, length));
        CheckUntouched(path, "Narrow", byteDestination, destinationOffset, length);

        char[] charDestination = Sentinels(destinationOffset + length + spare, AsciiReference.CharSentinel);
        Widen(path, byteSpan, charDestination.AsSpan(destinationOffset, length));
        CheckUntouched(path, "Widen", charDestination, destinationOffset, length);

        IndexOfNonAscii(path, charSpan);
        IndexOfNonAscii(path, byteSpan);

        foreach (bool toUpper in new[] { false, true })
        {
            charDestination = Sentinels(destinationOffset + length + spare, AsciiReference.CharSentinel);
            ChangeCase(path, charSpan, charDestination.AsSpan(destinationOffset, length), toUpper);
            CheckUntouched(path, "ChangeCase(char)", charDestination, destinationOffset, length);
            byteDestination = Sentinels(destinationOffset + length + spare, AsciiReference.ByteSentinel);
            ChangeCase(path, byteSpan, byteDestination.AsSpan(destinationOffset, length), toUpper);
            CheckUntouched(path, "ChangeCase(byte)", byteDestination, destinationOffset, length);

            char[] inPlaceChars = charSpan.ToArray();
            ChangeCase(path, inPlaceChars, inPlaceChars, toUpper);
            byte[] inPlaceBytes = byteSpan.ToArray();
            ChangeCase(path, inPlaceBytes, inPlaceBytes, toUpper);
        }
    }

    private static T[] Sentinels<T>(int length, T sentinel)
    {
        var array = new T[length];
        array.AsSpan().Fill(sentinel);
        return array;
    }

    private static void CheckUntouched<T>(AsciiPath path, string operation, T[] buffer, int offset, int length)
        where T : IEquatable<T>
    {
        T sentinel = typeof(T) == typeof(byte) ? (T)(object)AsciiReference.ByteSentinel : (T)(object)AsciiReference.CharSentinel;
        for (int i = 0; i < buffer.Length; i++)
        {
            if ((i < offset || i >= offset + length) && !buffer[i].Equals(sentinel))
            {
                Fail(path, operation, length, $"wrote outside its destination at array index {i} (destination starts at {offset})");
            }
        }
    }

    private static void ExpectCount(AsciiPath path, string operation, int length, int expected, nuint actual)
    {
        if (actual != (nuint)expected)
        {
            Fail(path, operation, length, $"returned {actual}, expected {expected}");
        }
    }

    private static void Fail(AsciiPath path, string operation, int length, string message) =>
        throw new Xunit.Sdk.XunitException($"{path.Name}.{operation} at length {length}: {message}");
}
