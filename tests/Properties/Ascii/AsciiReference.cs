namespace FastText.Tests.Ascii;

/// <summary>The obviously correct versions every path and the public API are compared with: one element at a time.</summary>
internal static class AsciiReference
{
    /// <summary>Non-ASCII chars that catch the classic mistakes: 0x0141's low byte is 'A' (a truncating narrow passes it).</summary>
    public static readonly char[] BadChars = ['\u0080', '\u00FF', '\u0100', '\u0123', '\u0141', '\uD800', '\uDFFF', '\uFF7F', '\uFFFF'];

    /// <summary>Non-ASCII bytes; 0xC1's low seven bits are 'A'.</summary>
    public static readonly byte[] BadBytes = [0x80, 0xFF, 0xC1, 0xE1, 0x9A];

    public const byte ByteSentinel = 0xEE;
    public const char CharSentinel = '\uEEEE';

    public static int AsciiPrefix(ReadOnlySpan<char> chars)
    {
        int i = 0;
        while (i < chars.Length && chars[i] <= 0x7F)
        {
            i++;
        }

        return i;
    }

    public static int AsciiPrefix(ReadOnlySpan<byte> bytes)
    {
        int i = 0;
        while (i < bytes.Length && bytes[i] <= 0x7F)
        {
            i++;
        }

        return i;
    }

    public static char ChangeCase(char c, bool toUpper) =>
        toUpper ? (c >= 'a' && c <= 'z' ? (char)(c - 32) : c) : (c >= 'A' && c <= 'Z' ? (char)(c + 32) : c);

    public static byte ChangeCase(byte b, bool toUpper) => (byte)ChangeCase((char)b, toUpper);

    /// <summary>Random ASCII over the whole 0x00..0x7F range (letters of both cases, controls, 0x7F).</summary>
    public static void FillAscii(Span<char> chars, Random random)
    {
        for (int i = 0; i < chars.Length; i++)
        {
            chars[i] = (char)random.Next(0, 0x80);
        }
    }

    public static void FillAscii(Span<byte> bytes, Random random)
    {
        for (int i = 0; i < bytes.Length; i++)
        {
            bytes[i] = (byte)random.Next(0, 0x80);
        }
    }
}
