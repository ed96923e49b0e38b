using System;
using System.Buffers;
using System.Text;
using FastText.Tests.Ascii;
using FastText.Tests.Infrastructure;

namespace FastText.Fuzz;

/// <summary>
/// ASCII transcoding against per-element reference loops. Byte 0 picks the operation (0-7 the public API, 8-15 one
/// operation of one internal path; bit 4 upper or lower case,
/// bit 5 the public API's variant: the IBufferWriter/array forms, case between bytes and chars, Equals/EqualsIgnoreCase,
/// Trim, span-to-span bytes, chars in place), byte 1 how much shorter the destination is (low 3 bits) and which internal path
/// (the rest), the rest is the text (a byte below 0x80 is that ASCII char; a byte at or above 0x80 starts a
/// two-byte UTF-16 unit, so inputs reach every bad value). Source and destination both end at a no-access page.
/// The internal paths are every one in <see cref="AsciiPaths.All"/> the CPU runs natively (hardware-accelerated
/// vectors, UInt64, Scalar): the dispatcher picks only one per process, so this is how the others get fuzzed.
/// </summary>
internal sealed class AsciiFuzzTarget : IFuzzTarget
{
    private const int Operations = 16;

    private static readonly AsciiPath[] NativePaths =
        AsciiPaths.All.Where(p => p.IsHardwareAccelerated || !p.Name.StartsWith("Vector", StringComparison.Ordinal)).ToArray();

    public string Name => "ascii";

    public void Run(ReadOnlySpan<byte> input)
    {
        var reader = new FuzzReader(input);
        byte first = reader.NextByte();
        int operation = first % Operations;
        bool toUpper = (first & 0x10) != 0;
        bool variant = (first & 0x20) != 0;
        byte second = reader.NextByte();
        int shortfall = second % 8;
        AsciiPath path = NativePaths[(second >> 3) % NativePaths.Length];
        char[] chars = DecodeChars(reader.TakeRest());
        byte[] bytes = Array.ConvertAll(chars, c => (byte)c);

        using var sourceMemory = new GuardedBuffer((chars.Length * 2) + 64);
        using var destinationMemory = new GuardedBuffer((chars.Length * 4) + 64);
        int destinationLength = Math.Max(0, chars.Length - shortfall);
        switch (operation)
        {
            case 0 when variant:
                NarrowToWriterAndArray(Place(sourceMemory, chars));
                break;
            case 0:
                Narrow(Place(sourceMemory, chars), destinationMemory.Bytes(destinationLength));
                break;
            case 1 when variant:
                ChangeCaseAcross(Place(sourceMemory, chars), Place(sourceMemory, bytes), destinationMemory, destinationLength, toUpper);
                break;
            case 1:
                Widen(Place(sourceMemory, bytes), destinationMemory.Chars(destinationLength));
                break;
            case 2 when variant:
                EqualsAllOverloads(chars, sourceMemory, destinationMemory, second);
                break;
            case 3 when variant:
                TrimBothForms(chars, sourceMemory);
                break;
            case 2:
                Expect(AsciiText.IndexOfNonAscii(Place(sourceMemory, chars)) == IndexOfNonAscii(chars), "IndexOfNonAscii(chars)");
                Expect(AsciiText.IsValid(Place(sourceMemory, chars)) == (IndexOfNonAscii(chars) < 0), "IsValid(chars)");
                break;
            case 3:
                Expect(AsciiText.IndexOfNonAscii(Place(sourceMemory, bytes)) == IndexOfNonAscii(bytes), "IndexOfNonAscii(bytes)");
                Expect(AsciiText.IsValid(Place(sourceMemory, bytes)) == (IndexOfNonAscii(bytes) < 0), "IsValid(bytes)");
                break;
            case 4 when variant:
            case 5 when variant:
                ChangeCaseBytes(Place(sourceMemory, bytes), destinationMemory.Bytes(destinationLength), toUpper: operation == 5);
                break;
            case 6 when variant:
                ChangeCaseInPlaceChars(Place(sourceMemory, chars), toUpper);
                break;
            case 7 when variant:
                EncodeUtf8ToWriterAndArray(Place(sourceMemory, chars));
                break;
            case 4:
            case 5:
                ChangeCase(Place(sourceMemory, chars), destinationMemory.Chars(destinationLength), toUpper: operation == 5);
                break;
            case 6:
                ChangeCaseInPlace(Place(sourceMemory, bytes), toUpper: toUpper);
                break;
            case 8:
                AsciiInternalPathChecks.Narrow(path, Place(sourceMemory, chars), destinationMemory.Bytes(destinationLength));
                break;
            case 9:
                AsciiInternalPathChecks.Widen(path, Place(sourceMemory, bytes), destinationMemory.Chars(destinationLength));
                break;
            case 10:
                AsciiInternalPathChecks.IndexOfNonAscii(path, Place(sourceMemory, chars));
                break;
            case 11:
                AsciiInternalPathChecks.IndexOfNonAscii(path, Place(sourceMemory, bytes));
                break;
            case 12:
                AsciiInternalPathChecks.ChangeCase(path, Place(sourceMemory, chars), destinationMemory.Chars(destinationLength), toUpper);
                break;
            case 13:
                AsciiInternalPathChecks.ChangeCase(path, Place(sourceMemory, bytes), destinationMemory.Bytes(destinationLength), toUpper);
                break;
            case 14:
            {
                Span<char> inPlace = Place(sourceMemory, chars);
                AsciiInternalPathChecks.ChangeCase(path, inPlace, inPlace, toUpper);
                break;
            }

            case 15:
            {
                Span<byte> inPlace = Place(sourceMemory, bytes);
                AsciiInternalPathChecks.ChangeCase(path, inPlace, inPlace, toUpper);
                break;
            }

            default:
                EncodeUtf8(Place(sourceMemory, chars), destinationMemory.Bytes(Math.Max(0, (chars.Length * 3) - shortfall)));
                break;
        }
    }

