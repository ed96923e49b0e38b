using System;
using System.Buffers;
using FastText.Internal;

namespace FastText;

public static partial class AsciiText
{
    /// <summary>Narrows an all-ASCII string into a new byte array.</summary>
    /// <param name="value">The string to narrow.</param>
    /// <returns>One byte per char.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="value"/> holds a non-ASCII char; the message names its index and value.</exception>
    public static byte[] FromUtf16ToArray(string value)
    {
        if (value is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(value));
        }

        if (value.Length == 0)
        {
            return Array.Empty<byte>();
        }

        byte[] result = new byte[value.Length];
        if (FromUtf16(value.AsSpan(), result, out int written) != OperationStatus.Done)
        {
            ThrowHelper.ThrowNonAsciiChar(nameof(value), written, value[written]);
        }

        return result;
    }

    /// <summary>Narrows all-ASCII chars into an <see cref="IBufferWriter{T}"/>, asking it for one span of the full length.</summary>
    /// <param name="source">The chars to narrow.</param>
    /// <param name="writer">Receives one byte per char; advanced by <paramref name="source"/>'s length.</param>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> holds a non-ASCII char (the message names its index and
    /// value); the writer is then not advanced.</exception>
    public static void FromUtf16(ReadOnlySpan<char> source, IBufferWriter<byte> writer)
    {
        if (writer is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(writer));
        }

        if (source.IsEmpty)
        {
            return;
        }

        Span<byte> destination = writer.GetSpan(source.Length);
        if (FromUtf16(source, destination, out int written) != OperationStatus.Done)
        {
            if (written < source.Length && written < destination.Length)
            {
                ThrowHelper.ThrowNonAsciiChar(nameof(source), written, source[written]);
            }

            ThrowHelper.ThrowInvalidOperation("The buffer writer returned a span shorter than requested.");
        }

        writer.Advance(source.Length);
    }
}
