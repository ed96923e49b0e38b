namespace FastText;

/// <summary>What the typed getters of <see cref="TsvRow"/> need to know about the header for their error messages.</summary>
public sealed partial class TsvReader
{
    /// <summary>The header name of selected column <paramref name="column"/>, or null when the reader selected by index.</summary>
    internal string? NameOfSelectedColumn(int column) =>
        _columnNames is not null && (uint)column < (uint)_columnNames.Length ? _columnNames[column] : null;
}
