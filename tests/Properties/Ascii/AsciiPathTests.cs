using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>
/// Every internal path (Vector512/256/128, UInt64 and Scalar on the net8.0 build; VectorT, UInt64 and Scalar on
/// the netstandard2.0 build), each run directly, against the per-element reference. The vector paths run even
/// where the CPU lacks their width: the runtime emulates the cross-platform vector APIs, so they are checked here
/// too (slowly), and their instruction-set-specific lines are checked on CPUs that have the instruction set.
/// </summary>
public class AsciiPathTests
{
    /// <summary>Lengths where a path changes shape: each vector width in chars and bytes +-1, 4x the widest +-1.</summary>
    private static readonly int[] EdgeLengths = [3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 300];

    public static TheoryData<string> Paths()
    {
        var data = new TheoryData<string>();
        foreach (AsciiPath path in AsciiPaths.All)
        {
            data.Add(path.Name);
        }

        return data;
    }

    private static AsciiPath Path(string name) => AsciiPaths.All.Single(p => p.Name == name);

    [Theory, MemberData(nameof(Paths))]
    public void Every_length_up_to_300_and_long_inputs_all_ascii(string name)
    {
        AsciiPath path = Path(name);
        var random = new Random(1);
        foreach (int length in Enumerable.Range(0, 301).Concat([511, 512, 513, 1000, 4099]))
        {
            char[] chars = new char[length];
            AsciiReference.FillAscii(chars, random);
            AsciiPathChecks.All(path, chars);
        }
    }

    [Theory, MemberData(nameof(Paths))]
    public void Non_ascii_at_every_index(string name)
    {
        AsciiPath path = Path(name);
        var random = new Random(2);
        foreach (int length in Enumerable.Range(1, 140).Concat(EdgeLengths.Where(l => l > 140)))
        {
            char[] chars = new char[length];
            for (int index = 0; index < length; index++)
            {
                AsciiReference.FillAscii(chars, random);
                chars[index] = AsciiReference.BadChars[(length + index) % AsciiReference.BadChars.Length];
                if (index + 3 < length && (index & 1) == 0)
                {
                    chars[random.Next(index + 1, length)] = '\u00E9';
                }

                AsciiPathChecks.All(path, chars);
            }
        }
    }

    [Theory, MemberData(nameof(Paths))]
    public void Every_bad_value_at_every_index_of_short_inputs(string name)
    {
        AsciiPath path = Path(name);
        var random = new Random(3);
        foreach (char bad in AsciiReference.BadChars)
        {
            foreach (int length in Enumerable.Range(1, 40).Concat(EdgeLengths.Where(l => l is > 40 and < 100)))
            {
                char[] chars = new char[length];
                for (int index = 0; index < length; index++)
                {
                    AsciiReference.FillAscii(chars, random);
                    chars[index] = bad;
                    AsciiPathChecks.All(path, chars);
                }
            }
        }
    }

    [Theory, MemberData(nameof(Paths))]
    public void Del_0x7F_is_ascii_everywhere(string name)
    {
        AsciiPath path = Path(name);
        foreach (int length in EdgeLengths)
        {
            AsciiPathChecks.All(path, new string('\u007F', length).ToCharArray());
        }
    }

    [Theory, MemberData(nameof(Paths))]
    public void Every_source_and_destination_offset_0_to_63(string name)
    {
        AsciiPath path = Path(name);
        var random = new Random(4);
        for (int sourceOffset = 0; sourceOffset < 64; sourceOffset++)
        {
            for (int destinationOffset = 0; destinationOffset < 64; destinationOffset++)
            {
                int length = 1 + (((sourceOffset * 13) + (destinationOffset * 7)) % 160);
                char[] chars = new char[length];
                AsciiReference.FillAscii(chars, random);
                if ((sourceOffset + destinationOffset) % 2 == 1)
                {
                    chars[random.Next(length)] = AsciiReference.BadChars[random.Next(AsciiReference.BadChars.Length)];
                }

                AsciiPathChecks.All(path, chars, sourceOffset, destinationOffset);
            }
        }
    }

