using System;
using System.Buffers;
using System.Text;

namespace FastText;

internal sealed partial class KeyTextNormalizer
{
    // Measuring asks three questions of the whole text: are all chars allowed (after whitespace replacement), all
    // whitespace, all ASCII? For long text the runtime's vectorized searches answer each far faster than a table
    // lookup per char: SearchValues for the first two (a set of up to 65536 chars, decided once per rules), Ascii.IsValid
    // for the third. Short text stays on the per-char loop, where a search's setup would cost more than it saves.
    private const int SearchMinimumLength = 24;

    private static readonly SearchValues<char> WhitespaceChars = SearchValues.Create(WhitespaceCharList());

    // Every char whose replacement (if the rules replace it) is allowed; null when the rules allow everything.
    private readonly SearchValues<char>? _allowedAfterReplacement;

    private SearchValues<char>? CreateAllowedSearch()
    {
        if (_allowed is null)
        {
            return null;
        }

        var chars = new System.Collections.Generic.List<char>();
        for (int i = 0; i <= char.MaxValue; i++)
        {
            char c = (char)i;
            if (_allowed.Contains(IsReplaced(c) ? _replacement : c))
            {
                chars.Add(c);
            }
        }

        return SearchValues.Create(chars.ToArray());
    }

    private static char[] WhitespaceCharList()
    {
        var chars = new System.Collections.Generic.List<char>();
        for (int i = 0; i <= char.MaxValue; i++)
        {
            if (char.IsWhiteSpace((char)i))
            {
                chars.Add((char)i);
            }
        }

        return chars.ToArray();
    }

    /// <summary>The flags every char of <paramref name="text"/> has, from vectorized searches; false for short text.</summary>
    private bool TryClassifyWithSearches(ReadOnlySpan<char> text, out int combined)
    {
        if (text.Length < SearchMinimumLength)
        {
            combined = 0;
            return false;
        }

        // Each flag only matters where ClassifyPerChar's result would be read: Whitespace with an empty fallback,
        // Allowed with an allowed set, Ascii once the text is kept.
        combined = AllFlags;
        if (_emptyFallback is not null && text.IndexOfAnyExcept(WhitespaceChars) >= 0)
        {
            combined &= ~WhitespaceFlag;
        }

        if (_allowedAfterReplacement is not null && text.IndexOfAnyExcept(_allowedAfterReplacement) >= 0)
        {
            combined &= ~AllowedFlag;
            if ((combined & WhitespaceFlag) == 0)
            {
                return true; // neither blank nor valid: a fallback, whatever the chars are
            }
        }

        if (!Ascii.IsValid(text))
        {
            combined &= ~AsciiFlag;
        }

        return true;
    }
}
