using System;
using FastText.Internal;

namespace FastText;

/// <summary>
/// How a <see cref="TsvReader"/> interprets its input. Immutable once built; share one instance freely. Set the
/// properties with an object initializer (C# 9 and later), or, from C# 7.3 and other languages without init-only
/// setters, start from <see cref="Default"/> or <see cref="ByteExact"/> and chain the <c>With</c> methods, each of
/// which returns a changed copy.
/// </summary>
public sealed class TsvOptions
{
    private bool _hasHeader;
    private bool _skipCommentLines;
    private bool _skipEmptyLines = true;
    private bool _throwOnMissingColumns;
    private bool _trimCarriageReturn = true;
    private bool _skipByteOrderMark = true;
    private bool _unescapeBackslashes;
    private bool _allowDuplicateColumnNames;
    private TsvColumnCountCheck _columnCountCheck = TsvColumnCountCheck.WhenHeader;
    private int _maxLineLength = 1024 * 1024;
    private byte _separator = (byte)'\t';
    private byte _lineTerminator = (byte)'\n';

    /// <summary>
    /// The options used when none are given: tab-separated, '\n'-terminated, no header, no comments, empty lines
    /// skipped, CRLF trimmed, BOM skipped; with a header (<see cref="HasHeader"/>), every row's column count is
    /// checked against it and duplicate header names are an error.
    /// </summary>
    public static TsvOptions Default { get; } = new();

    /// <summary>
    /// Nothing transformed, skipped or checked, the way GNU <c>cut</c> reads: '\r' and a byte order mark are data,
    /// empty lines are rows, ragged rows are read as they are (<see cref="TsvColumnCountCheck.None"/>, also with a
    /// header), duplicate header names are allowed, no header, no comments, and lines up to <see cref="int.MaxValue"/>
    /// bytes. Tab and '\n' as <see cref="Default"/>; change them with <see cref="WithSeparator"/> and
    /// <see cref="WithLineTerminator"/>.
    /// </summary>
    public static TsvOptions ByteExact { get; } = new()
    {
        SkipEmptyLines = false,
        ColumnCountCheck = TsvColumnCountCheck.None,
        AllowDuplicateColumnNames = true,
        TrimCarriageReturn = false,
        SkipByteOrderMark = false,
        MaxLineLength = int.MaxValue,
    };

    /// <summary>The first line that is not a comment (and not a skipped empty line) names the columns and is not returned as a row.</summary>
    public bool HasHeader
    {
        get => _hasHeader;
        init => _hasHeader = value;
    }

    /// <summary>Lines whose first byte is '#' are skipped (CloudFront logs start with <c>#Version</c> and <c>#Fields</c> lines).</summary>
    public bool SkipCommentLines
    {
        get => _skipCommentLines;
        init => _skipCommentLines = value;
    }

    /// <summary>
    /// Empty lines (nothing before the terminator but a trimmed '\r') are skipped (the default, as CsvHelper's
    /// <c>IgnoreBlankLines</c>); they still count in line numbers. When false, an empty line is a row with one empty
    /// field (column 0 empty, the rest absent), as Sep reads it: with <see cref="ColumnCountCheck"/> active and more
    /// than one expected column, such a line is then reported as a <see cref="TsvFormatException"/> (expected count,
    /// actual 1) instead of passing unnoticed.
    /// </summary>
    public bool SkipEmptyLines
    {
        get => _skipEmptyLines;
        init => _skipEmptyLines = value;
    }

    /// <summary>
    /// A line with fewer columns than the highest one selected throws <see cref="TsvFormatException"/> instead of
    /// reporting the missing columns as absent.
    /// </summary>
    public bool ThrowOnMissingColumns
    {
        get => _throwOnMissingColumns;
        init => _throwOnMissingColumns = value;
    }

