using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using FastText;
using FastText.Tests.Ascii;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// Write then read: arbitrary field contents (tabs, line ends, backslashes, a BOM, '#', invalid UTF-8, long fields)
/// written through each destination with a small buffer, compared byte for byte with a naive writer, then read back
/// by a TsvReader over randomly segmented bytes arriving in pieces: the same fields come back.
/// </summary>
public sealed class TsvWriterRoundTripTests
{
    private static readonly byte[][] Pieces =
    {
        new[] { (byte)'a' }, new[] { (byte)'7' }, new[] { (byte)'\t' }, new[] { (byte)'\n' }, new[] { (byte)'\r' },
        new[] { (byte)'\\' }, new[] { (byte)'t' }, new[] { (byte)'n' }, new[] { (byte)'#' }, new[] { (byte)' ' },
        new byte[] { 0xEF, 0xBB, 0xBF }, new byte[] { 0xC3, 0xA9 }, new byte[] { 0xF0, 0x9F, 0x98, 0x80 },
        new byte[] { 0xC3 }, new byte[] { 0xFF }, new byte[] { 0 }, new[] { (byte)',' },
    };

    public enum Destination
    {
        BufferWriter,
        ShortSpanBufferWriter,
        Stream,
        Pipe,
    }

    /// <summary>A generated table and how to write it.</summary>
    public sealed record WriteCase(List<List<byte[]>> Rows, bool Escape, int BufferSize, Destination Destination, int Seed)
    {
        public override string ToString() =>
            $"seed={Seed} escape={Escape} buffer={BufferSize} dest={Destination} rows=" +
            string.Join(" / ", Rows.Select(r => string.Join(" | ", r.Select(Show))));
    }

    internal static string Show(byte[] bytes) => new string(bytes.Select(b => b < 32 || b > 126 ? '·' : (char)b).ToArray()) + "(" + bytes.Length + ")";

    private static WriteCase CreateCase(int seed)
    {
        var random = new Random(seed);
        var rows = new List<List<byte[]>>();
        int rowCount = random.Next(0, 7);
        for (int r = 0; r < rowCount; r++)
        {
            var fields = new List<byte[]>();
            int fieldCount = random.Next(1, 6);
            for (int f = 0; f < fieldCount; f++)
            {
                int length = random.Next(10) == 0 ? random.Next(100, 600) : random.Next(0, random.Next(2) == 0 ? 12 : 40);
                var field = new List<byte>();
                for (int i = 0; i < length; i++)
                {
                    field.AddRange(random.Next(3) == 0 ? Pieces[random.Next(Pieces.Length)] : new[] { (byte)random.Next(0x20, 0x7F) });
                }

                fields.Add(field.ToArray());
            }

            rows.Add(fields);
        }

        return new WriteCase(rows, random.Next(2) == 0, random.Next(16, 300), (Destination)random.Next(4), seed);
    }

    private static bool HasSpecial(byte[] field, bool escape) =>
        field.Any(b => b is (byte)'\t' or (byte)'\n' or (byte)'\r') && !escape;

    /// <summary>The naive writer: join the (escaped) fields with tabs, end each row with '\n'.</summary>
    internal static byte[] Reference(IEnumerable<IEnumerable<byte[]>> rows, bool escape, byte separator = (byte)'\t')
    {
        var output = new List<byte>();
        foreach (IEnumerable<byte[]> row in rows)
        {
            bool first = true;
            foreach (byte[] field in row)
            {
                if (!first)
                {
                    output.Add(separator);
                }

                first = false;
                foreach (byte b in field)
                {
                    switch (escape ? b : (byte)0xFE)
                    {
                        case (byte)'\t': output.Add((byte)'\\'); output.Add((byte)'t'); break;
                        case (byte)'\n': output.Add((byte)'\\'); output.Add((byte)'n'); break;
                        case (byte)'\r': output.Add((byte)'\\'); output.Add((byte)'r'); break;
                        case (byte)'\\': output.Add((byte)'\\'); output.Add((byte)'\\'); break;
                        default: output.Add(b); break;
                    }
                }
            }

            output.Add((byte)'\n');
        }

        return output.ToArray();
    }

