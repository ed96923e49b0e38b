using System;
using System.Buffers;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// UTF-8 output for keys: the key is composed as chars in a stack buffer (a pooled array when long), then transcoded
/// by the library's UTF-8 encoder (ASCII runs take the SIMD narrowing) straight into the caller's bytes. Nothing is
/// allocated; the pooled array, if any, is returned before the method leaves, exceptions included.
/// </summary>
internal static class KeyUtf8
{
    private const int StackChars = 256;

    [SkipLocalsInit] // the composer writes every char of the slice before the encoder reads it (custom parts clear theirs first)
    internal static bool TryWrite<TComposer>(ref TComposer composer, int length, KeyLayout layout, Span<byte> destination, out int bytesWritten)
        where TComposer : struct, IKeyComposer
    {
        // Every char is at least one byte: a destination shorter than the char count cannot fit.
        if (destination.Length < length)
        {
            bytesWritten = 0;
            return false;
        }

        ArrayPool<char>? pool = null;
        char[]? rented = null;
        Span<char> chars = length <= StackChars ? stackalloc char[StackChars] : (rented = (pool = layout.ScratchPool).Rent(length));
        try
        {
            chars = chars.Slice(0, length);
            composer.Write(chars);
            int encoded = Utf8Transcoder.Encode(chars, destination);
            bytesWritten = encoded < 0 ? 0 : encoded;
            return encoded >= 0;
        }
        finally
        {
            if (rented is not null)
            {
                pool!.Return(rented);
            }
        }
    }

    [SkipLocalsInit] // as in TryWrite
    internal static int Write<TComposer>(ref TComposer composer, int length, KeyLayout layout, IBufferWriter<byte> writer)
        where TComposer : struct, IKeyComposer
    {
        ArrayPool<char>? pool = null;
        char[]? rented = null;
        Span<char> chars = length <= StackChars ? stackalloc char[StackChars] : (rented = (pool = layout.ScratchPool).Rent(length));
        try
        {
            chars = chars.Slice(0, length);
            composer.Write(chars);
            // Counted in 64 bits: a key of up to 0x3FFFFFDF chars can take more than int.MaxValue bytes.
            long longByteCount = Utf8Transcoder.CountBytes(chars);
            if (longByteCount > int.MaxValue)
            {
                KeyThrowHelper.ThrowUtf8TooLong(longByteCount);
            }

            int byteCount = (int)longByteCount;
            Span<byte> target = writer.GetSpan(byteCount);
            if (target.Length < byteCount)
            {
                Internal.ThrowHelper.ThrowArgument(nameof(writer), "The buffer writer returned a span shorter than requested.");
            }

            int encoded = Utf8Transcoder.Encode(chars, target.Slice(0, byteCount));
            writer.Advance(encoded);
            return encoded;
        }
        finally
        {
            if (rented is not null)
            {
                pool!.Return(rented);
            }
        }
    }
}
