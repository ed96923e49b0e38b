using System.Globalization;
using FastText.Tests.Ascii;
using FastText.Tests.Building;
using FastText.Tests.Infrastructure;
using FastText.Tests.Keys;

namespace FastText.Fuzz;

/// <summary>
/// A six-part key shape (text, optional text, memory slice, optional Int64, Guid, text) built with Join or Format from
/// literals the input picks, under two rule sets the input composes, against the tests' naive reference
/// (<see cref="KeyReference"/>): the key, or the ArgumentException naming the same strict part. Then the measured
/// length must equal the written length, written into memory that ends at a no-access page. The same key through
/// TryFormat, TryFormatUtf8 and WriteUtf8 (against Encoding.UTF8). Then the misuse operations: the memory slice
/// rewritten between measure and write (a key of the measured length or InvalidOperationException, nothing else), and
/// a custom part that throws, or lies about its length, at an input-chosen step, with a recording pool that must end
/// balanced.
/// </summary>
internal sealed class KeysFuzzTarget : IFuzzTarget
{
    private static readonly string[] Literals = { "", "/", ":", "-", "__", "tenant:", ".json", "é", "a b" };
    private static readonly string?[] EmptyFallbacks = { null, "unknown", "N/A", "", "Ünknown" };
    private static readonly char[] Replacements = { '_', '-', 'X', '\u00C9' };
    private static readonly string?[] InvalidFallbacks = { "invalid", "BAD", null };
    private static readonly string[] Wide =
    {
        "é", "É", "\u00A0", "\u2028", "\u3000", "\U00010400", "\uD801", "\uDC00", "İ", "ß", "Σ", "\u0085", "\u1680", "K", "\uFEFF", "ǅ",
    };

    private static readonly KeyCharacterSet CustomSet = KeyCharacterSet.Create("abcXYZ019_-\u00E9\u00A0\uD801\uDC00");

    public string Name => "keys";

    public void Run(ReadOnlySpan<byte> input)
    {
        var reader = new FuzzReader(input);
        RunShape(ref reader);
        RunDateFormats(ref reader);
        RunMisbehavingPart(ref reader);
    }

    /// <summary>
    /// The date parts compile their format once; the bytes after the shape's make a format string over the
    /// specifier alphabet and a value. A format the part accepts must print exactly what
    /// <c>ToString(format, InvariantCulture)</c> prints, at the measured fixed width; rejecting one is allowed.
    /// </summary>
    private static void RunDateFormats(ref FuzzReader reader)
    {
        const string Alphabet = "yyyyMMddHHhhmmssffftt'\\\"/:-_ TzzzabcFgK%.,";
        int length = reader.NextByte() % 14;
        var format = new StringBuilder();
        for (int i = 0; i < length; i++)
        {
            format.Append(Alphabet[reader.NextByte() % Alphabet.Length]);
        }

        long ticks = (long)(NextUInt64(ref reader) % (ulong)(DateTime.MaxValue.Ticks + 1));
        var offset = TimeSpan.FromMinutes((reader.NextInt(28 * 60 + 1) - (14 * 60)) % (14 * 60));
        var dateTime = new DateTime(ticks, (DateTimeKind)(reader.NextByte() % 3));
        string text = format.ToString();

        KeyPart<DateTime>? datePart = null;
        try
        {
            datePart = KeyPart.DateTime("when", text);
        }
        catch (ArgumentException)
        {
        }

        if (datePart is not null)
        {
            CheckDate(KeyShape.Join("/", datePart), dateTime, text, () => dateTime.ToString(text, CultureInfo.InvariantCulture));
        }

        if (ticks < DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay && ticks > TimeSpan.TicksPerDay)
        {
            var dateTimeOffset = new DateTimeOffset(new DateTime(ticks, DateTimeKind.Unspecified), offset);
            KeyPart<DateTimeOffset>? offsetPart = null;
            try
            {
                offsetPart = KeyPart.DateTimeOffset("when", text);
            }
            catch (ArgumentException)
            {
            }

            if (offsetPart is not null)
            {
                CheckDate(KeyShape.Join("/", offsetPart), dateTimeOffset, text, () => dateTimeOffset.ToString(text, CultureInfo.InvariantCulture));
            }
        }
    }

