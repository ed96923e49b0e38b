namespace FastText;

/// <summary>
/// When a <see cref="TsvReader"/> checks that every row has as many columns as the first line that sets the shape
/// (<see cref="TsvOptions.ColumnCountCheck"/>). A row that differs throws <see cref="TsvFormatException"/> naming its
/// line, the expected count and the actual one.
/// </summary>
public enum TsvColumnCountCheck
{
    /// <summary>
    /// Checked against the header's column count when a header is read (<see cref="TsvOptions.HasHeader"/>);
    /// headerless input is not checked. The default.
    /// </summary>
    WhenHeader = 0,

    /// <summary>Never checked: ragged rows are read as they are (short rows report the missing columns as absent).</summary>
    None = 1,

    /// <summary>
    /// Always checked: against the header when one is read, otherwise against the first data row (what Sep does
    /// by default).
    /// </summary>
    Always = 2,
}
