using System.Globalization;
using System.IO;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>The streaming reader against the naive reference for every source, with and without a projection.</summary>
public sealed class TsvFileReaderTests
{
    private const int AllColumnsWidth = 12;

    private static readonly string[] Sources =
    {
        "bytes", "text", "stream1", "streamRandom", "pipe", "file", "memoryStreamSlice", "memoryStreamGrown", "memoryStreamHidden",
        "seekableAhead", "memoryStreamHiddenAhead", "fileAhead",
    };

    private static TsvFileReader Open(string source, byte[] bytes, TsvOptions options, Random random, List<string> cleanup)
    {
        switch (source)
        {
            case "bytes":
                return TsvFileReader.From(bytes, options);
            case "text":
                return TsvFileReader.FromText(Encoding.UTF8.GetString(bytes), options);
            case "stream1":
                return TsvFileReader.From(new ChunkedStream(bytes, 1), options);
            case "streamRandom":
                return TsvFileReader.From(new ChunkedStream(bytes, random.Next(1, 100)), options);
            case "pipe":
                return TsvFileReader.From(new ScriptedPipeReader(bytes, random.Next(1, 50), random.Next(1, 30)), options);
            case "memoryStreamSlice":
                return TsvFileReader.From(VisibleMemoryStreamSlice(bytes, random), options);
            case "memoryStreamGrown":
            {
                // Expandable: its buffer is longer than its length (the spare capacity holds separators and newlines).
                var grown = new MemoryStream();
                grown.Write(bytes, 0, bytes.Length);
                grown.Write(new[] { (byte)'\t', (byte)'\n', (byte)'\t', (byte)'\n' }, 0, 4);
                grown.SetLength(bytes.Length);
                grown.Position = 0;
                return TsvFileReader.From(grown, options);
            }
            case "memoryStreamHidden":
                return TsvFileReader.From(new MemoryStream(bytes), options);
            case "seekableAhead":
                // Read-ahead with tiny buffers: the unfinished line fits the reserve, or not, at every block.
                return WithTinyReadAhead(TsvFileReader.From(new ChunkedStream(bytes, random.Next(1, 20)) { Seekable = true }, options), random);
            case "memoryStreamHiddenAhead":
                return WithTinyReadAhead(TsvFileReader.From(new MemoryStream(bytes), options), random);
            case "fileAhead":
            {
                string aheadPath = Path.GetTempFileName();
                cleanup.Add(aheadPath);
                File.WriteAllBytes(aheadPath, bytes);
                return WithTinyReadAhead(TsvFileReader.Open(aheadPath, options), random);
            }
            default:
                string path = Path.GetTempFileName();
                cleanup.Add(path);
                File.WriteAllBytes(path, bytes);
                return TsvFileReader.Open(path, options);
        }
    }

    /// <summary>A random source for a case; "text" only when the bytes are the case's text as UTF-8.</summary>
    private static string ProjectedSource(TsvCase tsv, Random random)
    {
        string source = Sources[random.Next(Sources.Length)];
        return source == "text" && Encoding.UTF8.GetString(tsv.Bytes) != (tsv.Bom ? "\ufeff" : "") + tsv.Text ? "bytes" : source;
    }

    /// <summary>The case's bytes from <paramref name="source"/>, its columns selected by name or by index.</summary>
    private static TsvFileReader OpenProjected(string source, TsvCase tsv, Random random, List<string> cleanup)
    {
        TsvFileReader reader = Open(source, tsv.Bytes, tsv.Options, random, cleanup);
        try
        {
            return tsv.ColumnNames is not null ? reader.SelectColumns(tsv.ColumnNames) : reader.SelectColumns(tsv.Columns);
        }
        catch
        {
            // A name the header lacks: the caller sees the error, and the file can still be deleted.
            reader.Dispose();
            throw;
        }
    }

    private static TsvFileReader WithTinyReadAhead(TsvFileReader reader, Random random)
    {
        reader.ConfigureReadAheadForTests(initialBufferSize: random.Next(1, 24), reserve: random.Next(1, 12), block: random.Next(1, 24), placementPeriod: random.Next(1, 33), leaveReadsToConsumer: random.Next(4) == 0);
        return reader;
    }

