using System.Globalization;
using System.IO;
using System.IO.Compression;
using System.Text.Json;
using FastText.Samples.TsvService;

namespace FastText.Server.Tests.Infrastructure;

/// <summary>
/// A random upload for <c>POST /aggregate</c>: TSV bytes and every reading option drawn from one seed (separator,
/// terminator, header, comments, empty lines, CR, BOM, unescaping, the column-count check, duplicate names, missing
/// columns, the line limit), the columns by index or by name, which of them to sum (strict or not), the reader (the
/// driver or <see cref="TsvFileReader.ReadAllAsync"/>) and plain or gzip. Bad input is drawn too (ragged rows under a
/// check, long lines, bad numbers in strict mode, unknown names): then the answer is the reader's error.
/// </summary>
public sealed record UploadCase(
    int Seed,
    byte[] Body,
    TsvOptions Options,
    int[]? Columns,
    string[]? Names,
    bool[] Numeric,
    bool Strict,
    bool Records,
    bool Gzip)
{
    private static readonly string[] Alphabet =
    [
        "a", "b", "Z", "é", "€", "\U0001F600", " ", "\"", "\r", "#", "\\", "7", "-", "t", "n", "r", "\\t", "\\\\", "\t", "\n", ",", ";", "|", "\x1F", "\0",
    ];

    public string PathAndQuery
    {
        get
        {
            var query = new List<string>
            {
                Columns is not null ? "columns=" + string.Join(",", Columns) : "names=" + Uri.EscapeDataString(string.Join(",", Names!)),
                "separator=" + Options.Separator,
                "terminator=" + Options.LineTerminator,
                "header=" + Bool(Options.HasHeader),
                "comments=" + Bool(Options.SkipCommentLines),
                "emptyLines=" + (Options.SkipEmptyLines ? "skip" : "keep"),
                "trimCR=" + Bool(Options.TrimCarriageReturn),
                "bom=" + Bool(Options.SkipByteOrderMark),
                "unescape=" + Bool(Options.UnescapeBackslashes),
                "duplicates=" + Bool(Options.AllowDuplicateColumnNames),
                "columnCount=" + Options.ColumnCountCheck switch { TsvColumnCountCheck.None => "none", TsvColumnCountCheck.Always => "always", _ => "header" },
                "maxLine=" + Options.MaxLineLength.ToString(CultureInfo.InvariantCulture),
                "strict=" + Bool(Strict),
                "reader=" + (Records ? "records" : "driver"),
            };
            if (Options.ThrowOnMissingColumns)
            {
                query.Add("missing=throw");
            }

            int[] numeric = Enumerable.Range(0, Numeric.Length).Where(i => Numeric[i]).ToArray();
            if (numeric.Length > 0)
            {
                query.Add("numeric=" + string.Join(",", numeric));
            }

            return "/aggregate?" + string.Join("&", query);
        }
    }

    public int SelectedCount => Columns?.Length ?? Names!.Length;

    public string Label(int position) => Names?[position] ?? Columns![position].ToString(CultureInfo.InvariantCulture);

    /// <summary>The bytes on the wire: the body, gzipped when <see cref="Gzip"/>.</summary>
    public byte[] WireBody => Gzip ? Compress(Body) : Body;

    public static byte[] Compress(byte[] body)
    {
        using var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(body);
        }

        return compressed.ToArray();
    }

    public override string ToString()
    {
        string text = Encoding.UTF8.GetString(Body.AsSpan(0, Math.Min(Body.Length, 400)));
        return $"seed={Seed} gzip={Gzip} {PathAndQuery} body({Body.Length} bytes)=\"{Escape(text)}{(Body.Length > 400 ? "..." : "")}\"";
    }

    private static string Escape(string text) =>
        text.Replace("\\", "\\\\").Replace("\t", "\\t").Replace("\r", "\\r").Replace("\n", "\\n").Replace("\0", "\\0").Replace("\x1F", "\\x1F");

    private static string Bool(bool value) => value ? "true" : "false";

    /// <summary>
    /// The answer the server must give, from the sequential reader over the whole body in memory
    /// (<see cref="TsvFileReader.From(ReadOnlyMemory{byte}, TsvOptions?)"/>, <c>foreach</c>): "rows=...; column ...",
    /// or "400 " and the reader's error message.
    /// </summary>
    public string Expected()
    {
        var aggregate = new ColumnAggregate(Numeric, Strict);
        try
        {
            TsvFileReader file = TsvFileReader.From(Body, Options);
            using TsvFileReader reader = Columns is not null ? file.SelectColumns(Columns) : file.SelectColumns(Names!);
            foreach (TsvRow row in reader)
            {
                aggregate.OnRow(row);
            }
        }
        catch (TsvFormatException exception)
        {
            return "400 " + exception.Message;
        }

        return Describe(aggregate.Rows, Enumerable.Range(0, SelectedCount).Select(i => (Label(i), aggregate.Totals[i])));
    }

    public static string Describe(long rows, IEnumerable<(string Label, ColumnTotals Totals)> columns) =>
        $"rows={rows}" + string.Concat(columns.Select(column =>
            $"; {column.Label}: present={column.Totals.Present} bytes={column.Totals.Bytes} checksum={column.Totals.Checksum:x16}" +
            (column.Totals.Numeric ? $" numbers={column.Totals.Numbers} sum={column.Totals.Sum}" : "")));

    /// <summary>The server's answer in <see cref="Expected"/>'s form.</summary>
    public static async Task<string> ActualAsync(HttpResponseMessage response)
    {
        string body = await response.Content.ReadAsStringAsync();
        if ((int)response.StatusCode != 200)
        {
            return $"{(int)response.StatusCode} {body.TrimEnd('\n')}";
        }

        using var json = JsonDocument.Parse(body);
        return Describe(json.RootElement.GetProperty("rows").GetInt64(), json.RootElement.GetProperty("columns").EnumerateArray().Select(column =>
        {
            bool numeric = column.TryGetProperty("sum", out JsonElement sum);
            return (column.GetProperty("column").GetString()!, new ColumnTotals
            {
                Numeric = numeric,
                Present = column.GetProperty("present").GetInt64(),
                Bytes = column.GetProperty("bytes").GetInt64(),
                Checksum = ulong.Parse(column.GetProperty("checksum").GetString()!, NumberStyles.HexNumber, CultureInfo.InvariantCulture),
                Numbers = numeric ? column.GetProperty("numbers").GetInt64() : 0,
                Sum = numeric ? sum.GetInt64() : 0,
            });
        }));
    }

    /// <summary>Draws a case from <paramref name="seed"/>; <paramref name="rowsAtMost"/> bounds the data rows.</summary>
    public static UploadCase Create(int seed, int rowsAtMost = 300)
    {
        var random = new Random(seed);
        byte separator = random.Next(5) switch { 0 => (byte)',', 1 => (byte)'|', 2 => 0x1F, _ => (byte)'\t' };
        byte terminator = random.Next(8) switch { 0 => 0, 1 => (byte)';', _ => (byte)'\n' };
        if (terminator == separator)
        {
            terminator = (byte)'\n';
        }

        bool header = random.Next(3) == 0;
        bool duplicates = header && random.Next(4) == 0;
        var options = new TsvOptions
        {
            Separator = separator,
            LineTerminator = terminator,
            HasHeader = header,
            SkipCommentLines = random.Next(3) == 0,
            SkipEmptyLines = random.Next(4) != 0,
            TrimCarriageReturn = random.Next(4) != 0,
            SkipByteOrderMark = random.Next(5) != 0,
            UnescapeBackslashes = random.Next(4) == 0,
            AllowDuplicateColumnNames = duplicates,
            ThrowOnMissingColumns = random.Next(10) == 0,
            ColumnCountCheck = random.Next(6) switch { 0 => TsvColumnCountCheck.None, 1 => TsvColumnCountCheck.Always, _ => TsvColumnCountCheck.WhenHeader },
            MaxLineLength = random.Next(8) == 0 ? random.Next(1, 200) : 1 << 20,
        };

        string[] alphabet = Alphabet.Where(symbol => !Encoding.UTF8.GetBytes(symbol).Any(b => b == separator || b == terminator)).ToArray();
        string sep = ((char)separator).ToString(), end = ((char)terminator).ToString();
        bool crlf = terminator == (byte)'\n' && random.Next(3) == 0;
        var text = new StringBuilder();
        if (random.Next(5) == 0)
        {
            text.Append('\uFEFF');
        }

        int width = random.Next(1, 9);
        string[] headerNames = Enumerable.Range(0, width).Select(i => "h" + i + (random.Next(4) == 0 ? "é" : "")).ToArray();
        if (duplicates && width > 1)
        {
            headerNames[random.Next(1, width)] = headerNames[0];
        }

        if (header)
        {
            if (options.SkipCommentLines && random.Next(2) == 0)
            {
                text.Append("#Fields: a header comes next").Append(end);
            }

            text.Append(string.Join(sep, headerNames)).Append(crlf ? "\r" + end : end);
        }

        bool ragged = random.Next(3) == 0;
        int rows = random.Next(8) == 0 ? random.Next(rowsAtMost, rowsAtMost * 10) : random.Next(0, rowsAtMost);
        for (int row = 0; row < rows; row++)
        {
            switch (random.Next(20))
            {
                case 0:
                    break;                                                         // an empty line
                case 1:
                    text.Append('#').Append(Field(random, alphabet, 8));           // a comment, or data when comments are not skipped
                    break;
                default:
                    int fields = ragged ? random.Next(1, width + 3) : width;
                    for (int field = 0; field < fields; field++)
                    {
                        if (field > 0)
                        {
                            text.Append(sep);
                        }

                        text.Append(random.Next(3) == 0 ? Number(random) : Field(random, alphabet, random.Next(10) == 0 ? 80 : 6));
                    }

                    break;
            }

            if (row < rows - 1 || random.Next(3) != 0)
            {
                text.Append(crlf && random.Next(3) != 0 ? "\r" + end : end);
            }
        }

        int[]? columns = null;
        string[]? names = null;
        int selected = random.Next(1, 5);
        if (header && random.Next(2) == 0)
        {
            names = Enumerable.Range(0, selected).Select(_ => random.Next(12) == 0 ? "nosuch" : headerNames[random.Next(width)]).ToArray();
        }
        else
        {
            columns = Enumerable.Range(0, selected).Select(_ => random.Next(0, width + 2)).ToArray();
        }

        bool[] numeric = Enumerable.Range(0, selected).Select(_ => random.Next(3) == 0).ToArray();
        return new UploadCase(seed, Encoding.UTF8.GetBytes(text.ToString()), options, columns, names, numeric,
            Strict: random.Next(5) == 0, Records: random.Next(2) == 0, Gzip: random.Next(3) == 0);
    }

    private static string Field(Random random, string[] alphabet, int maxLength)
    {
        var field = new StringBuilder();
        for (int i = random.Next(0, maxLength + 1); i > 0; i--)
        {
            field.Append(alphabet[random.Next(alphabet.Length)]);
        }

        return field.ToString();
    }

    private static string Number(Random random) => random.Next(8) switch
    {
        0 => long.MinValue.ToString(CultureInfo.InvariantCulture),
        1 => "12x",
        2 => "",
        _ => ((long)random.Next() * random.Next(-3, 4)).ToString(CultureInfo.InvariantCulture),
    };
}
