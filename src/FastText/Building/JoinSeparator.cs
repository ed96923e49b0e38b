namespace FastText;

// A join's separator as a type argument: one join loop per builder serves both separator kinds, and the JIT compiles
// each with the separator's own append (one char, or a string's copy), as two hand-written loops would be.
internal interface IJoinSeparator
{
    void AppendTo(ref ValueStringBuilder builder);

    void AppendTo(ref Utf8ValueStringBuilder builder);
}

internal readonly struct CharSeparator : IJoinSeparator
{
    private readonly char _separator;

    public CharSeparator(char separator) => _separator = separator;

    public void AppendTo(ref ValueStringBuilder builder) => builder.Append(_separator);

    public void AppendTo(ref Utf8ValueStringBuilder builder) => builder.Append(_separator);
}

internal readonly struct StringSeparator : IJoinSeparator
{
    private readonly string? _separator;

    public StringSeparator(string? separator) => _separator = separator;

    public void AppendTo(ref ValueStringBuilder builder) => builder.Append(_separator);

    public void AppendTo(ref Utf8ValueStringBuilder builder) => builder.Append(_separator);
}
