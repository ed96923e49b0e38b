using System;
using System.Globalization;

namespace FastText;

/// <summary>TSV input that breaks a rule of its <see cref="TsvOptions"/>, or a column that does not convert; carries where.</summary>
public sealed class TsvFormatException : FormatException
{
    /// <summary>Creates the exception with an explanation and the 1-based line number.</summary>
    public TsvFormatException(string message, long lineNumber, int column = -1)
        : base(message)
    {
        LineNumber = lineNumber;
        Column = column;
    }

    /// <summary>Creates the exception without a location.</summary>
    public TsvFormatException()
        : this("Invalid TSV input.", 0)
    {
    }

    /// <summary>Creates the exception with an explanation but no location.</summary>
    public TsvFormatException(string message)
        : this(message, 0)
    {
    }

    /// <summary>Creates the exception with an explanation and the underlying cause.</summary>
    public TsvFormatException(string message, Exception innerException)
        : base(message, innerException)
    {
        Column = -1;
    }

    /// <summary>The 1-based physical line number of the offending line (comments, header and empty lines count); 0 when unknown.</summary>
    public long LineNumber { get; }

    /// <summary>The 0-based column index in the file, or -1 when the error is not about one column.</summary>
    public int Column { get; }

    internal static string Format(string format, params object[] args) =>
        string.Format(CultureInfo.InvariantCulture, format, args);
}
