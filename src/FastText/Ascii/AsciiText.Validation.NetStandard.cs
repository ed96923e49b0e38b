using System;
using System.Runtime.InteropServices;

namespace FastText;

public static partial class AsciiText
{
    /// <summary>Tells whether every char is ASCII (U+0000..U+007F).</summary>
    /// <param name="value">The chars to check.</param>
    /// <returns><see langword="true"/> when <paramref name="value"/> is empty or all ASCII.</returns>
    public static bool IsValid(ReadOnlySpan<char> value) =>
        AsciiCore.IndexOfNonAscii(ref MemoryMarshal.GetReference(value), (nuint)value.Length) == (nuint)value.Length;

    /// <summary>Tells whether every byte is ASCII (0x00..0x7F).</summary>
    /// <param name="value">The bytes to check.</param>
    /// <returns><see langword="true"/> when <paramref name="value"/> is empty or all ASCII.</returns>
    public static bool IsValid(ReadOnlySpan<byte> value) =>
        AsciiCore.IndexOfNonAscii(ref MemoryMarshal.GetReference(value), (nuint)value.Length) == (nuint)value.Length;
}
