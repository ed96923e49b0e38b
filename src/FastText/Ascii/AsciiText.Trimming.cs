using System;

namespace FastText;

public static partial class AsciiText
{
    /// <summary>Finds the text between leading and trailing ASCII whitespace (the contract of <c>System.Text.Ascii.Trim</c>).</summary>
    /// <remarks>Whitespace is U+0009..U+000D and U+0020, nothing else (not U+0000, not U+0085 or U+00A0).</remarks>
    /// <param name="value">The bytes to trim.</param>
    /// <returns>The range of <paramref name="value"/> left after trimming; for all-whitespace input <c>Length..Length</c>, as the runtime returns.</returns>
    public static Range Trim(ReadOnlySpan<byte> value) => AsciiTrimming.Trim(value);

    /// <summary>Finds the text between leading and trailing ASCII whitespace (the contract of <c>System.Text.Ascii.Trim</c>).</summary>
    /// <remarks>Whitespace is U+0009..U+000D and U+0020, nothing else.</remarks>
    /// <param name="value">The chars to trim.</param>
    /// <returns>The range of <paramref name="value"/> left after trimming; for all-whitespace input <c>Length..Length</c>, as the runtime returns.</returns>
    public static Range Trim(ReadOnlySpan<char> value) => AsciiTrimming.Trim(value);

    /// <summary>Finds the text after leading ASCII whitespace (the contract of <c>System.Text.Ascii.TrimStart</c>).</summary>
    /// <param name="value">The bytes to trim.</param>
    /// <returns>The range from the first non-whitespace byte to the end (<c>Length..Length</c> when there is none).</returns>
    public static Range TrimStart(ReadOnlySpan<byte> value) => AsciiTrimming.TrimStart(value);

    /// <summary>Finds the text after leading ASCII whitespace (the contract of <c>System.Text.Ascii.TrimStart</c>).</summary>
    /// <param name="value">The chars to trim.</param>
    /// <returns>The range from the first non-whitespace char to the end (<c>Length..Length</c> when there is none).</returns>
    public static Range TrimStart(ReadOnlySpan<char> value) => AsciiTrimming.TrimStart(value);

    /// <summary>Finds the text before trailing ASCII whitespace (the contract of <c>System.Text.Ascii.TrimEnd</c>).</summary>
    /// <param name="value">The bytes to trim.</param>
    /// <returns>The range from the start to the last non-whitespace byte (<c>0..0</c> when there is none).</returns>
    public static Range TrimEnd(ReadOnlySpan<byte> value) => AsciiTrimming.TrimEnd(value);

    /// <summary>Finds the text before trailing ASCII whitespace (the contract of <c>System.Text.Ascii.TrimEnd</c>).</summary>
    /// <param name="value">The chars to trim.</param>
    /// <returns>The range from the start to the last non-whitespace char (<c>0..0</c> when there is none).</returns>
    public static Range TrimEnd(ReadOnlySpan<char> value) => AsciiTrimming.TrimEnd(value);
}