    /// <summary>Writes the rows through a TsvWriter to the chosen destination and returns the bytes it produced.</summary>
    private static byte[] Write(WriteCase tsv, List<List<byte[]>> expectedRows, Random random)
    {
        var options = new TsvWriterOptions { EscapeBackslashes = tsv.Escape, BufferSize = tsv.BufferSize };
        var bufferWriter = new ShortSpanBufferWriter(tsv.Destination == Destination.ShortSpanBufferWriter ? 3 : int.MaxValue);

        var stream = new MemoryStream();
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0));
        using (TsvWriter writer = tsv.Destination switch
        {
            Destination.Stream => new TsvWriter(stream, options, leaveOpen: true),
            Destination.Pipe => new TsvWriter(pipe.Writer, options),
            _ => new TsvWriter(bufferWriter, options),
        })
        {
            for (int r = 0; r < tsv.Rows.Count; r++)
            {
                var written = new List<byte[]>();
                for (int f = 0; f < tsv.Rows[r].Count; f++)
                {
                    byte[] field = tsv.Rows[r][f];
                    bool asText = random.Next(2) == 0 && IsValidUtf8(field);
                    if (HasSpecial(field, tsv.Escape))
                    {
                        TsvFormatException error = Assert.Throws<TsvFormatException>(() => WriteOne(writer, field, asText));
                        Assert.Equal(r + 1, error.LineNumber);
                        Assert.Equal(f, error.Column);
                        Assert.Contains($"Row {r + 1}, field {f} (0-based)", error.Message);
                        Assert.Equal(f, writer.FieldCount); // the refused field wrote nothing; the row stays open
                        field = field.Where(b => b is not ((byte)'\t' or (byte)'\n' or (byte)'\r')).ToArray();
                    }

                    WriteOne(writer, field, asText);
                    written.Add(field);
                }

                writer.EndRow();
                Assert.Equal(r + 1, writer.RowCount);
                expectedRows.Add(written);
                if (random.Next(5) == 0)
                {
                    writer.Flush();
                    Assert.Equal(r + 1, writer.FlushedRowCount);
                }
            }

            if (tsv.Destination == Destination.Pipe && random.Next(2) == 0)
            {
                writer.FlushAsync().GetAwaiter().GetResult();
            }
        }

        switch (tsv.Destination)
        {
            case Destination.Stream:
                return stream.ToArray();
            case Destination.Pipe:
                pipe.Writer.FlushAsync().AsTask().GetAwaiter().GetResult();
                pipe.Writer.Complete();
                ReadResult result = pipe.Reader.ReadAsync().AsTask().GetAwaiter().GetResult();
                byte[] bytes = result.Buffer.ToArray();
                pipe.Reader.AdvanceTo(result.Buffer.End);
                return bytes;
            default:
                return bufferWriter.WrittenSpan.ToArray();
        }
    }

    private static void WriteOne(TsvWriter writer, byte[] field, bool asText)
    {
        if (asText)
        {
            writer.WriteField(Encoding.UTF8.GetString(field));
        }
        else
        {
            writer.WriteField(field);
        }
    }

    private static bool IsValidUtf8(byte[] bytes)
    {
        try
        {
            new UTF8Encoding(false, true).GetString(bytes);
            return true;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    private static string Render(in TsvRow row)
    {
        var text = new StringBuilder();
        for (int i = 0; i < row.ColumnCount; i++)
        {
            text.Append(row.TryGetColumn(i, out ReadOnlySpan<byte> value) ? "[" + Show(value.ToArray()) + "]" : "<absent>");
        }

        return text.ToString();
    }

    /// <summary>Reads every row as a pipe would deliver the segmented bytes: growing prefixes, final at the end.</summary>
    internal static List<string> ReadBack(byte[] bytes, int maxFields, bool unescape, Random random)
    {
        var options = new TsvOptions { UnescapeBackslashes = unescape, SkipEmptyLines = false, SkipByteOrderMark = false, MaxLineLength = int.MaxValue };
        using var reader = new TsvReader(Enumerable.Range(0, maxFields).ToArray(), options);
        ReadOnlySequence<byte> all = TsvTestSupport.ToSequence(TsvTestSupport.Split(bytes, random));
        var arrivals = Enumerable.Range(0, random.Next(0, 6)).Select(_ => (long)random.Next(0, (int)all.Length + 1)).ToList();
        arrivals.Sort();
        arrivals.Add(all.Length);
        var rows = new List<string>();
        long consumed = 0;
        foreach (long arrival in arrivals)
        {
            bool isFinal = arrival == all.Length;
            ReadOnlySequence<byte> buffer = all.Slice(consumed, arrival - consumed);
            while (reader.TryReadRow(ref buffer, isFinal, out TsvRow row))
            {
                rows.Add(Render(row));
            }

            consumed = arrival - buffer.Length;
        }

        Assert.Equal(all.Length, consumed);
        return rows;
    }

    internal static List<string> Expected(List<List<byte[]>> rows, int maxFields) =>
        rows.Select(fields => string.Concat(Enumerable.Range(0, maxFields).Select(i => i < fields.Count ? "[" + Show(fields[i]) + "]" : "<absent>"))).ToList();

    /// <summary>A growable buffer writer whose spans are at most a given length, to make the writer copy in pieces.</summary>
    internal sealed class ShortSpanBufferWriter : IBufferWriter<byte>
    {
        private readonly int _maxSpan;
        private byte[] _buffer = new byte[16];

        public ShortSpanBufferWriter(int maxSpan) => _maxSpan = maxSpan;

        public int WrittenCount { get; private set; }

        public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, WrittenCount);

        public void Advance(int count)
        {
            Assert.InRange(count, 0, Math.Min(_maxSpan, _buffer.Length - WrittenCount));
            WrittenCount += count;
        }

        public Memory<byte> GetMemory(int sizeHint = 0) => throw new NotSupportedException();

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            int needed = Math.Max(sizeHint, 1);
            if (_buffer.Length - WrittenCount < needed)
            {
                Array.Resize(ref _buffer, Math.Max(_buffer.Length * 2, WrittenCount + needed));
            }

            Span<byte> free = _buffer.AsSpan(WrittenCount);
            return free.Slice(0, Math.Min(free.Length, _maxSpan));
        }
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Written_rows_match_the_naive_writer_and_read_back_field_for_field(int seed)
    {
        WriteCase tsv = CreateCase(seed);
        var random = new Random(seed ^ 0x5EED);
        var expectedRows = new List<List<byte[]>>();
        byte[] bytes = Write(tsv, expectedRows, random);
        Assert.True(Reference(expectedRows, tsv.Escape).AsSpan().SequenceEqual(bytes), tsv.ToString());
        const int MaxFields = 6;
        Assert.Equal(Expected(expectedRows, MaxFields), ReadBack(bytes, MaxFields, tsv.Escape, random));
    }

    [Fact]
    public void A_row_without_fields_and_a_row_of_one_empty_field_are_both_an_empty_line()
    {
        var output = new TestBufferWriter<byte>();
        using (var writer = new TsvWriter(output))
        {
            writer.EndRow();
            writer.WriteField(ReadOnlySpan<byte>.Empty);
            writer.EndRow();
            writer.WriteField("");
            writer.WriteField((string?)null);
            writer.EndRow();
            writer.WriteField('c');
            writer.WriteField('é');
            writer.EndRow();
        }

        Assert.Equal("\n\n\t\nc\té\n", Encoding.UTF8.GetString(output.WrittenSpan.ToArray()));
    }

    [Fact]
    public void A_non_tab_separator_is_written_between_fields_and_refused_inside_one_in_both_modes()
    {
        foreach (bool escape in new[] { false, true })
        {
            var output = new TestBufferWriter<byte>();
            using (var writer = new TsvWriter(output, new TsvWriterOptions { Separator = (byte)',', EscapeBackslashes = escape }))
            {
                writer.WriteField("a\tb");
                writer.WriteField(-12);
                writer.WriteField(1.5);
                TsvFormatException error = Assert.Throws<TsvFormatException>(() => writer.WriteField("x,y"));
                Assert.Equal(3, error.Column);
                Assert.Contains("separator (0x2C) at byte 1", error.Message);
                writer.WriteField(1.5m, new StandardFormat('F', 2));
                writer.EndRow();
            }

            string expected = "a\tb,-12,1.5,1.50\n"; // a tab is ordinary data between commas, escaped or not
            Assert.Equal(expected, Encoding.ASCII.GetString(output.WrittenSpan.ToArray()));
        }

        Assert.Throws<ArgumentOutOfRangeException>(() => new TsvWriterOptions { Separator = (byte)'\n' });
        Assert.Throws<ArgumentException>(() => new TsvWriter(new TestBufferWriter<byte>(), new TsvWriterOptions { Separator = (byte)'\\', EscapeBackslashes = true }));
        using var plain = new TsvWriter(new TestBufferWriter<byte>(), new TsvWriterOptions { Separator = (byte)'\\' });
        Assert.Throws<ArgumentOutOfRangeException>(() => new TsvWriterOptions { BufferSize = 15 });
    }

    [Fact]
    public void A_separator_refused_after_an_escape_is_reported_at_its_index_in_the_whole_field()
    {
        // With escaping, bytes before the refused separator may already have been escaped; the message used to
        // count from the last escape ("at byte 3" for the comma at 5). Found by the tsvwriter fuzz target.
        var output = new TestBufferWriter<byte>();
        using (var writer = new TsvWriter(output, new TsvWriterOptions { Separator = (byte)',', EscapeBackslashes = true }))
        {
            writer.WriteField("first");
            byte[] field = Encoding.ASCII.GetBytes("a\\b\tc,d");
            TsvFormatException bytes = Assert.Throws<TsvFormatException>(() => writer.WriteField(field));
            TsvFormatException text = Assert.Throws<TsvFormatException>(() => writer.WriteField("a\\b\tc,d"));
            foreach (TsvFormatException error in new[] { bytes, text })
            {
                Assert.Equal(1, error.Column);
                Assert.Contains("the separator (0x2C) at byte 5,", error.Message);
            }

            Assert.Equal(1, writer.FieldCount); // refused: nothing of the field was written
            writer.WriteField("a\\b\tc");
            writer.EndRow();
        }

        Assert.Equal("first,a\\\\b\tc\n", Encoding.ASCII.GetString(output.WrittenSpan.ToArray()));
    }

    [Fact]
    public void A_separator_inside_a_formatted_value_is_refused_and_writes_nothing()
    {
        var output = new TestBufferWriter<byte>();
        using (var writer = new TsvWriter(output, new TsvWriterOptions { Separator = (byte)'-' }))
        {
            writer.WriteField(5);
            Assert.Throws<TsvFormatException>(() => writer.WriteField(-5));
            Assert.Throws<TsvFormatException>(() => writer.WriteField(new DateTime(2026, 1, 1)));
            writer.WriteField(6);
            writer.EndRow();
        }

        Assert.Equal("5-6\n", Encoding.ASCII.GetString(output.WrittenSpan.ToArray()));
    }
}
