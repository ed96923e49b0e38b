using System.Buffers;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// What GNU cut needs from the reader: any single-byte separator and line terminator, nothing transformed
/// (<see cref="TsvOptions.ByteExact"/>), every field of a line, the raw line and whether it held a separator.
/// Checked against a naive byte splitter over random bytes drawn mostly from the special ones.
/// </summary>
public sealed class TsvCutSemanticsTests
{
    private static readonly byte[] Interesting = { (byte)'\t', (byte)'\n', (byte)'\r', 0, (byte)',', (byte)'|', 1, (byte)'#', 0xEF, 0xBB, 0xBF, (byte)'a', (byte)'\\', 0xFF };

    private static byte[] RandomBytes(Random random, int maxLength)
    {
        int length = random.Next(8) == 0 ? random.Next(0, 300) : random.Next(0, maxLength + 1);
        var bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = random.Next(4) == 0 ? (byte)random.Next(256) : Interesting[random.Next(Interesting.Length)];
        }

        return bytes;
    }

    private static (byte Separator, byte Terminator) RandomDelimiters(Random random)
    {
        byte terminator = random.Next(3) == 0 ? (byte)0 : (byte)'\n';
        byte separator;
        do
        {
            separator = random.Next(3) != 0 ? Interesting[random.Next(Interesting.Length)] : (byte)random.Next(256);
        }
        while (separator == terminator);
        return (separator, terminator);
    }

    /// <summary>The naive reference: split on the terminator (a non-empty tail is a line), then on the separator.</summary>
    private static List<byte[]> Lines(byte[] input, byte terminator)
    {
        var lines = new List<byte[]>();
        int start = 0;
        for (int i = 0; i < input.Length; i++)
        {
            if (input[i] == terminator)
            {
                lines.Add(input.AsSpan(start, i - start).ToArray());
                start = i + 1;
            }
        }

        if (start < input.Length)
        {
            lines.Add(input.AsSpan(start).ToArray());
        }

        return lines;
    }

    private static List<byte[]> Split(byte[] line, byte separator)
    {
        var fields = new List<byte[]>();
        int start = 0;
        for (int i = 0; i < line.Length; i++)
        {
            if (line[i] == separator)
            {
                fields.Add(line.AsSpan(start, i - start).ToArray());
                start = i + 1;
            }
        }

        fields.Add(line.AsSpan(start).ToArray());
        return fields;
    }

    private static string Hex(ReadOnlySpan<byte> bytes) => BitConverter.ToString(bytes.ToArray()).Replace("-", "");

    private static string Describe(byte[] input, byte separator, byte terminator) =>
        $"sep={separator:X2} term={terminator:X2} input={BitConverter.ToString(input).Replace("-", "")}";

    /// <summary>Renders a row the way the reference does: line, HasSeparator, every field with its index, Rest and IsLast.</summary>
    private static string Render(in TsvRow row)
    {
        var text = new StringBuilder().Append(Hex(row.Line)).Append(row.HasSeparator ? " sep" : " nosep");
        foreach (ReadOnlySpan<byte> field in row.Fields)
        {
            text.Append(" [").Append(Hex(field)).Append(']');
        }

        TsvFieldEnumerator fields = row.Fields;
        while (fields.MoveNext())
        {
            text.Append(" #").Append(fields.Index).Append('=').Append(Hex(fields.Rest)).Append(fields.IsLast ? "$" : "");
        }

        return text.ToString();
    }

    private static string RenderReference(byte[] line, byte separator)
    {
        List<byte[]> fields = Split(line, separator);
        var text = new StringBuilder().Append(Hex(line)).Append(fields.Count > 1 ? " sep" : " nosep");
        foreach (byte[] field in fields)
        {
            text.Append(" [").Append(Hex(field)).Append(']');
        }

        int start = 0;
        for (int i = 0; i < fields.Count; i++)
        {
            text.Append(" #").Append(i).Append('=').Append(Hex(line.AsSpan(start))).Append(i == fields.Count - 1 ? "$" : "");
            start += fields[i].Length + 1;
        }

        return text.ToString();
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 500)]
    public void Byte_exact_reading_returns_every_line_and_field_of_the_naive_split(int seed)
    {
        var random = new Random(seed);
        (byte separator, byte terminator) = RandomDelimiters(random);
        byte[] input = RandomBytes(random, 120);
        TsvOptions options = TsvOptions.ByteExact.WithSeparator(separator).WithLineTerminator(terminator);
        List<string> expected = Lines(input, terminator).Select(line => RenderReference(line, separator)).ToList();

        var actual = new List<string>();
        using (var reader = new TsvReader(options))
        {
            ReadOnlySpan<byte> span = input;
            while (reader.TryReadRow(ref span, isFinalBlock: true, out TsvRow row))
            {
                actual.Add(Render(row));
            }
        }

        TsvTestSupport.AssertRows(expected, actual, $"{Describe(input, separator, terminator)}");

        // Segmented: every complete line sliced in place or stitched must give the same rows.
        var segmented = new List<string>();
        using (var reader = new TsvReader(options))
        {
            ReadOnlySequence<byte> sequence = TsvTestSupport.ToSequence(TsvTestSupport.Split(input, random));
            while (reader.TryReadRow(ref sequence, isFinalBlock: true, out TsvRow row))
            {
                segmented.Add(Render(row));
            }
        }

        Assert.True(expected.SequenceEqual(segmented), "segmented: " + Describe(input, separator, terminator));
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 500)]
    public void Selected_columns_use_the_configured_separator_and_terminator(int seed)
    {
        var random = new Random(seed);
        (byte separator, byte terminator) = RandomDelimiters(random);
        byte[] input = RandomBytes(random, 200);
        int[] columns = Enumerable.Range(0, random.Next(0, 5)).Select(_ => random.Next(0, 12)).ToArray();
        TsvOptions options = new()
        {
            Separator = separator,
            LineTerminator = terminator,
            SkipEmptyLines = false,
            TrimCarriageReturn = false,
            SkipByteOrderMark = false,
        };

        var expected = new List<string>();
        foreach (byte[] line in Lines(input, terminator))
        {
            List<byte[]> fields = Split(line, separator);
            expected.Add(string.Concat(columns.Select(c => c < fields.Count ? "[" + Hex(fields[c]) + "]" : "<absent>")));
        }

        var actual = new List<string>();
        using var reader = new TsvReader(columns, options);
        ReadOnlySpan<byte> span = input;
        while (reader.TryReadRow(ref span, isFinalBlock: true, out TsvRow row))
        {
            var text = new StringBuilder();
            for (int i = 0; i < row.ColumnCount; i++)
            {
                text.Append(row.TryGetColumn(i, out ReadOnlySpan<byte> value) ? "[" + Hex(value) + "]" : "<absent>");
            }

            actual.Add(text.ToString());
        }

        Assert.True(expected.SequenceEqual(actual), $"cols=[{string.Join(",", columns)}] {Describe(input, separator, terminator)}");
    }

    [Fact]
    public void Field_enumeration_matches_the_naive_split_at_every_length_around_the_vector_widths()
    {
        var random = new Random(11);
        for (int length = 0; length <= 200; length++)
        {
            for (int trial = 0; trial < 8; trial++)
            {
                byte separator = trial % 2 == 0 ? (byte)'\t' : (byte)random.Next(256);
                byte terminator = separator == 0 ? (byte)'\n' : (byte)0;
                byte[] line = new byte[length];
                double density = trial switch { 0 => 0.0, 1 => 1.0, _ => random.NextDouble() };
                for (int i = 0; i < length; i++)
                {
                    byte other = (byte)(separator ^ (1 + random.Next(255)));
                    line[i] = random.NextDouble() < density ? separator : other == terminator ? (byte)(terminator ^ 0x80) : other;
                }

                using var reader = new TsvReader(TsvOptions.ByteExact.WithSeparator(separator).WithLineTerminator(terminator));
                ReadOnlySpan<byte> span = line;
                string expected = RenderReference(line, separator);
                if (length == 0)
                {
                    Assert.False(reader.TryReadRow(ref span, isFinalBlock: true, out _));
                    continue;
                }

                Assert.True(reader.TryReadRow(ref span, isFinalBlock: true, out TsvRow row));
                Assert.Equal(expected, Render(row));
            }
        }
    }

    [GuardedFact]
    public void Field_enumeration_never_reads_past_a_line_that_ends_at_a_guard_page()
    {
        var random = new Random(5);
        for (int length = 1; length <= 130; length++)
        {
            byte[] line = Enumerable.Range(0, length).Select(_ => random.Next(3) == 0 ? (byte)'\t' : (byte)'x').ToArray();
            using var guarded = new GuardedBuffer(length);
            Span<byte> flush = guarded.Bytes(length);
            line.CopyTo(flush);
            using var reader = new TsvReader(TsvOptions.ByteExact);
            ReadOnlySpan<byte> span = flush;
            Assert.True(reader.TryReadRow(ref span, isFinalBlock: true, out TsvRow row));
            Assert.Equal(RenderReference(line, (byte)'\t'), Render(row));
        }
    }

    [Fact]
    public void Default_row_has_one_empty_field_and_no_separator()
    {
        TsvRow row = default;
        Assert.False(row.HasSeparator);
        TsvFieldEnumerator fields = row.Fields;
        Assert.Equal(-1, fields.Index);
        Assert.True(fields.Current.IsEmpty);
        Assert.True(fields.MoveNext());
        Assert.Equal(0, fields.Index);
        Assert.True(fields.IsLast);
        Assert.False(fields.MoveNext());
    }

    [Fact]
    public void Byte_exact_options_keep_bom_carriage_returns_comments_and_empty_lines()
    {
        byte[] input = { 0xEF, 0xBB, 0xBF, (byte)'#', (byte)'\r', (byte)'\n', (byte)'\n', (byte)'a', (byte)'\r' };
        using var reader = new TsvReader(TsvOptions.ByteExact);
        ReadOnlySpan<byte> span = input;
        var lines = new List<string>();
        while (reader.TryReadRow(ref span, isFinalBlock: true, out TsvRow row))
        {
            lines.Add(Hex(row.Line));
        }

        Assert.Equal(new[] { "EFBBBF230D", "", "610D" }, lines);
    }

    [Fact]
    public void With_methods_return_changed_copies_and_leave_the_original_alone()
    {
        TsvOptions original = TsvOptions.Default;
        TsvOptions changed = original
            .WithHasHeader(true)
            .WithSkipCommentLines(true)
            .WithSkipEmptyLines(false)
            .WithThrowOnMissingColumns(true)
            .WithTrimCarriageReturn(false)
            .WithSkipByteOrderMark(false)
            .WithUnescapeBackslashes(true)
            .WithSeparator((byte)',')
            .WithLineTerminator(0)
            .WithMaxLineLength(7)
            .WithColumnCountCheck(TsvColumnCountCheck.Always)
            .WithAllowDuplicateColumnNames(true);
        TsvOptions initialized = new()
        {
            HasHeader = true,
            SkipCommentLines = true,
            SkipEmptyLines = false,
            ThrowOnMissingColumns = true,
            TrimCarriageReturn = false,
            SkipByteOrderMark = false,
            UnescapeBackslashes = true,
            Separator = (byte)',',
            LineTerminator = 0,
            MaxLineLength = 7,
            ColumnCountCheck = TsvColumnCountCheck.Always,
            AllowDuplicateColumnNames = true,
        };

        Assert.Equal(Describe(initialized), Describe(changed));
        Assert.Equal(Describe(new TsvOptions()), Describe(original));
        Assert.NotSame(original, original.WithHasHeader(false));
        Assert.Equal("(False,False,False,False,False,False,False,9,10,2147483647,None,True)", Describe(TsvOptions.ByteExact));
        Assert.Equal("(False,False,True,False,True,True,False,9,10,1048576,WhenHeader,False)", Describe(TsvOptions.Default));
        Assert.Equal("value", Assert.Throws<ArgumentOutOfRangeException>(() => original.WithMaxLineLength(0)).ParamName);
        Assert.Equal("MaxLineLength", Assert.Throws<ArgumentOutOfRangeException>(() => new TsvOptions { MaxLineLength = -1 }).ParamName);
        Assert.Equal("value", Assert.Throws<ArgumentOutOfRangeException>(() => original.WithColumnCountCheck((TsvColumnCountCheck)3)).ParamName);
        Assert.Equal("ColumnCountCheck", Assert.Throws<ArgumentOutOfRangeException>(() => new TsvOptions { ColumnCountCheck = (TsvColumnCountCheck)(-1) }).ParamName);
    }

    private static string Describe(TsvOptions o) =>
        $"({o.HasHeader},{o.SkipCommentLines},{o.SkipEmptyLines},{o.ThrowOnMissingColumns},{o.TrimCarriageReturn},{o.SkipByteOrderMark},{o.UnescapeBackslashes},{o.Separator},{o.LineTerminator},{o.MaxLineLength},{o.ColumnCountCheck},{o.AllowDuplicateColumnNames})";

    [Fact]
    public void A_separator_equal_to_the_line_terminator_is_refused()
    {
        TsvOptions options = TsvOptions.Default.WithSeparator((byte)'\n');
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvReader(options)).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvReader(new[] { 0 }, options)).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentException>(() => new TsvReader(new[] { "a" }, options.WithHasHeader(true))).ParamName);
    }

    [Fact]
    public void Huge_column_indices_are_absent_and_cost_no_memory_per_column()
    {
        byte[] input = Encoding.ASCII.GetBytes("a\tb\tc\n");

        // The same read once before measuring, so that what a first call may allocate is not counted (the bound failed
        // once on CoreCLR ARM64 under qemu and passed on its rerun); the bound is about memory per column.
        ReadOnlySpan<byte> warmUp = input;
        using (var first = new TsvReader(new[] { int.MaxValue, 1, int.MaxValue - 1 }))
        {
            Assert.True(first.TryReadRow(ref warmUp, isFinalBlock: true, out TsvRow firstRow));
            Assert.Equal("b", Encoding.ASCII.GetString(firstRow[1].ToArray()));
        }

        using var reader = new TsvReader(new[] { int.MaxValue, 1, int.MaxValue - 1 });
        ReadOnlySpan<byte> span = input;
        long before = GC.GetAllocatedBytesForCurrentThread();
        Assert.True(reader.TryReadRow(ref span, isFinalBlock: true, out TsvRow row));
        Assert.False(row.HasColumn(0));
        Assert.Equal("b", Encoding.ASCII.GetString(row[1].ToArray()));
        Assert.False(row.HasColumn(2));
        long index = 0;
        foreach (ReadOnlySpan<byte> field in row.Fields)
        {
            index++;
        }

        Assert.Equal(3, index);
        Assert.True(GC.GetAllocatedBytesForCurrentThread() - before < 1024);
    }
}
