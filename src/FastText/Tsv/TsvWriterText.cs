using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

/// <summary>
/// The one place the writer calls the library's UTF-16 to UTF-8 encoder (AsciiText: SIMD narrowing of the ASCII
/// prefix, the UTF-8 encoder for the rest), so a rename there touches only this file.
/// </summary>
internal static class TsvWriterText
{
    /// <summary>The most UTF-8 bytes <paramref name="charCount"/> chars can become (3 per char; a surrogate pair is 4 for 2).</summary>
    public static long MaxUtf8Length(int charCount) => 3L * charCount;

    /// <summary>
    /// Narrows all-ASCII <paramref name="text"/> into <paramref name="destination"/> (room for its length) with the
    /// encoder's own ASCII step, inlined for short text; false at the first non-ASCII char (then encode it all).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryNarrowAscii(ReadOnlySpan<char> text, ref byte destination) =>
        AsciiCore.Narrow(ref MemoryMarshal.GetReference(text), ref destination, (nuint)text.Length) == (nuint)text.Length;

    /// <summary>Encodes <paramref name="text"/> as UTF-8 (lone surrogates become U+FFFD); <paramref name="destination"/> holds <see cref="MaxUtf8Length"/> bytes.</summary>
    public static int Encode(ReadOnlySpan<char> text, Span<byte> destination)
    {
        bool done = AsciiText.TryEncodeUtf8(text, destination, out int written);
        System.Diagnostics.Debug.Assert(done, "The destination holds the worst case.");
        return written;
    }
}
