using System;

namespace FastText.Internal;

/// <summary>
/// A Guid in the standard formats of <see cref="Guid.ToString(string)"/> (N, D, B, P, X; lower-case hex, any letter
/// case in the format), written into chars without allocating: the key builders' Guid part and the builder's
/// <c>Append(Guid)</c> on netstandard2.0 share it.
/// </summary>
internal static partial class GuidText
{
    /// <summary>The longest text: "X", <c>{0xaaaaaaaa,0xbbbb,0xcccc,{0xdd,…,0xkk}}</c>.</summary>
    internal const int MaxLength = 68;

    /// <summary>The format's upper-case letter ('D' for <see langword="null"/> or empty), or '\0' when Guid.ToString refuses it.</summary>
    internal static char Symbol(string? format)
    {
        if (format is null || format.Length == 0)
        {
            return 'D';
        }

        char symbol = format.Length == 1 ? (char)(format[0] & ~0x20) : '\0';
        return symbol is 'N' or 'D' or 'B' or 'P' or 'X' ? symbol : '\0';
    }

    /// <summary>The text's length in <paramref name="symbol"/>'s format (one of <see cref="Symbol"/>'s letters).</summary>
    internal static int LengthOf(char symbol) => symbol switch
    {
        'N' => 32,
        'D' => 36,
        'B' or 'P' => 38,
        _ => MaxLength,
    };
}
