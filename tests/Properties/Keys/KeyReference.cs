using System.Globalization;
using System.Text.RegularExpressions;

namespace FastText.Tests.Keys;

/// <summary>
/// The naive, obviously correct references: string arrays, Regex, Replace, Join and ToLowerInvariant, as services write
/// them. One deliberate difference from a literal "^[a-zA-Z0-9_]+$": .NET's '$' also matches before a final '\n', which
/// would let "abc\n" through; the key builders (and these references) use "\z", the end of the text.
/// </summary>
internal static class KeyReference
{
    private static readonly Regex S3Valid = new("^[a-zA-Z0-9_]+\\z", RegexOptions.CultureInvariant);
    private static readonly Regex Whitespace = new("\\s", RegexOptions.CultureInvariant);

    /// <summary>The S3 object key of context §1.</summary>
    internal static string S3(string? product, string? siteKey, string? eventName, DateTime? eventDate, Guid messageId)
    {
        string[] parts = eventDate.HasValue ? new string[5] : new string[4];
        parts[0] = S3Part(product);
        parts[1] = S3Part(siteKey);
        parts[2] = S3Part(eventName);
        if (eventDate.HasValue)
        {
            parts[3] = eventDate.Value.ToString("yyyy/MM/dd/HH", CultureInfo.InvariantCulture);
        }

        parts[parts.Length - 1] = messageId.ToString("D") + ".json";
        return string.Join("/", parts).ToLowerInvariant();
    }

    private static string S3Part(string? part)
    {
        if (part is null || string.IsNullOrWhiteSpace(part))
        {
            return "unknown";
        }

        part = part.Replace(" ", "_");
        return S3Valid.IsMatch(part) ? part : "invalid";
    }

    /// <summary>One text part under arbitrary rules, in the documented order; strict failures throw like the builder.</summary>
    internal static string Part(string? value, KeyTextRules rules, string partName)
    {
        string text = value ?? string.Empty;
        if (rules.EmptyFallback is not null && string.IsNullOrWhiteSpace(text))
        {
            return rules.LowerCase ? rules.EmptyFallback.ToLowerInvariant() : rules.EmptyFallback;
        }

        if (rules.WhitespaceReplacement is char replacement)
        {
            text = rules.Whitespace == KeyWhitespace.Spaces
                ? text.Replace(" ", replacement.ToString())
                : Whitespace.Replace(text, replacement.ToString());
        }

        if (rules.AllowedCharacters is KeyCharacterSet allowed)
        {
            string characterClass = string.Concat(allowed.Characters.Select(c => "\\u" + ((int)c).ToString("X4", CultureInfo.InvariantCulture)));
            if (!Regex.IsMatch(text, "^[" + characterClass + "]+\\z", RegexOptions.CultureInvariant))
            {
                text = rules.InvalidFallback ?? throw new ArgumentException("strict", partName);
            }
        }

        return rules.LowerCase ? text.ToLowerInvariant() : text;
    }

    /// <summary>literal0 + part1 + literal1 + ... + partN + literalN, with absent (null) parts dropped with the literal in front of them.</summary>
    internal static string Join(string prefix, string[] gaps, string?[] parts, string suffix)
    {
        var key = new StringBuilder(prefix);
        bool anyPresent = false;
        for (int i = 0; i < parts.Length; i++)
        {
            if (parts[i] is null)
            {
                continue;
            }

            if (anyPresent)
            {
                key.Append(gaps[i - 1]);
            }

            key.Append(parts[i]);
            anyPresent = true;
        }

        return key.Append(suffix).ToString();
    }

    /// <summary>A template as string.Format writes it: every literal, and an absent (null) part as empty text between its labels.</summary>
    internal static string Format(string prefix, string[] gaps, string?[] parts, string suffix)
    {
        var key = new StringBuilder(prefix);
        for (int i = 0; i < parts.Length; i++)
        {
            if (i > 0)
            {
                key.Append(gaps[i - 1]);
            }

            key.Append(parts[i]);
        }

        return key.Append(suffix).ToString();
    }
}
