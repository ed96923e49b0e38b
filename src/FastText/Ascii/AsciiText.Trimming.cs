using System;
using System.Runtime.CompilerServices;

namespace FastText;

public static partial class AsciiText
{
    /// <summary>Finds the text between leading and trailing ASCII whitespace (the contract of <c>System.Text.Ascii.Trim</c>).</summary>
    /// <remarks>Whitespace is U+0009..U+000D and U+0020, nothing else (not U+0000, not U+0085 or U+00A0).</remarks>
    /// <param name="value">The bytes to trim.</param>
    /// <returns>The range of <paramref name="value"/> left after trimming; for all-whitespace input <c>Length..Length</c>, as the runtime returns.</returns>
    public static Range Trim(ReadOnlySpan<byte> value) => TrimEndFrom(value, TrimmedStart(value));

    /// <summary>Finds the text between leading and trailing ASCII whitespace (the contract of <c>System.Text.Ascii.Trim</c>).</summary>
    /// <remarks>Whitespace is U+0009..U+000D and U+0020, nothing else.</remarks>
    /// <param name="value">The chars to trim.</param>
    /// <returns>The range of <paramref name="value"/> left after trimming; for all-whitespace input <c>Length..Length</c>, as the runtime returns.</returns>
    public static Range Trim(ReadOnlySpan<char> value) => TrimEndFrom(value, TrimmedStart(value));

    /// <summary>Finds the text after leading ASCII whitespace (the contract of <c>System.Text.Ascii.TrimStart</c>).</summary>
    /// <param name="value">The bytes to trim.</param>
    /// <returns>The range from the first non-whitespace byte to the end (<c>Length..Length</c> when there is none).</returns>
    public static Range TrimStart(ReadOnlySpan<byte> value) => new(TrimmedStart(value), value.Length);

    /// <summary>Finds the text after leading ASCII whitespace (the contract of <c>System.Text.Ascii.TrimStart</c>).</summary>
    /// <param name="value">The chars to trim.</param>
    /// <returns>The range from the first non-whitespace char to the end (<c>Length..Length</c> when there is none).</returns>
    public static Range TrimStart(ReadOnlySpan<char> value) => new(TrimmedStart(value), value.Length);

    /// <summary>Finds the text before trailing ASCII whitespace (the contract of <c>System.Text.Ascii.TrimEnd</c>).</summary>
    /// <param name="value">The bytes to trim.</param>
    /// <returns>The range from the start to the last non-whitespace byte (<c>0..0</c> when there is none).</returns>
    public static Range TrimEnd(ReadOnlySpan<byte> value) => TrimEndFrom(value, 0);

    /// <summary>Finds the text before trailing ASCII whitespace (the contract of <c>System.Text.Ascii.TrimEnd</c>).</summary>
    /// <param name="value">The chars to trim.</param>
    /// <returns>The range from the start to the last non-whitespace char (<c>0..0</c> when there is none).</returns>
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
