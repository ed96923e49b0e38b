using System.Reflection;
using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Model-based: random sequences of operations run on a ValueStringBuilder and on System.Text.StringBuilder (the
/// model) must give the same text and Length after every step, from every kind of start.
/// </summary>
[TrackedPool]
public class ValueStringBuilderModelTests
{
    public enum OpKind
    {
        AppendChar, AppendRepeated, AppendString, AppendNullString, AppendSpan, AppendInt, AppendLong, AppendDouble,
        AppendBool, AppendDecimal, AppendULong, AppendShort, AppendGuid, AppendDateTime, InsertString, InsertChar,
        Remove, Replace, Clear, SetLength, AppendLine, AppendJoinStrings, AppendJoinInts, AppendInterpolated,
        AppendSpanOfLength, SetIndexer, EnsureCapacity, InsertRepeated, ReplaceString, ReplaceStringInRange,
        ReplaceCharInRange, AppendObject, AppendNullable, AppendEnum, AppendFormat, AppendLineChar, AppendLineValue,
        AppendJoinEnumerable, AppendJoinObjects, AppendSelf, InsertSelf,
    }

    private enum Colour
    {
        Red = 1,
        Green = 2,
        Blue = 4,
    }

    public sealed record Op(OpKind Kind, int A, int B, string Text, char C, char C2, long Number, double Real)
    {
        public override string ToString() => $"{Kind}(A={A}, B={B}, Text=\"{Text}\" ({Text.Length}), C=U+{(int)C:X4}, C2=U+{(int)C2:X4}, N={Number}, R={Real:R})";
    }

    private static readonly Gen<char> Chars = Gen.Frequency(
        (6, Gen.Choose(32, 126).Select(c => (char)c)),
        (1, Gen.Choose(0, 0xFFFF).Select(c => (char)c)),
        (1, Gen.Elements('a', 'b', ',')));

    private static readonly Gen<string> Texts = Gen.Frequency(
        (8, Gen.Choose(0, 12).SelectMany(n => Gen.ArrayOf(Chars, n)).Select(a => new string(a))),
        (1, Gen.Choose(13, 400).SelectMany(n => Gen.ArrayOf(Chars, n)).Select(a => new string(a))));

    private static readonly Gen<Op> Ops =
        from kind in Gen.Elements((OpKind[])Enum.GetValues(typeof(OpKind)))
        from a in Gen.Choose(0, 1000)
        from b in Gen.Choose(0, 1000)
        from text in Texts
        from c in Chars
        from c2 in Chars
        from number in Gen.Frequency(
            (3, Gen.Choose(-1000, 1000).Select(i => (long)i)),
            (1, Gen.Elements(long.MinValue, long.MaxValue, int.MinValue, int.MaxValue, 0L)),
            (1, Gen.Choose(int.MinValue, int.MaxValue).Select(i => (long)i * 977)))
        from real in Gen.Elements(0.0, -0.0, 1.5, -2.25, 1e300, 3.14159, double.NaN, double.PositiveInfinity, 1.0 / 3, 123456789.125)
        select new Op(kind, a, b, text, c, c2, number, real);

    /// <summary>Initial buffers: none, 1, 16 and 256 chars, and -1 for a pooled start of 24.</summary>
    private static readonly int[] Starts = [0, 1, 16, 256, -1];

    /// <summary>Up to 60 operations of <see cref="Ops"/>; a failing sequence shrinks by dropping operations.</summary>
    public static class OpSequences
    {
        public static Arbitrary<Op[]> Sequence() => Arb.From(Gen.Choose(0, 60).SelectMany(n => Gen.ArrayOf(Ops, n)), Shrinks.ByRemoval);
    }

    // Every sequence runs from every start: as many sequences per start as when each start was a theory row.
    [FastTextProperty(Arbitrary = [typeof(OpSequences)], RunsAtDefault = 120)]
    public void Every_step_matches_StringBuilder(Op[] ops) =>
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            foreach (int initialBuffer in Starts)
            {
                Run(initialBuffer, ops);
            }
        });

    private static void Run(int initialBuffer, Op[] ops)
    {
        var pool = new RecordingArrayPool();
        var model = new StringBuilder();
        ValueStringBuilder builder = initialBuffer >= 0
            ? new ValueStringBuilder(new char[initialBuffer], pool)
            : new ValueStringBuilder(24, pool);
        try
        {
            for (int step = 0; step < ops.Length; step++)
            {
                Apply(ref builder, model, ops[step]);
                if (model.Length != builder.Length || model.ToString() != builder.ToString())
                {
                    throw new InvalidOperationException(
                        $"Diverged at step {step} ({ops[step]}): expected length {model.Length}, got {builder.Length}.");
                }

                Assert.True(builder.Capacity >= builder.Length);
                Assert.True(builder.AsSpan().SequenceEqual(model.ToString().AsSpan()));
            }
        }
        finally
        {
            builder.Dispose();
        }

        Assert.Equal(0, pool.Outstanding);
    }

    private static void Apply(ref ValueStringBuilder builder, StringBuilder model, Op op)
    {
        int length = model.Length;
        switch (op.Kind)
        {
            case OpKind.AppendChar:
                builder.Append(op.C);
                model.Append(op.C);
                break;
            case OpKind.AppendRepeated:
                builder.Append(op.C, op.A % 40);
                model.Append(op.C, op.A % 40);
                break;
            case OpKind.AppendString:
                builder.Append(op.Text);
                model.Append(op.Text);
                break;
            case OpKind.AppendNullString:
                builder.Append((string?)null);
                model.Append((string?)null);
                break;
            case OpKind.AppendSpan:
                builder.Append(op.Text.AsSpan(op.A % (op.Text.Length + 1)));
                model.Append(op.Text.Substring(op.A % (op.Text.Length + 1)));
                break;
            case OpKind.AppendInt:
                builder.Append((int)op.Number);
                model.Append((int)op.Number);
                break;
            case OpKind.AppendLong:
                builder.Append(op.Number);
                model.Append(op.Number);
                break;
            case OpKind.AppendDouble:
                builder.Append(op.Real);
                model.Append(op.Real);
                break;
            case OpKind.AppendBool:
                builder.Append(op.A % 2 == 0);
                model.Append(op.A % 2 == 0);
                break;
            case OpKind.AppendDecimal:
                builder.Append((decimal)op.Number / 100m);
                model.Append((decimal)op.Number / 100m);
                break;
            case OpKind.AppendULong:
                builder.Append((ulong)op.Number, "X");
                model.Append(((ulong)op.Number).ToString("X"));
                break;
            case OpKind.AppendShort:
                builder.Append((short)op.Number, "D6");
                model.Append(((short)op.Number).ToString("D6"));
                break;
            case OpKind.AppendGuid:
                var guid = new Guid((int)op.Number, (short)op.A, (short)op.B, 1, 2, 3, 4, 5, 6, 7, 8);
                builder.Append(guid);
                model.Append(guid);
                break;
            case OpKind.AppendDateTime:
                var time = new DateTime(2000, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddSeconds(op.Number % 3_000_000_000L).AddTicks(op.A);
                builder.Append(time, "O", CultureInfo.InvariantCulture);
                model.Append(time.ToString("O", CultureInfo.InvariantCulture));
                break;
            case OpKind.InsertString:
                builder.Insert(op.A % (length + 1), op.Text);
                model.Insert(op.A % (length + 1), op.Text);
                break;
            case OpKind.InsertChar:
                builder.Insert(op.A % (length + 1), op.C);
                model.Insert(op.A % (length + 1), op.C);
                break;
            case OpKind.Remove:
                int start = op.A % (length + 1);
                int count = op.B % (length - start + 1);
                builder.Remove(start, count);
                model.Remove(start, count);
                break;
            case OpKind.Replace:
                char old = length > 0 && op.B % 2 == 0 ? model[op.A % length] : op.C;
                builder.Replace(old, op.C2);
                model.Replace(old, op.C2);
                break;
            case OpKind.Clear:
                builder.Clear();
                model.Clear();
                break;
            case OpKind.SetLength:
                int newLength = op.A % (length + 50);
                builder.Length = newLength;
                model.Length = newLength;
                break;
            case OpKind.AppendLine:
                builder.AppendLine(op.Text);
                model.AppendLine(op.Text);
                break;
            case OpKind.AppendJoinStrings:
                string?[] parts = { op.Text, null, op.C.ToString(), string.Empty };
                builder.AppendJoin(op.A % 2 == 0 ? ", " : null, parts.AsSpan(0, op.B % 5));
                model.Append(string.Join(op.A % 2 == 0 ? ", " : null, parts.Take(op.B % 5)));
                break;
            case OpKind.AppendJoinInts:
                int[] numbers = Enumerable.Range((int)(op.Number % 1000), op.B % 12).ToArray();
                builder.AppendJoin(op.C, numbers.AsSpan());
                model.Append(string.Join(op.C.ToString(), numbers));
                break;
            case OpKind.AppendInterpolated:
                builder.Append($"[{op.Number}|{op.Text}|{op.Real:F2}|{op.C,3}|{op.A,-5}]");
                model.Append($"[{op.Number}|{op.Text}|{op.Real:F2}|{op.C,3}|{op.A,-5}]");
                break;
            case OpKind.AppendSpanOfLength:
                builder.AppendSpan(op.A % 30).Fill(op.C);
                model.Append(op.C, op.A % 30);
                break;
            case OpKind.SetIndexer:
                if (length > 0)
                {
                    builder[op.A % length] = op.C;
                    model[op.A % length] = op.C;
                }

                break;
            case OpKind.EnsureCapacity:
                int capacity = builder.EnsureCapacity(op.A * 3);
                Assert.True(capacity >= op.A * 3);
                break;
            case OpKind.InsertRepeated:
                builder.Insert(op.A % (length + 1), op.C, op.B % 40);
                model.Insert(op.A % (length + 1), new string(op.C, op.B % 40));
                break;
            case OpKind.ReplaceString:
                string oldText = op.Text.Length > 0 ? op.Text.Substring(0, 1 + (op.A % Math.Min(3, op.Text.Length))) : "a";
                string? newText = op.B % 3 == 0 ? null : op.Text.Substring(op.B % (op.Text.Length + 1));
                builder.Replace(oldText, newText);
                model.Replace(oldText, newText);
                break;
            case OpKind.ReplaceStringInRange:
                int rangeStart = op.A % (length + 1);
                int rangeCount = op.B % (length - rangeStart + 1);
                string oldRangeText = length > 0 ? model.ToString(op.A % length, 1) : "x";
                builder.Replace(oldRangeText, op.Text, rangeStart, rangeCount);
                model.Replace(oldRangeText, op.Text, rangeStart, rangeCount);
                break;
            case OpKind.ReplaceCharInRange:
                int charStart = op.A % (length + 1);
                int charCount = op.B % (length - charStart + 1);
                char oldChar = length > 0 ? model[op.B % length] : op.C;
                builder.Replace(oldChar, op.C2, charStart, charCount);
                model.Replace(oldChar, op.C2, charStart, charCount);
                break;
            case OpKind.AppendObject:
                object? boxed = (op.A % 4) switch { 0 => null, 1 => op.Number, 2 => op.Text, _ => op.Real };
                builder.Append(boxed);
                model.Append(boxed);
                break;
            case OpKind.AppendNullable:
                int? maybe = op.A % 2 == 0 ? null : (int)op.Number;
                builder.Append(maybe, op.B % 2 == 0 ? null : "X4");
                model.Append(maybe?.ToString(op.B % 2 == 0 ? null : "X4"));
                break;
            case OpKind.AppendEnum:
                var colour = (Colour)(op.A % 8);
                builder.Append(colour, op.B % 3 == 0 ? null : op.B % 3 == 1 ? "D" : "X");
                model.Append(colour.ToString(op.B % 3 == 0 ? null : op.B % 3 == 1 ? "D" : "X"));
                break;
            case OpKind.AppendFormat:
                builder.AppendFormat("<{0,5}|{1:F1}|{2,-4:X}>{{}}", op.Text, op.Real, (int)op.Number);
                model.AppendFormat("<{0,5}|{1:F1}|{2,-4:X}>{{}}", op.Text, op.Real, (int)op.Number);
                break;
            case OpKind.AppendLineChar:
                builder.AppendLine(op.C);
                model.Append(op.C).AppendLine();
                break;
            case OpKind.AppendLineValue:
                builder.AppendLine(op.Number, "N0", CultureInfo.InvariantCulture);
                model.AppendLine(op.Number.ToString("N0", CultureInfo.InvariantCulture));
                break;
            case OpKind.AppendJoinEnumerable:
                var items = new List<string?> { op.Text, null, op.C.ToString() }.Take(op.B % 4).ToList();
                builder.AppendJoin(op.C2, items);
                model.Append(string.Join(op.C2.ToString(), items));
                break;
            case OpKind.AppendJoinObjects:
                builder.AppendJoin("; ", op.Number, null, op.Text, op.Real);
                model.Append(string.Join("; ", new object?[] { op.Number, null, op.Text, op.Real }));
                break;
            case OpKind.AppendSelf:
                builder.Append(builder.AsSpan(op.A % (length + 1)));
                model.Append(model.ToString().Substring(op.A % (length + 1)));
                break;
            case OpKind.InsertSelf:
                int selfIndex = op.B % (length + 1);
                builder.Insert(selfIndex, builder.AsSpan(0, op.A % (length + 1)));
                model.Insert(selfIndex, model.ToString().Substring(0, op.A % (length + 1)));
                break;
            default:
                throw new InvalidOperationException(op.Kind.ToString());
        }
    }
}
