using System.Buffers;
using FastText;

namespace FastText.Tests.Tsv;

/// <summary>A generated TSV input and how to read it.</summary>
public sealed record TsvCase(
    string Text,
    bool Bom,
    int[] Columns,
    string[]? ColumnNames,
    bool HasHeader,
    bool SkipComments,
    bool SkipEmptyLines,
    bool TrimCarriageReturn,
    bool ThrowOnMissing,
    int MaxLineLength,
    int Seed,
    bool Unescape = false,
    TsvColumnCountCheck ColumnCountCheck = TsvColumnCountCheck.None,
    bool AllowDuplicateNames = true)
{
    public byte[] Bytes
    {
        get
        {
            byte[] body = Encoding.UTF8.GetBytes(Text);
            return Bom ? new byte[] { 0xEF, 0xBB, 0xBF }.Concat(body).ToArray() : body;
        }
    }

    public TsvOptions Options => new()
    {
        HasHeader = HasHeader,
        SkipCommentLines = SkipComments,
        SkipEmptyLines = SkipEmptyLines,
        TrimCarriageReturn = TrimCarriageReturn,
        ThrowOnMissingColumns = ThrowOnMissing,
        MaxLineLength = MaxLineLength,
        UnescapeBackslashes = Unescape,
        ColumnCountCheck = ColumnCountCheck,
        AllowDuplicateColumnNames = AllowDuplicateNames,
    };

    public TsvReader CreateReader() =>
        ColumnNames is not null ? new TsvReader(ColumnNames, Options) : new TsvReader(Columns, Options);

    public override string ToString() =>
        $"seed={Seed} bom={Bom} cols=[{string.Join(",", Columns)}] names=[{string.Join(",", ColumnNames ?? Array.Empty<string>())}] " +
        $"header={HasHeader} comments={SkipComments} skipEmpty={SkipEmptyLines} trimCR={TrimCarriageReturn} " +
        $"throwMissing={ThrowOnMissing} max={MaxLineLength} unescape={Unescape} countCheck={ColumnCountCheck} " +
        $"allowDuplicates={AllowDuplicateNames} text={Escape(Text)}";

    public static string Escape(string text) =>
        text.Replace("\\", "\\\\").Replace("\t", "\\t").Replace("\r", "\\r").Replace("\n", "\\n").Replace("\0", "\\0");
}

public static partial class TsvTestSupport
{
    private static readonly string[] Alphabet = { "a", "b", "Z", "é", "€", "\U0001F600", "\0", " ", "\"", "\r", "#", "\\", "7", "t", "n", "r", "\\\\" };

    /// <summary>Builds a random case from a seed: the structure is drawn with System.Random so FsCheck only varies the seed.</summary>
    public static TsvCase CreateCase(int seed, bool allowErrors = true)
    {
        var random = new Random(seed);
        bool hasHeader = random.Next(4) == 0;
        bool skipComments = random.Next(3) == 0;
        bool crlf = random.Next(3) == 0;
        var text = new StringBuilder();
        string NewLine() => crlf && random.Next(4) != 0 ? "\r\n" : "\n";

        string[] headerNames = Array.Empty<string>();
        if (hasHeader)
        {
            if (skipComments && random.Next(2) == 0)
            {
                text.Append("#Version: 1.0").Append(NewLine());
            }

            headerNames = Enumerable.Range(0, random.Next(1, 8)).Select(i => "h" + i + (random.Next(3) == 0 ? "é" : "")).ToArray();
            text.Append(string.Join("\t", headerNames)).Append(NewLine());
        }

        int lines = random.Next(0, 14);
        for (int line = 0; line < lines; line++)
        {
            int kind = random.Next(10);
            if (kind == 0)
            {
                // empty line
            }
            else if (kind == 1)
            {
                text.Append(new string('\t', random.Next(1, 6)));
            }
            else if (kind == 2 && skipComments)
            {
                text.Append('#').Append(RandomField(random, 10)).Append('\t').Append(RandomField(random, 3));
            }
            else
            {
                int fields = random.Next(1, 10);
                int maxFieldLength = random.Next(6) == 0 ? 70 : 4;
                for (int field = 0; field < fields; field++)
                {
                    if (field > 0)
                    {
                        text.Append('\t');
                    }

                    text.Append(RandomField(random, maxFieldLength));
                }
            }

            if (line < lines - 1 || random.Next(2) == 0)
            {
                text.Append(NewLine());
            }
        }

        int[] columns = Enumerable.Range(0, random.Next(0, 5)).Select(_ => random.Next(0, 9)).ToArray();
        string[]? columnNames = null;
        if (hasHeader && random.Next(2) == 0)
        {
            columnNames = Enumerable.Range(0, random.Next(0, 4)).Select(_ => headerNames[random.Next(headerNames.Length)]).ToArray();
        }

        int maxLineLength = allowErrors && random.Next(5) == 0 ? random.Next(1, 60) : 1 << 20;
        bool skipEmptyLines = random.Next(3) != 0;
        bool trimCarriageReturn = random.Next(5) != 0;
        bool throwOnMissing = allowErrors && random.Next(6) == 0;
        bool unescape = random.Next(4) == 0;

        // Drawn last, so every earlier draw of a seed is what it was before the checks existed. Header names are
        // distinct here (the duplicate-name tests make their own headers); ragged rows make the count check fail.
        TsvColumnCountCheck countCheck = !allowErrors ? TsvColumnCountCheck.None : random.Next(4) switch
        {
            0 => TsvColumnCountCheck.WhenHeader,
            1 => TsvColumnCountCheck.Always,
            _ => TsvColumnCountCheck.None,
        };
        return new TsvCase(
            text.ToString(),
            Bom: random.Next(4) == 0,
            columns,
            columnNames,
            hasHeader,
            skipComments,
            skipEmptyLines,
            trimCarriageReturn,
            throwOnMissing,
            maxLineLength,
            seed,
            unescape,
            countCheck,
            AllowDuplicateNames: false);
    }