    /// <summary>
    /// Mostly ASCII with an occasional bad char, so prefixes of every length come up; offsets misalign both sides.
    /// </summary>
    public static class GeneratedInputs
    {
        public static Arbitrary<(char[] Chars, int SourceOffset, int DestinationOffset)> Input()
        {
            Gen<char> element = Gen.Frequency(
                (40, Gen.Choose(0, 0x7F).Select(c => (char)c)),
                (1, Gen.Elements(AsciiReference.BadChars)));
            Gen<(char[] Chars, int SourceOffset, int DestinationOffset)> input =
                from length in Gen.Frequency((3, Gen.Choose(0, 300)), (1, Gen.Choose(300, 2100)))
                from chars in Gen.ArrayOf(element, length)
                from sourceOffset in Gen.Choose(0, 63)
                from destinationOffset in Gen.Choose(0, 63)
                select (chars, sourceOffset, destinationOffset);
            return input.ToArbitrary();
        }
    }

    // Every path checks every generated input (as many inputs per path as when each path was a theory row); a
    // failure names the path.
    [FastTextProperty(Arbitrary = [typeof(GeneratedInputs)], RunsAtDefault = 100)]
    public void Matches_reference_on_generated_inputs((char[] Chars, int SourceOffset, int DestinationOffset) c)
    {
        foreach (AsciiPath path in AsciiPaths.All)
        {
            AsciiPathChecks.All(path, c.Chars, c.SourceOffset, c.DestinationOffset);
        }
    }

    [GuardedTheory, MemberData(nameof(Paths))]
    public void Never_touches_memory_past_either_end(string name)
    {
        AsciiPath path = Path(name);
        var random = new Random(5);
        using var sourceBuffer = new GuardedBuffer(4096);
        using var destinationBuffer = new GuardedBuffer(4096);
        for (int length = 0; length <= 160; length++)
        {
            for (int variant = 0; variant < 3; variant++)
            {
                // Both the source and the destination end flush against a no-access page: one element too far crashes.
                Span<char> chars = sourceBuffer.Chars(length);
                AsciiReference.FillAscii(chars, random);
                if (variant > 0 && length > 0)
                {
                    chars[variant == 1 ? length - 1 : random.Next(length)] = AsciiReference.BadChars[random.Next(AsciiReference.BadChars.Length)];
                }

                Span<byte> bytes = destinationBuffer.Bytes(length);
                bytes.Fill(AsciiReference.ByteSentinel);
                AsciiPathChecks.Narrow(path, chars, bytes);
                AsciiPathChecks.IndexOfNonAscii(path, (ReadOnlySpan<char>)chars);
                Span<char> charDestination = destinationBuffer.Chars(length);
                charDestination.Fill(AsciiReference.CharSentinel);
                AsciiPathChecks.ChangeCase(path, chars, charDestination, toUpper: variant == 1);
                AsciiPathChecks.ChangeCase(path, chars, chars, toUpper: variant != 1);

                Span<byte> byteSource = sourceBuffer.Bytes(length);
                AsciiReference.FillAscii(byteSource, random);
                if (variant > 0 && length > 0)
                {
                    byteSource[variant == 1 ? length - 1 : random.Next(length)] = AsciiReference.BadBytes[random.Next(AsciiReference.BadBytes.Length)];
                }

                charDestination.Fill(AsciiReference.CharSentinel);
                AsciiPathChecks.Widen(path, byteSource, charDestination);
                AsciiPathChecks.IndexOfNonAscii(path, (ReadOnlySpan<byte>)byteSource);
                Span<byte> byteDestination = destinationBuffer.Bytes(length);
                byteDestination.Fill(AsciiReference.ByteSentinel);
                AsciiPathChecks.ChangeCase(path, byteSource, byteDestination, toUpper: variant == 1);
                AsciiPathChecks.ChangeCase(path, byteSource, byteSource, toUpper: variant != 1);
            }
        }
    }

    [Fact]
    public void Every_path_is_listed_and_the_dispatched_ones_include_a_scalar_fallback()
    {
        Assert.Contains(AsciiPaths.All, p => p.Name == "UInt64" && p.IsDispatched);
        Assert.Contains(AsciiPaths.All, p => p.Name == "Scalar");
#if FASTTEXT_NET8
        Assert.Equal(["Vector512", "Vector256", "Vector128", "UInt64", "Scalar"], AsciiPaths.All.Select(p => p.Name));
#else
        Assert.Equal(["VectorT", "UInt64", "Scalar"], AsciiPaths.All.Select(p => p.Name));
#endif
    }
}