    /// <summary>ToLower/ToUpper bytes->chars and chars->bytes against the per-element reference.</summary>
    private static void ChangeCaseAcross(ReadOnlySpan<char> chars, ReadOnlySpan<byte> bytes, GuardedBuffer destinationMemory, int destinationLength, bool toUpper)
    {
        int length = Math.Min(chars.Length, destinationLength);
        Span<char> charDestination = destinationMemory.Chars(destinationLength);
        OperationStatus status = toUpper ? AsciiText.ToUpper(bytes, charDestination, out int written) : AsciiText.ToLower(bytes, charDestination, out written);
        int expected = AsciiReference.AsciiPrefix(bytes.Slice(0, length));
        Expect(written == expected && status == Status(expected, length, bytes.Length), "ToLower/ToUpper(bytes->chars) count and status");
        for (int i = 0; i < written; i++)
        {
            Expect(charDestination[i] == AsciiReference.ChangeCase((char)bytes[i], toUpper), "ToLower/ToUpper(bytes->chars) value");
        }

        Span<byte> byteDestination = destinationMemory.Bytes(destinationLength);
        status = toUpper ? AsciiText.ToUpper(chars, byteDestination, out written) : AsciiText.ToLower(chars, byteDestination, out written);
        expected = AsciiReference.AsciiPrefix(chars.Slice(0, length));
        Expect(written == expected && status == Status(expected, length, chars.Length), "ToLower/ToUpper(chars->bytes) count and status");
        for (int i = 0; i < written; i++)
        {
            Expect(byteDestination[i] == AsciiReference.ChangeCase((byte)chars[i], toUpper), "ToLower/ToUpper(chars->bytes) value");
        }
    }

    private static OperationStatus Status(int converted, int examined, int sourceLength) =>
        converted < examined ? OperationStatus.InvalidData : examined < sourceLength ? OperationStatus.DestinationTooSmall : OperationStatus.Done;

