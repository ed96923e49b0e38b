using System;
using System.Buffers;
using System.Text;
using FastText.Internal;

namespace FastText;

public static partial class AsciiText
{
    /// <summary>Counts the bytes <see cref="Encoding.UTF8"/> would produce for <paramref name="source"/>, lone surrogates included (each becomes U+FFFD, 3 bytes).</summary>
    /// <param name="source">The UTF-16 text.</param>
    /// <returns>The exact UTF-8 length.</returns>
    /// <exception cref="ArgumentException">The UTF-8 length exceeds <see cref="int.MaxValue"/> (what <see cref="Encoding.GetByteCount(char[])"/> throws; <see cref="ArgumentException.ParamName"/> is null there too).</exception>
    public static int GetUtf8ByteCount(ReadOnlySpan<char> source)
    {
        int asciiPrefix = IndexOfNonAscii(source);
        if (asciiPrefix < 0)
        {
            return source.Length;
        }

        return Utf8Transcoder.GetByteCount(source.Slice(asciiPrefix), bytesBefore: asciiPrefix);
    }

    /// <summary>
    /// Encodes UTF-16 text as UTF-8, byte-identical to <see cref="Encoding.UTF8"/> (lone surrogates become U+FFFD),
    /// narrowing the ASCII prefix with the SIMD paths.
    /// </summary>
    /// <param name="source">The UTF-16 text.</param>
    /// <param name="destination">Receives the UTF-8 bytes.</param>
    /// <param name="bytesWritten">The number of bytes written; 0 when the destination is too small.</param>
    /// <returns><see langword="false"/> when <paramref name="destination"/> is shorter than <see cref="GetUtf8ByteCount"/>; it may then hold partial output.</returns>
    public static bool TryEncodeUtf8(ReadOnlySpan<char> source, Span<byte> destination, out int bytesWritten)
    {
        FromUtf16(source, destination, out int asciiWritten);
        if (asciiWritten == source.Length)
        {
            bytesWritten = asciiWritten;
            return true;
        }

        int restWritten = Utf8Transcoder.Encode(source.Slice(asciiWritten), destination.Slice(asciiWritten));
        if (restWritten < 0)
        {
            bytesWritten = 0;
            return false;
        }

        bytesWritten = asciiWritten + restWritten;
        return true;
    }

    /// <summary>Encodes UTF-16 text as UTF-8 into an <see cref="IBufferWriter{T}"/>, byte-identical to <see cref="Encoding.UTF8"/>.</summary>
    /// <param name="source">The UTF-16 text.</param>
    /// <param name="writer">Receives the bytes; advanced by the returned count.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException">The UTF-8 length exceeds <see cref="int.MaxValue"/>; the writer is not asked for a span.</exception>
    /// <exception cref="InvalidOperationException">The writer returned a span shorter than requested, or another thread changed <paramref name="source"/> during the call.</exception>
    public static int EncodeUtf8(ReadOnlySpan<char> source, IBufferWriter<byte> writer)
    {
        if (writer is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        int byteCount = GetUtf8ByteCount(source);
        if (byteCount == 0)
        {
            return 0;
        }

        Span<byte> destination = writer.GetSpan(byteCount);
        if (!TryEncodeUtf8(source, destination, out int written))
        {
            // Either the writer broke its contract or the text changed between counting and encoding.
            ThrowHelper.ThrowInvalidOperation("The buffer writer returned a span shorter than requested, or the text changed while it was encoded.");
        }

        writer.Advance(written);
        return written;
    }

    /// <summary>Encodes UTF-16 text as UTF-8 into a new array, byte-identical to <see cref="Encoding.GetBytes(string)"/> on <see cref="Encoding.UTF8"/>.</summary>
    /// <param name="value">The text.</param>
    /// <returns>The UTF-8 bytes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    /// <exception cref="ArgumentException">The UTF-8 length exceeds <see cref="int.MaxValue"/>.</exception>
    public static byte[] EncodeUtf8ToArray(string value)
    {
        if (value is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(value));
        }

        byte[] result = new byte[GetUtf8ByteCount(value.AsSpan())];
        TryEncodeUtf8(value.AsSpan(), result, out _);
        return result;
    }
}