    /// <summary>
    /// Whether every data row's column count (its separators plus one) must equal the expected count, which is the
    /// header's (or, with <see cref="TsvColumnCountCheck.Always"/> and no header, the first data row's). A row that
    /// differs throws <see cref="TsvFormatException"/> naming the line number and both counts. Default
    /// <see cref="TsvColumnCountCheck.WhenHeader"/>: checked whenever a header is read, as Sep does (CsvHelper's
    /// <c>DetectColumnCountChanges</c> is off by default); <see cref="TsvColumnCountCheck.None"/> reads ragged rows.
    /// Comment lines, the header and skipped empty lines are not rows and are not checked.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not a defined <see cref="TsvColumnCountCheck"/>.</exception>
    public TsvColumnCountCheck ColumnCountCheck
    {
        get => _columnCountCheck;
        init => _columnCountCheck = IsDefined(value) ? value : ThrowUndefinedCheck(nameof(ColumnCountCheck));
    }

    /// <summary>
    /// A header naming two columns alike is accepted, lookups by name finding the first (see <see cref="TsvHeader"/>).
    /// Off by default: such a header throws <see cref="TsvFormatException"/> naming the name and both 0-based column
    /// indices, as Sep refuses it (CsvHelper accepts duplicates). A reader that selects its columns by index
    /// (<see cref="TsvReader(int[], TsvOptions?)"/> with at least one column, or
    /// <see cref="TsvFileReader.SelectColumns(int[])"/>) never checks, since no name decides what it reads.
    /// </summary>
    public bool AllowDuplicateColumnNames
    {
        get => _allowDuplicateColumnNames;
        init => _allowDuplicateColumnNames = value;
    }

    /// <summary>
    /// One '\r' before the line terminator (or at the end of the final line) is removed, so CRLF files read like LF
    /// files (the default). When false, '\r' is an ordinary byte that stays in the last field, as GNU <c>cut</c> treats it.
    /// </summary>
    public bool TrimCarriageReturn
    {
        get => _trimCarriageReturn;
        init => _trimCarriageReturn = value;
    }

    /// <summary>A UTF-8 byte order mark (EF BB BF) at the very start of the input is skipped (the default).</summary>
    public bool SkipByteOrderMark
    {
        get => _skipByteOrderMark;
        init => _skipByteOrderMark = value;
    }

    /// <summary>
    /// Columns have the backslash escapes of PostgreSQL/MySQL-style TSV undone: <c>\t</c>, <c>\n</c>, <c>\r</c> and
    /// <c>\\</c> become tab, line feed, carriage return and backslash; any other backslash stays as it is. Off by
    /// default; when on, columns are copied into a pooled buffer (still nothing allocated per row) and
    /// <see cref="TsvRow.Line"/> (and <see cref="TsvRow.Fields"/>) stay raw. The <see cref="Separator"/> cannot then be
    /// '\\', 't', 'n' or 'r' (a reader refuses it): splitting on it would cut the escapes in two.
    /// </summary>
    public bool UnescapeBackslashes
    {
        get => _unescapeBackslashes;
        init => _unescapeBackslashes = value;
    }

    /// <summary>
    /// The byte between two columns: tab by default; any single byte other than <see cref="LineTerminator"/>, for
    /// example <c>','</c> for unquoted CSV, <c>'|'</c>, <c>';'</c> or <c>0x01</c> for Hive. There is no quoting.
    /// </summary>
    public byte Separator
    {
        get => _separator;
        init => _separator = value;
    }

    /// <summary>
    /// The byte that ends a line: '\n' by default, or '\0' for NUL-terminated records (<c>cut -z</c>, <c>find -print0</c>).
    /// Must differ from <see cref="Separator"/> (checked when a reader is created).
    /// </summary>
    public byte LineTerminator
    {
        get => _lineTerminator;
        init => _lineTerminator = value;
    }

    /// <summary>
    /// The longest line accepted, in bytes before its terminator (a '\r' counts). A longer line throws
    /// <see cref="TsvFormatException"/> with its line number, which also bounds how much a reader buffers.
    /// Default 1 MiB; <see cref="int.MaxValue"/> for no limit beyond what a span can hold.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not positive.</exception>
    public int MaxLineLength
    {
        get => _maxLineLength;
        init => _maxLineLength = value > 0 ? value : ThrowNotPositive(nameof(MaxLineLength));
    }