    /// <summary>
    /// A MemoryStream over a slice of a larger array (bytes before its origin, before its position and after its
    /// length all hold rows of their own), with a visible buffer, so the reader reads it in place.
    /// </summary>
    private static MemoryStream VisibleMemoryStreamSlice(byte[] bytes, Random random)
    {
        byte[] junk = "x\ty\n"u8.ToArray();
        int before = random.Next(0, 3) * junk.Length;
        int skipped = random.Next(0, 3) * junk.Length;
        int after = random.Next(0, 3) * junk.Length;
        byte[] array = new byte[before + skipped + bytes.Length + after];
        for (int i = 0; i < array.Length; i++)
        {
            array[i] = junk[i % junk.Length];
        }

        bytes.CopyTo(array, before + skipped);
        var stream = new MemoryStream(array, before, skipped + bytes.Length, writable: false, publiclyVisible: true) { Position = skipped };
        return stream;
    }

    [Fact]
    public void A_visible_memory_stream_is_read_in_place_and_left_at_its_end()
    {
        byte[] bytes = "a\tb\n1\t2\n"u8.ToArray();
        var stream = new MemoryStream(bytes, 0, bytes.Length, writable: true, publiclyVisible: true) { Position = 4 };
        using (TsvFileReader reader = TsvFileReader.From(stream, TsvOptions.Default, leaveOpen: true))
        {
            Assert.Equal(bytes.Length, stream.Position);

            // In place: a change to the array shows in the row (a copying reader would have read "1" at creation).
            bytes[4] = (byte)'7';
            Assert.True(reader.TryReadRow(out TsvRow row));
            Assert.Equal("7", Encoding.UTF8.GetString(row[0].ToArray()));
            Assert.False(reader.TryReadRow(out _));
        }

        Assert.True(stream.CanRead);
        var past = new MemoryStream(bytes, 0, bytes.Length, writable: true, publiclyVisible: true) { Position = bytes.Length + 5 };
        using (TsvFileReader reader = TsvFileReader.From(past, TsvOptions.Default))
        {
            Assert.False(reader.TryReadRow(out _));
            Assert.Equal(bytes.Length + 5, past.Position);
        }
    }

