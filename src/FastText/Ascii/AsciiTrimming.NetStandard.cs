using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>Trimming on netstandard2.0 (the net8.0 build calls System.Text.Ascii).</summary>
internal static class AsciiTrimming
{
    public static Range Trim(ReadOnlySpan<byte> value) => TrimEndFrom(value, TrimmedStart(value));

    public static Range Trim(ReadOnlySpan<char> value) => TrimEndFrom(value, TrimmedStart(value));

    public static Range TrimStart(ReadOnlySpan<byte> value) => new(TrimmedStart(value), value.Length);

    public static Range TrimStart(ReadOnlySpan<char> value) => new(TrimmedStart(value), value.Length);

    public static Range TrimEnd(ReadOnlySpan<byte> value) => TrimEndFrom(value, 0);

    public static Range TrimEnd(ReadOnlySpan<char> value) => TrimEndFrom(value, 0);

    // Whitespace runs at the ends of real text are short, so a scalar scan from each end is what pays (the
    // runtime's Trim is scalar too); the work is proportional to the whitespace, never to the text between.
    private static int TrimmedStart(ReadOnlySpan<byte> value)
    {
        int start = 0;
        while (start < value.Length && IsTrimmed(value[start]))
        {
            start++;
        }

        return start;
    }

    private static int TrimmedStart(ReadOnlySpan<char> value)
    {
        int start = 0;
        while (start < value.Length && IsTrimmed(value[start]))
        {
            start++;
        }

        return start;
    }

    private static Range TrimEndFrom(ReadOnlySpan<byte> value, int start)
    {
        int end = value.Length;
        while (end > start && IsTrimmed(value[end - 1]))
        {
            end--;
        }

        return new Range(start, end);
    }

    private static Range TrimEndFrom(ReadOnlySpan<char> value, int start)
    {
        int end = value.Length;
        while (end > start && IsTrimmed(value[end - 1]))
        {
            end--;
        }

        return new Range(start, end);
    }

    /// <summary>U+0009..U+000D and U+0020: one bit each in a 64-bit mask indexed by the value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsTrimmed(uint value)
    {
        const ulong whitespace = (1UL << 0x09) | (1UL << 0x0A) | (1UL << 0x0B) | (1UL << 0x0C) | (1UL << 0x0D) | (1UL << 0x20);
        return value <= 0x20 && ((whitespace >> (int)value) & 1) != 0;
    }
}