    private static void CheckDate<T>(KeyShape<T> shape, T value, string format, Func<string> reference)
    {
        string expected;
        try
        {
            expected = reference();
        }
        catch (FormatException)
        {
            throw new FuzzMismatchException($"date format {Show(format)} accepted by the key part but rejected by ToString");
        }

        string actual = shape.Build(value);
        Expect(actual == expected, $"date format {Show(format)} on {value}: built {Show(actual)}, expected {Show(expected)}");
        using var memory = new GuardedBuffer((actual.Length * 2) + 64);
        Span<char> destination = memory.Chars(actual.Length);
        int written = shape.MeasureAndWrite(value, destination, out int measured);
        Expect(measured == actual.Length && written == measured && destination.SequenceEqual(actual), $"date format {Show(format)}: measured {measured}, written {written}");
    }

    private static void RunShape(ref FuzzReader reader)
    {
        KeyTextRules rules1 = NextRules(ref reader);
        KeyTextRules rules2 = NextRules(ref reader);
        bool useFormat = reader.NextBool();
        string[] literals = new string[7];
        for (int i = 0; i < literals.Length; i++)
        {
            literals[i] = Literals[reader.NextByte() % Literals.Length];
        }

        string guidFormat = reader.NextBool() ? "N" : "D";
        string? a = NextText(ref reader);
        string? b = NextText(ref reader);
        string? cWhole = NextText(ref reader) ?? string.Empty;
        int cStart = reader.NextInt(cWhole.Length + 1);
        int cLength = reader.NextInt(cWhole.Length - cStart + 1);
        ReadOnlyMemory<char> c = cWhole.AsMemory(cStart, cLength);
        long? d = reader.NextByte() % 3 == 0 ? null : (long)NextUInt64(ref reader);
        var e = new Guid((int)NextUInt64(ref reader), (short)reader.NextByte(), (short)reader.NextByte(), reader.NextByte(), 2, 3, 4, 5, 6, 7, 8);
        string? f = NextText(ref reader);

        var parts = (
            KeyPart.Text("a", rules1),
            KeyPart.OptionalText("b", rules2),
            KeyPart.MemoryText("c", rules1),
            KeyPart.Optional(KeyPart.Int64("d")),
            KeyPart.Guid("e", guidFormat),
            KeyPart.Text("f", rules2));
        KeyShape<string?, string?, ReadOnlyMemory<char>, long?, Guid, string?> shape = useFormat
            ? KeyShape.Format(
                literals[0] + "{0}" + literals[1] + "{1}" + literals[2] + "{2}" + literals[3] + "{3}" + literals[4] + "{4}" + literals[5] + "{5}" + literals[6],
                parts.Item1, parts.Item2, parts.Item3, parts.Item4, parts.Item5, parts.Item6)
            : KeyShape.Join(literals[1], parts.Item1, parts.Item2, parts.Item3, parts.Item4, parts.Item5, parts.Item6, prefix: literals[0], suffix: literals[6]);
        string[] gaps = useFormat ? literals[1..6] : Enumerable.Repeat(literals[1], 5).ToArray();

        string? expected;
        string? expectedThrowFor = null;
        try
        {
            Func<string, string[], string?[], string, string> reference = useFormat ? KeyReference.Format : KeyReference.Join;
            expected = reference(literals[0], gaps, new[]
            {
                KeyReference.Part(a, rules1, "a"),
                b is null ? null : KeyReference.Part(b, rules2, "b"),
                KeyReference.Part(c.ToString(), rules1, "c"),
                d?.ToString(CultureInfo.InvariantCulture),
                e.ToString(guidFormat),
                KeyReference.Part(f, rules2, "f"),
            }, literals[6]);
        }
        catch (ArgumentException error)
        {
            expected = null;
            expectedThrowFor = error.ParamName;
        }

        string description = $"format={useFormat} lits=[{string.Join("|", literals)}] a={Show(a)} b={Show(b)} c={Show(c.ToString())} d={d} f={Show(f)} rules1={Show(rules1)} rules2={Show(rules2)}";
        string actual;
        try
        {
            actual = shape.Build(a, b, c, d, e, f);
        }
        catch (ArgumentException error) when (expected is null)
        {
            Expect(error.ParamName == expectedThrowFor, $"threw for {error.ParamName}, expected {expectedThrowFor}: {description}");
            return;
        }

        Expect(expected is not null, $"built {Show(actual)}, expected a throw for {expectedThrowFor}: {description}");
        Expect(actual == expected, $"built {Show(actual)}, expected {Show(expected)}: {description}");

        using var memory = new GuardedBuffer((actual.Length * 2) + 64);
        Span<char> destination = memory.Chars(actual.Length);
        int written = shape.MeasureAndWrite(a, b, c, d, e, f, destination, out int measured);
        Expect(measured == actual.Length && written == measured, $"measured {measured}, written {written}, built {actual.Length}: {description}");
        Expect(destination.SequenceEqual(actual), $"MeasureAndWrite wrote {Show(destination.ToString())}, built {Show(actual)}");

        destination.Fill('\0');
        Expect(shape.TryFormat(a, b, c, d, e, f, destination, out int formatted) && formatted == actual.Length && destination.SequenceEqual(actual),
            $"TryFormat wrote {formatted} chars: {description}");
        if (actual.Length > 0)
        {
            Expect(!shape.TryFormat(a, b, c, d, e, f, destination.Slice(1), out formatted) && formatted == 0, $"TryFormat fit a key into one char less: {description}");
        }

        byte[] utf8 = Encoding.UTF8.GetBytes(actual);
        using var bytes = new GuardedBuffer(utf8.Length + 64);
        Span<byte> byteDestination = bytes.Bytes(utf8.Length);
        Expect(shape.TryFormatUtf8(a, b, c, d, e, f, byteDestination, out int encoded) && encoded == utf8.Length && byteDestination.SequenceEqual(utf8),
            $"TryFormatUtf8 wrote {encoded} bytes, expected {utf8.Length}: {description}");
        var writer = new TestBufferWriter<byte>();
        Expect(shape.WriteUtf8(a, b, c, d, e, f, writer) == utf8.Length && writer.WrittenSpan.SequenceEqual(utf8), $"WriteUtf8 differs: {description}");

        // Misuse: another thread rewrites the caller's slice between measure and write (replayed deterministically).
        char[] rewritten = c.ToArray();
        for (int i = 0; i < rewritten.Length; i++)
        {
            byte pick = reader.NextByte();
            if (pick % 3 == 0)
            {
                rewritten[i] = pick < 0x80 ? (char)pick : Wide[pick % Wide.Length][0];
            }
        }

        var changing = new ChangingMemory(c.ToArray(), rewritten);
        try
        {
            string changed = shape.Build(a, b, changing.Text, d, e, f);
            Expect(changed.Length == actual.Length, $"a slice changed after measuring gave a key of {changed.Length} chars, measured {actual.Length}: {description}");
        }
        catch (InvalidOperationException)
        {
        }
    }

