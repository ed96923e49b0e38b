using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using FastText;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// The checks of a row's shape (<see cref="TsvOptions.ColumnCountCheck"/>, duplicate header names,
/// <see cref="TsvOptions.SkipEmptyLines"/>) through every entry point: the span, sequence and batch reads of
/// <see cref="TsvReader"/>, the pipe and stream drivers, and <see cref="TsvFileReader"/> over bytes, a file, a stream
/// and a pipe (the asynchronous reads in TsvShapeChecksTests.Net8.cs). Streams and pipes deliver one byte per read.
/// Each entry point is compared with <see cref="Expected"/>, a naive reader written from the documented rules.
/// </summary>
public sealed partial class TsvShapeChecksTests
{
    /// <summary>How a case selects its columns.</summary>
    public enum Selection
    {
        /// <summary>No selection: whole lines (<c>new TsvReader(options)</c>).</summary>
        WholeLines,

        /// <summary>Every field by file index (TsvFileReader without a projection).</summary>
        AllColumns,

        /// <summary>By file index: the duplicate-name check does not apply.</summary>
        ByIndex,

        /// <summary>By header name (needs a header).</summary>
        ByName,
    }

    /// <summary>
    /// A generated input: its lines (null for an empty line), whether the first non-skipped line is a header, line
    /// endings, and the options and selection to read it with.
    /// </summary>
    public sealed record ShapeCase(
        string?[][] Lines,
        bool HasHeader,
        bool Crlf,
        bool FinalNewline,
        TsvColumnCountCheck Check,
        bool AllowDuplicates,
        bool SkipEmptyLines,
        Selection Selection,
        int[] Indices,
        string[] Names)
    {
        public byte[] Bytes
        {
            get
            {
                string newline = Crlf ? "\r\n" : "\n";
                var text = new StringBuilder();
                for (int i = 0; i < Lines.Length; i++)
                {
                    text.Append(string.Join("\t", Lines[i].Select(value => value ?? "")));
                    if (i < Lines.Length - 1 || FinalNewline)
                    {
                        text.Append(newline);
                    }
                }

                return Encoding.UTF8.GetBytes(text.ToString());
            }
        }

        public TsvOptions Options => new()
        {
            HasHeader = HasHeader,
            ColumnCountCheck = Check,
            AllowDuplicateColumnNames = AllowDuplicates,
            SkipEmptyLines = SkipEmptyLines,
        };

        public TsvReader CreateReader() => Selection switch
        {
            Selection.WholeLines => new TsvReader(Options),
            Selection.AllColumns => TsvReader.ForAllColumns(Options),
            Selection.ByIndex => new TsvReader(Indices, Options),
            _ => new TsvReader(Names, Options),
        };

        public TsvFileReader Select(TsvFileReader reader) => Selection switch
        {
            Selection.WholeLines => reader.SelectColumns(Array.Empty<int>()),
            Selection.AllColumns => reader,
            Selection.ByIndex => reader.SelectColumns(Indices),
            _ => reader.SelectColumns(Names),
        };

        public override string ToString() =>
            $"header={HasHeader} crlf={Crlf} finalNewline={FinalNewline} check={Check} allowDuplicates={AllowDuplicates} " +
            $"skipEmpty={SkipEmptyLines} selection={Selection} indices=[{string.Join(",", Indices)}] names=[{string.Join(",", Names)}] " +
            $"text={TsvCase.Escape(Encoding.UTF8.GetString(Bytes))}";
    }

