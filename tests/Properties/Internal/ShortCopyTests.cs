using FastText.Internal;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Internal;

/// <summary>
/// ShortCopy.Chars, the call-free copy of up to 16 chars behind the builders' Append and the key literals, against
/// the obvious reference (an element-by-element copy through a temporary, which is memmove's meaning): every length
/// 0..16 (each of the branch bounds 2, 4, 8, 16 bytes and one either side), unaligned offsets, runs that overlap in
/// both directions, and runs flush against a no-access page so a byte read or written past either end crashes.
/// </summary>
public class ShortCopyTests
{
    /// <summary>A buffer of distinct chars, a source and a destination offset in it, and a length 0..16.</summary>
    public static class CopyCases
    {
        public static Arbitrary<(int Source, int Destination, int Length)> Cases() =>
            (from length in Gen.Choose(0, ShortCopy.MaxChars)
             from source in Gen.Choose(0, 40)
             from destination in Gen.Choose(0, 40)
             select (source, destination, length)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(CopyCases)])]
    public void Copies_like_memmove_between_separate_buffers((int Source, int Destination, int Length) input)
    {
        var (sourceAt, destinationAt, length) = input;
        char[] source = Distinct(64, 'a');
        char[] actual = Distinct(64, 'A');
        char[] expected = (char[])actual.Clone();
        ReferenceCopy(source, sourceAt, expected, destinationAt, length);

        ShortCopy.Chars(ref source[sourceAt], ref actual[destinationAt], length);

        Assert.Equal(new string(expected), new string(actual));
    }

    [FastTextProperty(Arbitrary = [typeof(CopyCases)])]
    public void Copies_like_memmove_when_source_and_destination_overlap((int Source, int Destination, int Length) input)
    {
        var (sourceAt, destinationAt, length) = input;
        char[] actual = Distinct(64, 'a');
        char[] expected = (char[])actual.Clone();
        ReferenceCopy((char[])expected.Clone(), sourceAt, expected, destinationAt, length);

        ShortCopy.Chars(ref actual[sourceAt], ref actual[destinationAt], length);

        Assert.Equal(new string(expected), new string(actual));
    }

    [GuardedFact]
    public void Reads_and_writes_only_inside_both_runs_at_a_no_access_page()
    {
        using var sourceBuffer = new GuardedBuffer(4096);
        using var destinationBuffer = new GuardedBuffer(4096);
        for (int length = 0; length <= ShortCopy.MaxChars; length++)
        {
            Span<char> source = sourceBuffer.Chars(length);
            Span<char> destination = destinationBuffer.Chars(length);
            for (int i = 0; i < length; i++)
            {
                source[i] = (char)('a' + i);
                destination[i] = '-';
            }

            ShortCopy.Chars(ref System.Runtime.InteropServices.MemoryMarshal.GetReference(source),
                ref System.Runtime.InteropServices.MemoryMarshal.GetReference(destination), length);

            Assert.Equal(source.ToString(), destination.ToString());
        }
    }

    private static char[] Distinct(int length, char first)
    {
        var chars = new char[length];
        for (int i = 0; i < length; i++)
        {
            chars[i] = (char)(first + i);
        }

        return chars;
    }

    private static void ReferenceCopy(char[] source, int sourceAt, char[] destination, int destinationAt, int length)
    {
        var temporary = new char[length];
        for (int i = 0; i < length; i++)
        {
            temporary[i] = source[sourceAt + i];
        }

        for (int i = 0; i < length; i++)
        {
            destination[destinationAt + i] = temporary[i];
        }
    }
}
