using System.Globalization;
using FastText.Tests.Building;

namespace FastText.Fuzz;

/// <summary>
/// ValueStringBuilder against StringBuilder: byte 0 picks the start (a caller buffer of 0/1/16/256 chars, or a rented
/// capacity), then each byte is an operation with its arguments in the bytes after it. Both models run every
/// operation; the text and Length must match after every step, and an out-of-range argument must throw
/// ArgumentOutOfRangeException on both or neither. The builder rents from the tests' RecordingArrayPool, so a double
/// return or a foreign return throws, and everything rented must be returned after the final Dispose (except the
/// arrays the builder deliberately leaves to the GC after a throwing hole or a hole that changed the builder), and no
/// returned array may be written. Misuse operations: appends and inserts of the builder's own chars, holes that throw
/// at a random point, a hole that changes its own builder, composite formats that are invalid or whose argument throws.
/// </summary>
internal sealed class ValueStringBuilderFuzzTarget : IFuzzTarget
{
    private static readonly string?[] Strings = { null, "", "a", "xyz", "é€😀", "\0\t\r\n", new string('L', 300), "0123456789abcdef" };
    private static readonly string?[] IntegerFormats = { null, "D", "D7", "X", "x4", "N0" };
    private static readonly string?[] FloatFormats = { null, "R", "G17", "F3", "E2", "N2", "F", "F0", "F2", "F15", "F16" };
    private static readonly int[] StartSizes = { 0, 1, 16, 256 };

    public string Name => "vsb";

    public void Run(ReadOnlySpan<byte> input)
    {
        var reader = new FuzzReader(input);
        var pool = new RecordingArrayPool();
        byte start = reader.NextByte();
        Span<char> stack = new char[256]; // a heap array: a stackalloc here would tie the builder to this frame for the ref-safety rules
        stack.Fill(RecordingArrayPool.Junk);
        ValueStringBuilder builder = (start & 4) == 0
            ? new ValueStringBuilder(stack.Slice(0, StartSizes[start & 3]), pool)
            : new ValueStringBuilder(StartSizes[start & 3], pool);
        var model = new StringBuilder();
        int step = 0;
        int leftToGc = 0;
        try
        {
            // Appending the builder's own chars doubles it: without a cap 200 steps could ask for 2^200 chars (the
            // AFL++ corpus has such inputs; they ran out of memory under the random driver and hung under afl-fuzz).
            while (!reader.IsEmpty && step < 200 && model.Length < (1 << 16))
            {
                step++;
                string what = Apply(ref builder, model, ref reader, ref leftToGc);
                Expect(builder.Length == model.Length, $"step {step} {what}: Length {builder.Length} != {model.Length}");
                Expect(builder.Capacity >= builder.Length, $"step {step} {what}: Capacity {builder.Capacity} < Length {builder.Length}");
                Expect(builder.AsSpan().SequenceEqual(model.ToString()), $"step {step} {what}: text differs\n vsb:   {builder.ToString()}\n model: {model}");
            }
        }
        finally
        {
            builder.Dispose();
            builder.Dispose();
        }

        pool.AssertNoWriteAfterReturn();
        Expect(pool.Outstanding <= leftToGc, $"{pool.Outstanding} rented arrays never returned ({leftToGc} may be left to the GC)");
    }

