using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary><c>await foreach</c> over the streaming reader (net8) against the naive reference, for every async source.</summary>
public sealed class TsvFileReaderAsyncTests
{
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 400)]
    public void Await_foreach_reads_the_rows_of_the_reference_from_every_source(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        var random = new Random(seed);
        List<string> expected = TsvTestSupport.Reference(tsv);
        List<string> actual = ReadAsync(tsv, random.Next(3), random).GetAwaiter().GetResult();
        TsvTestSupport.AssertRows(expected, actual, $"{tsv}");
    }

    [Fact]
    public async Task Rows_read_synchronously_then_with_await_continue_where_the_read_ahead_left_off()
    {
        // Synchronous reads switch a seekable stream to reading ahead; ReadAsync then takes the block in flight.
        var text = new StringBuilder();
        for (int i = 0; i < 3_000; i++)
        {
            text.Append(i).Append('\t').Append(new string('v', i % 50)).Append('\n');
        }

        byte[] bytes = Encoding.UTF8.GetBytes(text.ToString());
        var stream = new ChunkedStream(bytes, 33) { Seekable = true };
        var rows = new List<string>();
        using (TsvFileReader reader = TsvFileReader.From(stream))
        {
            reader.ConfigureReadAheadForTests(initialBufferSize: 64, reserve: 32, block: 512);
            for (int i = 0; i < 500; i++)
            {
                Assert.True(reader.TryReadRow(out TsvRow row));
                rows.Add(Encoding.UTF8.GetString(row.Line.ToArray()));
            }

            Assert.True(reader.IsReadingAhead);
            while (await reader.ReadAsync())
            {
                rows.Add(Encoding.UTF8.GetString(reader.CurrentRecord.Row.Line.ToArray()));
            }
        }

        Assert.Equal(text.ToString().TrimEnd('\n').Split('\n'), rows);
        Assert.Null(stream.Misuse);
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 400)]
    public void A_format_error_met_by_ReadAsync_names_the_same_line_when_read_again_any_way(int seed)
    {
        // ReadAsync reads a record through the buffer-fed reader like TryReadRow: lines skipped before a bad line
        // (comments, empty lines, the header) are counted once, and reading again (ReadAsync, TryReadRow, a new
        // foreach) fails on the same line. Sources include a seekable stream with tiny read-ahead blocks.
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        List<string> expected = TsvTestSupport.Reference(tsv);
        if (expected.Count == 0 || !expected[expected.Count - 1].StartsWith("error@", StringComparison.Ordinal))
        {
            return;
        }

        var random = new Random(seed);
        List<string> actual = ReadAgainAfterErrorAsync(tsv, random).GetAwaiter().GetResult();
        TsvTestSupport.AssertRows(TsvTestSupport.WithRetries(expected, 3), actual, $"{tsv}");
    }

    private static async Task<List<string>> ReadAgainAfterErrorAsync(TsvCase tsv, Random random)
    {
        var actual = new List<string>();
        int source = random.Next(4);
        using TsvFileReader reader = source switch
        {
            0 => TsvFileReader.From(tsv.Bytes, tsv.Options),
            1 => TsvFileReader.From(new ChunkedStream(tsv.Bytes, random.Next(1, 60)), tsv.Options),
            2 => TsvFileReader.From(new ChunkedStream(tsv.Bytes, random.Next(1, 60)) { Seekable = true }, tsv.Options),
            _ => TsvFileReader.From(new ScriptedPipeReader(tsv.Bytes, random.Next(1, 60), random.Next(1, 30)), tsv.Options),
        };
        if (source == 2)
        {
            reader.ConfigureReadAheadForTests(initialBufferSize: random.Next(1, 24), reserve: random.Next(1, 12), block: random.Next(1, 24));
        }

        try
        {
            if (tsv.ColumnNames is not null)
            {
                reader.SelectColumns(tsv.ColumnNames);
            }
            else
            {
                reader.SelectColumns(tsv.Columns);
            }
        }
        catch (TsvFormatException error)
        {
            // Selecting a column by a name the header lacks: no row to read again.
            return Enumerable.Repeat("error@" + error.LineNumber, 4).ToList();
        }

        for (int errors = 0; errors < 4;)
        {
            try
            {
                int way = errors == 0 ? 0 : random.Next(3);
                if (way == 0)
                {
                    if (!await reader.ReadAsync())
                    {
                        break;
                    }

                    actual.Add(TsvTestSupport.Render(reader.CurrentRecord.Row));
                }
                else if (way == 1)
                {
                    if (!reader.TryReadRow(out TsvRow row))
                    {
                        break;
                    }

                    actual.Add(TsvTestSupport.Render(row));
                }
                else
                {
                    TsvFileReader.Enumerator rows = reader.GetEnumerator();
                    if (!rows.MoveNext())
                    {
                        break;
                    }

                    actual.Add(TsvTestSupport.Render(rows.Current));
                }
            }
            catch (TsvFormatException error)
            {
                actual.Add("error@" + error.LineNumber);
                errors++;
            }
        }

        return actual;
    }

    private static async Task<List<string>> ReadAsync(TsvCase tsv, int source, Random random)
    {
        var rows = new List<string>();
        using TsvFileReader reader = source switch
        {
            0 => TsvFileReader.From(tsv.Bytes, tsv.Options),
            1 => TsvFileReader.From(new ChunkedStream(tsv.Bytes, random.Next(1, 60)), tsv.Options),
            _ => TsvFileReader.From(new ScriptedPipeReader(tsv.Bytes, random.Next(1, 60), random.Next(1, 30)), tsv.Options),
        };
        if (tsv.ColumnNames is not null)
        {
            reader.SelectColumns(tsv.ColumnNames);
        }
        else
        {
            reader.SelectColumns(tsv.Columns);
        }

        try
        {
            await foreach (TsvRecord record in reader.ReadAllAsync())
            {
                rows.Add(TsvTestSupport.Render(record.Row));
            }
        }
        catch (TsvFormatException error)
        {
            rows.Add("error@" + error.LineNumber);
        }

        return rows;
    }

    [Fact]
    public async Task The_docs_async_example_sums_a_column()
    {
        long total = 0;
        CancellationToken cancellationToken = default;
        using TsvFileReader reader = TsvFileReader.From(new ChunkedStream(Encoding.ASCII.GetBytes("x\tsc-bytes\na\t5\nb\t7\n"), 3), new TsvOptions { HasHeader = true });
        await foreach (TsvRecord record in reader.ReadAllAsync(cancellationToken))   // Stream or PipeReader read with await
        {
            total += record.Row.GetInt64(record.Row.ColumnOf("sc-bytes"));            // use the row within an expression
        }

        Assert.Equal(12, total);
    }

    [Fact]
    public async Task A_record_of_a_previous_row_is_refused()
    {
        using TsvFileReader reader = TsvFileReader.FromText("a\nb\n");
        Assert.True(await reader.ReadAsync());
        TsvRecord first = reader.CurrentRecord;
        Assert.Equal(1, first.Row.LineNumber);
        Assert.True(await reader.ReadAsync());
        Assert.Throws<InvalidOperationException>(() => first.Row.LineNumber);
        Assert.False(await reader.ReadAsync());
    }

    [Theory]
    [InlineData("tryReadRow")]
    [InlineData("foreach")]
    public async Task A_record_is_refused_after_a_synchronous_read_moved_the_reader_on(string how)
    {
        // 1-byte reads into a 4-byte buffer: the synchronous read refills (and moves) the buffer the record points into.
        byte[] bytes = "first\tx\nsecond\ty\nthird\tz\n"u8.ToArray();
        using TsvFileReader reader = TsvFileReader.From(new ChunkedStream(bytes, 1));
        reader.ConfigureReadAheadForTests(initialBufferSize: 4, reserve: 1, block: 1);
        Assert.True(await reader.ReadAsync());
        TsvRecord record = reader.CurrentRecord;
        Assert.Equal("first", Encoding.UTF8.GetString(record.Row[0]));
        if (how == "tryReadRow")
        {
            Assert.True(reader.TryReadRow(out TsvRow second));
            Assert.Equal("second", Encoding.UTF8.GetString(second[0]));
        }
        else
        {
            foreach (TsvRow row in reader)
            {
                Assert.Equal("second", Encoding.UTF8.GetString(row[0]));
                break;
            }
        }

        Assert.Throws<InvalidOperationException>(() => record.Row.LineNumber);
        Assert.True(await reader.ReadAsync());
        Assert.Equal("third", Encoding.UTF8.GetString(reader.CurrentRecord.Row[0]));
    }
}