    private static string RandomField(Random random, int maxLength)
    {
        var field = new StringBuilder();
        int length = random.Next(0, maxLength + 1);
        for (int i = 0; i < length; i++)
        {
            field.Append(Alphabet[random.Next(Alphabet.Length)]);
        }

        return field.ToString();
    }

    /// <summary>The reference's rows ending in an error, with that error <paramref name="retries"/> more times: reading again fails on the same line.</summary>
    public static List<string> WithRetries(List<string> expected, int retries) =>
        expected.Concat(Enumerable.Repeat(expected[expected.Count - 1], retries)).ToList();

    /// <summary>
    /// The obviously correct reader: split on '\n', trim one trailing '\r', split on '\t'. Rows render as
    /// "line|[col]..." with "&lt;absent&gt;" for missing columns; an error renders as "error@line".
    /// </summary>
    public static List<string> Reference(TsvCase tsv)
    {
        var rows = new List<string>();
        string[] lines = tsv.Text.Split('\n');
        int lineCount = lines[lines.Length - 1].Length == 0 ? lines.Length - 1 : lines.Length;
        bool headerPending = tsv.HasHeader;
        int[] columns = tsv.Columns;
        int expectedCount = -1;
        for (int i = 0; i < lineCount; i++)
        {
            long lineNumber = i + 1;
            string line = lines[i];
            if (Encoding.UTF8.GetByteCount(line) > tsv.MaxLineLength)
            {
                rows.Add("error@" + lineNumber);
                return rows;
            }

            if (tsv.TrimCarriageReturn && line.EndsWith("\r", StringComparison.Ordinal))
            {
                line = line.Substring(0, line.Length - 1);
            }

            if (tsv.SkipComments && line.StartsWith("#", StringComparison.Ordinal))
            {
                continue;
            }

            if (line.Length == 0 && tsv.SkipEmptyLines)
            {
                continue;
            }

            string[] fields = line.Split('\t');
            if (headerPending)
            {
                bool selectsByIndex = tsv.ColumnNames is null && tsv.Columns.Length > 0;
                if (!tsv.AllowDuplicateNames && !selectsByIndex && fields.Distinct(StringComparer.Ordinal).Count() != fields.Length)
                {
                    rows.Add("error@" + lineNumber);
                    return rows;
                }

                headerPending = false;
                if (tsv.ColumnCountCheck != TsvColumnCountCheck.None)
                {
                    expectedCount = fields.Length;
                }

                if (tsv.ColumnNames is not null)
                {
                    columns = tsv.ColumnNames.Select(name => Array.IndexOf(fields, name)).ToArray();
                    if (columns.Any(c => c < 0))
                    {
                        rows.Add("error@" + lineNumber);
                        return rows;
                    }
                }

                continue;
            }

            bool checkCount = tsv.ColumnCountCheck == TsvColumnCountCheck.Always
                || (tsv.ColumnCountCheck == TsvColumnCountCheck.WhenHeader && tsv.HasHeader);
            if (checkCount && expectedCount < 0)
            {
                expectedCount = fields.Length;
            }
            else if (checkCount && fields.Length != expectedCount)
            {
                rows.Add("error@" + lineNumber);
                return rows;
            }

            if (tsv.ThrowOnMissing && columns.Any(c => c >= fields.Length))
            {
                rows.Add("error@" + lineNumber);
                return rows;
            }

            rows.Add(lineNumber + "|" + string.Concat(columns.Select(c => c < fields.Length ? "[" + (tsv.Unescape ? UnescapeReference(fields[c]) : fields[c]) + "]" : "<absent>")));
        }

        return rows;
    }

