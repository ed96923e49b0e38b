using System;
using FastText.Internal;

namespace FastText;

/// <summary>
/// The characters a key part may contain (after whitespace replacement), for <see cref="KeyTextRules.Allow"/>.
/// Membership is per UTF-16 char; ASCII membership is a 128-bit mask, other chars a sorted array.
/// </summary>
public sealed class KeyCharacterSet
{
    private readonly ulong _asciiLow;
    private readonly ulong _asciiHigh;
    private readonly char[] _nonAscii;

    private KeyCharacterSet(string characters)
    {
        Characters = characters;
        int nonAsciiCount = 0;
        foreach (char c in characters)
        {
            if (c < 64)
            {
                _asciiLow |= 1UL << c;
            }
            else if (c < 128)
            {
                _asciiHigh |= 1UL << (c - 64);
            }
            else
            {
                nonAsciiCount++;
            }
        }

        _nonAscii = new char[nonAsciiCount];
        int next = 0;
        foreach (char c in characters)
        {
            if (c >= 128)
            {
                _nonAscii[next++] = c;
            }
        }

        Array.Sort(_nonAscii);
    }

    /// <summary>ASCII letters, digits and '_': the character class <c>[a-zA-Z0-9_]</c>.</summary>
    public static KeyCharacterSet AsciiLettersDigitsUnderscore { get; } =
        new("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");

    /// <summary>A set made of exactly the given chars (UTF-16 code units).</summary>
    /// <param name="characters">Every allowed char; must not be empty.</param>
    /// <returns>The set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="characters"/> is null.</exception>
    /// <exception cref="ArgumentException"><paramref name="characters"/> is empty.</exception>
    public static KeyCharacterSet Create(string characters)
    {
        if (characters is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(characters));
        }

        if (characters.Length == 0)
        {
            ThrowHelper.ThrowArgument(nameof(characters), "An allowed-character set needs at least one char.");
        }

        return new KeyCharacterSet(characters);
    }

    /// <summary>The chars the set was created from.</summary>
    public string Characters { get; }

    /// <summary>Whether <paramref name="value"/> is in the set.</summary>
    /// <param name="value">The char to test.</param>
    /// <returns>True when allowed.</returns>
    public bool Contains(char value)
    {
        if (value < 64)
        {
            return (_asciiLow & (1UL << value)) != 0;
        }

        if (value < 128)
        {
            return (_asciiHigh & (1UL << (value - 64))) != 0;
        }

        return _nonAscii.Length != 0 && Array.BinarySearch(_nonAscii, value) >= 0;
    }
}
