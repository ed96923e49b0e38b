using System.Buffers;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>
/// ToLower/ToUpper between bytes and chars (bytes to chars, chars to bytes) against a per-element reference: the
/// status, the count, the converted prefix, and no destination element at or after the count written.
/// </summary>
public class AsciiCrossCaseTests
{
    private static readonly Gen<(char[] Source, int DestinationLength, int Offset)> Cases =
        from length in Gen.Frequency((6, Gen.Choose(0, 70)), (1, Gen.Choose(70, 700)))
        from source in Gen.ArrayOf(Gen.Frequency((20, Gen.Choose(0, 0x7F)), (1, Gen.Choose(0x80, 0xFF))), length)
        from slack in Gen.Frequency((4, Gen.Constant(0)), (2, Gen.Choose(1, 5)), (1, Gen.Choose(-5, -1)))
        from offset in Gen.Choose(0, 3)
        select (source.Select(c => (char)c).ToArray(), Math.Max(0, length + slack), offset);

    private static (OperationStatus Status, int Written) Expected(char[] source, int destinationLength)
    {
        int length = Math.Min(source.Length, destinationLength);
        int prefix = AsciiReference.AsciiPrefix(source.AsSpan(0, length));
        OperationStatus status = prefix < length ? OperationStatus.InvalidData
            : length < source.Length ? OperationStatus.DestinationTooSmall : OperationStatus.Done;
        return (status, prefix);
    }

    /// <summary><see cref="Cases"/> as an FsCheck arbitrary.</summary>
    public static class CaseArbitrary
    {
        public static Arbitrary<(char[] Source, int DestinationLength, int Offset)> Case() => Cases.ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(CaseArbitrary)])]
    public void Bytes_to_chars_equal_the_reference((char[] Source, int DestinationLength, int Offset) c)
    {
        byte[] source = c.Source.Select(ch => (byte)ch).ToArray();
        (OperationStatus status, int written) = Expected(c.Source, c.DestinationLength);
        foreach (bool toUpper in new[] { false, true })
        {
            char[] destination = new char[c.DestinationLength + c.Offset];
            destination.AsSpan().Fill(AsciiReference.CharSentinel);
            Span<char> target = destination.AsSpan(c.Offset, c.DestinationLength);
            OperationStatus actual = toUpper
                ? AsciiText.ToUpper(source, target, out int actualWritten)
                : AsciiText.ToLower(source, target, out actualWritten);
            Assert.Equal(status, actual);
            Assert.Equal(written, actualWritten);
            for (int i = 0; i < written; i++)
            {
                Assert.Equal(AsciiReference.ChangeCase(c.Source[i], toUpper), target[i]);
            }

            Assert.All(destination.Take(c.Offset).Concat(target.Slice(written).ToArray()), e => Assert.Equal(AsciiReference.CharSentinel, e));
        }
    }

    [FastTextProperty(Arbitrary = [typeof(CaseArbitrary)])]
    public void Chars_to_bytes_equal_the_reference((char[] Source, int DestinationLength, int Offset) c)
    {
        char[] source = c.Source.Select(ch => ch == '\u00E9' ? '\u0141' : ch).ToArray(); // 0x0141: low byte 'A'
        (OperationStatus status, int written) = Expected(source, c.DestinationLength);
        foreach (bool toUpper in new[] { false, true })
        {
            byte[] destination = new byte[c.DestinationLength + c.Offset];
            destination.AsSpan().Fill(AsciiReference.ByteSentinel);
            Span<byte> target = destination.AsSpan(c.Offset, c.DestinationLength);
            OperationStatus actual = toUpper
                ? AsciiText.ToUpper(source.AsSpan(), target, out int actualWritten)
                : AsciiText.ToLower(source.AsSpan(), target, out actualWritten);
            Assert.Equal(status, actual);
            Assert.Equal(written, actualWritten);
            for (int i = 0; i < written; i++)
            {
                Assert.Equal((byte)AsciiReference.ChangeCase(source[i], toUpper), target[i]);
            }

            Assert.All(destination.Take(c.Offset).Concat(target.Slice(written).ToArray()), e => Assert.Equal(AsciiReference.ByteSentinel, e));
        }
    }

    [Fact]
    public void Non_ascii_at_every_index_stops_there()
    {
        foreach (int length in Enumerable.Range(1, 70).Concat([127, 128, 129, 255, 256, 257]))
        {
            for (int index = 0; index < length; index++)
            {
                char[] chars = Enumerable.Range(0, length).Select(i => (char)('A' + (i % 26))).ToArray();
                chars[index] = AsciiReference.BadChars[index % AsciiReference.BadChars.Length];
                byte[] bytes = new byte[length];
                Assert.Equal(OperationStatus.InvalidData, AsciiText.ToLower(chars.AsSpan(), bytes, out int written));
                Assert.Equal(index, written);
                Assert.All(bytes.Skip(index), b => Assert.Equal(0, b));

                byte[] source = chars.Select(c => c <= 0x7F ? (byte)c : AsciiReference.BadBytes[index % AsciiReference.BadBytes.Length]).ToArray();
                char[] destination = new char[length];
                Assert.Equal(OperationStatus.InvalidData, AsciiText.ToUpper(source, destination, out written));
                Assert.Equal(index, written);
                Assert.All(destination.Skip(index), c => Assert.Equal('\0', c));
            }
        }
    }

    [Fact]
    public void Every_ascii_value_converts_as_the_runtime_converts_it()
    {
        byte[] all = Enumerable.Range(0, 0x80).Select(i => (byte)i).ToArray();
        char[] lower = new char[0x80];
        char[] upper = new char[0x80];
        Assert.Equal(OperationStatus.Done, AsciiText.ToLower(all, lower, out _));
        Assert.Equal(OperationStatus.Done, AsciiText.ToUpper(all, upper, out _));
        Assert.Equal(new string(all.Select(b => (char)b).ToArray()).ToLowerInvariant(), new string(lower));
        Assert.Equal(new string(all.Select(b => (char)b).ToArray()).ToUpperInvariant(), new string(upper));
        byte[] back = new byte[0x80];
        Assert.Equal(OperationStatus.Done, AsciiText.ToLower(upper.AsSpan(), back, out _));
        Assert.Equal(lower.Select(c => (byte)c).ToArray(), back);
    }
}
