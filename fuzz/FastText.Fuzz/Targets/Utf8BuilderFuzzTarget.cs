using System.Buffers;
using System.Globalization;
using FastText.Tests.Infrastructure;

namespace FastText.Fuzz;

/// <summary>
/// Utf8ValueStringBuilder against Encoding.UTF8 of a StringBuilder: byte 0 picks the start (a caller buffer of
/// 0/1/16/256 bytes ending flush against a no-access page, or a writer handing out guard-page spans of any size or
/// of at most 1 or 3 bytes); then up to 200 operations, one byte each plus their arguments: append text/char/char×n
/// (an alphabet with non-ASCII, surrogate pairs and lone surrogates, so pairs split across appends), raw bytes (any,
/// invalid UTF-8 included), bool, Int32/Int64/double with formats, AppendLine, an interpolated append, AppendJoin,
/// Flush. The model: the text since the last byte append or writer flush is encoded as one string (a surrogate
/// pair split across appends encodes as in the concatenated string); raw bytes and flushes close it. After every
/// step Length, the written bytes, ToString and TryCopyTo (into guard-page memory of exactly Length bytes, and one
/// byte short) must agree; after Dispose the writer holds exactly the expected bytes. Rents come from a recording
/// pool: a double or foreign return throws, nothing may stay rented and nothing may be written after return.
/// </summary>
internal sealed class Utf8BuilderFuzzTarget : IFuzzTarget
{
    private const string Alphabet = "aZ09 \t\né€\uD83D\uDE00\uD800\uDBFF\uDC00\uDFFF\u0080\u07FF\u0800\uFFFF";
    private static readonly string?[] IntegerFormats = { null, "D", "D7", "X", "x4", "N0" };
    private static readonly string?[] FloatFormats = { null, "R", "G17", "F3", "E2", "N2", "F", "F0", "F2", "F15", "F16" };
    private static readonly int[] StartSizes = { 0, 1, 16, 256 };
    private static readonly int[] WriterSpans = { int.MaxValue, 1, 3, int.MaxValue };

    public string Name => "utf8";

    public void Run(ReadOnlySpan<byte> input)
    {
        var reader = new FuzzReader(input);
        byte start = reader.NextByte();
        var pool = new RecordingBytePool();
        bool overWriter = (start & 4) != 0;
        using var initial = new GuardedBuffer(256);
        using var writer = new GuardedSpanWriter(WriterSpans[start & 3]);
        Utf8ValueStringBuilder builder = overWriter
            ? new Utf8ValueStringBuilder(writer, pool)
            : new Utf8ValueStringBuilder(initial.Bytes(StartSizes[start & 3]), pool);
        var model = new Model();
        try
        {
            for (int step = 0; !reader.IsEmpty && step < 200; step++)
            {
                string what = Apply(ref builder, model, ref reader, overWriter);
                byte[] expected = model.Bytes();
                Expect(builder.Length == expected.Length, $"step {step} {what}: Length {builder.Length} != {expected.Length}");
                if (!overWriter)
                {
                    Check(ref builder, expected, $"step {step} {what}");
                }
            }

            builder.Dispose();
            if (overWriter)
            {
                byte[] expected = model.Bytes();
                Expect(writer.Written.SequenceEqual(expected), $"after Dispose the writer holds {Hex(writer.Written.ToArray())}, expected {Hex(expected)}");
            }
        }
        finally
        {
            builder.Dispose();
        }

        pool.AssertNoWriteAfterReturn();
        Expect(pool.Outstanding == 0, $"{pool.Outstanding} rented arrays never returned");
    }

    private static void Check(ref Utf8ValueStringBuilder builder, byte[] expected, string when)
    {
        Expect(builder.WrittenSpan.SequenceEqual(expected), $"{when}: bytes {Hex(builder.WrittenSpan.ToArray())}, expected {Hex(expected)}");
        Expect(builder.ToString() == Encoding.UTF8.GetString(expected), $"{when}: ToString differs from Encoding.UTF8.GetString");
        using var exact = new GuardedBuffer(expected.Length);
        Span<byte> destination = exact.Bytes(expected.Length);
        Expect(builder.TryCopyTo(destination, out int written) && written == expected.Length && destination.SequenceEqual(expected), $"{when}: TryCopyTo into exactly Length bytes");
        if (expected.Length > 0)
        {
            Expect(!builder.TryCopyTo(destination.Slice(1), out written) && written == 0, $"{when}: TryCopyTo one byte short succeeded");
        }
    }

