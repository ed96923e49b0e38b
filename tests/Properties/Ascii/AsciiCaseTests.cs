using System.Buffers;
using System.Runtime.InteropServices;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Ascii;

/// <summary>
/// ToLower/ToUpper, span to span and in place. The documented rule for non-ASCII: conversion stops at the first
/// non-ASCII element with InvalidData and the count at its index; that element and everything after it are left
/// as they were (in place) or not written (span to span).
/// </summary>
public class AsciiCaseTests
{
    private static readonly Gen<char[]> Text =
        from length in Gen.Frequency((4, Gen.Choose(0, 140)), (1, Gen.Choose(140, 700)))
        from chars in Gen.ArrayOf(Gen.Frequency(
            (20, Gen.Choose(0, 0x7F).Select(c => (char)c)),
            (10, Gen.Elements("AZazMm@[`{".ToCharArray())),
            (1, Gen.Elements(AsciiReference.BadChars.Concat(['\u00C0', '\u00E0', '\u0130', '\u212A']).ToArray()))), length)
        select chars;

    /// <summary><see cref="Text"/> as an FsCheck arbitrary.</summary>
    public static class TextArbitrary
    {
        public static Arbitrary<char[]> Chars() => Text.ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(TextArbitrary)])]
    public void Char_conversions_match_the_reference(char[] chars)
    {
        foreach (bool toUpper in new[] { false, true })
        {
            int prefix = AsciiReference.AsciiPrefix(chars);
            OperationStatus expectedStatus = prefix == chars.Length ? OperationStatus.Done : OperationStatus.InvalidData;
            char[] expected = chars.Select((c, i) => i < prefix ? AsciiReference.ChangeCase(c, toUpper) : c).ToArray();

            char[] destination = new char[chars.Length + 2];
            destination.AsSpan().Fill(AsciiReference.CharSentinel);
            OperationStatus status = toUpper
                ? AsciiText.ToUpper(chars, destination, out int written)
                : AsciiText.ToLower(chars, destination, out written);
            Assert.Equal(expectedStatus, status);
            Assert.Equal(prefix, written);
            Assert.Equal(expected.Take(prefix), destination.Take(prefix));
            Assert.All(destination.Skip(prefix), c => Assert.Equal(AsciiReference.CharSentinel, c));

            char[] inPlace = (char[])chars.Clone();
            status = toUpper ? AsciiText.ToUpperInPlace(inPlace, out written) : AsciiText.ToLowerInPlace(inPlace, out written);
            Assert.Equal(expectedStatus, status);
            Assert.Equal(prefix, written);
            Assert.Equal(expected, inPlace);
        }
    }

    [FastTextProperty(Arbitrary = [typeof(TextArbitrary)])]
    public void Byte_conversions_match_the_reference(char[] chars)
    {
        byte[] bytes = chars.Select(c => c <= 0x7F ? (byte)c : (byte)(0x80 | c)).ToArray();
        foreach (bool toUpper in new[] { false, true })
        {
            int prefix = AsciiReference.AsciiPrefix(bytes);
            OperationStatus expectedStatus = prefix == bytes.Length ? OperationStatus.Done : OperationStatus.InvalidData;
            byte[] expected = bytes.Select((b, i) => i < prefix ? AsciiReference.ChangeCase(b, toUpper) : b).ToArray();

            byte[] destination = new byte[bytes.Length + 2];
            destination.AsSpan().Fill(AsciiReference.ByteSentinel);
            OperationStatus status = toUpper
                ? AsciiText.ToUpper(bytes, destination, out int written)
                : AsciiText.ToLower(bytes, destination, out written);
            Assert.Equal(expectedStatus, status);
            Assert.Equal(prefix, written);
            Assert.Equal(expected.Take(prefix), destination.Take(prefix));
            Assert.All(destination.Skip(prefix), b => Assert.Equal(AsciiReference.ByteSentinel, b));

            byte[] inPlace = (byte[])bytes.Clone();
            status = toUpper ? AsciiText.ToUpperInPlace(inPlace, out written) : AsciiText.ToLowerInPlace(inPlace, out written);
            Assert.Equal(expectedStatus, status);
            Assert.Equal(prefix, written);
            Assert.Equal(expected, inPlace);
        }
    }

    [Fact]
    public void In_place_every_length_and_bad_index()
    {
        // The net8.0 build cuts in-place text into whole steps of ever narrower paths (AsciiCore.ChangeCaseInPlace):
        // every split of 0..140 elements, with a bad element at every index, against the reference.
        var random = new Random(140);
        for (int length = 0; length <= 140; length++)
        {
            for (int bad = -1; bad < length; bad++)
            {
                foreach (bool toUpper in new[] { false, true })
                {
                    char[] chars = new char[length];
                    AsciiReference.FillAscii(chars, random);
                    if (bad >= 0)
                    {
                        chars[bad] = AsciiReference.BadChars[(bad + length) % AsciiReference.BadChars.Length];
                    }

                    char[] expectedChars = chars.Select((c, i) => bad < 0 || i < bad ? AsciiReference.ChangeCase(c, toUpper) : c).ToArray();
                    OperationStatus status = toUpper ? AsciiText.ToUpperInPlace(chars, out int written) : AsciiText.ToLowerInPlace(chars, out written);
                    Assert.Equal(bad < 0 ? OperationStatus.Done : OperationStatus.InvalidData, status);
                    Assert.Equal(bad < 0 ? length : bad, written);
                    Assert.Equal(expectedChars, chars);

                    byte[] bytes = new byte[length];
                    AsciiReference.FillAscii(bytes, random);
                    if (bad >= 0)
                    {
                        bytes[bad] = AsciiReference.BadBytes[(bad + length) % AsciiReference.BadBytes.Length];
                    }

                    byte[] expectedBytes = bytes.Select((b, i) => bad < 0 || i < bad ? AsciiReference.ChangeCase(b, toUpper) : b).ToArray();
                    status = toUpper ? AsciiText.ToUpperInPlace(bytes, out written) : AsciiText.ToLowerInPlace(bytes, out written);
                    Assert.Equal(bad < 0 ? OperationStatus.Done : OperationStatus.InvalidData, status);
                    Assert.Equal(bad < 0 ? length : bad, written);
                    Assert.Equal(expectedBytes, bytes);
                }
            }
        }
    }

    [Fact]
    public void Only_the_26_letters_change_and_non_ascii_letters_stop_the_conversion()
    {
        string all = new(Enumerable.Range(0, 128).Select(c => (char)c).ToArray());
        char[] lower = new char[128];
        Assert.Equal(OperationStatus.Done, AsciiText.ToLower(all.AsSpan(), lower, out _));
        Assert.Equal(all.Replace("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"), new string(lower));
        char[] upper = new char[128];
        Assert.Equal(OperationStatus.Done, AsciiText.ToUpper(all.AsSpan(), upper, out _));
        Assert.Equal(all.Replace("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), new string(upper));

        char[] text = "HELLO \u00C9COLE WORLD".ToCharArray();
        Assert.Equal(OperationStatus.InvalidData, AsciiText.ToLowerInPlace(text, out int converted));
        Assert.Equal(6, converted);
        Assert.Equal("hello \u00C9COLE WORLD", new string(text));
    }

    [Fact]
    public void Destination_shorter_than_source()
    {
        byte[] destination = new byte[3];
        Assert.Equal(OperationStatus.DestinationTooSmall, AsciiText.ToUpper("abcd\u0141"u8.ToArray(), destination, out int written));
        Assert.Equal(3, written);
        Assert.Equal("ABC"u8.ToArray(), destination);
    }

    [Fact]
    public void Overlapping_spans_are_rejected_as_the_runtime_rejects_them()
    {
        // System.Text.Ascii throws InvalidOperationException for any overlap, identical starts included (in place has
        // its own methods); so do we, for all four element-type pairs, and nothing is written first.
        char[] buffer = "abcdefghijklmnop".ToCharArray();
        byte[] bytes = "abcdefghijklmnop"u8.ToArray();
        Assert.Throws<InvalidOperationException>(() => AsciiText.ToUpper(buffer.AsSpan(0, 8), buffer.AsSpan(1, 8), out _));
        Assert.Throws<InvalidOperationException>(() => AsciiText.ToUpper(buffer.AsSpan(0, 8), buffer.AsSpan(0, 8), out _));
        Assert.Throws<InvalidOperationException>(() => AsciiText.ToLower(bytes.AsSpan(2, 8), bytes.AsSpan(0, 8), out _));
        Assert.Throws<InvalidOperationException>(() => AsciiText.ToLower(bytes.AsSpan(0, 8), bytes.AsSpan(0, 8), out _));
        byte[] bytesBefore = bytes.ToArray();
        Assert.Throws<InvalidOperationException>(() => AsciiText.ToUpper(bytes.AsSpan(8, 8), MemoryMarshal.Cast<byte, char>(bytes.AsSpan()), out _));
        Assert.Throws<InvalidOperationException>(() => AsciiText.ToUpper(MemoryMarshal.Cast<byte, char>(bytes.AsSpan(0, 4)), bytes.AsSpan(3, 4), out _));
        Assert.Equal(bytesBefore, bytes);
        Assert.Equal("abcdefghijklmnop", new string(buffer));

        // Adjacent spans do not overlap.
        Assert.Equal(OperationStatus.Done, AsciiText.ToUpper(buffer.AsSpan(0, 8), buffer.AsSpan(8, 8), out _));
        Assert.Equal("abcdefghABCDEFGH", new string(buffer));
    }
}
