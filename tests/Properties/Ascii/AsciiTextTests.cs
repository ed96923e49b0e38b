using System.Buffers;
using System.Runtime.InteropServices;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>The public <see cref="AsciiText"/> transcoding and validation API against the per-element reference.</summary>
public class AsciiTextTests
{
    private static readonly Gen<char> MostlyAscii = Gen.Frequency(
        (30, Gen.Choose(0, 0x7F).Select(c => (char)c)),
        (1, Gen.Elements(AsciiReference.BadChars)));

    /// <summary>Source text, destination length (often shorter than the source) and the start offsets of both.</summary>
    private static readonly Gen<(char[] Source, int DestinationLength, int SourceOffset, int DestinationOffset)> NarrowInputs =
        from length in Gen.Frequency((4, Gen.Choose(0, 140)), (1, Gen.Choose(140, 1100)))
        from source in Gen.ArrayOf(MostlyAscii, length)
        from destinationLength in Gen.Frequency((2, Gen.Constant(length)), (1, Gen.Choose(0, length + 8)))
        from sourceOffset in Gen.Choose(0, 63)
        from destinationOffset in Gen.Choose(0, 63)
        select (source, destinationLength, sourceOffset, destinationOffset);

    private static OperationStatus ExpectedStatus(int asciiPrefix, int examined, int sourceLength) =>
        asciiPrefix < examined ? OperationStatus.InvalidData
        : examined < sourceLength ? OperationStatus.DestinationTooSmall
        : OperationStatus.Done;

