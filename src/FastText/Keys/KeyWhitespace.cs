namespace FastText;

/// <summary>Which chars <see cref="KeyTextRules.ReplaceWhitespace"/> replaces.</summary>
public enum KeyWhitespace
{
    /// <summary>Only U+0020 SPACE, as <c>value.Replace(" ", "_")</c> does.</summary>
    Spaces = 0,

    /// <summary>Every char for which <see cref="char.IsWhiteSpace(char)"/> is true, as <c>Regex.Replace(value, @"\s", "_")</c> does.</summary>
    All = 1,
}
