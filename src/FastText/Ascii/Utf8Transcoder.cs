using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// UTF-16 to UTF-8 for the text after the ASCII prefix, with exactly <see cref="System.Text.Encoding.UTF8"/>'s
/// output (a lone or reversed surrogate becomes U+FFFD, EF BF BD) and without allocating. The count is ours on both
/// builds (64-bit sum, the encoder's exception past int.MaxValue); the encoding step is per target framework.
/// </summary>
internal static partial class Utf8Transcoder
{
    /// <summary>
    /// Adds the UTF-8 length of <paramref name="source"/> to <paramref name="bytesBefore"/> (the ASCII prefix the
    /// caller already measured). The sum is kept in 64 bits: an int sum of a prefix and the rest wraps negative
    /// once the text passes int.MaxValue bytes (about 715 million chars of 3 bytes each).
    /// </summary>
    /// <exception cref="ArgumentException">The total exceeds int.MaxValue, as <see cref="System.Text.Encoding.GetByteCount(char[])"/> throws.</exception>
    public static int GetByteCount(ReadOnlySpan<char> source, int bytesBefore) =>
        CheckedByteCount(CountBytes(source, bytesBefore));

    /// <summary>The UTF-8 length of <paramref name="source"/> plus <paramref name="bytesBefore"/>, in 64 bits (never throws).</summary>
    public static long CountBytes(ReadOnlySpan<char> source, long bytesBefore = 0)
    {
        long count = bytesBefore;
        int i = 0;
        while (i < source.Length)
        {
            char c = source[i];
            if (c <= 0x7F)
            {
                int run = (int)AsciiCore.IndexOfNonAscii(ref Unsafe.AsRef(in source[i]), (nuint)(source.Length - i));
                count += run;
                i += run;
                continue;
            }

            if (c <= 0x7FF)
            {
                count += 2;
            }
            else if (char.IsHighSurrogate(c) && i + 1 < source.Length && char.IsLowSurrogate(source[i + 1]))
            {
                count += 4;
                i++;
            }
            else
            {
                count += 3;
            }

            i++;
        }

        return count;
    }

    /// <summary>A byte count as int, or the exception <see cref="System.Text.Encoding.UTF8"/>'s GetByteCount throws when it does not fit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int CheckedByteCount(long count)
    {
        if ((ulong)count > int.MaxValue)
        {
            ThrowHelper.ThrowUtf8ByteCountOverflow();
        }

        return (int)count;
    }
}
