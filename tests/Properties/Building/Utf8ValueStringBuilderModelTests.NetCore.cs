using System.Buffers;
using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Model-based: random sequences of appends run on a Utf8ValueStringBuilder and on a StringBuilder (the model,
/// formatting with string.Format in the invariant culture); after every step the builder's bytes must be
/// byte-identical to Encoding.UTF8.GetBytes of the model's text, from stack buffers of 0, 1, small and large sizes
/// and over writers that honour the size hint or hand out 1- and 3-byte spans regardless of it.
/// </summary>
public class Utf8ValueStringBuilderModelTests
{
    public enum Start
    {
        Buffer0, Buffer1, Buffer16, Buffer1024, ArrayBufferWriter, ArrayBufferWriterOfOne, OneByteSpans, ThreeByteSpans,
    }

    public enum OpKind
    {
        AppendString, AppendNullString, AppendSpan, AppendChar, AppendRepeated, AppendUtf8, AppendBool, AppendInt,
        AppendLong, AppendShort, AppendSByte, AppendByte, AppendUInt, AppendULong, AppendHex, AppendDouble, AppendFloat,
        AppendDecimal, AppendGuid, AppendDateTime, AppendDateTimeOffset, AppendTimeSpan, AppendLine, AppendLineText,
        AppendInterpolated, AppendInterpolatedLiterals, AppendInterpolatedAligned, AppendNullable, AppendObject, AppendThrowing,
        AppendInterpolatedThrowing, AppendSelf, Flush, AppendNothing,
    }

    public sealed record Op(OpKind Kind, int A, string Text, char C, long Number, double Real)
    {
        public override string ToString() =>
            $"{Kind}(A={A}, Text=\"{string.Concat(Text.Select(c => c < 127 && c >= 32 ? c.ToString() : $"\\u{(int)c:X4}"))}\", C=U+{(int)C:X4}, N={Number}, R={Real:R})";
    }

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    private static readonly Gen<char> Chars = Gen.Frequency(
        (6, Gen.Choose(32, 126).Select(c => (char)c)),
        (2, Gen.Choose(0x80, 0xFFFF).Select(c => (char)c)),
        (2, Gen.Elements('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D', '\uDE00', 'é', '€')));

    private static readonly Gen<string> Texts = Gen.Frequency(
        (8, Gen.Choose(0, 12).SelectMany(n => Gen.ArrayOf(Chars, n)).Select(a => new string(a))),
        (1, Gen.Choose(13, 600).SelectMany(n => Gen.ArrayOf(Chars, n)).Select(a => new string(a))));

    private static readonly string[] DateFormats = { "O", "R", "", "yyyy-MM-dd HH:mm:ss.fff", "G", "s" };

    private static readonly string[] GuidFormats = { "D", "N", "B", "P", "" };

    private static readonly Gen<Op> Ops =
        from kind in Gen.Elements((OpKind[])Enum.GetValues(typeof(OpKind)))
        from a in Gen.Choose(0, 1000)
        from text in Texts
        from c in Chars
        from number in Gen.Frequency(
            (3, Gen.Choose(-1000, 1000).Select(i => (long)i)),
            (1, Gen.Elements(long.MinValue, long.MaxValue, int.MinValue, int.MaxValue, 0L)),
            (1, Gen.Choose(int.MinValue, int.MaxValue).Select(i => (long)i * 977)))
        from real in Gen.Elements(0.0, -0.0, 1.5, -2.25, 1e300, 3.14159, double.NaN, double.NegativeInfinity, 1.0 / 3, 123456789.125)
        select new Op(kind, a, text, c, number, real);

    public static TheoryData<Start> Starts => new()
    {
        Start.Buffer0, Start.Buffer1, Start.Buffer16, Start.Buffer1024, Start.ArrayBufferWriter,
        Start.ArrayBufferWriterOfOne, Start.OneByteSpans, Start.ThreeByteSpans,
    };

    /// <summary>Up to 50 operations of <see cref="Ops"/>; a failing sequence shrinks by dropping operations.</summary>
    public static class OpSequences
    {
        public static Arbitrary<Op[]> Sequence() => Arb.From(Gen.Choose(0, 50).SelectMany(n => Gen.ArrayOf(Ops, n)), Shrinks.ByRemoval);
    }

    // Every sequence runs from every start: as many sequences per start as when each start was a theory row.
    [FastTextProperty(Arbitrary = [typeof(OpSequences)], RunsAtDefault = 150)]
    public void Every_step_is_byte_identical_to_Encoding_UTF8_of_the_model(Op[] ops)
    {
        foreach (Start start in Starts)
        {
            Run(start, ops);
        }
    }

    [Theory]
    [MemberData(nameof(Starts))]
    public void An_append_that_writes_nothing_leaves_a_split_pair_open(Start start)
    {
        // Empty bytes and a value that formats as nothing leave the string unchanged, so the low surrogate that
        // follows them still completes the pair (found by the model property: empty bytes used to settle it).
        Run(start, new[]
        {
            new Op(OpKind.AppendString, 0, "ab\uD83D", 'a', 0, 0),
            new Op(OpKind.AppendUtf8, 0, "", 'a', 0, 0),
            new Op(OpKind.AppendString, 0, "\uDE00c\uD83D", 'a', 0, 0),
            new Op(OpKind.AppendNothing, 0, "", 'a', 0, 0),
            new Op(OpKind.AppendChar, 0, "", '\uDE00', 0, 0),
            new Op(OpKind.AppendChar, 0, "", '\uD800', 0, 0),
            new Op(OpKind.AppendSpan, 0, "x", 'a', 0, 0),
            new Op(OpKind.AppendNullString, 0, "", 'a', 0, 0),
            new Op(OpKind.AppendRepeated, 0, "", 'a', 0, 0),
            new Op(OpKind.AppendString, 0, "\uDC00", 'a', 0, 0),
        });
    }

    [Theory]
    [MemberData(nameof(Starts))]
    public void An_interpolated_append_that_throws_after_one_that_wrote_nothing_loses_no_bytes(Start start)
    {
        // The empty interpolation leaves the builder holding writer memory it has not written to; the throwing one
        // used to ask the writer for memory again, which moves an ArrayBufferWriter's buffer, and the builder went
        // on writing into the old one (found by the model property: the number came out as zeros).
        Run(start, new[]
        {
            new Op(OpKind.AppendNothing, 0, "", 'a', 0, 0),
            new Op(OpKind.AppendInterpolatedThrowing, 0, "abc", 'a', 5, 0),
            new Op(OpKind.AppendULong, 0, "", 'a', 622628263726, 0),
        });
    }

    [Theory]
    [MemberData(nameof(Starts))]
    public void A_surrogate_pair_split_across_appends_encodes_as_in_the_concatenated_string(Start start)
    {
        // Around every span boundary of the tiny writers and the small buffers: the pair straddles them.
        for (int prefix = 0; prefix < 40; prefix++)
        {
            Run(start, new[]
            {
                new Op(OpKind.AppendString, 0, new string('x', prefix) + "\uD83D", 'a', 0, 0),
                new Op(OpKind.AppendChar, 0, "", '\uDE00', 0, 0),
                new Op(OpKind.AppendString, 0, "\uD800", 'a', 0, 0),
                new Op(OpKind.AppendString, 0, "\uDC00\uD800", 'a', 0, 0),
                new Op(OpKind.AppendInt, 0, "", 'a', 5, 0),
                new Op(OpKind.AppendString, 0, "\uDC00", 'a', 0, 0),
            });
        }
    }

    internal static void Run(Start start, Op[] ops)
    {
        CultureInfo saved = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = Invariant;
        var pool = new RecordingBytePool();
        var arrayWriter = start switch
        {
            Start.ArrayBufferWriter => new ArrayBufferWriter<byte>(),
            Start.ArrayBufferWriterOfOne => new ArrayBufferWriter<byte>(1),
            _ => null,
        };
        var tinyWriter = start switch
        {
            Start.OneByteSpans => new TinySpanWriter(1),
            Start.ThreeByteSpans => new TinySpanWriter(3),
            _ => null,
        };
        IBufferWriter<byte>? writer = (IBufferWriter<byte>?)arrayWriter ?? tinyWriter;
        Utf8ValueStringBuilder builder = writer is not null
            ? new Utf8ValueStringBuilder(writer, pool)
            : new Utf8ValueStringBuilder(new byte[start switch { Start.Buffer0 => 0, Start.Buffer1 => 1, Start.Buffer16 => 16, _ => 1024 }], pool);
        var flushed = new List<byte>();
        var current = new StringBuilder();
        bool threw = false;
        try
        {
            for (int step = 0; step < ops.Length; step++)
            {
                threw |= Apply(ref builder, ops[step], writer is not null, flushed, current);
                byte[] expected = flushed.Concat(Encoding.UTF8.GetBytes(current.ToString())).ToArray();
                Assert.Equal(expected.Length, builder.Length);
                if (writer is null)
                {
                    Assert.True(expected.AsSpan().SequenceEqual(builder.WrittenSpan), $"step {step} {ops[step]}: bytes differ");
                }
            }

            builder.Dispose();
            if (writer is not null)
            {
                byte[] expected = flushed.Concat(Encoding.UTF8.GetBytes(current.ToString())).ToArray();
                ReadOnlySpan<byte> written = arrayWriter is not null ? arrayWriter.WrittenSpan : tinyWriter!.WrittenSpan;
                Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(written.ToArray()));
            }

            pool.AssertNoWriteAfterReturn();
            if (!threw)
            {
                Assert.Equal(0, pool.Outstanding);
            }
        }
        finally
        {
            builder.Dispose();
            CultureInfo.CurrentCulture = saved;
        }
    }

    /// <summary>Applies one op to both; returns whether it threw (a draft's array may then be left to the GC).</summary>
    private static bool Apply(ref Utf8ValueStringBuilder b, Op op, bool overWriter, List<byte> flushed, StringBuilder model)
    {
        string F(string format, object value) => string.Format(Invariant, "{0:" + format + "}", value);
        switch (op.Kind)
        {
            case OpKind.AppendString:
                b.Append(op.Text);
                model.Append(op.Text);
                break;
            case OpKind.AppendNullString:
                b.Append((string?)null);
                break;
            case OpKind.AppendSpan:
                b.Append(op.Text.AsSpan(0, Math.Min(op.A, op.Text.Length)));
                model.Append(op.Text, 0, Math.Min(op.A, op.Text.Length));
                break;
            case OpKind.AppendChar:
                b.Append(op.C);
                model.Append(op.C);
                break;
            case OpKind.AppendRepeated:
                b.Append(op.C, op.A % 40);
                model.Append(op.C, op.A % 40);
                break;
            case OpKind.AppendUtf8:
                byte[] utf8 = Encoding.UTF8.GetBytes(op.Text);
                b.Append(utf8.AsSpan());
                model.Append(Encoding.UTF8.GetString(utf8));
                break;
            case OpKind.AppendBool:
                b.Append(op.A % 2 == 0);
                model.Append(op.A % 2 == 0);
                break;
            case OpKind.AppendInt:
                b.Append((int)op.Number);
                model.Append(F("", (int)op.Number));
                break;
            case OpKind.AppendLong:
                b.Append(op.Number, "D" + (op.A % 25), Invariant);
                model.Append(F("D" + (op.A % 25), op.Number));
                break;
            case OpKind.AppendShort:
                b.Append((short)op.Number);
                model.Append(F("", (short)op.Number));
                break;
            case OpKind.AppendSByte:
                b.Append((sbyte)op.Number, "X");
                model.Append(F("X", (sbyte)op.Number));
                break;
            case OpKind.AppendByte:
                b.Append((byte)op.Number);
                model.Append(F("", (byte)op.Number));
                break;
            case OpKind.AppendUInt:
                b.Append((uint)op.Number, "x8");
                model.Append(F("x8", (uint)op.Number));
                break;
            case OpKind.AppendULong:
                b.Append((ulong)op.Number, "N0", Invariant);
                model.Append(F("N0", (ulong)op.Number));
                break;
            case OpKind.AppendHex:
                b.Append(op.Number, "X");
                model.Append(F("X", op.Number));
                break;
            case OpKind.AppendDouble:
                b.Append(op.Real);
                model.Append(F("", op.Real));
                break;
            case OpKind.AppendFloat:
                b.Append((float)op.Real, "F2", Invariant);
                model.Append(F("F2", (float)op.Real));
                break;
            case OpKind.AppendDecimal:
                b.Append((decimal)op.Number / 1000m, null, Invariant);
                model.Append(F("", (decimal)op.Number / 1000m));
                break;
            case OpKind.AppendGuid:
                var guid = new Guid((int)op.Number, (short)op.A, 7, 1, 2, 3, 4, 5, 6, 7, 8);
                string guidFormat = GuidFormats[op.A % GuidFormats.Length];
                b.Append(guid, guidFormat);
                model.Append(F(guidFormat, guid));
                break;
            case OpKind.AppendDateTime:
                var time = new DateTime(2000, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddTicks(Math.Abs(op.Number % 3_000_000_000_000_000L));
                string dateFormat = DateFormats[op.A % DateFormats.Length];
                b.Append(time, dateFormat, Invariant);
                model.Append(F(dateFormat, time));
                break;
            case OpKind.AppendDateTimeOffset:
                var offset = new DateTimeOffset(2020, 2, 29, 23, 59, 59, TimeSpan.FromMinutes(op.A % 600 - 300)).AddTicks(Math.Abs(op.Number % 10_000_000));
                string offsetFormat = DateFormats[op.A % DateFormats.Length];
                b.Append(offset, offsetFormat, Invariant);
                model.Append(F(offsetFormat, offset));
                break;
            case OpKind.AppendTimeSpan:
                var span = TimeSpan.FromTicks(op.Number);
                b.Append(span);
                model.Append(F("", span));
                break;
            case OpKind.AppendLine:
                b.AppendLine();
                model.AppendLine();
                break;
            case OpKind.AppendLineText:
                b.AppendLine(op.Text);
                model.AppendLine(op.Text);
                break;
            case OpKind.AppendInterpolated:
                b.Append($"[{op.Text}|{op.Number}|{op.Real}|{op.C}|{op.Number:X}]");
                model.Append(string.Format(Invariant, "[{0}|{1}|{2}|{3}|{1:X}]", op.Text, op.Number, op.Real, op.C));
                break;
            case OpKind.AppendInterpolatedLiterals:
                // The handler as the compiler drives it, with generated literals (compile-time ones cannot vary):
                // ASCII or not, lone surrogates, 0 to 600 chars, around a hole and at its ends.
                var literals = new Utf8ValueStringBuilder.AppendInterpolatedStringHandler(op.Text.Length * 2, 1, in b);
                literals.AppendLiteral(op.Text);
                literals.AppendFormatted(op.Number);
                literals.AppendLiteral(op.Text.Substring(Math.Min(op.A, op.Text.Length)));
                b.Append(literals);
                model.Append(op.Text).Append(op.Number.ToString(Invariant)).Append(op.Text, Math.Min(op.A, op.Text.Length), op.Text.Length - Math.Min(op.A, op.Text.Length));
                break;
            case OpKind.AppendInterpolatedAligned:
                // Alignment counts UTF-16 chars, as string.Format does, surrogates included: padding that falls
                // between the halves of a pair split across appends leaves both halves U+FFFD, as in the model.
                string plain = op.Text;
                b.Append(Invariant, $"<{plain,7}|{op.Number,-12:D3}|{op.Real,15:F3}|{op.A,10}>");
                b.Append($"{plain,5}.{plain,-9}.");
                model.Append(string.Format(Invariant, "<{0,7}|{1,-12:D3}|{2,15:F3}|{3,10}>", plain, op.Number, op.Real, op.A));
                model.Append(string.Format(Invariant, "{0,5}.{0,-9}.", plain));
                break;
            case OpKind.AppendNullable:
                int? maybe = op.A % 2 == 0 ? (int)op.Number : null;
                b.Append(maybe);
                model.Append(maybe?.ToString(Invariant));
                break;
            case OpKind.AppendObject:
                object boxed = op.A % 3 == 0 ? op.Text : op.A % 3 == 1 ? op.Number : op.Real;
                b.Append<object>(boxed);
                model.Append(F("", boxed));
                break;
            case OpKind.AppendThrowing:
                try
                {
                    b.Append(new ThrowingFormattable(), "G", Invariant);
                    Assert.Fail("The value did not throw.");
                }
                catch (FormatException)
                {
                }

                return true;
            case OpKind.AppendInterpolatedThrowing:
                try
                {
                    b.Append($"{op.Text}{op.Number}{new ThrowingFormattable()}");
                    Assert.Fail("The hole did not throw.");
                }
                catch (FormatException)
                {
                }

                return true;
            case OpKind.AppendSelf:
                if (!overWriter)
                {
                    // The builder's own bytes as the input, across growth: copied before the old array is returned.
                    b.Append(b.WrittenSpan);
                    model.Append(Encoding.UTF8.GetString(Encoding.UTF8.GetBytes(model.ToString())));
                }

                break;
            case OpKind.AppendNothing:
                b.Append(default(EmptyFormattable));
                b.Append($"{default(EmptyFormattable)}");
                b.Append(default(EmptyFormattable), "x", Invariant);
                break;
            case OpKind.Flush:
                b.Flush();
                if (overWriter)
                {
                    flushed.AddRange(Encoding.UTF8.GetBytes(model.ToString()));
                    model.Clear();
                }

                break;
        }

        return false;
    }
}