    private static string Apply(ref ValueStringBuilder builder, StringBuilder model, ref FuzzReader reader, ref int leftToGc)
    {
        int length = model.Length;
        CultureInfo culture = CultureInfo.InvariantCulture;
        byte op = reader.NextByte();
        switch (op % 29)
        {
            case 21:
            {
                int start = reader.NextInt(length + 1);
                builder.Append(builder.AsSpan(start));
                model.Append(model.ToString(start, length - start));
                return $"Append(own chars from {start})";
            }

            case 22:
            {
                int index = reader.NextInt(length + 1);
                int count = reader.NextInt(length + 1);
                string own = model.ToString(0, count);
                builder.Insert(index, builder.AsSpan(0, count));
                model.Insert(index, own);
                return $"Insert({index}, own chars 0..{count})";
            }

            case 23:
            {
                int holes = 1 + (reader.NextByte() % 5);
                int throwAt = reader.NextByte() % holes;
                string? s = Strings[reader.NextByte() % Strings.Length];
                bool threw = false;
                try
                {
                    var handler = new ValueStringBuilder.AppendInterpolatedStringHandler(holes, holes, in builder, culture);
                    for (int i = 0; i < holes; i++)
                    {
                        if (i == throwAt)
                        {
                            handler.AppendFormatted(new Thrower());
                        }

                        handler.AppendFormatted(s);
                        handler.AppendLiteral("+");
                    }

                    builder.Append(culture, handler);
                }
                catch (FormatException)
                {
                    threw = true;
                }

                Expect(threw, "the throwing hole did not throw");
                leftToGc += 2; // the draft's own array and the builder's array it was writing into
                return $"throwing hole {throwAt} of {holes}";
            }

            case 24:
            {
                string? s = Strings[reader.NextByte() % Strings.Length];
                int growBy = reader.NextByte() * 3;
                bool threw = false;
                try
                {
                    builder.Append($"{s}{GrowFromHole(ref builder, growBy)}{s}");
                }
                catch (InvalidOperationException)
                {
                    threw = true;
                }

                Expect(threw || growBy == 0, "a hole that changed the builder did not make the append throw");
                if (!threw)
                {
                    // Appending nothing in the hole leaves the builder as the handler found it: a legal append.
                    model.Append(s).Append(0).Append(s);
                }
                else
                {
                    // Documented: the text before the append is intact and the hole's own chars count, but the
                    // handler may have written over them (both wrote past the old length in the same buffer).
                    string before = model.ToString();
                    Expect(builder.Length == before.Length + growBy && builder.AsSpan().StartsWith(before.AsSpan()), "a hole that changed the builder damaged the text before it");
                    model.Clear().Append(builder.AsSpan().ToString());
                }

                leftToGc += threw ? 2 : 0;
                return $"hole that grows its builder by {growBy}";
            }

            case 25:
            {
                string format = CompositeFormats[reader.NextByte() % CompositeFormats.Length];
                int a = reader.NextByte() - 100;
                string? s = Strings[reader.NextByte() % Strings.Length];
                string? expected = null;
                try
                {
                    expected = string.Format(culture, format, a, s, a / 3.0);
                }
                catch (FormatException)
                {
                }

                bool threw = false;
                try
                {
                    builder.AppendFormat(culture, format, a, s, a / 3.0);
                }
                catch (FormatException)
                {
                    threw = true;
                }

                Expect(threw == (expected is null), $"AppendFormat(\"{format}\") threw {threw}, string.Format threw {expected is null}");
                model.Append(expected);
                return $"AppendFormat(\"{format}\")";
            }

            case 26:
            {
                int throwAt = reader.NextByte() % 3;
                object?[] args = { "one", 2, new string('3', reader.NextByte()) };
                args[throwAt] = new Thrower();
                bool threw = false;
                try
                {
                    builder.AppendFormat(culture, "{0}|{1,5}|{2}", args);
                }
                catch (FormatException)
                {
                    threw = true;
                }

                Expect(threw, "the throwing argument did not throw");
                return $"AppendFormat with argument {throwAt} throwing";
            }

            case 27:
            {
                string? oldValue = Strings[reader.NextByte() % Strings.Length];
                string? newValue = Strings[reader.NextByte() % Strings.Length];
                if (string.IsNullOrEmpty(oldValue))
                {
                    int index = reader.NextInt(length + 1);
                    char c = NextChar(ref reader);
                    int count = reader.NextByte() % 50;
                    builder.Insert(index, c, count);
                    model.Insert(index, new string(c, count));
                    return $"Insert({index}, char, {count})";
                }

                builder.Replace(oldValue, newValue);
                model.Replace(oldValue, newValue);
                return "Replace(string, string)";
            }

            case 0:
            {
                char c = NextChar(ref reader);
                builder.Append(c);
                model.Append(c);
                return "Append(char)";
            }

            case 1:
            {
                char c = NextChar(ref reader);
                int count = reader.NextByte() % 80;
                builder.Append(c, count);
                model.Append(c, count);
                return $"Append(char, {count})";
            }

            case 2:
            {
                string? s = Strings[reader.NextByte() % Strings.Length];
                builder.Append(s);
                model.Append(s);
                return "Append(string)";
            }

            case 3:
            {
                int value = (reader.NextByte() << 24) | (reader.NextByte() << 16) | (reader.NextByte() << 8) | reader.NextByte();
                string? format = IntegerFormats[reader.NextByte() % IntegerFormats.Length];
                builder.Append(value, format, culture);
                model.Append(value.ToString(format, culture));
                return $"Append(int {value}, {format})";
            }

            case 4:
            {
                long value = (long)NextUInt64(ref reader);
                builder.Append(value, null, culture);
                model.Append(value.ToString(culture));
                return "Append(long)";
            }

            case 5:
            {
                double value = reader.NextDouble();
                string? format = FloatFormats[reader.NextByte() % FloatFormats.Length];
                builder.Append(value, format, culture);
                model.Append(value.ToString(format, culture));
                return $"Append(double {value:R}, {format})";
            }

            case 6:
            {
                int index = reader.NextInt(length + 3) - 1;
                string? s = Strings[reader.NextByte() % Strings.Length];
                bool builderThrew = Throws(ref builder, static (ref ValueStringBuilder b, int i, string? v) => b.Insert(i, v), index, s);
                bool modelThrew = ThrowsOnModel(() => model.Insert(index, s));
                Expect(builderThrew == modelThrew, $"Insert({index}, string) threw {builderThrew} vs {modelThrew}");
                return $"Insert({index}, string)";
            }

            case 7:
            {
                int index = reader.NextInt(length + 3) - 1;
                char c = NextChar(ref reader);
                bool builderThrew = Throws(ref builder, (ref ValueStringBuilder b, int i, string? _) => b.Insert(i, c), index, null);
                bool modelThrew = ThrowsOnModel(() => model.Insert(index, c));
                Expect(builderThrew == modelThrew, $"Insert({index}, char) threw {builderThrew} vs {modelThrew}");
                return $"Insert({index}, char)";
            }

            case 8:
            {
                int start = reader.NextInt(length + 3) - 1;
                int count = reader.NextInt(length + 3) - 1;
                bool builderThrew = Throws(ref builder, (ref ValueStringBuilder b, int s, string? _) => b.Remove(s, count), start, null);
                bool modelThrew = ThrowsOnModel(() => model.Remove(start, count));
                Expect(builderThrew == modelThrew, $"Remove({start}, {count}) threw {builderThrew} vs {modelThrew}");
                return $"Remove({start}, {count})";
            }

            case 9:
            {
                char from = NextChar(ref reader);
                char to = NextChar(ref reader);
                builder.Replace(from, to);
                model.Replace(from, to);
                return "Replace(char, char)";
            }

            case 10:
            {
                int newLength = reader.NextInt(length + 300);
                builder.Length = newLength;
                model.Length = newLength;
                return $"Length = {newLength}";
            }

            case 11:
                builder.Clear();
                model.Clear();
                return "Clear";
            case 12:
            {
                int count = reader.NextByte() % 70;
                char c = NextChar(ref reader);
                builder.AppendSpan(count).Fill(c);
                model.Append(c, count);
                return $"AppendSpan({count})";
            }

            case 13:
            {
                int capacity = reader.NextInt(1200);
                int after = builder.EnsureCapacity(capacity);
                Expect(after >= capacity && after == builder.Capacity, $"EnsureCapacity({capacity}) returned {after}, Capacity {builder.Capacity}");
                return $"EnsureCapacity({capacity})";
            }

            case 14:
            {
                int a = reader.NextByte() - 128;
                double d = reader.NextByte() / 7.0;
                string? s = Strings[reader.NextByte() % Strings.Length];
                builder.Append(culture, $"<{a}|{d:F2}|{s}|{a,6}|{a:X}>");
                model.Append(culture, $"<{a}|{d:F2}|{s}|{a,6}|{a:X}>");
                return "Append(interpolated)";
            }

            case 15:
                builder.Dispose();
                model.Clear();
                return "Dispose (then reuse)";
            case 16:
            {
                bool value = reader.NextBool();
                builder.Append(value);
                model.Append(value);
                return "Append(bool)";
            }

            case 17:
            {
                var guid = new Guid((int)NextUInt64(ref reader), (short)reader.NextByte(), (short)reader.NextByte(), 1, 2, 3, 4, 5, 6, 7, reader.NextByte());
                string? format = new[] { null, "D", "N", "B", "P" }[reader.NextByte() % 5];
                builder.Append(guid, format, culture);
                model.Append(guid.ToString(format, culture));
                return $"Append(Guid, {format})";
            }

            case 18:
            {
                decimal value = new decimal((int)NextUInt64(ref reader), reader.NextByte(), 0, reader.NextBool(), (byte)(reader.NextByte() % 29));
                builder.Append(value, null, culture);
                model.Append(value.ToString(culture));
                return "Append(decimal)";
            }

            case 19:
            {
                if (length > 0)
                {
                    int index = reader.NextInt(length);
                    char c = NextChar(ref reader);
                    builder[index] = c;
                    model[index] = c;
                    return $"this[{index}] = c";
                }

                return "indexer skipped (empty)";
            }

            case 20:
            {
                string? a = Strings[reader.NextByte() % Strings.Length];
                string? b = Strings[reader.NextByte() % Strings.Length];
                builder.AppendJoin(",", new[] { a, b, a });
                model.AppendJoin(",", a, b, a);
                return "AppendJoin";
            }

            default:
            {
                string? s = Strings[reader.NextByte() % Strings.Length];
                builder.AppendLine(s);
                model.AppendLine(s);
                return "AppendLine(string)";
            }
        }
    }