    private static string Apply(ref Utf8ValueStringBuilder builder, Model model, ref FuzzReader reader, bool overWriter)
    {
        CultureInfo invariant = CultureInfo.InvariantCulture;
        byte op = reader.NextByte();
        switch (op % 12)
        {
            case 0:
            {
                byte size = reader.NextByte();
                string text = Text(ref reader, size >= 240 ? 300 : size % 40);
                builder.Append(text);
                model.Text.Append(text);
                return $"Append(\"{Show(text)}\")";
            }

            case 1:
            {
                char c = Text(ref reader, 1)[0];
                builder.Append(c);
                model.Text.Append(c);
                return $"Append(U+{(int)c:X4})";
            }

            case 2:
            {
                char c = Text(ref reader, 1)[0];
                int count = reader.NextByte() % 40;
                builder.Append(c, count);
                model.Text.Append(c, count);
                return $"Append(U+{(int)c:X4}, {count})";
            }

            case 3:
            {
                byte[] bytes = reader.TakeBytes(reader.NextByte() % 24);
                builder.Append(bytes.AsSpan());
                model.AppendBytes(bytes);
                return $"Append(bytes {Hex(bytes)})";
            }

            case 4:
            {
                bool value = reader.NextBool();
                builder.Append(value);
                model.Text.Append(value ? "True" : "False");
                return $"Append({value})";
            }

            case 5:
            {
                int value = (reader.NextByte() << 24) | (reader.NextByte() << 16) | (reader.NextByte() << 8) | reader.NextByte();
                string? format = IntegerFormats[reader.NextByte() % IntegerFormats.Length];
                builder.Append(value, format, invariant);
                model.Text.Append(value.ToString(format, invariant));
                return $"Append({value}, \"{format}\")";
            }

            case 6:
            {
                long value = ((long)reader.NextInt(int.MaxValue) << 33) - reader.NextInt(int.MaxValue);
                string? format = IntegerFormats[reader.NextByte() % IntegerFormats.Length];
                builder.Append(value, format, invariant);
                model.Text.Append(value.ToString(format, invariant));
                return $"Append({value}L, \"{format}\")";
            }

            case 7:
            {
                double value = reader.NextDouble();
                string? format = FloatFormats[reader.NextByte() % FloatFormats.Length];
                builder.Append(value, format, invariant);
                model.Text.Append(value.ToString(format, invariant));
                return $"Append({value.ToString("R", invariant)}, \"{format}\")";
            }

            case 8:
                builder.AppendLine();
                model.Text.Append(Environment.NewLine);
                return "AppendLine()";
            case 9:
            {
                string text = Text(ref reader, reader.NextByte() % 12);
                int number = reader.NextByte() - 128;
                char c = Text(ref reader, 1)[0];
                builder.Append(invariant, $"<{text}|{number,5}|{c}>");
                model.Text.Append(string.Create(invariant, $"<{text}|{number,5}|{c}>"));
                return $"Append($\"<{Show(text)}|{number,5}|U+{(int)c:X4}>\")";
            }

            case 10:
            {
                string?[] values = new string?[reader.NextByte() % 5];
                for (int i = 0; i < values.Length; i++)
                {
                    byte size = reader.NextByte();
                    values[i] = size == 0 ? null : Text(ref reader, size % 8);
                }

                char separator = Text(ref reader, 1)[0];
                builder.AppendJoin(separator, values);
                model.Text.Append(string.Join(separator, values));
                return $"AppendJoin(U+{(int)separator:X4}, {values.Length} values)";
            }

            default:
                builder.Flush();
                if (overWriter)
                {
                    // Over a writer a flush settles a pending high surrogate: a later low one no longer pairs with it.
                    model.Settle();
                }

                return "Flush()";
        }
    }

    private static string Text(ref FuzzReader reader, int length)
    {
        var text = new StringBuilder(length);
        for (int i = 0; i < length; i++)
        {
            byte b = reader.NextByte();
            text.Append(b < 0x60 ? (char)(0x20 + b) : Alphabet[b % Alphabet.Length]);
        }

        return text.ToString();
    }

    private static string Show(string text) =>
        string.Concat(text.Select(c => c is >= ' ' and < '\x7F' ? c.ToString() : $"\\u{(int)c:X4}"));

    private static string Hex(byte[] bytes) => Convert.ToHexString(bytes);

    private static void Expect(bool condition, string message)
    {
        if (!condition)
        {
            throw new FuzzMismatchException("utf8: " + message);
        }
    }

    /// <summary>Bytes settled so far, and the text appended since, which is encoded as one string.</summary>
    private sealed class Model
    {
        private readonly List<byte> _settled = new();

        public StringBuilder Text { get; } = new();

        public void AppendBytes(byte[] bytes)
        {
            // Bytes that write nothing leave a pending high surrogate open, as they leave the text unchanged.
            if (bytes.Length > 0)
            {
                Settle();
                _settled.AddRange(bytes);
            }
        }

        public void Settle()
        {
            _settled.AddRange(Encoding.UTF8.GetBytes(Text.ToString()));
            Text.Clear();
        }

        public byte[] Bytes() => _settled.Concat(Encoding.UTF8.GetBytes(Text.ToString())).ToArray();
    }

    /// <summary>
    /// A byte pool that fails loudly: a double or foreign return throws, rented arrays come filled with 0xFE (never
    /// valid UTF-8, so reliance on junk shows) and returned ones are poisoned, so a write after return is seen.
    /// (The tests' RecordingBytePool lives beside an xunit-only pool, so it is not linked here.)
    /// </summary>
    private sealed class RecordingBytePool : ArrayPool<byte>
    {
        private const byte Poison = 0xCC;

        private readonly HashSet<byte[]> _outstanding = new(ReferenceEqualityComparer.Instance);
        private readonly List<byte[]> _returned = new();

        public int Outstanding => _outstanding.Count;

        public override byte[] Rent(int minimumLength)
        {
            var array = new byte[minimumLength == 0 ? 0 : minimumLength + (minimumLength % 7)];
            array.AsSpan().Fill(0xFE);
            _outstanding.Add(array);
            return array;
        }

        public override void Return(byte[] array, bool clearArray = false)
        {
            if (!_outstanding.Remove(array))
            {
                throw new FuzzMismatchException($"utf8: returned a byte array of length {array.Length} that is not outstanding");
            }

            array.AsSpan().Fill(Poison);
            _returned.Add(array);
        }

        public void AssertNoWriteAfterReturn()
        {
            foreach (byte[] array in _returned)
            {
                if (!_outstanding.Contains(array) && array.AsSpan().IndexOfAnyExcept(Poison) is int written and >= 0)
                {
                    throw new FuzzMismatchException($"utf8: a byte array of length {array.Length} was written at index {written} after it was returned");
                }
            }
        }
    }
}