    /// <summary>
    /// Ragged rows around a base width, header names with a duplicate at any pair of positions half the time,
    /// empty lines anywhere (before the header, between rows, at the end), fields long enough to cross 64-byte chunks.
    /// </summary>
    public static class ShapeCases
    {
        public static Arbitrary<ShapeCase> Cases()
        {
            Gen<string> field = Gen.Frequency(
                (4, Gen.Elements("", "x", "yy", "é", "z\r")),
                (1, Gen.Choose(60, 140).Select(length => new string('w', length))));
            Gen<string?[]> Row(int width) =>
                from delta in Gen.Frequency((3, Gen.Constant(0)), (1, Gen.Choose(-2, 2)))
                from fields in Gen.ArrayOf(field, Math.Max(1, width + delta))
                select fields.Select(f => (string?)f).ToArray();
            Gen<ShapeCase> cases =
                from width in Gen.Choose(1, 5)
                from hasHeader in Gen.Elements(true, true, false)
                from duplicate in Gen.Elements(false, true)
                from pair in Gen.ArrayOf(Gen.Choose(0, width - 1), 2)
                from rowCount in Gen.Choose(0, 6)
                from rows in Gen.ArrayOf(Row(width), rowCount)
                from empties in Gen.Frequency((2, Gen.Constant(0)), (3, Gen.Choose(1, 3)))
                from emptyAt in Gen.ArrayOf(Gen.Choose(0, 8), empties)
                from crlf in Gen.Elements(false, true)
                from finalNewline in Gen.Elements(false, true)
                from check in Gen.Elements(TsvColumnCountCheck.WhenHeader, TsvColumnCountCheck.None, TsvColumnCountCheck.Always)
                from allowDuplicates in Gen.Elements(false, false, true)
                from skipEmpty in Gen.Elements(true, false)
                from selection in Gen.Elements(Selection.WholeLines, Selection.AllColumns, Selection.ByIndex, Selection.ByName)
                from indices in Gen.ArrayOf(Gen.Choose(0, 6), 2)
                from picks in Gen.ArrayOf(Gen.Choose(0, width - 1), 2)
                select Build(width, hasHeader, duplicate ? pair : null, rows, emptyAt, crlf, finalNewline, check, allowDuplicates, skipEmpty, selection, indices, picks);
            return cases.ToArbitrary();
        }

        private static ShapeCase Build(
            int width, bool hasHeader, int[]? duplicatePair, string?[][] rows, int[] emptyAt, bool crlf, bool finalNewline,
            TsvColumnCountCheck check, bool allowDuplicates, bool skipEmpty, Selection selection, int[] indices, int[] picks)
        {
            // Distinct names, or one name repeated at a pair of positions (either order, any distance).
            string[] names = Enumerable.Range(0, width).Select(i => "c" + i).ToArray();
            if (duplicatePair is not null && duplicatePair[0] != duplicatePair[1])
            {
                names[Math.Max(duplicatePair[0], duplicatePair[1])] = names[Math.Min(duplicatePair[0], duplicatePair[1])];
            }

            var lines = new List<string?[]>();
            if (hasHeader)
            {
                lines.Add(names.Select(n => (string?)n).ToArray());
            }

            lines.AddRange(rows);
            foreach (int at in emptyAt)
            {
                lines.Insert(Math.Min(at, lines.Count), new string?[] { null });
            }

            if (selection == Selection.ByName && !hasHeader)
            {
                selection = Selection.ByIndex;
            }

            return new ShapeCase(
                lines.ToArray(), hasHeader, crlf, finalNewline, check, allowDuplicates, skipEmpty, selection,
                indices, picks.Select(p => names[Math.Min(p, width - 1)]).ToArray());
        }
    }