    [Theory]
    [InlineData("bytes")]
    [InlineData("memoryStreamSlice")]
    [InlineData("stream1")]
    public void TryReadRow_inside_foreach_moves_the_loop_on_without_replaying_rows(string source)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(1, 9).Select(i => i + "\tx\n")));
        var cleanup = new List<string>();
        using TsvFileReader reader = Open(source, bytes, TsvOptions.Default, new Random(5), cleanup);
        var seen = new List<string>();
        foreach (TsvRow row in reader)
        {
            seen.Add(Encoding.UTF8.GetString(row[0].ToArray()));
            if (seen.Count % 3 == 1 && reader.TryReadRow(out TsvRow skipped))
            {
                seen.Add("(" + Encoding.UTF8.GetString(skipped[0].ToArray()) + ")");
            }
        }

        Assert.Equal(new[] { "1", "(2)", "3", "4", "(5)", "6", "7", "(8)", "9" }, seen);
    }

    [Theory]
    [InlineData("bytes")]
    [InlineData("stream1")]
    [InlineData("stream3")]
    [InlineData("seekable")]
    public void Copies_of_an_enumerator_share_the_reader_position_and_never_replay_rows(string source)
    {
        // An enumerator reads straight from the unread bytes it holds; a copy of it (a struct) holds the same bytes.
        // Each must notice that the other moved the reader on (and may have refilled or returned the buffer).
        byte[] bytes = Encoding.UTF8.GetBytes(string.Concat(Enumerable.Range(1, 300).Select(i => i + "\t" + new string('x', i % 40) + "\n")));
        Stream? stream = source switch
        {
            "stream1" => new ChunkedStream(bytes, 1),
            "stream3" => new ChunkedStream(bytes, 3),
            "seekable" => new ChunkedStream(bytes, 7) { Seekable = true },
            _ => null,
        };
        using TsvFileReader reader = stream is null ? TsvFileReader.From(bytes) : TsvFileReader.From(stream);
        reader.ConfigureReadAheadForTests(initialBufferSize: 16, reserve: 8, block: 64, placementPeriod: 16);
        TsvFileReader.Enumerator first = reader.GetEnumerator();
        var seen = new List<int>();
        Assert.True(first.MoveNext());
        seen.Add(int.Parse(Encoding.UTF8.GetString(first.Current[0].ToArray())));
        TsvFileReader.Enumerator second = first;
        var random = new Random(source.Length);
        while (true)
        {
            bool useFirst = random.Next(2) == 0;
            bool more = useFirst ? first.MoveNext() : second.MoveNext();
            if (!more)
            {
                break;
            }

            TsvRow row = useFirst ? first.Current : second.Current;
            seen.Add(int.Parse(Encoding.UTF8.GetString(row[0].ToArray())));
        }

        Assert.Equal(Enumerable.Range(1, 300), seen);
        Assert.False(first.MoveNext());
        Assert.False(second.MoveNext());
    }

    [Fact]
    public void A_format_error_inside_foreach_leaves_the_loop_where_the_reader_left_it()
    {
        // A short line among full ones, with missing columns an error: the loop and TryReadRow see the same rows and
        // the same errors (the bad line stays where the reader stopped, so it fails again when read again).
        byte[] bytes = "a\tb\nc\n1\t2\n"u8.ToArray();
        (string[] Rows, int Errors) Read(bool viaEnumerator)
        {
            using TsvFileReader reader = TsvFileReader.From(bytes, TsvOptions.Default.WithThrowOnMissingColumns(true)).SelectColumns(0, 1);
            var seen = new List<string>();
            TsvFileReader.Enumerator rows = reader.GetEnumerator();
            int errors = 0;
            while (errors < 3)
            {
                try
                {
                    TsvRow row = default;
                    bool more = viaEnumerator ? rows.MoveNext() : reader.TryReadRow(out row);
                    if (!more)
                    {
                        break;
                    }

                    seen.Add(Encoding.UTF8.GetString((viaEnumerator ? rows.Current : row)[0].ToArray()));
                }
                catch (TsvFormatException)
                {
                    errors++;
                }
            }

            return (seen.ToArray(), errors);
        }

        (string[] Rows, int Errors) byTryReadRow = Read(viaEnumerator: false);
        Assert.Equal(new[] { "a" }, byTryReadRow.Rows);
        Assert.Equal(3, byTryReadRow.Errors);
        (string[] Rows, int Errors) byEnumerator = Read(viaEnumerator: true);
        Assert.Equal(byTryReadRow.Rows, byEnumerator.Rows);
        Assert.Equal(byTryReadRow.Errors, byEnumerator.Errors);
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 600)]
    public void A_format_error_read_again_names_the_same_line_whichever_way_it_is_read_again(int seed)
    {
        // Comments, empty lines and the header before a bad line are counted as they are skipped. Reading again
        // after the error (TryReadRow, a new foreach, the same foreach) must not skip them a second time: every
        // retry fails on the same line as the reference. Fails if the reader's position does not follow the lines
        // skipped before a throw (each retry then named a later line).
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        var random = new Random(seed);
        string source = ProjectedSource(tsv, random);

        List<string> expected = TsvTestSupport.Reference(tsv);
        if (expected.Count == 0 || !expected[expected.Count - 1].StartsWith("error@", StringComparison.Ordinal))
        {
            return;
        }

        var cleanup = new List<string>();
        var actual = new List<string>();
        try
        {
            using TsvFileReader reader = OpenProjected(source, tsv, random, cleanup);

            TsvFileReader.Enumerator rows = reader.GetEnumerator();
            for (int errors = 0; errors < 4;)
            {
                try
                {
                    int way = errors == 0 ? 0 : random.Next(3);
                    if (way == 1)
                    {
                        rows = reader.GetEnumerator();
                    }

                    TsvRow row = default;
                    bool more = way == 2 ? reader.TryReadRow(out row) : rows.MoveNext();
                    if (!more)
                    {
                        break;
                    }

                    actual.Add(TsvTestSupport.Render(way == 2 ? row : rows.Current));
                }
                catch (TsvFormatException error)
                {
                    actual.Add("error@" + error.LineNumber);
                    errors++;
                }
            }
        }
        catch (TsvFormatException error)
        {
            // Selecting a column by a name the header lacks: no row to read again.
            actual.AddRange(Enumerable.Repeat("error@" + error.LineNumber, 4));
        }
        finally
        {
            cleanup.ForEach(File.Delete);
        }

        TsvTestSupport.AssertRows(TsvTestSupport.WithRetries(expected, 3), actual, $"{source} {tsv}");
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 400)]
    public void Every_source_with_a_projection_reads_the_rows_of_the_reference(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        var random = new Random(seed);
        string source = ProjectedSource(tsv, random);

        List<string> expected = TsvTestSupport.Reference(tsv);
        var cleanup = new List<string>();
        var actual = new List<string>();
        try
        {
            using TsvFileReader reader = OpenProjected(source, tsv, random, cleanup);

            foreach (TsvRow row in reader)
            {
                actual.Add(TsvTestSupport.Render(row));
            }
        }
        catch (TsvFormatException error)
        {
            actual.Add("error@" + error.LineNumber);
        }
        finally
        {
            cleanup.ForEach(File.Delete);
        }

        TsvTestSupport.AssertRows(expected, actual, $"{source} {tsv}");
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 400)]
    public void Every_source_without_a_projection_exposes_every_column_by_file_index_and_the_header(int seed)
    {
        TsvCase generated = TsvTestSupport.CreateCase(seed);
        TsvCase tsv = generated with { Columns = Enumerable.Range(0, AllColumnsWidth).ToArray(), ColumnNames = null, ThrowOnMissing = false };
        var random = new Random(seed);
        string source = Sources[random.Next(Sources.Length)];
        List<string> expected = TsvTestSupport.Reference(tsv);
        var cleanup = new List<string>();
        var actual = new List<string>();
        try
        {
            using TsvFileReader reader = Open(source, tsv.Bytes, tsv.Options, random, cleanup);
            if (random.Next(2) == 0 && tsv.HasHeader)
            {
                // Reading the header first must not lose or repeat a row.
                Assert.NotNull(reader.Header);
            }

            foreach (TsvRow row in reader)
            {
                Assert.True(row.ColumnCount <= AllColumnsWidth);
                var text = new StringBuilder().Append(row.LineNumber).Append('|');
                for (int i = 0; i < AllColumnsWidth; i++)
                {
                    text.Append(row.TryGetColumn(i, out ReadOnlySpan<byte> value) ? "[" + Encoding.UTF8.GetString(value.ToArray()) + "]" : "<absent>");
                }

                actual.Add(text.ToString());
            }

            if (tsv.HasHeader && reader.Header is { } header)
            {
                string headerLine = ReferenceHeader(tsv);
                Assert.Equal(headerLine.Split('\t'), header.Names);
            }
        }
        catch (TsvFormatException error)
        {
            actual.Add("error@" + error.LineNumber);
        }
        finally
        {
            cleanup.ForEach(File.Delete);
        }

        TsvTestSupport.AssertRows(expected, actual, $"{source} {tsv}");
    }

    /// <summary>
    /// Without a projection the reader finds a line's fields only as far as rows have asked (none, a prefix, all):
    /// whatever each row asks, in whatever order, and whatever earlier rows asked, the answers are the reference's.
    /// Each row follows a random plan: nothing; some columns by index (TryGetColumn or the indexer, in random order,
    /// beyond the line's end too); ColumnCount first; the Fields enumerator; or a question to the previous row, which
    /// the reader has moved past, before this row's own (a row kept too long may answer anything, but must not change
    /// the current row's answers).
    /// </summary>
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 400)]
    public void Without_a_projection_rows_answer_every_access_pattern_like_the_reference(int seed)
    {
        TsvCase generated = TsvTestSupport.CreateCase(seed);
        TsvCase tsv = generated with { Columns = Enumerable.Range(0, AllColumnsWidth).ToArray(), ColumnNames = null, ThrowOnMissing = false };
        var random = new Random(seed);
        string source = Sources[random.Next(Sources.Length)];
        var expected = TsvTestSupport.Reference(tsv).Select(row => row.StartsWith("error@", StringComparison.Ordinal) ? row : Fields(row)).ToList();
        var cleanup = new List<string>();
        var actual = new List<string>();
        try
        {
            using TsvFileReader reader = Open(source, tsv.Bytes, tsv.Options, random, cleanup);
            TsvRow previous = default;
            bool hasPrevious = false;
            foreach (TsvRow row in reader)
            {
                int plan = random.Next(6);
                if (plan == 3 && tsv.Unescape)
                {
                    plan = 2; // Fields are raw slices of the line, not the unescaped columns
                }

                if (plan == 5 && hasPrevious)
                {
                    try
                    {
                        _ = previous.TryGetColumn(random.Next(AllColumnsWidth), out _);
                        _ = previous.ColumnCount;
                    }
                    catch (ArgumentOutOfRangeException)
                    {
                        // Its line's offsets are the current line's: a slice outside its line is refused.
                    }
                }

                var fields = new SortedDictionary<int, string>();
                switch (plan)
                {
                    case 0:
                        break;
                    case 1:
                    case 5:
                        foreach (int column in Enumerable.Range(0, AllColumnsWidth).OrderBy(_ => random.Next()).Take(random.Next(1, 4)))
                        {
                            if (random.Next(2) == 0)
                            {
                                fields[column] = row.TryGetColumn(column, out ReadOnlySpan<byte> value) ? "[" + Encoding.UTF8.GetString(value.ToArray()) + "]" : "<absent>";
                            }
                            else
                            {
                                try
                                {
                                    fields[column] = "[" + Encoding.UTF8.GetString(row[column].ToArray()) + "]";
                                }
                                catch (TsvFormatException)
                                {
                                    fields[column] = "<absent>";
                                }
                            }
                        }

                        break;
                    case 2:
                        int count = row.ColumnCount;
                        for (int column = 0; column < AllColumnsWidth; column++)
                        {
                            fields[column] = column < count ? "[" + Encoding.UTF8.GetString(row[column].ToArray()) + "]" : "<absent>";
                        }

                        break;
                    case 3:
                        int index = 0;
                        foreach (ReadOnlySpan<byte> field in row.Fields)
                        {
                            fields[index++] = "[" + Encoding.UTF8.GetString(field.ToArray()) + "]";
                        }

                        for (; index < AllColumnsWidth; index++)
                        {
                            fields[index] = "<absent>";
                        }

                        break;
                    default:
                        for (int column = AllColumnsWidth - 1; column >= 0; column--)
                        {
                            fields[column] = row.TryGetColumn(column, out ReadOnlySpan<byte> value) ? "[" + Encoding.UTF8.GetString(value.ToArray()) + "]" : "<absent>";
                        }

                        break;
                }

                actual.Add(row.LineNumber + "|" + string.Concat(fields.Select(pair => pair.Key + "=" + pair.Value + ";")));
                int expectedIndex = actual.Count - 1;
                if (expectedIndex < expected.Count && !expected[expectedIndex].StartsWith("error@", StringComparison.Ordinal))
                {
                    // Keep only the columns this row asked for.
                    string[] parts = expected[expectedIndex].Split(new[] { '|' }, 2);
                    string[] all = parts[1].Split(new[] { ';' }, StringSplitOptions.RemoveEmptyEntries);
                    expected[expectedIndex] = parts[0] + "|" + string.Concat(all.Where(part => fields.ContainsKey(int.Parse(part[..part.IndexOf('=')], CultureInfo.InvariantCulture))).Select(part => part + ";"));
                }

                previous = row;
                hasPrevious = true;
            }
        }
        catch (TsvFormatException error)
        {
            actual.Add("error@" + error.LineNumber);
        }
        finally
        {
            cleanup.ForEach(File.Delete);
        }

        TsvTestSupport.AssertRows(expected, actual, $"{source} {tsv}");
    }

    // "7|[a][b]<absent>..." as "7|0=[a];1=[b];2=<absent>;...".
    private static string Fields(string row)
    {
        string[] parts = row.Split(new[] { '|' }, 2);
        var fields = new List<string>();
        string rest = parts[1];
        while (rest.Length > 0)
        {
            if (rest.StartsWith("<absent>", StringComparison.Ordinal))
            {
                fields.Add("<absent>");
                rest = rest["<absent>".Length..];
            }
            else
            {
                int close = rest.IndexOf(']');
                fields.Add(rest[..(close + 1)]);
                rest = rest[(close + 1)..];
            }
        }

        return parts[0] + "|" + string.Concat(fields.Select((field, i) => i + "=" + field + ";"));
    }

    /// <summary>The first line that is not a comment and not a skipped empty line, CR trimmed as configured.</summary>
    private static string ReferenceHeader(TsvCase tsv)
    {
        foreach (string raw in tsv.Text.Split('\n'))
        {
            string line = tsv.TrimCarriageReturn && raw.EndsWith("\r", StringComparison.Ordinal) ? raw.Substring(0, raw.Length - 1) : raw;
            if ((tsv.SkipComments && line.StartsWith("#", StringComparison.Ordinal)) || (line.Length == 0 && tsv.SkipEmptyLines))
            {
                continue;
            }

            return line;
        }

        return "";
    }

    [Fact]
    public void Columns_by_name_duplicates_and_missing_names()
    {
        using TsvFileReader reader = TsvFileReader.FromText("id\tname\tid\n1\tann\t2\n", new TsvOptions { HasHeader = true, AllowDuplicateColumnNames = true });
        TsvHeader header = reader.Header!;
        Assert.Equal(new[] { "id", "name", "id" }, header.Names);
        Assert.Equal(0, header["id"]);
        Assert.Equal(new[] { 0, 2 }, header.IndicesOf("id"));
        Assert.Equal(-1, header.IndexOf("nope"));
        Assert.Throws<KeyNotFoundException>(() => header["nope"]);
        int rows = 0;
        foreach (TsvRow row in reader)
        {
            Assert.Equal("ann", Encoding.UTF8.GetString(row["name"].ToArray()));
            Assert.Equal("1", Encoding.UTF8.GetString(row["id"].ToArray()));
            Assert.Equal("2", Encoding.UTF8.GetString(row[2].ToArray()));
            Assert.Equal(3, row.ColumnCount);
            rows++;
        }

        Assert.Equal(1, rows);
        Assert.Throws<InvalidOperationException>(() => reader.SelectColumns(0));
    }

    /// <summary>
    /// Without a projection, on wide lines (up to 90 fields, some longer than a 64-byte chunk, \r\n or \n) whose rows
    /// mostly ask for a few columns far apart (so the reader records only those, and reads them from offsets indexed
    /// by file column) and sometimes for others (so it learns more, and may switch to recording every field up to the
    /// highest): every column read, as bytes and through the integer and double getters (which may read the bytes
    /// around a column), equals what a reader projecting that column alone returns for the same line.
    /// </summary>
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 300)]
    public void Without_a_projection_columns_read_far_apart_match_a_projection_of_each(int seed)
    {
        var random = new Random(seed);
        int width = random.Next(1, 91);
        string newLine = random.Next(3) == 0 ? "\r\n" : "\n";
        string[][] lines = Enumerable.Range(0, random.Next(1, 40))
            .Select(_ => Enumerable.Range(0, random.Next(1, width + 1)).Select(_ => Field(random)).ToArray())
            .ToArray();
        foreach (string[] fields in lines.Where(fields => fields is [""]))
        {
            fields[0] = "0"; // an empty line is skipped, not a row
        }

        byte[] bytes = Encoding.UTF8.GetBytes(string.Concat(lines.Select(fields => string.Join("\t", fields) + newLine)));
        int[] hot = Enumerable.Range(0, random.Next(1, 4)).Select(_ => random.Next(width + 2)).ToArray();

        using TsvFileReader reader = TsvFileReader.From(bytes);
        int line = 0;
        foreach (TsvRow row in reader)
        {
            IEnumerable<int> asked = random.Next(8) == 0 ? hot.Append(random.Next(width + 2)) : hot;
            foreach (int column in asked.OrderBy(_ => random.Next()))
            {
                string actual = Read(row, column);
                string expected = ReadProjected(bytes, line, column);
                Assert.True(expected == actual, $"Replay with seed {seed}: line {line}, column {column}: expected {expected}, got {actual}");
            }

            line++;
        }

        Assert.Equal(lines.Length, line);

        static string Field(Random random) => random.Next(6) switch
        {
            0 => "",
            1 => new string('x', random.Next(60, 140)),
            2 => (random.Next(2) == 0 ? "-" : "") + random.Next().ToString(CultureInfo.InvariantCulture) + random.Next(1000).ToString(CultureInfo.InvariantCulture),
            3 => (random.NextDouble() * 1000).ToString("R", CultureInfo.InvariantCulture),
            _ => random.Next(100).ToString(CultureInfo.InvariantCulture),
        };

        static string Read(TsvRow row, int column)
        {
            if (!row.TryGetColumn(column, out ReadOnlySpan<byte> value))
            {
                return "<absent>";
            }

            string integer = row.TryGetInt64(column, out long parsed) ? parsed.ToString(CultureInfo.InvariantCulture) : "-";
            string number = row.TryGetDouble(column, out double real) ? real.ToString("R", CultureInfo.InvariantCulture) : "-";
            return $"[{Encoding.UTF8.GetString(value.ToArray())}] {integer} {number}";
        }

        static string ReadProjected(byte[] bytes, int line, int column)
        {
            using TsvFileReader projected = TsvFileReader.From(bytes, new TsvOptions { ThrowOnMissingColumns = false }).SelectColumns(column);
            int at = 0;
            foreach (TsvRow row in projected)
            {
                if (at++ == line)
                {
                    return Read(row, 0);
                }
            }

            return "<no such line>";
        }
    }

    /// <summary>
    /// Without a projection, rows that ask for more absent columns than the reader has offset slots (each one
    /// remembered as asked for, so later lines learn from their scan that it is absent) still read the present ones,
    /// on the line that asked and on every later one, and huge indices are absent without a map as long as them.
    /// </summary>
    [Fact]
    public void Without_a_projection_many_absent_columns_asked_for_leave_the_present_ones_right()
    {
        string text = string.Concat(Enumerable.Range(0, 200).Select(line => $"a{line}\tb{line}\tc{line}\n"));
        using TsvFileReader reader = TsvFileReader.FromText(text);
        int lineNumber = 0;
        foreach (TsvRow row in reader)
        {
            for (int column = 3; column < 3 + (2 * lineNumber); column++)
            {
                Assert.False(row.TryGetColumn(column, out _), $"line {lineNumber}, column {column}");
            }

            Assert.False(row.TryGetColumn(int.MaxValue, out _));
            Assert.False(row.TryGetColumn(1 << 24, out _));
            Assert.Equal($"a{lineNumber}|b{lineNumber}|c{lineNumber}", $"{Text(row[0])}|{Text(row[1])}|{Text(row[2])}");
            Assert.Equal(3, row.ColumnCount);
            lineNumber++;
        }

        Assert.Equal(200, lineNumber);

        static string Text(ReadOnlySpan<byte> bytes) => Encoding.UTF8.GetString(bytes.ToArray());
    }

    [Fact]
    public void A_row_declared_before_the_loop_compiles_and_shows_in_the_debugger()
    {
        using var reader = new TsvReader(TsvOptions.Default);
        ReadOnlySpan<byte> input = Encoding.UTF8.GetBytes("a\tb\n");
        TsvRow row;
        Assert.True(reader.TryReadRow(ref input, true, out row));
        Assert.Equal("Line 1, 0 column(s): a\u2192b", row.DebuggerDisplay);
    }
}