    private static readonly string[] CompositeFormats =
    {
        "{0}", "{0,5}|{1,-4}|{2:F2}", "{{{0:X}}}", "{1}{0}{1}", "{3}", "{0,}", "{", "}", "{0:{}", "x{0 , -3 :D4}y", "{2:E1}{{",
    };

    /// <summary>A hole that throws, as a formattable whose ToString fails.</summary>
    private sealed class Thrower : IFormattable
    {
        public string ToString(string? format, IFormatProvider? formatProvider) => throw new FormatException("thrown by the fuzz target's hole");
    }

    private static int GrowFromHole(ref ValueStringBuilder builder, int count)
    {
        builder.Append('g', count);
        return 0;
    }

    private delegate void BuilderAction(ref ValueStringBuilder builder, int index, string? value);

    private static bool Throws(ref ValueStringBuilder builder, BuilderAction action, int index, string? value)
    {
        try
        {
            action(ref builder, index, value);
            return false;
        }
        catch (ArgumentOutOfRangeException)
        {
            return true;
        }
    }

    private static bool ThrowsOnModel(Action action)
    {
        try
        {
            action();
            return false;
        }
        catch (ArgumentOutOfRangeException)
        {
            return true;
        }
    }

    private static char NextChar(ref FuzzReader reader)
    {
        byte b = reader.NextByte();
        return b < 0x80 ? (char)b : (char)(0x80 + ((b & 0x7F) * 0x1F3));
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

    private static void Expect(bool condition, string what)
    {
        if (!condition)
        {
            throw new FuzzMismatchException(what);
        }
    }
}