    /// <summary><see cref="NarrowInputs"/> as an FsCheck arbitrary.</summary>
    public static class NarrowInputArbitrary
    {
        public static Arbitrary<(char[] Source, int DestinationLength, int SourceOffset, int DestinationOffset)> NarrowInput() => NarrowInputs.ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(NarrowInputArbitrary)])]
    public void Narrow_matches_the_reference_with_short_destinations_and_offsets((char[] Source, int DestinationLength, int SourceOffset, int DestinationOffset) input)
    {
        char[] sourceArray = new char[input.SourceOffset + input.Source.Length];
        input.Source.CopyTo(sourceArray, input.SourceOffset);
        byte[] destinationArray = new byte[input.DestinationOffset + input.DestinationLength + 4];
        destinationArray.AsSpan().Fill(AsciiReference.ByteSentinel);
        ReadOnlySpan<char> source = sourceArray.AsSpan(input.SourceOffset);
        Span<byte> destination = destinationArray.AsSpan(input.DestinationOffset, input.DestinationLength);

        OperationStatus status = AsciiText.FromUtf16(source, destination, out int written);

        int examined = Math.Min(source.Length, destination.Length);
        int prefix = AsciiReference.AsciiPrefix(source.Slice(0, examined));
        Assert.Equal(ExpectedStatus(prefix, examined, source.Length), status);
        Assert.Equal(prefix, written);
        for (int i = 0; i < destinationArray.Length; i++)
        {
            int at = i - input.DestinationOffset;
            byte expected = at >= 0 && at < prefix ? (byte)source[at] : AsciiReference.ByteSentinel;
            if (expected != destinationArray[i])
            {
                Assert.Fail($"byte {at} of the destination: 0x{destinationArray[i]:X2}, expected 0x{expected:X2}");
            }
        }
    }

    [FastTextProperty(Arbitrary = [typeof(NarrowInputArbitrary)])]
    public void Widen_matches_the_reference_with_short_destinations_and_offsets((char[] Source, int DestinationLength, int SourceOffset, int DestinationOffset) input)
    {
        byte[] sourceArray = new byte[input.SourceOffset + input.Source.Length];
        for (int i = 0; i < input.Source.Length; i++)
        {
            char c = input.Source[i];
            sourceArray[input.SourceOffset + i] = c <= 0x7F ? (byte)c : (byte)(0x80 | c);
        }

        char[] destinationArray = new char[input.DestinationOffset + input.DestinationLength + 4];
        destinationArray.AsSpan().Fill(AsciiReference.CharSentinel);
        ReadOnlySpan<byte> source = sourceArray.AsSpan(input.SourceOffset);
        Span<char> destination = destinationArray.AsSpan(input.DestinationOffset, input.DestinationLength);

        OperationStatus status = AsciiText.ToUtf16(source, destination, out int written);

        int examined = Math.Min(source.Length, destination.Length);
        int prefix = AsciiReference.AsciiPrefix(source.Slice(0, examined));
        Assert.Equal(ExpectedStatus(prefix, examined, source.Length), status);
        Assert.Equal(prefix, written);
        for (int i = 0; i < destinationArray.Length; i++)
        {
            int at = i - input.DestinationOffset;
            char expected = at >= 0 && at < prefix ? (char)source[at] : AsciiReference.CharSentinel;
            if (expected != destinationArray[i])
            {
                Assert.Fail($"char {at} of the destination: U+{(int)destinationArray[i]:X4}, expected U+{(int)expected:X4}");
            }
        }
    }

    [FastTextProperty(Arbitrary = [typeof(NarrowInputArbitrary)])]
    public void IsValid_and_IndexOfNonAscii_match_the_reference((char[] Source, int DestinationLength, int SourceOffset, int DestinationOffset) input)
    {
        ReadOnlySpan<char> chars = input.Source;
        byte[] bytes = input.Source.Select(c => c <= 0x7F ? (byte)c : (byte)(0x80 | c)).ToArray();
        int prefix = AsciiReference.AsciiPrefix(chars);
        int expectedIndex = prefix == chars.Length ? -1 : prefix;
        Assert.Equal(expectedIndex, AsciiText.IndexOfNonAscii(chars));
        Assert.Equal(expectedIndex, AsciiText.IndexOfNonAscii(bytes));
        Assert.Equal(expectedIndex < 0, AsciiText.IsValid(chars));
        Assert.Equal(expectedIndex < 0, AsciiText.IsValid(bytes));
    }

    [Fact]
    public void Every_length_and_bad_index_through_the_public_api()
    {
        var random = new Random(6);
        for (int length = 0; length <= 300; length++)
        {
            char[] chars = new char[length];
            byte[] destination = new byte[length];
            for (int bad = -1; bad < length; bad += length > 140 ? 7 : 1)
            {
                AsciiReference.FillAscii(chars, random);
                if (bad >= 0)
                {
                    chars[bad] = AsciiReference.BadChars[(bad + length) % AsciiReference.BadChars.Length];
                }

                OperationStatus status = AsciiText.FromUtf16(chars, destination, out int written);
                Assert.Equal(bad < 0 ? OperationStatus.Done : OperationStatus.InvalidData, status);
                Assert.Equal(bad < 0 ? length : bad, written);
                Assert.Equal(bad < 0 ? -1 : bad, AsciiText.IndexOfNonAscii(chars));
                byte[] bytes = chars.Select(c => c <= 0x7F ? (byte)c : (byte)(0x80 | c)).ToArray();
                char[] widened = new char[length];
                Assert.Equal(status, AsciiText.ToUtf16(bytes, widened, out int widenedCount));
                Assert.Equal(written, widenedCount);
                Assert.Equal(bad < 0 ? -1 : bad, AsciiText.IndexOfNonAscii(bytes));
                Assert.True(widened.AsSpan(0, widenedCount).SequenceEqual(chars.AsSpan(0, widenedCount)));
            }
        }
    }

    [Fact]
    public void Long_inputs_on_both_sides_of_the_net8_runtime_threshold()
    {
        // The net8.0 build hands FromUtf16 to the runtime from 8192 examined chars on (AsciiNarrowing): the same
        // contract must hold just below, at and above that length, with the destination deciding the length too.
        var random = new Random(8192);
        (int Source, int Destination)[] shapes =
            [(8191, 8191), (8192, 8192), (8193, 8193), (10080, 10080), (9000, 8191), (9000, 8192), (8192, 9000), (8191, 8300)];
        foreach ((int sourceLength, int destinationLength) in shapes)
        {
            int examined = Math.Min(sourceLength, destinationLength);
            IEnumerable<int> badIndexes = Enumerable.Range(-1, 70)
                .Concat(Enumerable.Range(examined - 70, 80))
                .Concat(Enumerable.Range(8150, 60))
                .Concat(Enumerable.Range(0, sourceLength / 97).Select(i => i * 97))
                .Where(i => i < sourceLength)
                .Distinct();
            char[] source = new char[sourceLength];
            byte[] destinationArray = new byte[destinationLength + 4];
            foreach (int bad in badIndexes)
            {
                AsciiReference.FillAscii(source, random);
                if (bad >= 0)
                {
                    source[bad] = AsciiReference.BadChars[bad % AsciiReference.BadChars.Length];
                }

                destinationArray.AsSpan().Fill(AsciiReference.ByteSentinel);
                OperationStatus status = AsciiText.FromUtf16(source, destinationArray.AsSpan(0, destinationLength), out int written);

                int prefix = AsciiReference.AsciiPrefix(source.AsSpan(0, examined));
                Assert.Equal(ExpectedStatus(prefix, examined, sourceLength), status);
                Assert.Equal(prefix, written);
                for (int i = 0; i < destinationArray.Length; i++)
                {
                    byte expected = i < prefix ? (byte)source[i] : AsciiReference.ByteSentinel;
                    if (expected != destinationArray[i])
                    {
                        // Built only on failure: formatted for every byte it cost minutes on emulated legs.
                        Assert.Fail($"{sourceLength}/{destinationLength}, bad at {bad}: byte {i} is 0x{destinationArray[i]:X2}, expected 0x{expected:X2}");
                    }
                }
            }
        }
    }

    [Fact]
    public void Long_widening_inputs_on_both_sides_of_the_net8_runtime_threshold()
    {
        // The net8.0 build hands ToUtf16 to the runtime from 65536 examined bytes on (AsciiWidening): the same contract
        // must hold just below, at and above that length, with the destination deciding the length too.
        var random = new Random(65536);
        (int Source, int Destination)[] shapes =
            [(65535, 65535), (65536, 65536), (65537, 65537), (70000, 65535), (70000, 65536), (65536, 70000), (65535, 65600)];
        foreach ((int sourceLength, int destinationLength) in shapes)
        {
            int examined = Math.Min(sourceLength, destinationLength);
            IEnumerable<int> badIndexes = Enumerable.Range(-1, 40)
                .Concat(Enumerable.Range(examined - 40, 50))
                .Concat(Enumerable.Range(0, sourceLength / 4099).Select(i => i * 4099))
                .Where(i => i < sourceLength)
                .Distinct();
            byte[] source = new byte[sourceLength];
            char[] destinationArray = new char[destinationLength + 4];
            foreach (int bad in badIndexes)
            {
                AsciiReference.FillAscii(source, random);
                if (bad >= 0)
                {
                    source[bad] = AsciiReference.BadBytes[bad % AsciiReference.BadBytes.Length];
                }

                destinationArray.AsSpan().Fill(AsciiReference.CharSentinel);
                OperationStatus status = AsciiText.ToUtf16(source, destinationArray.AsSpan(0, destinationLength), out int written);

                int prefix = AsciiReference.AsciiPrefix(source.AsSpan(0, examined));
                Assert.Equal(ExpectedStatus(prefix, examined, sourceLength), status);
                Assert.Equal(prefix, written);
                for (int i = 0; i < destinationArray.Length; i++)
                {
                    char expected = i < prefix ? (char)source[i] : AsciiReference.CharSentinel;
                    if (expected != destinationArray[i])
                    {
                        Assert.Fail($"{sourceLength}/{destinationLength}, bad at {bad}: char {i} is U+{(int)destinationArray[i]:X4}, expected U+{(int)expected:X4}");
                    }
                }
            }
        }
    }

    [Fact]
    public void Case_conversion_from_chars_to_bytes_on_both_sides_of_the_net8_two_pass_threshold()
    {
        // The net8.0 build narrows with a case change through the runtime below 128 examined chars and through the
        // two-pass SIMD path from there on (AsciiCaseConversion): the same contract on both sides, the destination
        // deciding the length too.
        var random = new Random(128);
        (int Source, int Destination)[] shapes =
            [(127, 127), (128, 128), (129, 129), (200, 127), (200, 128), (128, 200), (127, 140), (1000, 1000), (4099, 4099)];
        foreach ((int sourceLength, int destinationLength) in shapes)
        {
            int examined = Math.Min(sourceLength, destinationLength);
            IEnumerable<int> badIndexes = Enumerable.Range(-1, 70)
                .Concat(Enumerable.Range(Math.Max(0, examined - 70), 80))
                .Concat(Enumerable.Range(0, sourceLength / 61).Select(i => i * 61))
                .Where(i => i < sourceLength)
                .Distinct();
            char[] source = new char[sourceLength];
            byte[] destinationArray = new byte[destinationLength + 4];
            foreach (int bad in badIndexes)
            {
                for (int i = 0; i < sourceLength; i++)
                {
                    source[i] = (char)random.Next(0, 128);
                }

                if (bad >= 0)
                {
                    source[bad] = AsciiReference.BadChars[bad % AsciiReference.BadChars.Length];
                }

                foreach (bool upper in new[] { false, true })
                {
                    destinationArray.AsSpan().Fill(AsciiReference.ByteSentinel);
                    Span<byte> destination = destinationArray.AsSpan(0, destinationLength);
                    OperationStatus status = upper
                        ? AsciiText.ToUpper(source, destination, out int written)
                        : AsciiText.ToLower(source, destination, out written);

                    int prefix = AsciiReference.AsciiPrefix(source.AsSpan(0, examined));
                    Assert.Equal(ExpectedStatus(prefix, examined, sourceLength), status);
                    Assert.Equal(prefix, written);
                    for (int i = 0; i < destinationArray.Length; i++)
                    {
                        byte expected = i < prefix
                            ? (byte)(upper ? char.ToUpperInvariant(source[i]) : char.ToLowerInvariant(source[i]))
                            : AsciiReference.ByteSentinel;
                        if (expected != destinationArray[i])
                        {
                            Assert.Fail($"{(upper ? "upper" : "lower")} {sourceLength}/{destinationLength}, bad at {bad}: byte {i} is 0x{destinationArray[i]:X2}, expected 0x{expected:X2}");
                        }
                    }
                }
            }
        }
    }

    [Fact]
    public void Case_conversion_from_chars_to_bytes_over_overlapping_memory_throws_on_both_sides_of_the_threshold()
    {
        foreach (int length in new[] { 64, 127, 128, 300 })
        {
            char[] chars = new char[length * 2];
            chars.AsSpan().Fill('A');
            Span<byte> bytes = MemoryMarshal.AsBytes(chars.AsSpan());
            char[] captured = chars;
            Assert.Throws<InvalidOperationException>(() => AsciiText.ToLower(captured.AsSpan(0, length), MemoryMarshal.AsBytes(captured.AsSpan()).Slice(8, length), out _));
            Assert.Throws<InvalidOperationException>(() => AsciiText.ToUpper(captured.AsSpan(0, length), MemoryMarshal.AsBytes(captured.AsSpan()).Slice(8, length), out _));
            Assert.Equal(0x41, bytes[0]);
        }
    }

    [Fact]
    public void Short_inputs_take_the_inline_path_exactly()
    {
        // Below one 128-bit vector the dispatcher inlines head/tail loads; every bad value at every index, and
        // the bytes around the destination must keep their sentinel.
        var random = new Random(8);
        for (int length = 0; length < 20; length++)
        {
            for (int bad = -1; bad < length; bad++)
            {
                foreach (char badChar in bad < 0 ? ['?'] : AsciiReference.BadChars)
                {
                    char[] chars = new char[length];
                    AsciiReference.FillAscii(chars, random);
                    if (bad >= 0)
                    {
                        chars[bad] = badChar;
                    }

                    int expected = bad < 0 ? length : bad;
                    byte[] narrowed = new byte[length + 2];
                    narrowed.AsSpan().Fill(AsciiReference.ByteSentinel);
                    AsciiText.FromUtf16(chars, narrowed.AsSpan(1, length), out int written);
                    Assert.Equal(expected, written);
                    Assert.Equal(AsciiReference.ByteSentinel, narrowed[0]);
                    for (int i = 0; i < length + 1; i++)
                    {
                        Assert.Equal(i < expected ? (byte)chars[i] : AsciiReference.ByteSentinel, narrowed[i + 1]);
                    }

                    byte[] bytes = chars.Select(c => c <= 0x7F ? (byte)c : (byte)(0x80 | c)).ToArray();
                    char[] widened = new char[length + 2];
                    widened.AsSpan().Fill(AsciiReference.CharSentinel);
                    AsciiText.ToUtf16(bytes, widened.AsSpan(1, length), out written);
                    Assert.Equal(expected, written);
                    Assert.Equal(AsciiReference.CharSentinel, widened[0]);
                    for (int i = 0; i < length + 1; i++)
                    {
                        Assert.Equal(i < expected ? (char)bytes[i] : AsciiReference.CharSentinel, widened[i + 1]);
                    }

                    Assert.Equal(bad, AsciiText.IndexOfNonAscii(chars));
                    Assert.Equal(bad, AsciiText.IndexOfNonAscii(bytes));
                }
            }
        }
    }

    [Fact]
    public void Del_is_ascii_and_0x80_is_not()
    {
        Assert.True(AsciiText.IsValid("\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F".AsSpan()));
        Assert.Equal(16, AsciiText.IndexOfNonAscii("\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u007F\u0080".AsSpan()));
        Assert.True(AsciiText.IsValid(new byte[] { 0x7F, 0, 0x41 }));
        Assert.False(AsciiText.IsValid(new byte[] { 0x7F, 0, 0x80 }));
    }

    [Fact]
    public void A_non_ascii_char_beyond_the_destination_is_not_examined()
    {
        char[] source = "abcdefghijklmnopqrstuvwxyz0123456789\u0141".ToCharArray();
        for (int destinationLength = 0; destinationLength < source.Length; destinationLength++)
        {
            byte[] destination = new byte[destinationLength];
            Assert.Equal(OperationStatus.DestinationTooSmall, AsciiText.FromUtf16(source, destination, out int written));
            Assert.Equal(destinationLength, written);
        }

        Assert.Equal(OperationStatus.InvalidData, AsciiText.FromUtf16(source, new byte[source.Length], out int all));
        Assert.Equal(source.Length - 1, all);
    }

    [Fact]
    public void Empty_inputs()
    {
        Assert.Equal(OperationStatus.Done, AsciiText.FromUtf16(ReadOnlySpan<char>.Empty, Span<byte>.Empty, out int narrowed));
        Assert.Equal(0, narrowed);
        Assert.Equal(OperationStatus.Done, AsciiText.ToUtf16(ReadOnlySpan<byte>.Empty, Span<char>.Empty, out int widened));
        Assert.Equal(0, widened);
        Assert.Equal(OperationStatus.DestinationTooSmall, AsciiText.FromUtf16("a".AsSpan(), Span<byte>.Empty, out _));
        Assert.True(AsciiText.IsValid(ReadOnlySpan<char>.Empty));
        Assert.Equal(-1, AsciiText.IndexOfNonAscii(ReadOnlySpan<byte>.Empty));
    }

    [GuardedFact]
    public void Public_api_on_memory_flush_against_a_guard_page()
    {
        using var sourceBuffer = new GuardedBuffer(8192);
        using var destinationBuffer = new GuardedBuffer(8192);
        var random = new Random(7);
        for (int length = 0; length <= 300; length++)
        {
            Span<char> chars = sourceBuffer.Chars(length);
            AsciiReference.FillAscii(chars, random);
            Assert.Equal(OperationStatus.Done, AsciiText.FromUtf16(chars, destinationBuffer.Bytes(length), out _));
            Assert.True(AsciiText.IsValid(chars));
            Assert.Equal(length, AsciiText.GetUtf8ByteCount(chars));
            Assert.True(AsciiText.TryEncodeUtf8(chars, destinationBuffer.Bytes(length), out _));
            Assert.Equal(OperationStatus.Done, AsciiText.ToUtf16(destinationBuffer.Bytes(length), sourceBuffer.Chars(length), out _));
            Assert.True(AsciiText.IsValid((ReadOnlySpan<byte>)destinationBuffer.Bytes(length)));
            Assert.Equal(OperationStatus.Done, AsciiText.ToUpperInPlace(sourceBuffer.Chars(length), out _));
            Assert.Equal(OperationStatus.Done, AsciiText.ToLowerInPlace(destinationBuffer.Bytes(length), out _));
            if (length > 0)
            {
                chars[length - 1] = '\u00E9';
                Assert.True(AsciiText.TryEncodeUtf8(chars, destinationBuffer.Bytes(length + 1), out int utf8Length));
                Assert.Equal(length + 1, utf8Length);
            }
        }
    }
}
