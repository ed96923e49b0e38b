using System;
using FastText.Internal;

namespace FastText;

/// <summary>
/// How a text key part is normalized, declared once and applied on every build. Immutable: each method returns a new
/// rule set. The rules always apply in this order, whatever order they were declared in:
/// <list type="number">
/// <item>null, empty or whitespace-only text (<see cref="string.IsNullOrWhiteSpace(string)"/>) becomes the empty fallback, if one is set;</item>
/// <item>whitespace is replaced by the replacement char, if set;</item>
/// <item>the text must be non-empty and made only of allowed chars, if a set is given, else it becomes the invalid fallback
/// (or, in strict mode, the build throws <see cref="ArgumentException"/> naming the part);</item>
/// <item>the text is lower-cased with invariant-culture rules (exactly as <see cref="string.ToLowerInvariant"/>), if asked.</item>
/// </list>
/// Fallbacks are written as given (lower-cased too when lower-casing is on) and are not validated. Without an empty
/// fallback, null is treated as empty text.
/// </summary>
public sealed class KeyTextRules
{
    private KeyTextRules()
    {
    }

    private KeyTextRules(KeyTextRules other)
    {
        EmptyFallback = other.EmptyFallback;
        Whitespace = other.Whitespace;
        WhitespaceReplacement = other.WhitespaceReplacement;
        AllowedCharacters = other.AllowedCharacters;
        InvalidFallback = other.InvalidFallback;
        LowerCase = other.LowerCase;
    }

    /// <summary>No normalization: the text is written as is (null as empty).</summary>
    public static KeyTextRules None { get; } = new();

    /// <summary>What null, empty or whitespace-only text becomes; null when such text is kept as is.</summary>
    public string? EmptyFallback { get; private set; }

    /// <summary>Which whitespace is replaced; meaningful only when <see cref="WhitespaceReplacement"/> is set.</summary>
    public KeyWhitespace Whitespace { get; private set; }

    /// <summary>The char that replaces whitespace; null when whitespace is kept.</summary>
    public char? WhitespaceReplacement { get; private set; }

    /// <summary>The chars a part may contain; null when every char is allowed.</summary>
    public KeyCharacterSet? AllowedCharacters { get; private set; }

    /// <summary>What a part with a char outside <see cref="AllowedCharacters"/> becomes; null means strict (throw).</summary>
    public string? InvalidFallback { get; private set; }

    /// <summary>Whether the part is lower-cased (invariant culture).</summary>
    public bool LowerCase { get; private set; }

    /// <summary>Null, empty or whitespace-only text becomes <paramref name="fallback"/>.</summary>
    /// <param name="fallback">The replacement text, e.g. <c>unknown</c>.</param>
    /// <returns>The new rule set.</returns>
    public KeyTextRules EmptyAs(string fallback)
    {
        if (fallback is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(fallback));
        }

        return new KeyTextRules(this) { EmptyFallback = fallback };
    }

    /// <summary>Whitespace chars are replaced by <paramref name="replacement"/>.</summary>
    /// <param name="replacement">The replacement char, e.g. '_'; not a surrogate.</param>
    /// <param name="which">Only U+0020 (the default, like <c>Replace(" ", "_")</c>) or every <see cref="char.IsWhiteSpace(char)"/> char.</param>
    /// <returns>The new rule set.</returns>
    public KeyTextRules ReplaceWhitespace(char replacement, KeyWhitespace which = KeyWhitespace.Spaces)
    {
        if (char.IsSurrogate(replacement))
        {
            ThrowHelper.ThrowArgument(nameof(replacement), "The whitespace replacement cannot be a surrogate char.");
        }

        if (which is not KeyWhitespace.Spaces and not KeyWhitespace.All)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(which));
        }

        return new KeyTextRules(this) { WhitespaceReplacement = replacement, Whitespace = which };
    }

    /// <summary>Only parts that are non-empty and made of <paramref name="allowed"/> chars are kept.</summary>
    /// <param name="allowed">The allowed chars, e.g. <see cref="KeyCharacterSet.AsciiLettersDigitsUnderscore"/>.</param>
    /// <param name="invalidFallback">What an invalid part becomes, e.g. <c>invalid</c>; null for strict mode, where an
    /// invalid part makes the build throw <see cref="ArgumentException"/> naming the part.</param>
    /// <returns>The new rule set.</returns>
    public KeyTextRules Allow(KeyCharacterSet allowed, string? invalidFallback)
    {
        if (allowed is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(allowed));
        }

        return new KeyTextRules(this) { AllowedCharacters = allowed, InvalidFallback = invalidFallback };
    }

    /// <summary>The part is lower-cased with invariant-culture rules (ASCII fast path; the result equals <see cref="string.ToLowerInvariant"/>).</summary>
    /// <returns>The new rule set.</returns>
    public KeyTextRules ToLowerInvariant() => new(this) { LowerCase = true };
}
