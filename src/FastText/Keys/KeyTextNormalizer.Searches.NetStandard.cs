using System;

namespace FastText;

internal sealed partial class KeyTextNormalizer
{
    // netstandard2.0 has no SearchValues: every text is classified per char.
    private const int SearchMinimumLength = int.MaxValue;

    private readonly object? _allowedAfterReplacement;

    private static object? CreateAllowedSearch() => null;

    private static bool TryClassifyWithSearches(ReadOnlySpan<char> text, out int combined)
    {
        combined = 0;
        return false;
    }
}
