using System.Buffers;
using System.Globalization;
using System.IO;
using System.IO.Pipelines;
using FastText.Tests.Infrastructure;

namespace FastText.Fuzz;

/// <summary>
/// TsvWriter against a naive writer (escape or refuse each field byte by byte, join with the separator, end rows
/// with '\n'; the same rules as the tests' TsvWriterRoundTripTests.Reference, which lives in an xunit class).
/// Layout: byte 0 options (bit 0 EscapeBackslashes; bits 1-2 the separator: tab, ',', '|' or backslash; bits 3-4 the
/// destination: a guard-page buffer writer, the same handing out at most 3 bytes a span, a Stream, a Pipe);
/// byte 1 the buffer size (16 + byte); then operations, one byte each plus their arguments: a UTF-8 field (length,
/// bytes), a text field (length, one byte per char from an alphabet with tab/CR/LF/backslash, non-ASCII and lone
/// surrogates), a char field, an Int32/Int64 field, a long field (a repeated byte with one other byte somewhere, for
/// the vector search), EndRow, Flush. Every field's source sits flush against a no-access page, and so does every
/// span the buffer-writer destinations hand out. A field the writer must refuse throws TsvFormatException naming
/// the row, the field and the byte index, and writes nothing; after Dispose only complete rows reached the destination.
/// </summary>
internal sealed class TsvWriterFuzzTarget : IFuzzTarget
{
    private static readonly byte[] Separators = { (byte)'\t', (byte)',', (byte)'|', (byte)'\\' };
    private const string Alphabet = "\t\n\r\\é€\uD83D\uDE00\uD800\uDC00 #";

    public string Name => "tsvwriter";

    public void Run(ReadOnlySpan<byte> input)
    {
        try
        {
            RunOnce(input);
        }
        finally
        {
            ReleaseGuarded();
        }
    }