    /// <summary>The text against a copy with one element case-flipped (or not), all eight overloads, against the pair-at-a-time reference.</summary>
    private static void EqualsAllOverloads(char[] chars, GuardedBuffer leftMemory, GuardedBuffer rightMemory, byte second)
    {
        char[] other = (char[])chars.Clone();
        if (other.Length > 0 && (second & 1) != 0)
        {
            int index = (second >> 1) % other.Length;
            other[index] = (char)(other[index] ^ 0x20);
        }

        Span<char> left = Place(leftMemory, chars);
        Span<char> right = Place(rightMemory, other);
        byte[] leftBytes = Array.ConvertAll(chars, c => (byte)c);
        byte[] rightBytes = Array.ConvertAll(other, c => (byte)c);
        bool[] expected = [ReferenceEquals(chars, other, false), ReferenceEquals(chars, other, true)];
        bool[] expectedBytes = [ReferenceEquals(Array.ConvertAll(leftBytes, b => (char)b), Array.ConvertAll(rightBytes, b => (char)b), false),
            ReferenceEquals(Array.ConvertAll(leftBytes, b => (char)b), Array.ConvertAll(rightBytes, b => (char)b), true)];
        Expect(AsciiText.Equals(left, right) == expected[0] && AsciiText.EqualsIgnoreCase(left, right) == expected[1], "Equals(chars, chars)");
        Expect(AsciiText.Equals(leftBytes, rightBytes) == expectedBytes[0] && AsciiText.EqualsIgnoreCase(leftBytes, rightBytes) == expectedBytes[1], "Equals(bytes, bytes)");
        bool mixed = ReferenceEquals(Array.ConvertAll(leftBytes, b => (char)b), other, false);
        bool mixedIgnoreCase = ReferenceEquals(Array.ConvertAll(leftBytes, b => (char)b), other, true);
        Expect(AsciiText.Equals(leftBytes, right) == mixed && AsciiText.Equals(right, leftBytes) == mixed, "Equals(bytes, chars)");
        Expect(AsciiText.EqualsIgnoreCase(leftBytes, right) == mixedIgnoreCase && AsciiText.EqualsIgnoreCase(right, leftBytes) == mixedIgnoreCase, "EqualsIgnoreCase(bytes, chars)");
    }

