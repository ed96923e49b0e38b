using System;

namespace FastText;

/// <summary>How a <see cref="TsvReader"/> interprets its input. Immutable once built; share one instance freely.</summary>
public sealed class TsvOptions
{
    /// <summary>The options used when none are given: no header, no comments, empty lines skipped, CRLF trimmed.</summary>
    public static TsvOptions Default { get; } = new();

    /// <summary>The first line that is not a comment (and not a skipped empty line) names the columns and is not returned as a row.</summary>
    public bool HasHeader { get; init; }

    /// <summary>Lines whose first byte is '#' are skipped (CloudFront logs start with <c>#Version</c> and <c>#Fields</c> lines).</summary>
    public bool SkipCommentLines { get; init; }

    /// <summary>Empty lines are skipped (the default); when false they are returned as rows whose column 0 is empty and the rest absent.</summary>
    public bool SkipEmptyLines { get; init; } = true;

    /// <summary>
    /// A line with fewer columns than the highest one selected throws <see cref="TsvFormatException"/> instead of
    /// reporting the missing columns as absent.
    /// </summary>
    public bool ThrowOnMissingColumns { get; init; }

    /// <summary>
    /// One '\r' before the '\n' (or at the end of the final line) is removed, so CRLF files read like LF files (the
    /// default). When false, '\r' is an ordinary byte that stays in the last field, as GNU <c>cut</c> treats it.
    /// </summary>
    public bool TrimCarriageReturn { get; init; } = true;

    /// <summary>A UTF-8 byte order mark (EF BB BF) at the very start of the input is skipped (the default).</summary>
    public bool SkipByteOrderMark { get; init; } = true;

    /// <summary>
    /// Columns have the backslash escapes of PostgreSQL/MySQL-style TSV undone: <c>\t</c>, <c>\n</c>, <c>\r</c> and
    /// <c>\\</c> become tab, line feed, carriage return and backslash; any other backslash stays as it is. Off by
    /// default; when on, columns are copied into a pooled buffer (still nothing allocated per row) and
    /// <see cref="TsvRow.Line"/> stays raw.
    /// </summary>
    public bool UnescapeBackslashes { get; init; }

    private int _maxLineLength = 1024 * 1024;

    /// <summary>
    /// The longest line accepted, in bytes before its '\n' (a '\r' counts). A longer line throws
    /// <see cref="TsvFormatException"/> with its line number, which also bounds how much a reader buffers.
    /// Default 1 MiB.
    /// </summary>
    public int MaxLineLength
    {
        get => _maxLineLength;
        init => _maxLineLength = value > 0 ? value : throw new ArgumentOutOfRangeException(nameof(MaxLineLength), "The maximum line length must be positive.");
    }
}
