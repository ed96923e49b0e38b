using System;

namespace FastText;

/// <summary>
/// The one place the writer calls the library's UTF-16 to UTF-8 encoder (AsciiText: SIMD narrowing of the ASCII
/// prefix, the UTF-8 encoder for the rest), so a rename there touches only this file and its per-target parts.
/// </summary>
internal static partial class TsvWriterText
{
    /// <summary>The most UTF-8 bytes <paramref name="charCount"/> chars can become (3 per char; a surrogate pair is 4 for 2).</summary>
    public static long MaxUtf8Length(int charCount) => 3L * charCount;

    /// <summary>Encodes <paramref name="text"/> as UTF-8 (lone surrogates become U+FFFD); <paramref name="destination"/> holds <see cref="MaxUtf8Length"/> bytes.</summary>
    public static int Encode(ReadOnlySpan<char> text, Span<byte> destination)
    {
        bool done = AsciiText.TryEncodeUtf8(text, destination, out int written);
        System.Diagnostics.Debug.Assert(done, "The destination holds the worst case.");
        return written;
    }
}