    private static bool ReferenceEquals(char[] left, char[] right, bool ignoreCase)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        for (int i = 0; i < left.Length; i++)
        {
            if (left[i] > 0x7F || right[i] > 0x7F
                || (ignoreCase ? AsciiReference.ChangeCase(left[i], false) != AsciiReference.ChangeCase(right[i], false) : left[i] != right[i]))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Trim/TrimStart/TrimEnd on chars and on their low bytes against the runtime's rule written out.</summary>
    private static void TrimBothForms(char[] chars, GuardedBuffer memory)
    {
        static bool IsWhite(int c) => c is (>= 0x09 and <= 0x0D) or 0x20;
        foreach (bool asBytes in new[] { false, true })
        {
            int[] values = asBytes ? Array.ConvertAll(chars, c => (int)(byte)c) : Array.ConvertAll(chars, c => (int)c);
            int start = 0;
            while (start < values.Length && IsWhite(values[start]))
            {
                start++;
            }

            int end = values.Length;
            while (end > 0 && IsWhite(values[end - 1]))
            {
                end--;
            }

            Range both = asBytes ? AsciiText.Trim(Place(memory, Array.ConvertAll(chars, c => (byte)c))) : AsciiText.Trim(Place(memory, chars));
            Range head = asBytes ? AsciiText.TrimStart(Place(memory, Array.ConvertAll(chars, c => (byte)c))) : AsciiText.TrimStart(Place(memory, chars));
            Range tail = asBytes ? AsciiText.TrimEnd(Place(memory, Array.ConvertAll(chars, c => (byte)c))) : AsciiText.TrimEnd(Place(memory, chars));
            Expect(both.Equals(start..Math.Max(start, end)) && head.Equals(start..values.Length) && tail.Equals(0..end), asBytes ? "Trim(bytes)" : "Trim(chars)");
        }
    }

    private static char[] DecodeChars(ReadOnlySpan<byte> data)
    {
        var chars = new char[data.Length];
        int count = 0;
        for (int i = 0; i < data.Length; i++)
        {
            byte b = data[i];
            chars[count++] = b < 0x80 || i + 1 == data.Length ? (char)b : (char)((b << 8) | data[++i]);
        }

        return chars.AsSpan(0, count).ToArray();
    }

    private static Span<T> Place<T>(GuardedBuffer memory, T[] values)
        where T : unmanaged
    {
        Span<T> span = typeof(T) == typeof(char)
            ? System.Runtime.InteropServices.MemoryMarshal.Cast<char, T>(memory.Chars(values.Length))
            : System.Runtime.InteropServices.MemoryMarshal.Cast<byte, T>(memory.Bytes(values.Length));
        values.CopyTo(span);
        return span;
    }

    private static void Narrow(ReadOnlySpan<char> source, Span<byte> destination)
    {
        destination.Fill(0xEE);
        OperationStatus status = AsciiText.FromUtf16(source, destination, out int written);
        int expected = ExpectedConverted(IndexOfNonAscii(source), source.Length, destination.Length, out OperationStatus expectedStatus);
        Expect(status == expectedStatus && written == expected, $"Narrow status {status}/{written}, expected {expectedStatus}/{expected}");
        for (int i = 0; i < destination.Length; i++)
        {
            Expect(destination[i] == (i < written ? (byte)source[i] : 0xEE), $"Narrow byte {i}");
        }
    }

    private static void Widen(ReadOnlySpan<byte> source, Span<char> destination)
    {
        destination.Fill('\uEEEE');
        OperationStatus status = AsciiText.ToUtf16(source, destination, out int written);
        int expected = ExpectedConverted(IndexOfNonAscii(source), source.Length, destination.Length, out OperationStatus expectedStatus);
        Expect(status == expectedStatus && written == expected, $"Widen status {status}/{written}, expected {expectedStatus}/{expected}");
        for (int i = 0; i < destination.Length; i++)
        {
            Expect(destination[i] == (i < written ? (char)source[i] : '\uEEEE'), $"Widen char {i}");
        }
    }

    private static void ChangeCase(ReadOnlySpan<char> source, Span<char> destination, bool toUpper)
    {
        destination.Fill('\uEEEE');
        OperationStatus status = toUpper
            ? AsciiText.ToUpper(source, destination, out int written)
            : AsciiText.ToLower(source, destination, out written);
        int expected = ExpectedConverted(IndexOfNonAscii(source), source.Length, destination.Length, out OperationStatus expectedStatus);
        Expect(status == expectedStatus && written == expected, $"ChangeCase status {status}/{written}, expected {expectedStatus}/{expected}");
        for (int i = 0; i < destination.Length; i++)
        {
            char want = i < written ? (toUpper ? char.ToUpperInvariant(source[i]) : char.ToLowerInvariant(source[i])) : '\uEEEE';
            Expect(destination[i] == want, $"ChangeCase char {i}");
        }
    }

    private static void ChangeCaseInPlace(Span<byte> value, bool toUpper)
    {
        byte[] original = value.ToArray();
        OperationStatus status = toUpper ? AsciiText.ToUpperInPlace(value, out int written) : AsciiText.ToLowerInPlace(value, out written);
        int firstBad = IndexOfNonAscii(original);
        Expect(written == (firstBad < 0 ? original.Length : firstBad), "ChangeCaseInPlace count");
        Expect(status == (firstBad < 0 ? OperationStatus.Done : OperationStatus.InvalidData), "ChangeCaseInPlace status");
        for (int i = 0; i < value.Length; i++)
        {
            char c = (char)original[i];
            byte want = i < written ? (byte)(toUpper ? char.ToUpperInvariant(c) : char.ToLowerInvariant(c)) : original[i];
            Expect(value[i] == want, $"ChangeCaseInPlace byte {i}");
        }
    }

    private static void NarrowToWriterAndArray(ReadOnlySpan<char> source)
    {
        bool ascii = IndexOfNonAscii(source) < 0;
        var writer = new TestBufferWriter<byte>();
        bool threw = false;
        try
        {
            AsciiText.FromUtf16(source, writer);
        }
        catch (ArgumentException)
        {
            threw = true;
        }

        Expect(threw == !ascii && (ascii ? writer.WrittenCount == source.Length : writer.WrittenCount == 0), "FromUtf16(IBufferWriter) outcome");
        byte[]? array = null;
        try
        {
            array = AsciiText.FromUtf16ToArray(source.ToString());
        }
        catch (ArgumentException)
        {
        }

        Expect((array is null) == !ascii, "NarrowToArray outcome");
        if (ascii)
        {
            byte[] expected = Array.ConvertAll(source.ToArray(), c => (byte)c);
            Expect(writer.WrittenSpan.SequenceEqual(expected) && array!.AsSpan().SequenceEqual(expected), "FromUtf16(IBufferWriter)/FromUtf16ToArray bytes");
        }
    }

    private static void ChangeCaseBytes(ReadOnlySpan<byte> source, Span<byte> destination, bool toUpper)
    {
        destination.Fill(0xEE);
        OperationStatus status = toUpper
            ? AsciiText.ToUpper(source, destination, out int written)
            : AsciiText.ToLower(source, destination, out written);
        int expected = ExpectedConverted(IndexOfNonAscii(source), source.Length, destination.Length, out OperationStatus expectedStatus);
        Expect(status == expectedStatus && written == expected, $"ChangeCase(bytes) status {status}/{written}, expected {expectedStatus}/{expected}");
        for (int i = 0; i < destination.Length; i++)
        {
            byte want = i < written ? (byte)(toUpper ? char.ToUpperInvariant((char)source[i]) : char.ToLowerInvariant((char)source[i])) : (byte)0xEE;
            Expect(destination[i] == want, $"ChangeCase(bytes) byte {i}");
        }
    }

    private static void ChangeCaseInPlaceChars(Span<char> value, bool toUpper)
    {
        char[] original = value.ToArray();
        OperationStatus status = toUpper ? AsciiText.ToUpperInPlace(value, out int written) : AsciiText.ToLowerInPlace(value, out written);
        int firstBad = IndexOfNonAscii(original);
        Expect(written == (firstBad < 0 ? original.Length : firstBad), "ChangeCaseInPlace(chars) count");
        Expect(status == (firstBad < 0 ? OperationStatus.Done : OperationStatus.InvalidData), "ChangeCaseInPlace(chars) status");
        for (int i = 0; i < value.Length; i++)
        {
            char want = i < written ? (toUpper ? char.ToUpperInvariant(original[i]) : char.ToLowerInvariant(original[i])) : original[i];
            Expect(value[i] == want, $"ChangeCaseInPlace(chars) char {i}");
        }
    }

    private static void EncodeUtf8ToWriterAndArray(ReadOnlySpan<char> source)
    {
        byte[] expected = Encoding.UTF8.GetBytes(source.ToArray());
        var writer = new TestBufferWriter<byte>();
        int count = AsciiText.EncodeUtf8(source, writer);
        Expect(count == expected.Length && writer.WrittenSpan.SequenceEqual(expected), "EncodeUtf8(IBufferWriter)");
        Expect(AsciiText.EncodeUtf8ToArray(source.ToString()).AsSpan().SequenceEqual(expected), "EncodeUtf8ToArray");
    }

    private static void EncodeUtf8(ReadOnlySpan<char> source, Span<byte> destination)
    {
        byte[] expected = Encoding.UTF8.GetBytes(source.ToArray());
        Expect(AsciiText.GetUtf8ByteCount(source) == expected.Length, "GetUtf8ByteCount");
        bool fits = AsciiText.TryEncodeUtf8(source, destination, out int written);
        Expect(fits == (expected.Length <= destination.Length), "TryEncodeUtf8 fit");
        if (fits)
        {
            Expect(destination.Slice(0, written).SequenceEqual(expected), "TryEncodeUtf8 bytes");
        }
    }

    private static int ExpectedConverted(int firstBad, int sourceLength, int destinationLength, out OperationStatus status)
    {
        int examined = Math.Min(sourceLength, destinationLength);
        if (firstBad >= 0 && firstBad < examined)
        {
            status = OperationStatus.InvalidData;
            return firstBad;
        }

        status = examined == sourceLength ? OperationStatus.Done : OperationStatus.DestinationTooSmall;
        return examined;
    }

    private static int IndexOfNonAscii(ReadOnlySpan<char> value)
    {
        for (int i = 0; i < value.Length; i++)
        {
            if (value[i] > 0x7F)
            {
                return i;
            }
        }

        return -1;
    }

    private static int IndexOfNonAscii(ReadOnlySpan<byte> value)
    {
        for (int i = 0; i < value.Length; i++)
        {
            if (value[i] > 0x7F)
            {
                return i;
            }
        }

        return -1;
    }

    private static void Expect(bool condition, string what)
    {
        if (!condition)
        {
            throw new FuzzMismatchException(what);
        }
    }
}
