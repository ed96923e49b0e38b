using System;
using System.Globalization;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;

namespace FastText.Samples.TsvService;

/// <summary>
/// What <c>POST /aggregate</c> is asked to do, from its query string: the columns (<c>columns=0,3</c> by file index,
/// or <c>names=date,status</c> with <c>header=true</c>), which of them to sum (<c>numeric=1</c>, positions in the
/// selection; <c>strict=true</c> makes a value that is not an Int64 a 400), the reader (<c>reader=records</c> for
/// <see cref="TsvFileReader.ReadAllAsync"/>, else the driver) and every <see cref="TsvOptions"/> setting:
/// <c>separator</c>, <c>terminator</c> (byte values), <c>header</c>, <c>comments</c>, <c>emptyLines=keep</c>,
/// <c>trimCR</c>, <c>bom</c>, <c>unescape</c>, <c>columnCount=none|header|always</c>, <c>duplicates</c>,
/// <c>missing=throw</c>, <c>maxLine</c>.
/// </summary>
internal sealed class UploadQuery
{
    private UploadQuery(TsvOptions options, int[]? columns, string[]? names, bool[] numeric, bool strict, bool records)
    {
        Options = options;
        Columns = columns;
        Names = names;
        Numeric = numeric;
        Strict = strict;
        Records = records;
    }

    public TsvOptions Options { get; }

    public int[]? Columns { get; }

    public string[]? Names { get; }

    public bool[] Numeric { get; }

    public bool Strict { get; }

    public bool Records { get; }

    public int SelectedCount => Columns?.Length ?? Names!.Length;

    public string Label(int position) => Names?[position] ?? Columns![position].ToString(CultureInfo.InvariantCulture);

    /// <summary>The low-level reader of the selection (throws <see cref="ArgumentException"/> for options that contradict each other).</summary>
    public TsvReader CreateReader() => Columns is not null ? new TsvReader(Columns, Options) : new TsvReader(Names!, Options);

    /// <summary>The whole-input reader of the selection over <paramref name="reader"/>.</summary>
    public TsvFileReader Select(TsvFileReader reader) => Columns is not null ? reader.SelectColumns(Columns) : reader.SelectColumns(Names!);

    public static bool TryParse(IQueryCollection query, out UploadQuery? parsed, out string error)
    {
        parsed = null;
        error = "";
        int[]? columns = null;
        string[]? names = null;
        if (query.TryGetValue("columns", out StringValues columnList))
        {
            if (!TryParseIntegers(columnList, out columns) || Array.Exists(columns, column => column < 0))
            {
                error = "columns: a comma-separated list of 0-based column indices.";
                return false;
            }
        }
        else if (query.TryGetValue("names", out StringValues nameList))
        {
            names = nameList.ToString().Split(',');
        }
        else
        {
            error = "Select the columns to aggregate: columns=0,3 (file indices) or names=a,b (with header=true).";
            return false;
        }

        int count = columns?.Length ?? names!.Length;
        bool[] numeric = new bool[count];
        if (query.TryGetValue("numeric", out StringValues numericList))
        {
            if (!TryParseIntegers(numericList, out int[] positions) || Array.Exists(positions, position => (uint)position >= (uint)count))
            {
                error = "numeric: a comma-separated list of positions in the selection (0-based).";
                return false;
            }

            foreach (int position in positions)
            {
                numeric[position] = true;
            }
        }

        TsvOptions options = TsvOptions.Default;
        try
        {
            options = new TsvOptions
            {
                Separator = Byte(query, "separator", options.Separator),
                LineTerminator = Byte(query, "terminator", options.LineTerminator),
                HasHeader = Flag(query, "header", options.HasHeader),
                SkipCommentLines = Flag(query, "comments", options.SkipCommentLines),
                SkipEmptyLines = query["emptyLines"] != "keep",
                TrimCarriageReturn = Flag(query, "trimCR", options.TrimCarriageReturn),
                SkipByteOrderMark = Flag(query, "bom", options.SkipByteOrderMark),
                UnescapeBackslashes = Flag(query, "unescape", options.UnescapeBackslashes),
                AllowDuplicateColumnNames = Flag(query, "duplicates", options.AllowDuplicateColumnNames),
                ThrowOnMissingColumns = query["missing"] == "throw",
                ColumnCountCheck = query["columnCount"].ToString() switch
                {
                    "" or "header" => TsvColumnCountCheck.WhenHeader,
                    "none" => TsvColumnCountCheck.None,
                    "always" => TsvColumnCountCheck.Always,
                    _ => throw new FormatException("columnCount: none, header or always."),
                },
                MaxLineLength = query.TryGetValue("maxLine", out StringValues maxLine)
                    ? int.Parse(maxLine.ToString(), NumberStyles.None, CultureInfo.InvariantCulture)
                    : options.MaxLineLength,
            };
        }
        catch (Exception exception) when (exception is FormatException or OverflowException or ArgumentException)
        {
            error = exception.Message;
            return false;
        }

        parsed = new UploadQuery(options, columns, names, numeric, Flag(query, "strict", false), query["reader"] == "records");
        try
        {
            // Options that contradict each other (a separator equal to the terminator, or one the escapes hold).
            using TsvReader reader = parsed.CreateReader();
        }
        catch (ArgumentException exception)
        {
            parsed = null;
            error = exception.Message;
            return false;
        }

        return true;
    }

    private static bool Flag(IQueryCollection query, string name, bool fallback) =>
        query.TryGetValue(name, out StringValues text) ? bool.Parse(text.ToString()) : fallback;

    private static byte Byte(IQueryCollection query, string name, byte fallback) =>
        query.TryGetValue(name, out StringValues text) ? byte.Parse(text.ToString(), NumberStyles.None, CultureInfo.InvariantCulture) : fallback;

    private static bool TryParseIntegers(StringValues list, out int[] values)
    {
        string[] parts = list.ToString().Split(',');
        values = new int[parts.Length];
        for (int i = 0; i < parts.Length; i++)
        {
            if (!int.TryParse(parts[i], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out values[i]))
            {
                return false;
            }
        }

        return true;
    }
}
