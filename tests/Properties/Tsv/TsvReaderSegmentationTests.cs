using System.Buffers;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

public sealed class TsvReaderSegmentationTests
{
    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 600)]
    public void Any_segmentation_and_arrival_order_reads_the_rows_of_the_reference(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        var random = new Random(seed ^ 0x5bd1e995);
        List<string> expected = TsvTestSupport.Reference(tsv);
        List<byte[]> segments = TsvTestSupport.Split(tsv.Bytes, random);
        using TsvReader reader = tsv.CreateReader();
        List<string> actual = TsvTestSupport.ReadIncrementally(reader, TsvTestSupport.ToSequence(segments), random);
        TsvTestSupport.AssertRows(expected, actual, $"{tsv}\nsegments: {string.Join(" | ", segments.Select(s => s.Length))}");
    }

    private struct RenderingHandler : ITsvRowHandler
    {
        public List<string> Rows;

        public void OnRow(in TsvRow row) => Rows.Add(TsvTestSupport.Render(row));
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 300)]
    public void ReadRows_over_any_segmentation_and_arrival_order_reads_the_rows_of_the_reference(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        var random = new Random(seed ^ 0x2545F491);
        List<string> expected = TsvTestSupport.Reference(tsv);
        ReadOnlySequence<byte> all = TsvTestSupport.ToSequence(TsvTestSupport.Split(tsv.Bytes, random));
        var arrivals = Enumerable.Range(0, random.Next(0, 6)).Select(_ => (long)random.Next(0, (int)all.Length + 1)).OrderBy(a => a).ToList();
        arrivals.Add(all.Length);
        var handler = new RenderingHandler { Rows = new List<string>() };
        using TsvReader reader = tsv.CreateReader();
        long consumed = 0;
        long counted = 0;
        try
        {
            foreach (long arrival in arrivals)
            {
                ReadOnlySequence<byte> buffer = all.Slice(consumed, arrival - consumed);
                counted += reader.ReadRows(ref buffer, arrival == all.Length, ref handler);
                consumed = arrival - buffer.Length;
            }

            Assert.Equal(all.Length, consumed);
            Assert.Equal(handler.Rows.Count, counted);
        }
        catch (TsvFormatException error)
        {
            handler.Rows.Add("error@" + error.LineNumber);
        }

        TsvTestSupport.AssertRows(expected, handler.Rows, $"{tsv}");
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void The_span_overload_reads_the_rows_of_the_reference(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        List<string> expected = TsvTestSupport.Reference(tsv);
        using TsvReader reader = tsv.CreateReader();
        List<string> actual = TsvTestSupport.ReadSpan(reader, tsv.Bytes);
        TsvTestSupport.AssertRows(expected, actual, $"{tsv}");
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 100)]
    public void A_reset_reader_reads_a_second_input_like_a_new_one(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        using TsvReader reader = tsv.CreateReader();
        List<string> first = TsvTestSupport.ReadSpan(reader, tsv.Bytes);
        reader.Reset();
        List<string> second = TsvTestSupport.ReadSpan(reader, tsv.Bytes);
        Assert.Equal(first, second);
    }

    [Fact]
    public void A_carriage_return_split_from_its_line_feed_is_still_trimmed()
    {
        byte[] bytes = Encoding.UTF8.GetBytes("a\tb\r\nc\td\r\n");
        for (int cut = 0; cut <= bytes.Length; cut++)
        {
            var sequence = TsvTestSupport.ToSequence(new[] { bytes.AsSpan(0, cut).ToArray(), bytes.AsSpan(cut).ToArray() });
            using var reader = new TsvReader(new[] { 1, 0 });
            var rows = new List<string>();
            while (reader.TryReadRow(ref sequence, true, out TsvRow row))
            {
                rows.Add(TsvTestSupport.Render(row));
            }

            Assert.Equal(new[] { "1|[b][a]", "2|[d][c]" }, rows);
        }
    }

    [Fact]
    public void A_missing_column_is_absent_not_empty_and_the_indexer_names_it()
    {
        ReadOnlySpan<byte> input = "x\t\ty\nonly\n"u8;
        using var reader = new TsvReader(new[] { 1, 2, 3 });
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Assert.True(row.TryGetColumn(0, out ReadOnlySpan<byte> empty));
        Assert.True(empty.IsEmpty);
        Assert.Equal("y", Encoding.UTF8.GetString(row[1].ToArray()));
        Assert.False(row.HasColumn(2));
        Assert.True(reader.TryReadRow(ref input, true, out row));
        Assert.False(row.HasColumn(0));
        try
        {
            _ = row[2];
            Assert.Fail("An absent column must throw from the indexer.");
        }
        catch (TsvFormatException error)
        {
            Assert.Equal(2, error.LineNumber);
            Assert.Equal(3, error.Column);
            Assert.Contains("Line 2", error.Message);
        }
    }

    [Fact]
    public void Columns_by_name_come_from_the_header_after_comments_and_a_byte_order_mark()
    {
        byte[] bytes = Encoding.UTF8.GetBytes("\uFEFF#Version: 1.0\n#Fields: whatever\ndate\ttime\thost\n2019-12-04\t21:02:31\texample.com\n");
        var options = new TsvOptions { HasHeader = true, SkipCommentLines = true };
        using var reader = new TsvReader(new[] { "host", "date" }, options);
        ReadOnlySpan<byte> input = bytes;
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Assert.Equal("example.com", row.GetString(0));
        Assert.Equal("2019-12-04", row.GetString(1));
        Assert.Equal(4, row.LineNumber);
        Assert.Equal(new[] { 2, 0 }, reader.ColumnIndices.ToArray());
        Assert.False(reader.TryReadRow(ref input, true, out _));
    }

    [Fact]
    public void A_name_missing_from_the_header_throws_with_the_header_line()
    {
        ReadOnlySpan<byte> input = "\na\tb\n1\t2\n"u8;
        using var reader = new TsvReader(new[] { "c" }, new TsvOptions { HasHeader = true });
        try
        {
            reader.TryReadRow(ref input, true, out _);
            Assert.Fail("Expected a TsvFormatException.");
        }
        catch (TsvFormatException error)
        {
            Assert.Equal(2, error.LineNumber);
            Assert.Contains("'c'", error.Message);
        }
    }

    [Fact]
    public void A_line_over_the_maximum_throws_with_its_line_number_even_before_it_ends()
    {
        byte[] bytes = Encoding.UTF8.GetBytes("ok\n" + new string('x', 100));
        using var reader = new TsvReader(new[] { 0 }, new TsvOptions { MaxLineLength = 50 });
        var sequence = new ReadOnlySequence<byte>(bytes);
        Assert.True(reader.TryReadRow(ref sequence, false, out _));
        TsvFormatException error = Assert.Throws<TsvFormatException>(() =>
        {
            var rest = sequence;
            reader.TryReadRow(ref rest, false, out _);
        });
        Assert.Equal(2, error.LineNumber);
        Assert.Contains("maximum line length", error.Message);
    }

    [Fact]
    public void A_partial_byte_order_mark_waits_for_more_data()
    {
        using var reader = new TsvReader(new[] { 0 });
        ReadOnlySpan<byte> partial = new byte[] { 0xEF, 0xBB };
        Assert.False(reader.TryReadRow(ref partial, false, out _));
        Assert.Equal(2, partial.Length);
        ReadOnlySpan<byte> whole = new byte[] { 0xEF, 0xBB, 0xBF, (byte)'a', (byte)'\n' };
        Assert.True(reader.TryReadRow(ref whole, false, out TsvRow row));
        Assert.Equal("a", row.GetString(0));
    }

    [Fact]
    public void Bad_arguments_name_their_parameter()
    {
        Assert.Equal("columns", Assert.Throws<ArgumentNullException>(() => new TsvReader((int[])null!)).ParamName);
        Assert.Equal("columns", Assert.Throws<ArgumentOutOfRangeException>(() => new TsvReader(new[] { -1 })).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvReader(new[] { "a" }, TsvOptions.Default)).ParamName);
        Assert.Throws<ArgumentOutOfRangeException>(() => new TsvOptions { MaxLineLength = 0 });
        ReadOnlySpan<byte> input = "a\n"u8;
        using var reader = new TsvReader(new[] { 0 });
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        try
        {
            row.TryGetColumn(1, out _);
            Assert.Fail("Expected ArgumentOutOfRangeException.");
        }
        catch (ArgumentOutOfRangeException error)
        {
            Assert.Equal("column", error.ParamName);
        }
    }

    [Fact]
    public void Dispose_twice_returns_the_stitch_buffer_once()
    {
        var sequence = TsvTestSupport.ToSequence(new[] { new byte[] { (byte)'a' }, new byte[] { (byte)'b', (byte)'\n' } });
        var reader = new TsvReader(new[] { 0 });
        Assert.True(reader.TryReadRow(ref sequence, true, out TsvRow row));
        Assert.Equal("ab", row.GetString(0));
        reader.Dispose();
        reader.Dispose();
    }

    [Fact]
    public void Backslash_escapes_are_undone_only_when_asked_and_the_line_stays_raw()
    {
        byte[] bytes = Encoding.UTF8.GetBytes("x\\ty\\\\z\\q\te\\nd\\r\\\n");
        using (var reader = new TsvReader(new[] { 0, 1, 2 }, new TsvOptions { UnescapeBackslashes = true }))
        {
            ReadOnlySpan<byte> input = bytes;
            Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
            Assert.Equal("x\\ty\\\\z\\q\te\\nd\\r\\", Encoding.UTF8.GetString(row.Line.ToArray()));
            Assert.Equal("x\ty\\z\\q", row.GetString(0));
            Assert.Equal("e\nd\r\\", row.GetString(1));
            Assert.False(row.HasColumn(2));
        }

        using (var reader = new TsvReader(new[] { 1 }))
        {
            ReadOnlySpan<byte> input = bytes;
            Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
            Assert.Equal("e\\nd\\r\\", row.GetString(0));
        }
    }
}
