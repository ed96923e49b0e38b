using System.IO;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

public sealed class TsvReaderGuardedTests
{
    [GuardedProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 150)]
    public void The_contiguous_reader_never_reads_past_input_that_ends_at_a_guard_page(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        byte[] bytes = tsv.Bytes;
        using var guarded = new GuardedBuffer(Math.Max(1, bytes.Length));
        Span<byte> flush = guarded.Bytes(bytes.Length);
        bytes.CopyTo(flush);
        using TsvReader reader = tsv.CreateReader();
        List<string> actual = TsvTestSupport.ReadSpan(reader, flush);
        Assert.True(TsvTestSupport.Reference(tsv).SequenceEqual(actual), tsv.ToString());
    }

    [GuardedFact]
    public void Conversions_never_read_past_a_column_that_ends_at_a_guard_page()
    {
        foreach (string value in new[] { "1", "-42", "3.25", "true", "2019-12-04T21:02:31.0000000Z", "é€", "abc" })
        {
            byte[] bytes = Encoding.UTF8.GetBytes("x\t" + value);
            using var guarded = new GuardedBuffer(bytes.Length);
            Span<byte> flush = guarded.Bytes(bytes.Length);
            bytes.CopyTo(flush);
            using var reader = new TsvReader(new[] { 1 });
            ReadOnlySpan<byte> input = flush;
            Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
            Assert.Equal(value, row.GetString(0));
            try
            {
                _ = row.GetInt64(0);
                _ = row.GetDouble(0);
            }
            catch (TsvFormatException)
            {
            }
        }
    }

    // TsvRow reads its column offsets without a bounds check (its own snapshot bounds them); a row kept past the
    // reader's next call (a misuse) sees the next line's offsets: it may return wrong bytes or throw, never bytes
    // outside its own line, here a line ending at a guard page followed by a longer line with more fields.
    [GuardedFact]
    public void A_row_kept_past_the_next_read_never_reads_outside_its_line()
    {
        // 10 fields: the reader's offset arrays are reused (overwritten); 40: they are replaced by longer ones.
        foreach (int fields in new[] { 10, 40 })
        {
            byte[] longer = Encoding.UTF8.GetBytes(string.Join("\t", Enumerable.Range(0, fields).Select(i => new string('x', 3 * i))) + "\n");
            foreach (int[]? columns in new[] { null, new[] { 0, 1, 2 }, new[] { 2, 0 } })
            {
                foreach (string text in new[] { "a", "a\tb", "ab\tc\td" })
                {
                    using GuardedBuffer guarded = GuardedText(text, out int length);
                    Span<byte> line = guarded.Bytes(length);
                    using TsvFileReader file = TsvFileReader.From(new MemoryStream(longer));
                    using var selecting = new TsvReader(columns ?? Array.Empty<int>());
                    TsvReader reader = columns is null ? file.Reader : selecting;
                    ReadOnlySpan<byte> input = line;
                    Assert.True(reader.TryReadRow(ref input, true, out TsvRow kept));
                    ReadOnlySpan<byte> next = longer;
                    Assert.True(reader.TryReadRow(ref next, true, out _));
                    for (int i = 0; i < 40; i++)
                    {
                        try
                        {
                            if (kept.TryGetColumn(i, out ReadOnlySpan<byte> value) && !value.IsEmpty)
                            {
                                Assert.True(((ReadOnlySpan<byte>)line).Overlaps(value, out int offset) && offset + value.Length <= line.Length, text);
                            }
                        }
                        catch (ArgumentOutOfRangeException)
                        {
                        }
                    }
                }
            }
        }
    }

    // The integer getters may load a column's neighbours (TsvNumberText's windowed read): for a row kept past the
    // reader's next call the offsets are the next line's, and the window read must still stay inside the kept line,
    // here one of 16 bytes or more ending at a guard page, followed by a longer line whose offsets run past it. A
    // reader without a projection is first taught the columns (a row that asks for them), so its rows read them
    // directly from offsets indexed by file column, as a selection's rows read theirs.
    [GuardedFact]
    public void A_kept_rows_integer_getters_never_read_outside_its_line()
    {
        // Fields of 19 digits: from its second column on, the longer line's offsets lie past every kept line.
        byte[] longer = Encoding.UTF8.GetBytes(string.Join("\t", Enumerable.Range(0, 40).Select(_ => new string('7', 19))) + "\n");
        foreach (int[] columns in new[] { Enumerable.Range(0, 40).ToArray(), new[] { 0, 1, 2 }, new[] { 1, 3, 5, 7 } })
        {
            foreach (bool everyColumn in new[] { false, true })
            {
                foreach (string text in new[] { "1234567890123456", "-42\t12345678901234567\t9", "1\t2\t3\t4\t5\t6\t7\t8\t9" })
                {
                    using GuardedBuffer guarded = GuardedText(text, out int length);
                    Span<byte> line = guarded.Bytes(length);
                    using TsvFileReader file = TsvFileReader.From(new MemoryStream(longer));
                    using var selecting = new TsvReader(columns);
                    TsvReader reader = everyColumn ? file.Reader : selecting;
                    if (everyColumn)
                    {
                        ReadOnlySpan<byte> first = longer;
                        Assert.True(reader.TryReadRow(ref first, true, out TsvRow teaching));
                        foreach (int column in columns)
                        {
                            _ = teaching.TryGetInt64(column, out _);
                        }
                    }

                    ReadOnlySpan<byte> input = line;
                    Assert.True(reader.TryReadRow(ref input, true, out TsvRow kept));
                    ReadOnlySpan<byte> next = longer;
                    Assert.True(reader.TryReadRow(ref next, true, out _));
                    for (int i = 0; i < columns.Length; i++)
                    {
                        int column = everyColumn ? columns[i] : i;

                        // Any value, a TsvFormatException or an ArgumentOutOfRangeException may come back (the misuse
                        // is documented to give either); a read past the line would crash the process.
                        try
                        {
                            _ = kept.TryGetInt64(column, out _);
                            _ = kept.TryGetUInt64(column, out _);
                            _ = kept.TryGetInt32(column, out _);
                            _ = kept.GetInt16(column);
                        }
                        catch (Exception exception) when (exception is TsvFormatException or ArgumentOutOfRangeException)
                        {
                        }
                    }
                }
            }
        }
    }

    // The UTF-8 of text, flush against a no-access page.
    private static GuardedBuffer GuardedText(string text, out int length)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        var guarded = new GuardedBuffer(bytes.Length);
        bytes.CopyTo(guarded.Bytes(bytes.Length));
        length = bytes.Length;
        return guarded;
    }
}
