namespace FastText;

/// <summary>What the typed getters of <see cref="TsvRow"/> need to know about the header for their error messages.</summary>
public sealed partial class TsvReader
{
    /// <summary>
    /// The header name of selected column <paramref name="column"/> (file column <paramref name="fileColumn"/>): the
    /// name it was selected by, else the header's name for that file column, else null (no header was read).
    /// </summary>
    internal string? NameOfSelectedColumn(int column, int fileColumn)
    {
        if (_columnNames is not null && (uint)column < (uint)_columnNames.Length)
        {
            return _columnNames[column];
        }

        return _header is not null && (uint)fileColumn < (uint)_header.Names.Count ? _header.Names[fileColumn] : null;
    }
}