    private static void RunOnce(ReadOnlySpan<byte> input)
    {
        var reader = new FuzzReader(input);
        byte flags = reader.NextByte();
        bool escape = (flags & 1) != 0;
        byte separator = Separators[(flags >> 1) & 3];
        int destination = (flags >> 3) & 3;
        var options = new TsvWriterOptions { Separator = separator, EscapeBackslashes = escape, BufferSize = 16 + reader.NextByte() };
        if (escape && separator == (byte)'\\')
        {
            // The one invalid combination: refused up front, whatever the destination.
            bool refused = false;
            try
            {
                using var unused = new TsvWriter(new GuardedSpanWriter(int.MaxValue), options);
            }
            catch (ArgumentException)
            {
                refused = true;
            }

            Expect(refused, "a backslash separator with EscapeBackslashes was accepted");
            return;
        }

        var model = new Model(separator, escape);
        var spans = new GuardedSpanWriter(destination == 1 ? 3 : int.MaxValue);
        var stream = new MemoryStream();
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, useSynchronizationContext: false));
        TsvWriter writer = destination switch
        {
            2 => new TsvWriter(stream, options, leaveOpen: true),
            3 => new TsvWriter(pipe.Writer, options),
            _ => new TsvWriter(spans, options),
        };
        using (writer)
        {
            for (int step = 0; !reader.IsEmpty && step < 300; step++)
            {
                byte op = reader.NextByte();
                switch (op % 9)
                {
                    case 0:
                    case 1:
                    {
                        byte[] field = reader.TakeBytes(reader.NextByte());
                        Write(writer, model, field, w => w.WriteField(Guarded(field)));
                        break;
                    }

                    case 2:
                    {
                        string text = Text(ref reader, reader.NextByte());
                        Write(writer, model, Encoding.UTF8.GetBytes(text), w => w.WriteField(GuardedChars(text)));
                        break;
                    }

                    case 3:
                    {
                        char c = Text(ref reader, 1)[0];
                        Write(writer, model, Encoding.UTF8.GetBytes(c.ToString()), w => w.WriteField(c));
                        break;
                    }

                    case 4:
                    {
                        int value = (reader.NextByte() << 24) | (reader.NextByte() << 16) | (reader.NextByte() << 8) | reader.NextByte();
                        Write(writer, model, Encoding.UTF8.GetBytes(value.ToString(CultureInfo.InvariantCulture)), w => w.WriteField(value));
                        break;
                    }

                    case 5:
                    {
                        long value = ((long)reader.NextInt(int.MaxValue) << 32) - reader.NextInt(int.MaxValue);
                        Write(writer, model, Encoding.UTF8.GetBytes(value.ToString(CultureInfo.InvariantCulture)), w => w.WriteField(value));
                        break;
                    }

                    case 6:
                    {
                        var field = new byte[64 + (reader.NextByte() * 4)];
                        field.AsSpan().Fill((byte)(0x20 + (reader.NextByte() % 0x5F)));
                        field[reader.NextInt(field.Length)] = reader.NextByte();
                        Write(writer, model, field, w => w.WriteField(Guarded(field)));
                        break;
                    }

                    case 7:
                        writer.EndRow();
                        model.EndRow();
                        Expect(writer.RowCount == model.Rows, $"RowCount {writer.RowCount} != {model.Rows}");
                        break;
                    default:
                        writer.Flush();
                        Expect(writer.FlushedRowCount == model.Rows, $"FlushedRowCount {writer.FlushedRowCount} != {model.Rows} after Flush");
                        if (destination < 2)
                        {
                            Same("after Flush", model.Complete, spans.Written);
                        }

                        break;
                }

                Expect(writer.FieldCount == model.FieldCount, $"step {step}: FieldCount {writer.FieldCount} != {model.FieldCount}");
            }
        }

        byte[] written = destination switch
        {
            2 => stream.ToArray(),
            3 => ReadAll(pipe),
            _ => spans.Written.ToArray(),
        };
        Same("after Dispose", model.Complete, written);
        bool disposed = false;
        try
        {
            writer.WriteField("x");
        }
        catch (ObjectDisposedException)
        {
            disposed = true;
        }

        Expect(disposed, "WriteField after Dispose did not throw ObjectDisposedException");
        spans.Dispose();
    }

    private static void Write(TsvWriter writer, Model model, byte[] utf8, Action<TsvWriter> write)
    {
        int refusedAt = model.RefusedAt(utf8);
        TsvFormatException? error = null;
        try
        {
            write(writer);
        }
        catch (TsvFormatException e)
        {
            error = e;
        }

        if (refusedAt < 0)
        {
            Expect(error is null, $"a field was refused that the reference writes: {Show(utf8)}: {error?.Message}");
            model.Add(utf8);
            return;
        }

        TsvFormatException refusal = error
            ?? throw new FuzzMismatchException($"tsvwriter: a field was written that the reference refuses at byte {refusedAt}: {Show(utf8)}");
        Expect(
            refusal.LineNumber == model.Rows + 1 && refusal.Column == model.FieldCount && refusal.Message.Contains($" at byte {refusedAt},", StringComparison.Ordinal),
            $"refusal of {Show(utf8)} should name row {model.Rows + 1}, field {model.FieldCount}, byte {refusedAt}: {refusal.Message}");
    }

    private static ReadOnlySpan<byte> Guarded(byte[] field)
    {
        // Mapped until the end of this input (Run unmaps them all): a lambda cannot hand a span out of a using block.
        var memory = new GuardedBuffer(field.Length);
        Span<byte> span = memory.Bytes(field.Length);
        field.CopyTo(span);
        Retained.Add(memory);
        return span;
    }

    private static ReadOnlySpan<char> GuardedChars(string text)
    {
        var memory = new GuardedBuffer(text.Length * 2);
        Span<char> span = memory.Chars(text.Length);
        text.AsSpan().CopyTo(span);
        Retained.Add(memory);
        return span;
    }

    private static readonly List<GuardedBuffer> Retained = new();

    private static void ReleaseGuarded()
    {
        foreach (GuardedBuffer memory in Retained)
        {
            memory.Dispose();
        }

        Retained.Clear();
    }

    private static string Text(ref FuzzReader reader, int length)
    {
        var text = new StringBuilder(length);
        for (int i = 0; i < length; i++)
        {
            byte b = reader.NextByte();
            text.Append(b < 0x80 ? (char)b : Alphabet[b % Alphabet.Length]);
        }

        return text.ToString();
    }

    private static byte[] ReadAll(Pipe pipe)
    {
        pipe.Writer.FlushAsync().AsTask().GetAwaiter().GetResult();
        pipe.Writer.Complete();
        ReadResult result = pipe.Reader.ReadAsync().AsTask().GetAwaiter().GetResult();
        byte[] bytes = result.Buffer.ToArray();
        pipe.Reader.AdvanceTo(result.Buffer.End);
        pipe.Reader.Complete();
        return bytes;
    }

    private static void Same(string when, List<byte> expected, IReadOnlyList<byte> actual)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new FuzzMismatchException($"tsvwriter {when}: output differs\n expected: {Show(expected.ToArray())}\n actual:   {Show(actual.ToArray())}");
        }
    }

    private static string Show(byte[] bytes) =>
        new string(bytes.Select(b => b is < 32 or > 126 ? '·' : (char)b).ToArray()) + $" ({bytes.Length} bytes)";

    private static void Expect(bool condition, string message)
    {
        if (!condition)
        {
            throw new FuzzMismatchException("tsvwriter: " + message);
        }
    }

    /// <summary>The naive writer: the rules of TsvWriterOptions' documentation, one byte at a time.</summary>
    private sealed class Model
    {
        private readonly byte _separator;
        private readonly bool _escape;
        private readonly List<byte> _row = new();

        public Model(byte separator, bool escape)
        {
            _separator = separator;
            _escape = escape;
        }

        public List<byte> Complete { get; } = new();

        public long Rows { get; private set; }

        public int FieldCount { get; private set; }

        /// <summary>
        /// The index of the byte that makes the writer refuse the field, or -1: without escaping the separator, LF
        /// or CR; with escaping only a separator other than tab, which has no escape.
        /// </summary>
        public int RefusedAt(byte[] field)
        {
            for (int i = 0; i < field.Length; i++)
            {
                byte b = field[i];
                bool refused = _escape
                    ? b == _separator && _separator != (byte)'\t'
                    : b == _separator || b is (byte)'\n' or (byte)'\r';
                if (refused)
                {
                    return i;
                }
            }

            return -1;
        }

        public void Add(byte[] field)
        {
            if (FieldCount > 0)
            {
                _row.Add(_separator);
            }

            foreach (byte b in field)
            {
                // Escaped: LF, CR, backslash and the separator, which is then a tab (another one was refused). A
                // tab between other separators is ordinary data.
                if (!_escape || !(b == _separator || b is (byte)'\n' or (byte)'\r' or (byte)'\\'))
                {
                    _row.Add(b);
                    continue;
                }

                _row.Add((byte)'\\');
                _row.Add(b switch
                {
                    (byte)'\t' => (byte)'t',
                    (byte)'\n' => (byte)'n',
                    (byte)'\r' => (byte)'r',
                    _ => (byte)'\\',
                });
            }

            FieldCount++;
        }

        public void EndRow()
        {
            Complete.AddRange(_row);
            Complete.Add((byte)'\n');
            _row.Clear();
            FieldCount = 0;
            Rows++;
        }
    }
}