    /// <summary>
    /// True for the bytes that the backslash escapes hold ('\\', 't', 'n', 'r'): with escaping such a separator would
    /// split <c>\t</c>, <c>\n</c>, <c>\r</c> or <c>\\</c> in two, so neither the writer nor the reader accepts it.
    /// </summary>
    internal static bool IsEscapeByte(byte value) => value is (byte)'\\' or (byte)'t' or (byte)'n' or (byte)'r';

    /// <summary>A copy with <see cref="HasHeader"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithHasHeader(bool value) => Change(o => o._hasHeader = value);

    /// <summary>A copy with <see cref="SkipCommentLines"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithSkipCommentLines(bool value) => Change(o => o._skipCommentLines = value);

    /// <summary>A copy with <see cref="SkipEmptyLines"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithSkipEmptyLines(bool value) => Change(o => o._skipEmptyLines = value);

    /// <summary>A copy with <see cref="ThrowOnMissingColumns"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithThrowOnMissingColumns(bool value) => Change(o => o._throwOnMissingColumns = value);

    /// <summary>A copy with <see cref="ColumnCountCheck"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value; a defined <see cref="TsvColumnCountCheck"/>.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="value"/> is not a defined <see cref="TsvColumnCountCheck"/>.</exception>
    public TsvOptions WithColumnCountCheck(TsvColumnCountCheck value)
    {
        if (!IsDefined(value))
        {
            ThrowUndefinedCheck(nameof(value));
        }

        return Change(o => o._columnCountCheck = value);
    }

    /// <summary>A copy with <see cref="AllowDuplicateColumnNames"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithAllowDuplicateColumnNames(bool value) => Change(o => o._allowDuplicateColumnNames = value);

    /// <summary>A copy with <see cref="TrimCarriageReturn"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithTrimCarriageReturn(bool value) => Change(o => o._trimCarriageReturn = value);

    /// <summary>A copy with <see cref="SkipByteOrderMark"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithSkipByteOrderMark(bool value) => Change(o => o._skipByteOrderMark = value);

    /// <summary>A copy with <see cref="UnescapeBackslashes"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithUnescapeBackslashes(bool value) => Change(o => o._unescapeBackslashes = value);

    /// <summary>A copy with <see cref="Separator"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithSeparator(byte value) => Change(o => o._separator = value);

    /// <summary>A copy with <see cref="LineTerminator"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    public TsvOptions WithLineTerminator(byte value) => Change(o => o._lineTerminator = value);

    /// <summary>A copy with <see cref="MaxLineLength"/> set to <paramref name="value"/>.</summary>
    /// <param name="value">The new value; must be positive.</param>
    /// <returns>A new options instance; this one is unchanged.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="value"/> is not positive.</exception>
    public TsvOptions WithMaxLineLength(int value)
    {
        if (value <= 0)
        {
            ThrowNotPositive(nameof(value));
        }

        return Change(o => o._maxLineLength = value);
    }

    // The copy is changed before anyone else can see it, so the instance stays immutable to its users.
    private TsvOptions Change(Action<TsvOptions> change)
    {
        var copy = (TsvOptions)MemberwiseClone();
        change(copy);
        return copy;
    }

    private static bool IsDefined(TsvColumnCountCheck value) => (uint)value <= (uint)TsvColumnCountCheck.Always;

    private static TsvColumnCountCheck ThrowUndefinedCheck(string parameterName)
    {
        ThrowHelper.ThrowArgumentOutOfRange(parameterName, "The column count check must be WhenHeader, None or Always.");
        return default;
    }

    private static int ThrowNotPositive(string parameterName)
    {
        ThrowHelper.ThrowArgumentOutOfRange(parameterName, "The maximum line length must be positive.");
        return 0;
    }
}