    /// <summary>
    /// The naive reader: split on '\n', trim one '\r', skip empty lines when asked, the first line left is the header;
    /// a row renders as "line|[column]...~line" and an error as "error@line message".
    /// </summary>
    public static List<string> Expected(ShapeCase c)
    {
        var rows = new List<string>();
        string[] lines = Encoding.UTF8.GetString(c.Bytes).Split('\n');
        int lineCount = lines[lines.Length - 1].Length == 0 ? lines.Length - 1 : lines.Length;
        bool headerPending = c.HasHeader;
        bool headerRead = false;
        int expected = -1;
        int[] columns = c.Indices;
        bool checking = c.Check == TsvColumnCountCheck.Always || (c.Check == TsvColumnCountCheck.WhenHeader && c.HasHeader);
        for (int i = 0; i < lineCount; i++)
        {
            long number = i + 1;
            string line = lines[i].EndsWith("\r", StringComparison.Ordinal) ? lines[i].Substring(0, lines[i].Length - 1) : lines[i];
            if (line.Length == 0 && c.SkipEmptyLines)
            {
                continue;
            }

            string[] fields = line.Split('\t');
            if (headerPending)
            {
                if (!c.AllowDuplicates && c.Selection != Selection.ByIndex)
                {
                    for (int second = 0; second < fields.Length; second++)
                    {
                        int first = Array.IndexOf(fields, fields[second]);
                        if (first < second)
                        {
                            rows.Add($"error@{number} Line {number}: the header has two columns named '{fields[second]}', columns {first} and {second} (0-based).");
                            return rows;
                        }
                    }
                }

                if (c.Selection == Selection.ByName)
                {
                    columns = c.Names.Select(name => Array.IndexOf(fields, name)).ToArray();
                    string? missing = c.Names.FirstOrDefault(name => Array.IndexOf(fields, name) < 0);
                    if (missing is not null)
                    {
                        rows.Add($"error@{number} Line {number}: the header has no column named '{missing}'.");
                        return rows;
                    }
                }

                headerPending = false;
                headerRead = true;
                if (c.Check != TsvColumnCountCheck.None)
                {
                    expected = fields.Length;
                }

                continue;
            }

            if (checking)
            {
                if (expected < 0)
                {
                    expected = fields.Length;
                }
                else if (fields.Length != expected)
                {
                    string from = headerRead ? "header" : "first row";
                    rows.Add($"error@{number} Line {number} has {fields.Length} columns; expected {expected}, the {from}'s column count.");
                    return rows;
                }
            }

            int[] shown = c.Selection switch
            {
                Selection.WholeLines => Array.Empty<int>(),
                Selection.AllColumns => Enumerable.Range(0, fields.Length).ToArray(),
                _ => columns,
            };
            rows.Add(number + "|" + string.Concat(shown.Select(col => col < fields.Length ? "[" + fields[col] + "]" : "<absent>")) + "~" + line);
        }

        return rows;
    }

    private static string Render(in TsvRow row) => TsvTestSupport.Render(row) + "~" + Encoding.UTF8.GetString(row.Line.ToArray());

    private static string Error(TsvFormatException error) => $"error@{error.LineNumber} {error.Message}";

    /// <summary>Every entry point by name, each reading a case to its end (or its first error).</summary>
    private static readonly Dictionary<string, Func<ShapeCase, List<string>>> Readers = new()
    {
        ["span"] = ReadSpan,
        ["span, one byte arriving at a time"] = ReadSpanByteByByte,
        ["sequence of one-byte segments"] = ReadSequence,
        ["sequence, one byte arriving at a time"] = ReadSequenceByteByByte,
        ["ReadRows over one-byte segments"] = ReadRowsBatch,
        ["pipe driver, one-byte writes"] = ReadPipe,
        ["stream driver, one-byte reads"] = ReadStreamDriver,
        ["TsvFileReader over bytes"] = c => ReadFile(c, TsvFileReader.From(c.Bytes, c.Options)),
        ["TsvFileReader over a file"] = ReadFromPath,
        ["TsvFileReader over a one-byte stream"] = c => ReadFile(c, TsvFileReader.From(new ChunkedStream(c.Bytes, 1), c.Options)),
        ["TsvFileReader over a one-byte pipe"] = ReadFileFromPipe,
        ["TsvFileReader.TryReadRow over a one-byte stream"] = ReadFileTryReadRow,
    };

    public static TheoryData<string> EntryPoints
    {
        get
        {
            var names = new TheoryData<string>();
            foreach (string name in Readers.Keys)
            {
                names.Add(name);
            }

            return names;
        }
    }

    private static List<string> Collect(Func<List<string>, List<string>> read)
    {
        var rows = new List<string>();
        try
        {
            read(rows);
        }
        catch (TsvFormatException error)
        {
            rows.Add(Error(error));
        }

        return rows;
    }

    private static List<string> ReadSpan(ShapeCase c) => Collect(rows =>
    {
        using TsvReader reader = c.CreateReader();
        ReadOnlySpan<byte> span = c.Bytes;
        while (reader.TryReadRow(ref span, true, out TsvRow row))
        {
            rows.Add(Render(row));
        }

        return rows;
    });

    private static List<string> ReadSpanByteByByte(ShapeCase c) => Collect(rows =>
    {
        byte[] bytes = c.Bytes;
        using TsvReader reader = c.CreateReader();
        int consumed = 0;
        for (int arrived = 0; arrived <= bytes.Length; arrived++)
        {
            ReadOnlySpan<byte> span = bytes.AsSpan(consumed, arrived - consumed);
            while (reader.TryReadRow(ref span, arrived == bytes.Length, out TsvRow row))
            {
                rows.Add(Render(row));
            }

            consumed = arrived - span.Length;
        }

        return rows;
    });