    /// <summary>
    /// A custom part that, as the input says, behaves, throws from its measure or write step, measures out of range,
    /// or reports a different length than it measured; inside a shape with a long text part so the UTF-8 outputs (and
    /// the netstandard2.0 string) borrow from the pool. Outcomes: the right key, the part's own exception, or
    /// InvalidOperationException naming it; and the recording pool balanced afterwards.
    /// </summary>
    private static void RunMisbehavingPart(ref FuzzReader reader)
    {
        // Two of six choices behave, so well-behaved builds are checked as often as each kind of failure.
        var behaviour = (Misbehaviour)(reader.NextByte() % 6 % 5);
        int length = reader.NextInt(40);
        string text = new('t', reader.NextBool() ? 600 : 3);
        var part = new MisbehavingPart(behaviour, length);
        string expected = text + "|" + new string('m', length) + "|" + 0xbeef.ToString("x4", CultureInfo.InvariantCulture);
        var pool = new RecordingArrayPool();
        KeyShape<string?, int, int> shape = KeyShape.Format("{0}|{1}|{2:x4}", KeyPart.Text("t", KeyTextRules.None), part, KeyPart.Int32("n"))
            .WithScratchPool(pool);
        int output = reader.NextByte() % 4;
        try
        {
            string actual = output switch
            {
                0 => shape.Build(text, 1, 0xbeef),
                1 => shape.TryFormat(text, 1, 0xbeef, new char[expected.Length + 8], out int w) ? "ok" + w : "refused",
                2 => shape.TryFormatUtf8(text, 1, 0xbeef, new byte[expected.Length + 8], out int b) ? "ok" + b : "refused",
                _ => "ok" + shape.WriteUtf8(text, 1, 0xbeef, new TestBufferWriter<byte>()),
            };
            Expect(behaviour == Misbehaviour.None, $"{behaviour} part gave a key through output {output}");
            Expect(actual == (output == 0 ? expected : "ok" + expected.Length), $"output {output} gave {Show(actual)}");
        }
        catch (MisbehavingPart.PartFailure)
        {
            Expect(behaviour is Misbehaviour.ThrowInMeasure or Misbehaviour.ThrowInWrite, $"{behaviour}: the part's exception escaped");
        }
        catch (InvalidOperationException error)
        {
            Expect(behaviour is Misbehaviour.MeasureNegative or Misbehaviour.WriteFewer && error.Message.Contains("'custom'", StringComparison.Ordinal),
                $"{behaviour}: {error.Message}");
        }

        Expect(pool.Outstanding == 0 && pool.Rents == pool.Returns, $"{behaviour}: pool rents {pool.Rents}, returns {pool.Returns}");
    }

