using System.Buffers;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>The arithmetic at its limits (lines near int.MaxValue bytes, huge column numbers) and empty everything.</summary>
public sealed class TsvLimitsTests
{
    private sealed class SharedSegment : ReadOnlySequenceSegment<byte>
    {
        public SharedSegment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public SharedSegment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new SharedSegment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }

    /// <summary>A sequence of <paramref name="contentLength"/> 'x' bytes then '\n', made of one shared 1 MiB block so it costs no memory.</summary>
    private static ReadOnlySequence<byte> HugeLine(long contentLength)
    {
        byte[] block = Enumerable.Repeat((byte)'x', 1 << 20).ToArray();
        var first = new SharedSegment(block, 0);
        SharedSegment last = first;
        long length = block.Length;
        while (length + block.Length <= contentLength)
        {
            last = last.Append(block);
            length += block.Length;
        }

        byte[] tail = Enumerable.Repeat((byte)'x', (int)(contentLength - length)).Append((byte)'\n').ToArray();
        last = last.Append(tail);
        return new ReadOnlySequence<byte>(first, 0, last, tail.Length);
    }

    [Theory]
    [InlineData(0x7FFFFFC7L)]
    [InlineData(int.MaxValue)]
    public void A_straddling_line_too_long_for_an_array_is_a_format_error_not_an_overflow(long contentLength)
    {
        ReadOnlySequence<byte> input = HugeLine(contentLength);
        Assert.Equal(contentLength + 1, input.Length);
        using var reader = new TsvReader(TsvOptions.ByteExact);
        var error = Assert.Throws<TsvFormatException>(() => reader.TryReadRow(ref input, isFinalBlock: true, out _));
        Assert.Equal(1, error.LineNumber);
        Assert.Equal(contentLength + 1, input.Length);
    }

    [Fact]
    public void A_line_longer_than_int_MaxValue_waiting_for_more_is_a_format_error()
    {
        ReadOnlySequence<byte> input = HugeLine(int.MaxValue + 5L).Slice(0, int.MaxValue + 5L);
        using var reader = new TsvReader(TsvOptions.ByteExact);
        Assert.Throws<TsvFormatException>(() => reader.TryReadRow(ref input, isFinalBlock: false, out _));
    }

    [Fact]
    public void Column_numbers_at_int_MaxValue_are_absent_and_the_selection_holds_one_slot_each()
    {
        using var reader = new TsvReader(new[] { int.MaxValue, int.MaxValue, 0, int.MaxValue - 1 }, new TsvOptions { ThrowOnMissingColumns = false });
        ReadOnlySpan<byte> input = Encoding.ASCII.GetBytes("a\tb\n\n");
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Assert.Equal(4, row.ColumnCount);
        Assert.False(row.HasColumn(0));
        Assert.False(row.HasColumn(1));
        Assert.Equal("a", Encoding.ASCII.GetString(row[2].ToArray()));
        Assert.Equal(int.MaxValue, row.FileColumnOf(0));
        var error = Assert.Throws<TsvFormatException>(() => RowColumn(reader));
        Assert.Equal(int.MaxValue, error.Column);
    }

    private static int RowColumn(TsvReader reader)
    {
        ReadOnlySpan<byte> input = Encoding.ASCII.GetBytes("a\n");
        reader.TryReadRow(ref input, true, out TsvRow row);
        return row[0].Length;
    }

    [Fact]
    public async System.Threading.Tasks.Task Empty_inputs_read_no_rows_through_every_entry_point()
    {
        using var reader = new TsvReader(new[] { 0 });
        ReadEmptyBuffers(reader);
        var handler = new Counting();
        Assert.Equal(0, (await reader.ReadRowsAsync(new ChunkedStream(Array.Empty<byte>(), 1), handler)).Count);
        Assert.Equal(0, (await reader.ReadRowsAsync(new ScriptedPipeReader(Array.Empty<byte>(), 1, 1), handler)).Count);
        Assert.Equal(0, reader.LineNumber);
    }

    private static void ReadEmptyBuffers(TsvReader reader)
    {
        ReadOnlySpan<byte> span = default;
        Assert.False(reader.TryReadRow(ref span, true, out _));
        Assert.False(reader.TryReadRow(ref span, false, out _));
        ReadOnlySequence<byte> sequence = default;
        Assert.False(reader.TryReadRow(ref sequence, true, out _));
        ReadOnlySequence<byte> empties = TsvTestSupport.ToSequence(new[] { Array.Empty<byte>(), Array.Empty<byte>(), Array.Empty<byte>() });
        Assert.False(reader.TryReadRow(ref empties, true, out _));
        var handler = new Counting();
        Assert.Equal(0, reader.ReadRows(ref empties, true, ref handler));
    }

    private struct Counting : ITsvRowHandler
    {
        public int Count;

        public void OnRow(in TsvRow row) => Count++;
    }

    [Theory]
    [InlineData("", 0)]
    [InlineData("\n", 0)]
    [InlineData("h\n", 0)]
    [InlineData("\n\nh", 0)]
    [InlineData("\ufeffh\r\n", 0)]
    [InlineData("h\n\n1", 1)]
    public void Header_only_empty_header_and_bom_before_header(string text, int rows)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(text);
        using var reader = new TsvReader(new[] { 0 }, new TsvOptions { HasHeader = true });
        ReadOnlySpan<byte> span = bytes;
        int count = 0;
        while (reader.TryReadRow(ref span, true, out _))
        {
            count++;
        }

        Assert.Equal(rows, count);
        Assert.True(span.IsEmpty);
    }

    [Fact]
    public void An_empty_column_selection_and_an_empty_name_selection_read_rows_with_no_columns()
    {
        using var byIndex = new TsvReader(Array.Empty<int>());
        using var byName = new TsvReader(Array.Empty<string>(), new TsvOptions { HasHeader = true, ColumnCountCheck = TsvColumnCountCheck.None });
        foreach (TsvReader reader in new[] { byIndex, byName })
        {
            ReadOnlySpan<byte> span = Encoding.ASCII.GetBytes("h\na\tb\n");
            int rows = 0;
            while (reader.TryReadRow(ref span, true, out TsvRow row))
            {
                Assert.Equal(0, row.ColumnCount);
                rows++;
            }

            Assert.True(rows >= 1);
        }
    }
}
