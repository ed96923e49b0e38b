using System;

namespace FastText;

public static partial class AsciiText
{
    /// <summary>Tells whether two byte spans hold the same ASCII text (the contract of <c>System.Text.Ascii.Equals</c>).</summary>
    /// <param name="left">The first bytes.</param>
    /// <param name="right">The second bytes.</param>
    /// <returns><see langword="true"/> when the lengths are equal and every pair of elements is equal and ASCII; a non-ASCII element makes the spans unequal even where both sides hold it.</returns>
    public static bool Equals(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right) => AsciiEquality.Equals(left, right, ignoreCase: false);

    /// <summary>Tells whether bytes and chars hold the same ASCII text (the contract of <c>System.Text.Ascii.Equals</c>).</summary>
    /// <param name="left">The bytes.</param>
    /// <param name="right">The chars.</param>
    /// <returns><see langword="true"/> when the lengths are equal and every pair of elements is equal and ASCII.</returns>
    public static bool Equals(ReadOnlySpan<byte> left, ReadOnlySpan<char> right) => AsciiEquality.Equals(left, right, ignoreCase: false);

    /// <summary>Tells whether chars and bytes hold the same ASCII text (the contract of <c>System.Text.Ascii.Equals</c>).</summary>
    /// <param name="left">The chars.</param>
    /// <param name="right">The bytes.</param>
    /// <returns><see langword="true"/> when the lengths are equal and every pair of elements is equal and ASCII.</returns>
    public static bool Equals(ReadOnlySpan<char> left, ReadOnlySpan<byte> right) => AsciiEquality.Equals(right, left, ignoreCase: false);

    /// <summary>Tells whether two char spans hold the same ASCII text (the contract of <c>System.Text.Ascii.Equals</c>).</summary>
    /// <param name="left">The first chars.</param>
    /// <param name="right">The second chars.</param>
    /// <returns><see langword="true"/> when the lengths are equal and every pair of elements is equal and ASCII.</returns>
    public static bool Equals(ReadOnlySpan<char> left, ReadOnlySpan<char> right) => AsciiEquality.Equals(left, right, ignoreCase: false);

    /// <summary>Tells whether two byte spans hold the same ASCII text, 'A'..'Z' equal to 'a'..'z' (the contract of <c>System.Text.Ascii.EqualsIgnoreCase</c>).</summary>
    /// <param name="left">The first bytes.</param>
    /// <param name="right">The second bytes.</param>
    /// <returns><see langword="true"/> when the lengths are equal and every pair of elements is ASCII and equal once ASCII letters are folded to one case.</returns>
    public static bool EqualsIgnoreCase(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right) => AsciiEquality.Equals(left, right, ignoreCase: true);

    /// <summary>Tells whether bytes and chars hold the same ASCII text, ignoring the case of ASCII letters (the contract of <c>System.Text.Ascii.EqualsIgnoreCase</c>).</summary>
    /// <param name="left">The bytes.</param>
    /// <param name="right">The chars.</param>
    /// <returns><see langword="true"/> when the lengths are equal and every pair of elements is ASCII and equal once ASCII letters are folded to one case.</returns>
    public static bool EqualsIgnoreCase(ReadOnlySpan<byte> left, ReadOnlySpan<char> right) => AsciiEquality.Equals(left, right, ignoreCase: true);

    /// <summary>Tells whether chars and bytes hold the same ASCII text, ignoring the case of ASCII letters (the contract of <c>System.Text.Ascii.EqualsIgnoreCase</c>).</summary>
    /// <param name="left">The chars.</param>
    /// <param name="right">The bytes.</param>
    /// <returns><see langword="true"/> when the lengths are equal and every pair of elements is ASCII and equal once ASCII letters are folded to one case.</returns>
    public static bool EqualsIgnoreCase(ReadOnlySpan<char> left, ReadOnlySpan<byte> right) => AsciiEquality.Equals(right, left, ignoreCase: true);

    /// <summary>Tells whether two char spans hold the same ASCII text, ignoring the case of ASCII letters (the contract of <c>System.Text.Ascii.EqualsIgnoreCase</c>).</summary>
    /// <param name="left">The first chars.</param>
    /// <param name="right">The second chars.</param>
    /// <returns><see langword="true"/> when the lengths are equal and every pair of elements is ASCII and equal once ASCII letters are folded to one case.</returns>
    public static bool EqualsIgnoreCase(ReadOnlySpan<char> left, ReadOnlySpan<char> right) => AsciiEquality.Equals(left, right, ignoreCase: true);
}