    private enum Misbehaviour
    {
        None,
        ThrowInMeasure,
        ThrowInWrite,
        MeasureNegative,
        WriteFewer,
    }

    private sealed class MisbehavingPart : CustomKeyPart<int>
    {
        private readonly Misbehaviour _behaviour;
        private readonly int _length;

        public MisbehavingPart(Misbehaviour behaviour, int length)
            : base("custom")
        {
            _behaviour = behaviour;
            _length = length;
        }

        protected override int MeasureValue(int value) => _behaviour switch
        {
            Misbehaviour.ThrowInMeasure => throw new PartFailure(),
            Misbehaviour.MeasureNegative => -1 - _length,
            _ => _length,
        };

        protected override int WriteValue(int value, Span<char> destination)
        {
            if (_behaviour == Misbehaviour.ThrowInWrite)
            {
                throw new PartFailure();
            }

            destination.Fill('m');
            return _behaviour == Misbehaviour.WriteFewer ? destination.Length - 1 : destination.Length;
        }

        public sealed class PartFailure : Exception
        {
        }
    }

    /// <summary>Memory whose second read (the write pass) returns other content of the same length.</summary>
    private sealed class ChangingMemory : System.Buffers.MemoryManager<char>
    {
        private readonly char[] _first;
        private readonly char[] _later;
        private int _reads;

        public ChangingMemory(char[] first, char[] later)
        {
            _first = first;
            _later = later;
        }

        public ReadOnlyMemory<char> Text => CreateMemory(_first.Length);

        public override Span<char> GetSpan() => _reads++ == 0 ? _first : _later;

        public override System.Buffers.MemoryHandle Pin(int elementIndex = 0) => throw new NotSupportedException();

        public override void Unpin()
        {
        }

        protected override void Dispose(bool disposing)
        {
        }
    }

    private static KeyTextRules NextRules(ref FuzzReader reader)
    {
        byte choice = reader.NextByte();
        KeyTextRules rules = KeyTextRules.None;
        string? empty = EmptyFallbacks[choice % EmptyFallbacks.Length];
        if (empty is not null)
        {
            rules = rules.EmptyAs(empty);
        }

        int replace = (choice >> 3) % 3;
        if (replace > 0)
        {
            rules = rules.ReplaceWhitespace(Replacements[reader.NextByte() % Replacements.Length], replace == 1 ? KeyWhitespace.Spaces : KeyWhitespace.All);
        }

        int allowed = (choice >> 5) % 3;
        if (allowed > 0)
        {
            rules = rules.Allow(allowed == 1 ? KeyCharacterSet.AsciiLettersDigitsUnderscore : CustomSet, InvalidFallbacks[reader.NextByte() % InvalidFallbacks.Length]);
        }

        return (choice & 0x80) != 0 ? rules.ToLowerInvariant() : rules;
    }

    /// <summary>Null, or up to 23 elements: a byte below 0x80 is that ASCII char, above picks whitespace, case-tricky and surrogate text.</summary>
    private static string? NextText(ref FuzzReader reader)
    {
        byte header = reader.NextByte();
        if (header == 0xFF)
        {
            return null;
        }

        var text = new StringBuilder();
        int length = header % 24;
        for (int i = 0; i < length; i++)
        {
            byte b = reader.NextByte();
            text.Append(b < 0x80 ? ((char)b).ToString() : Wide[b % Wide.Length]);
        }

        return text.ToString();
    }

    private static ulong NextUInt64(ref FuzzReader reader)
    {
        ulong value = 0;
        for (int i = 0; i < 8; i++)
        {
            value = (value << 8) | reader.NextByte();
        }

        return value;
    }

    private static string Show(string? text) =>
        text is null ? "null" : "\"" + string.Concat(text.Select(ch => ch is >= ' ' and < '\x7F' ? ch.ToString() : $"\\u{(int)ch:X4}")) + "\"";

    private static string Show(KeyTextRules rules) =>
        $"(empty={Show(rules.EmptyFallback)} ws={rules.Whitespace}/{rules.WhitespaceReplacement} allowed={rules.AllowedCharacters?.Characters.Length} invalid={Show(rules.InvalidFallback)} lower={rules.LowerCase})";

    private static void Expect(bool condition, string what)
    {
        if (!condition)
        {
            throw new FuzzMismatchException(what);
        }
    }
}
