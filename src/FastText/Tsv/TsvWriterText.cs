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

    /// <summary>The exact UTF-8 length of <paramref name="text"/> (as <see cref="Encode"/> writes it), in 64 bits: past int.MaxValue it is the row-length error's to report.</summary>
    public static long Utf8Length(ReadOnlySpan<char> text) => Utf8Transcoder.CountBytes(text);

    /// <summary>
    /// Encodes <paramref name="text"/> as UTF-8 (lone surrogates become U+FFFD) into <paramref name="destination"/>,
    /// which holds <see cref="MaxUtf8Length"/> or <see cref="Utf8Length"/> bytes; -1 when the text no longer fits
    /// there (another thread changed it after it was measured).
    /// </summary>
    public static int Encode(ReadOnlySpan<char> text, Span<byte> destination) =>
        AsciiText.TryEncodeUtf8(text, destination, out int written) ? written : -1;
}