    /// <summary>Backslash escapes, the slow way: \t \n \r \\ become their characters, any other backslash stays.</summary>
    public static string UnescapeReference(string field)
    {
        var text = new StringBuilder();
        for (int i = 0; i < field.Length; i++)
        {
            if (field[i] == '\\' && i + 1 < field.Length && "tnr\\".IndexOf(field[i + 1]) >= 0)
            {
                text.Append(field[i + 1] switch { 't' => '\t', 'n' => '\n', 'r' => '\r', _ => '\\' });
                i++;
            }
            else
            {
                text.Append(field[i]);
            }
        }

        return text.ToString();
    }

    public static string Render(in TsvRow row)
    {
        var text = new StringBuilder().Append(row.LineNumber).Append('|');
        for (int i = 0; i < row.ColumnCount; i++)
        {
            if (row.TryGetColumn(i, out ReadOnlySpan<byte> value))
            {
                text.Append('[').Append(Encoding.UTF8.GetString(value.ToArray())).Append(']');
            }
            else
            {
                text.Append("<absent>");
            }
        }

        return text.ToString();
    }

    /// <summary>Cuts bytes into segments: random cut points, empty segments, sometimes one byte per segment.</summary>
    public static List<byte[]> Split(byte[] bytes, Random random)
    {
        var cuts = new List<int>();
        int mode = random.Next(5);
        if (mode == 0)
        {
            cuts.AddRange(Enumerable.Range(1, Math.Max(0, bytes.Length - 1)));
        }
        else if (mode != 1)
        {
            int count = random.Next(0, 10);
            for (int i = 0; i < count; i++)
            {
                cuts.Add(random.Next(0, bytes.Length + 1));
            }
        }

        if (random.Next(3) == 0)
        {
            cuts.Add(random.Next(0, bytes.Length + 1)); // a duplicate cut makes an empty segment
            cuts.Add(cuts[cuts.Count - 1]);
        }

        cuts.Sort();
        var segments = new List<byte[]>();
        int start = 0;
        foreach (int cut in cuts)
        {
            segments.Add(bytes.AsSpan(start, cut - start).ToArray());
            start = cut;
        }

        segments.Add(bytes.AsSpan(start).ToArray());
        return segments;
    }

    public static ReadOnlySequence<byte> ToSequence(IReadOnlyList<byte[]> segments)
    {
        if (segments.Count == 0)
        {
            return ReadOnlySequence<byte>.Empty;
        }

        var first = new Segment(segments[0], 0);
        Segment last = first;
        for (int i = 1; i < segments.Count; i++)
        {
            last = last.Append(segments[i]);
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    /// <summary>Reads a sequence as a pipe would deliver it: growing prefixes ending at the arrival points, final at the end.</summary>
    public static List<string> ReadIncrementally(TsvReader reader, ReadOnlySequence<byte> all, Random random)
    {
        var rows = new List<string>();
        var arrivals = Enumerable.Range(0, random.Next(0, 6)).Select(_ => (long)random.Next(0, (int)all.Length + 1)).ToList();
        arrivals.Sort();
        arrivals.Add(all.Length);
        long consumed = 0;
        try
        {
            foreach (long arrival in arrivals)
            {
                bool isFinal = arrival == all.Length;
                ReadOnlySequence<byte> buffer = all.Slice(consumed, arrival - consumed);
                while (reader.TryReadRow(ref buffer, isFinal, out TsvRow row))
                {
                    rows.Add(Render(row));
                }

                consumed = arrival - buffer.Length;
                if (isFinal && buffer.Length != 0)
                {
                    rows.Add("unconsumed at the end: " + buffer.Length);
                }
            }
        }
        catch (TsvFormatException error)
        {
            rows.Add("error@" + error.LineNumber);
            if (Environment.GetEnvironmentVariable("TSV_DEBUG") == "1") { Console.Error.WriteLine(string.Join(",", arrivals) + " consumed=" + consumed + "\n" + error); }
        }

        return rows;
    }

    public static List<string> ReadSpan(TsvReader reader, ReadOnlySpan<byte> all)
    {
        var rows = new List<string>();
        try
        {
            while (reader.TryReadRow(ref all, true, out TsvRow row))
            {
                rows.Add(Render(row));
            }

            if (!all.IsEmpty)
            {
                rows.Add("unconsumed at the end: " + all.Length);
            }
        }
        catch (TsvFormatException error)
        {
            rows.Add("error@" + error.LineNumber);
        }

        return rows;
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