    private static ReadOnlySequence<byte> OneByteSegments(byte[] bytes) =>
        TsvTestSupport.ToSequence(bytes.Select(b => new[] { b }).ToList());

    private static List<string> ReadSequence(ShapeCase c) => Collect(rows =>
    {
        using TsvReader reader = c.CreateReader();
        ReadOnlySequence<byte> buffer = OneByteSegments(c.Bytes);
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            rows.Add(Render(row));
        }

        return rows;
    });

    private static List<string> ReadSequenceByteByByte(ShapeCase c) => Collect(rows =>
    {
        ReadOnlySequence<byte> all = OneByteSegments(c.Bytes);
        using TsvReader reader = c.CreateReader();
        long consumed = 0;
        for (long arrived = 0; arrived <= all.Length; arrived++)
        {
            ReadOnlySequence<byte> buffer = all.Slice(consumed, arrived - consumed);
            while (reader.TryReadRow(ref buffer, arrived == all.Length, out TsvRow row))
            {
                rows.Add(Render(row));
            }

            consumed = arrived - buffer.Length;
        }

        return rows;
    });

    private struct Collecting : ITsvRowHandler
    {
        public List<string> Rows;

        public void OnRow(in TsvRow row) => Rows.Add(Render(row));
    }

    private static List<string> ReadRowsBatch(ShapeCase c) => Collect(rows =>
    {
        using TsvReader reader = c.CreateReader();
        ReadOnlySequence<byte> buffer = OneByteSegments(c.Bytes);
        var handler = new Collecting { Rows = rows };
        reader.ReadRows(ref buffer, true, ref handler);
        return rows;
    });

    // One more byte per read, in one-byte segments: every line straddles segments and arrives across reads.
    private static PipeReader OneBytePipe(ShapeCase c) => new ScriptedPipeReader(c.Bytes, chunk: 1, segmentSize: 1);

    private static List<string> ReadPipe(ShapeCase c) => Collect(rows =>
    {
        using TsvReader reader = c.CreateReader();
        reader.ReadRowsAsync(OneBytePipe(c), new Collecting { Rows = rows }).AsTask().GetAwaiter().GetResult();
        return rows;
    });

    private static List<string> ReadStreamDriver(ShapeCase c) => Collect(rows =>
    {
        using TsvReader reader = c.CreateReader();
        reader.ReadRowsAsync(new ChunkedStream(c.Bytes, 1), new Collecting { Rows = rows }).AsTask().GetAwaiter().GetResult();
        return rows;
    });

    private static List<string> ReadFile(ShapeCase c, TsvFileReader file) => Collect(rows =>
    {
        using TsvFileReader reader = c.Select(file);
        foreach (TsvRow row in reader)
        {
            rows.Add(Render(row));
        }

        return rows;
    });

    private static List<string> ReadFromPath(ShapeCase c)
    {
        string path = Path.GetTempFileName();
        try
        {
            File.WriteAllBytes(path, c.Bytes);
            return ReadFile(c, TsvFileReader.Open(path, c.Options));
        }
        finally
        {
            File.Delete(path);
        }
    }

    private static List<string> ReadFileFromPipe(ShapeCase c) => ReadFile(c, TsvFileReader.From(OneBytePipe(c), c.Options));

    private static List<string> ReadFileTryReadRow(ShapeCase c) => Collect(rows =>
    {
        using TsvFileReader reader = c.Select(TsvFileReader.From(new ChunkedStream(c.Bytes, 1), c.Options));
        while (reader.TryReadRow(out TsvRow row))
        {
            rows.Add(Render(row));
        }

        return rows;
    });

    private static void AssertReads(string entryPoint, ShapeCase c)
    {
        List<string> expected = Expected(c);
        List<string> actual = Readers[entryPoint](c);
        TsvTestSupport.AssertRows(expected, actual, $"{entryPoint}: {c}");
    }

    private static ShapeCase Case(
        string text,
        bool hasHeader = true,
        TsvColumnCountCheck check = TsvColumnCountCheck.WhenHeader,
        bool allowDuplicates = false,
        bool skipEmpty = true,
        Selection selection = Selection.AllColumns,
        bool crlf = false)
    {
        string[] split = text.Split('\n');
        bool finalNewline = split[split.Length - 1].Length == 0;
        string[] lines = finalNewline ? split.Take(split.Length - 1).ToArray() : split;
        return new ShapeCase(
            lines.Select(line => line.Length == 0 ? new string?[] { null } : line.Split('\t').Select(f => (string?)f).ToArray()).ToArray(),
            hasHeader, crlf, finalNewline, check, allowDuplicates, skipEmpty, selection, new[] { 1, 0 },
            hasHeader && lines.Length > 0 ? new[] { lines[0].Split('\t')[0] } : Array.Empty<string>());
    }

    // --- Properties: every entry point against the naive reader ---

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 150)]
    public void The_span_read_checks_shapes_as_the_naive_reader(ShapeCase c) => AssertReads("span", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 100)]
    public void The_span_read_fed_one_byte_at_a_time_checks_shapes_as_the_naive_reader(ShapeCase c) =>
        AssertReads("span, one byte arriving at a time", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 100)]
    public void The_sequence_read_over_one_byte_segments_checks_shapes_as_the_naive_reader(ShapeCase c) =>
        AssertReads("sequence of one-byte segments", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 100)]
    public void The_sequence_read_fed_one_byte_at_a_time_checks_shapes_as_the_naive_reader(ShapeCase c) =>
        AssertReads("sequence, one byte arriving at a time", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 100)]
    public void ReadRows_checks_shapes_as_the_naive_reader(ShapeCase c) => AssertReads("ReadRows over one-byte segments", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 60)]
    public void The_pipe_driver_checks_shapes_as_the_naive_reader(ShapeCase c) => AssertReads("pipe driver, one-byte writes", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 60)]
    public void The_stream_driver_checks_shapes_as_the_naive_reader(ShapeCase c) => AssertReads("stream driver, one-byte reads", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 100)]
    public void The_file_reader_over_bytes_checks_shapes_as_the_naive_reader(ShapeCase c) => AssertReads("TsvFileReader over bytes", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 40)]
    public void The_file_reader_over_a_file_checks_shapes_as_the_naive_reader(ShapeCase c) => AssertReads("TsvFileReader over a file", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 60)]
    public void The_file_reader_over_a_one_byte_stream_checks_shapes_as_the_naive_reader(ShapeCase c) =>
        AssertReads("TsvFileReader over a one-byte stream", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 40)]
    public void The_file_reader_over_a_one_byte_pipe_checks_shapes_as_the_naive_reader(ShapeCase c) =>
        AssertReads("TsvFileReader over a one-byte pipe", c);

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 60)]
    public void The_file_readers_TryReadRow_checks_shapes_as_the_naive_reader(ShapeCase c) =>
        AssertReads("TsvFileReader.TryReadRow over a one-byte stream", c);

    // --- Examples: each check through each entry point ---

    [Theory]
    [MemberData(nameof(EntryPoints))]
    public void A_ragged_row_under_a_header_names_its_line_and_both_counts(string entryPoint)
    {
        foreach (Selection selection in new[] { Selection.WholeLines, Selection.AllColumns, Selection.ByIndex, Selection.ByName })
        {
            foreach (bool crlf in new[] { false, true })
            {
                ShapeCase c = Case("a\tb\tc\n1\t2\t3\n4\t5\n6\t7\t8\n", selection: selection, crlf: crlf);
                List<string> rows = Readers[entryPoint](c);
                Assert.Equal("error@3 Line 3 has 2 columns; expected 3, the header's column count.", rows[rows.Count - 1]);
                Assert.Equal(2, rows.Count);
                AssertReads(entryPoint, c);

                // Too many columns too, past a 64-byte chunk and after the last selected column.
                AssertReads(entryPoint, Case("a\tb\n1\t2\n" + new string('x', 100) + "\t" + new string('y', 70) + "\tz\n", selection: selection, crlf: crlf));
            }
        }
    }

    [Theory]
    [MemberData(nameof(EntryPoints))]
    public void Headerless_input_is_checked_against_its_first_row_only_when_asked(string entryPoint)
    {
        ShapeCase always = Case("1\t2\n3\n", hasHeader: false, check: TsvColumnCountCheck.Always);
        Assert.Equal(new[] { "1|[1][2]~1\t2", "error@2 Line 2 has 1 columns; expected 2, the first row's column count." }, Readers[entryPoint](always));

        ShapeCase byDefault = Case("1\t2\n3\n", hasHeader: false);
        Assert.Equal(new[] { "1|[1][2]~1\t2", "2|[3]~3" }, Readers[entryPoint](byDefault));
    }

    [Theory]
    [MemberData(nameof(EntryPoints))]
    public void Ragged_rows_are_read_as_before_with_the_check_off(string entryPoint)
    {
        ShapeCase c = Case("a\tb\tc\n1\n2\t3\t4\t5\n\n6\t7\t8\n", check: TsvColumnCountCheck.None, skipEmpty: false, selection: Selection.ByIndex);
        Assert.Equal(new[] { "2|<absent>[1]~1", "3|[3][2]~2\t3\t4\t5", "4|<absent>[]~", "5|[7][6]~6\t7\t8" }, Readers[entryPoint](c));
    }

    [Theory]
    [MemberData(nameof(EntryPoints))]
    public void Duplicate_header_names_at_every_pair_of_positions_are_reported_with_both(string entryPoint)
    {
        const int Width = 5;
        for (int first = 0; first < Width; first++)
        {
            for (int second = first + 1; second < Width; second++)
            {
                string[] names = Enumerable.Range(0, Width).Select(i => "n" + i).ToArray();
                names[second] = names[first];
                string text = string.Join("\t", names) + "\n1\t2\t3\t4\t5\n";
                foreach (Selection selection in new[] { Selection.WholeLines, Selection.AllColumns, Selection.ByName })
                {
                    ShapeCase c = Case(text, selection: selection);
                    Assert.Equal(
                        new[] { $"error@1 Line 1: the header has two columns named 'n{first}', columns {first} and {second} (0-based)." },
                        Readers[entryPoint](c));
                }

                // Allowed by the option, or irrelevant to a selection by index: the row is read.
                Assert.Equal(new[] { "2|[1][2][3][4][5]~1\t2\t3\t4\t5" }, Readers[entryPoint](Case(text, allowDuplicates: true)));
                Assert.Equal(new[] { "2|[2][1]~1\t2\t3\t4\t5" }, Readers[entryPoint](Case(text, selection: Selection.ByIndex)));
            }
        }
    }

    [Theory]
    [MemberData(nameof(EntryPoints))]
    public void Empty_lines_at_the_start_middle_and_end_are_skipped_or_reported(string entryPoint)
    {
        foreach (bool crlf in new[] { false, true })
        {
            // Skipped (the default): they only count in line numbers, before the header too.
            ShapeCase skipped = Case("\na\tb\n\n1\t2\n\n", crlf: crlf);
            Assert.Equal(new[] { "4|[1][2]~1\t2" }, Readers[entryPoint](skipped));

            // Rows with one empty field when not skipped: the check reports the first one after the header.
            ShapeCase middle = Case("a\tb\n1\t2\n\n3\t4\n", skipEmpty: false, crlf: crlf);
            Assert.Equal(new[] { "2|[1][2]~1\t2", "error@3 Line 3 has 1 columns; expected 2, the header's column count." }, Readers[entryPoint](middle));

            ShapeCase end = Case("a\tb\n1\t2\n\n", skipEmpty: false, crlf: crlf);
            Assert.Equal("error@3 Line 3 has 1 columns; expected 2, the header's column count.", Readers[entryPoint](end).Last());

            // Not skipped at the start, an empty line is the header (one empty name), and the real header a ragged row.
            ShapeCase start = Case("\na\tb\n1\t2\n", skipEmpty: false, selection: Selection.WholeLines, crlf: crlf);
            Assert.Equal(new[] { "error@2 Line 2 has 2 columns; expected 1, the header's column count." }, Readers[entryPoint](start));

            // With a one-column header an empty line is a valid row with one empty field.
            ShapeCase single = Case("a\n1\n\n2\n", skipEmpty: false, crlf: crlf);
            Assert.Equal(new[] { "2|[1]~1", "3|[]~", "4|[2]~2" }, Readers[entryPoint](single));
            AssertReads(entryPoint, middle);
        }
    }
}
