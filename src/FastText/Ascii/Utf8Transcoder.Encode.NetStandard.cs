using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

// netstandard2.0: written out rather than calling Encoding.UTF8, which allocates a fallback buffer whenever it meets a
// lone surrogate (these overloads promise zero allocations). ASCII runs inside the text go back through the SIMD paths.
internal static partial class Utf8Transcoder
{
    /// <summary>Encodes all of <paramref name="source"/>; returns the bytes written, or -1 when they do not fit (the destination then holds partial output).</summary>
    /// <remarks>Room is checked as <c>destination.Length - j &lt; n</c>: <c>j + n</c> would wrap for a span near int.MaxValue bytes.</remarks>
    public static int Encode(ReadOnlySpan<char> source, Span<byte> destination)
    {
        int i = 0;
        int j = 0;
        while (i < source.Length)
        {
            char c = source[i];
            if (c <= 0x7F)
            {
                if (j >= destination.Length)
                {
                    return -1;
                }

                destination[j++] = (byte)c;
                i++;
                if (i < source.Length && source[i] <= 0x7F)
                {
                    int room = Math.Min(source.Length - i, destination.Length - j);
                    int run = (int)AsciiCore.Narrow(
                        ref Unsafe.AsRef(in source[i]), ref MemoryMarshal.GetReference(destination.Slice(j)), (nuint)room);
                    i += run;
                    j += run;
                }

                continue;
            }

            if (c <= 0x7FF)
            {
                if (destination.Length - j < 2)
                {
                    return -1;
                }

                destination[j] = (byte)(0xC0 | (c >> 6));
                destination[j + 1] = (byte)(0x80 | (c & 0x3F));
                j += 2;
            }
            else if (char.IsHighSurrogate(c) && i + 1 < source.Length && char.IsLowSurrogate(source[i + 1]))
            {
                if (destination.Length - j < 4)
                {
                    return -1;
                }

                int codePoint = 0x10000 + ((c - 0xD800) << 10) + (source[i + 1] - 0xDC00);
                destination[j] = (byte)(0xF0 | (codePoint >> 18));
                destination[j + 1] = (byte)(0x80 | ((codePoint >> 12) & 0x3F));
                destination[j + 2] = (byte)(0x80 | ((codePoint >> 6) & 0x3F));
                destination[j + 3] = (byte)(0x80 | (codePoint & 0x3F));
                j += 4;
                i++;
            }
            else
            {
                if (destination.Length - j < 3)
                {
                    return -1;
                }

                // A surrogate that is not part of a well-formed pair is replaced by U+FFFD, as Encoding.UTF8 does.
                int scalar = char.IsSurrogate(c) ? 0xFFFD : c;
                destination[j] = (byte)(0xE0 | (scalar >> 12));
                destination[j + 1] = (byte)(0x80 | ((scalar >> 6) & 0x3F));
                destination[j + 2] = (byte)(0x80 | (scalar & 0x3F));
                j += 3;
            }

            i++;
        }

        return j;
    }
}
