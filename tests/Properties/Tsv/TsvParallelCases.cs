using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using FastText;

namespace FastText.Tests.Tsv;

/// <summary>Where a parallel case's bytes come from: every kind of source a <see cref="TsvFileReader"/> reads.</summary>
internal enum ParallelSource
{
    /// <summary><see cref="TsvFileReader.From(ReadOnlyMemory{byte}, TsvOptions?)"/>: chunks are slices of the input.</summary>
    Memory,

    /// <summary>A <see cref="MemoryStream"/> whose buffer is visible: read in place, as memory.</summary>
    VisibleMemoryStream,

    /// <summary>A seekable stream read in blocks (its reads ahead configured small, so a read ahead is under way when the rows are handed off).</summary>
    SeekableStream,

    /// <summary>A stream that cannot seek and returns a few bytes per read.</summary>
    TrickleStream,

    /// <summary>A <see cref="PipeReader"/> over a sequence of small segments.</summary>
    Pipe,
}

/// <summary>
/// A random TSV input for the parallel read, and everything that decides how it is read, from one seed: every
/// separator and line terminator, CRLF, empty lines, comments, a header (sometimes with duplicate names), a byte order
/// mark, ragged rows, lines longer than a chunk, a last line without terminator, escapes, the row checks, a column
/// selection by index or name, chunks down to one byte, 1 to 64 workers, and every kind of source.
/// </summary>
internal sealed record ParallelCase(
    byte[] Bytes,
    TsvOptions Options,
    int[]? Columns,
    string[]? Names,
    int ChunkLength,
    int Workers,
    ParallelSource Source,
    int ReadSize,
    int RowsFirst,
    int Seed)
{
    private static readonly string[] Alphabet = { "a", "b", "Z", "7", "é", "€", " ", "#", "\\", "\\t", "\\\\", "t", "n", "\"", "\r" };
    private static readonly byte[] Separators = { (byte)'\t', (byte)',', (byte)'|', 0x01, 0xFE };

    public TsvParallelOptions ParallelOptions => new() { ChunkLength = ChunkLength, MaxDegreeOfParallelism = Workers };

    /// <summary>Builds the case of <paramref name="seed"/>: the structure is drawn with System.Random, so FsCheck only varies the seed.</summary>
    public static ParallelCase Create(int seed)
    {
        var random = new Random(seed);
        byte separator = Separators[random.Next(Separators.Length)];
        byte terminator = random.Next(5) == 0 ? (byte)0x1E : (byte)'\n';
        bool hasHeader = random.Next(3) == 0;
        bool skipComments = random.Next(3) == 0;
        bool crlf = random.Next(3) == 0;
        bool unescape = random.Next(4) == 0;
        var text = new List<byte>();
        void Append(string value) => text.AddRange(Encoding.UTF8.GetBytes(value));
        void EndLine()
        {
            if (crlf && random.Next(4) != 0)
            {
                text.Add((byte)'\r');
            }

            text.Add(terminator);
        }

        if (random.Next(5) == 0)
        {
            text.AddRange(new byte[] { 0xEF, 0xBB, 0xBF });
        }

        string[] headerNames = Array.Empty<string>();
        if (hasHeader)
        {
            if (skipComments && random.Next(2) == 0)
            {
                Append("#Version: 1.0");
                EndLine();
            }

            if (random.Next(3) == 0)
            {
                EndLine();
            }

            headerNames = Enumerable.Range(0, random.Next(1, 8)).Select(i => "h" + (random.Next(12) == 0 ? 0 : i)).ToArray();
            AppendFields(text, headerNames.Select(Encoding.UTF8.GetBytes), separator);
            EndLine();
        }

        int lineCount = random.Next(3) == 0 ? random.Next(0, 12) : random.Next(0, 300);
        int typicalFields = random.Next(1, 9);
        for (int line = 0; line < lineCount; line++)
        {
            int kind = random.Next(16);
            if (kind == 0)
            {
                // An empty line.
            }
            else if (kind == 1 && skipComments)
            {
                Append("#" + RandomField(random, 12));
            }
            else
            {
                int fields = random.Next(8) == 0 ? random.Next(1, 12) : typicalFields;
                int maxLength = random.Next(12) == 0 ? 200 : 5;
                AppendFields(text, Enumerable.Range(0, fields).Select(_ => Encoding.UTF8.GetBytes(RandomField(random, maxLength))), separator);
            }

            if (line < lineCount - 1 || random.Next(2) == 0)
            {
                EndLine();
            }
        }

        int[]? columns = null;
        string[]? names = null;
        int selection = random.Next(4);
        if (selection == 1)
        {
            columns = Enumerable.Range(0, random.Next(0, 5)).Select(_ => random.Next(0, 10)).ToArray();
        }
        else if (selection == 2 && hasHeader)
        {
            names = Enumerable.Range(0, random.Next(1, 4)).Select(_ => headerNames[random.Next(headerNames.Length)]).ToArray();
        }

        var options = new TsvOptions
        {
            Separator = separator,
            LineTerminator = terminator,
            HasHeader = hasHeader,
            SkipCommentLines = skipComments,
            SkipEmptyLines = random.Next(3) != 0,
            TrimCarriageReturn = random.Next(5) != 0,
            ThrowOnMissingColumns = random.Next(8) == 0,
            MaxLineLength = random.Next(6) == 0 ? random.Next(1, 120) : 1 << 20,
            UnescapeBackslashes = unescape,
            ColumnCountCheck = (TsvColumnCountCheck)random.Next(3),
            AllowDuplicateColumnNames = random.Next(4) != 0,
            SkipByteOrderMark = random.Next(6) != 0,
        };

        int chunkLength = random.Next(6) switch
        {
            0 => random.Next(1, 4096),
            1 => 1 << 20,
            _ => random.Next(1, 65),
        };
        int[] workerCounts = { 1, 2, 2, 3, 4, 8, 64 };
        return new ParallelCase(
            text.ToArray(),
            options,
            columns,
            names,
            chunkLength,
            workerCounts[random.Next(workerCounts.Length)],
            (ParallelSource)random.Next(5),
            ReadSize: random.Next(1, 50),
            RowsFirst: random.Next(4) == 0 ? random.Next(0, 6) : 0,
            seed);
    }

    /// <summary>A reader of the case's bytes from its kind of source, its buffers from <paramref name="pool"/>, its columns selected.</summary>
    public TsvFileReader Open(CountingBytePool? pool)
    {
        TsvFileReader reader;
        switch (Source)
        {
            case ParallelSource.VisibleMemoryStream:
                reader = TsvFileReader.From(new MemoryStream(Bytes, 0, Bytes.Length, writable: false, publiclyVisible: true), Options);
                break;
            case ParallelSource.SeekableStream:
                reader = TsvFileReader.From(new MemoryStream(Bytes), Options);
                reader.ConfigureReadAheadForTests(initialBufferSize: 16, reserve: 8, block: 32, placementPeriod: 1);
                break;
            case ParallelSource.TrickleStream:
                reader = TsvFileReader.From(new ChunkedStream(Bytes, ReadSize), Options);
                break;
            case ParallelSource.Pipe:
                reader = TsvFileReader.From(PipeReader.Create(Segmented(Bytes, ReadSize)), Options);
                break;
            default:
                reader = TsvFileReader.From(Bytes.AsMemory(), Options);
                break;
        }

        if (pool is not null)
        {
            reader.UsePoolForTests(pool);
        }

        if (Columns is not null)
        {
            reader.SelectColumns(Columns);
        }
        else if (Names is not null)
        {
            reader.SelectColumns(Names);
        }

        return reader;
    }

    /// <summary>What a test shows of a row: its line number, selected columns, their count and the raw line's length.</summary>
    public static string Render(in TsvRow row) => TsvTestSupport.Render(row) + "|" + row.ColumnCount + "|" + row.Line.Length;

    /// <summary>An exception as a test compares it: type, message, and where for a format error.</summary>
    public static string Describe(Exception exception) =>
        exception is TsvFormatException format
            ? $"error {format.GetType().Name} @{format.LineNumber},{format.Column}: {format.Message}"
            : $"error {exception.GetType().Name}: {exception.Message}";

    /// <summary>
    /// The reference: the sequential <c>foreach</c> over the same options and columns (from memory: it reads the same
    /// rows from every source, as the suite's other tests show), each row through <paramref name="select"/>, ending
    /// with the first error described.
    /// </summary>
    public List<string> Sequential(TsvRowSelector<string> select)
    {
        var rows = new List<string>();
        using TsvFileReader reader = (this with { Source = ParallelSource.Memory }).Open(pool: null);
        try
        {
            foreach (TsvRow row in reader)
            {
                rows.Add(select(in row));
            }
        }
        catch (Exception exception)
        {
            rows.Add(Describe(exception));
        }

        return rows;
    }

    public override string ToString() =>
        $"seed={Seed} source={Source} readSize={ReadSize} chunk={ChunkLength} workers={Workers} rowsFirst={RowsFirst} " +
        $"sep=0x{Options.Separator:X2} term=0x{Options.LineTerminator:X2} header={Options.HasHeader} comments={Options.SkipCommentLines} " +
        $"skipEmpty={Options.SkipEmptyLines} trimCR={Options.TrimCarriageReturn} throwMissing={Options.ThrowOnMissingColumns} " +
        $"max={Options.MaxLineLength} unescape={Options.UnescapeBackslashes} check={Options.ColumnCountCheck} dupes={Options.AllowDuplicateColumnNames} " +
        $"bom={Options.SkipByteOrderMark} cols=[{string.Join(",", Columns ?? Array.Empty<int>())}] names=[{string.Join(",", Names ?? Array.Empty<string>())}] " +
        $"bytes={Convert.ToBase64String(Bytes)}";

    private static void AppendFields(List<byte> text, IEnumerable<byte[]> fields, byte separator)
    {
        bool first = true;
        foreach (byte[] field in fields)
        {
            if (!first)
            {
                text.Add(separator);
            }

            text.AddRange(field);
            first = false;
        }
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

    private static ReadOnlySequence<byte> Segmented(byte[] bytes, int segmentLength)
    {
        var segments = new List<byte[]>();
        for (int start = 0; start < bytes.Length; start += segmentLength)
        {
            segments.Add(bytes.AsSpan(start, Math.Min(segmentLength, bytes.Length - start)).ToArray());
        }

        return TsvTestSupport.ToSequence(segments);
    }
}
