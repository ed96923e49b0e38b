using System.Buffers.Text;
using System.Globalization;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// TsvRow's integer getters (GetInt32 ... GetUInt64 and their TryGet twins) on whole lines whose columns are
/// integer-looking fields among other fields, so the windowed read (which loads a column's neighbours) meets every
/// place a column can take: the line's first and last field, lines shorter and longer than 16 bytes, fields of 0 to
/// 22 digits with any sign or a bad byte, the selection in file order or sparse. Each getter against its reference,
/// Utf8Parser with the whole column consumed (and TsvFormatException exactly where that rejects).
/// </summary>
public partial class TsvRowWindowedColumnTests
{
    /// <summary>A line of integer-looking and other fields, and a selection of its columns, from a seed.</summary>
    public sealed record IntegerLine(byte[][] Fields, int[] Selection)
    {
        public byte[] Bytes => Fields.SelectMany((f, i) => i == 0 ? f : new[] { (byte)'\t' }.Concat(f)).Concat(new[] { (byte)'\n' }).ToArray();

        public override string ToString() =>
            $"selection [{string.Join(", ", Selection)}], line '{string.Concat(Bytes.Select(b => b switch { (byte)'\t' => "\\t", (byte)'\n' => "\\n", _ => ((char)b).ToString() }))}'";

        public static IntegerLine FromSeed(int seed)
        {
            var random = new Random(seed);
            byte[][] fields = new byte[random.Next(1, 8)][];
            for (int i = 0; i < fields.Length; i++)
            {
                fields[i] = Field(random);
            }

            // A line of one empty field is an empty line, which the reader skips.
            if (fields.Length == 1 && fields[0].Length == 0)
            {
                fields[0] = "0"u8.ToArray();
            }

            int[] selection = random.Next(2) == 0
                ? Enumerable.Range(0, fields.Length).ToArray()
                : Enumerable.Range(0, fields.Length).Where(_ => random.Next(2) == 0).DefaultIfEmpty(fields.Length - 1).ToArray();
            return new IntegerLine(fields, selection);
        }

        private static byte[] Field(Random random)
        {
            if (random.Next(6) == 0)
            {
                return Encoding.ASCII.GetBytes(new string('x', random.Next(0, 30)));
            }

            string sign = new[] { "", "", "", "-", "+" }[random.Next(5)];
            int count = random.Next(10) == 0 ? random.Next(17, 23) : random.Next(0, 17);
            byte[] text = Encoding.ASCII.GetBytes(sign + new string(Enumerable.Range(0, count).Select(_ => (char)('0' + random.Next(10))).ToArray()));
            if (text.Length > 0 && random.Next(4) == 0)
            {
                // A point anywhere: a byte the integer types reject.
                int at = random.Next(text.Length + 1);
                text = text.Take(at).Concat(new[] { (byte)'.' }).Concat(text.Skip(at)).ToArray();
            }

            if (text.Length > 0 && random.Next(5) == 0)
            {
                text[random.Next(text.Length)] = "/: .a-"u8[random.Next(6)];
            }

            return text;
        }
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 1000)]
    public void Every_integer_getter_matches_Utf8Parser_on_every_column(int seed)
    {
        IntegerLine line = IntegerLine.FromSeed(seed);
        ForEachColumn(line, (TsvRow row, int column, byte[] field, string shown) =>
        {
            AssertGetter(row, column, field, shown, (TsvRow r, int c) => r.GetInt32(c), (TsvRow r, int c, out int v) => r.TryGetInt32(c, out v), (byte[] f, out int v, out int n) => Utf8Parser.TryParse(f, out v, out n));
            AssertGetter(row, column, field, shown, (TsvRow r, int c) => r.GetInt64(c), (TsvRow r, int c, out long v) => r.TryGetInt64(c, out v), (byte[] f, out long v, out int n) => Utf8Parser.TryParse(f, out v, out n));
            AssertGetter(row, column, field, shown, (TsvRow r, int c) => r.GetInt16(c), (TsvRow r, int c, out short v) => r.TryGetInt16(c, out v), (byte[] f, out short v, out int n) => Utf8Parser.TryParse(f, out v, out n));
            AssertGetter(row, column, field, shown, (TsvRow r, int c) => r.GetSByte(c), (TsvRow r, int c, out sbyte v) => r.TryGetSByte(c, out v), (byte[] f, out sbyte v, out int n) => Utf8Parser.TryParse(f, out v, out n));
            AssertGetter(row, column, field, shown, (TsvRow r, int c) => r.GetUInt64(c), (TsvRow r, int c, out ulong v) => r.TryGetUInt64(c, out v), (byte[] f, out ulong v, out int n) => Utf8Parser.TryParse(f, out v, out n));
            AssertGetter(row, column, field, shown, (TsvRow r, int c) => r.GetUInt32(c), (TsvRow r, int c, out uint v) => r.TryGetUInt32(c, out v), (byte[] f, out uint v, out int n) => Utf8Parser.TryParse(f, out v, out n));
            AssertGetter(row, column, field, shown, (TsvRow r, int c) => r.GetUInt16(c), (TsvRow r, int c, out ushort v) => r.TryGetUInt16(c, out v), (byte[] f, out ushort v, out int n) => Utf8Parser.TryParse(f, out v, out n));
            AssertGetter(row, column, field, shown, (TsvRow r, int c) => r.GetByte(c), (TsvRow r, int c, out byte v) => r.TryGetByte(c, out v), (byte[] f, out byte v, out int n) => Utf8Parser.TryParse(f, out v, out n));
        });
    }

    private delegate void ColumnCheck(TsvRow row, int column, byte[] field, string shown);

    private delegate T Getter<T>(TsvRow row, int column);

    private delegate bool TryGetter<T>(TsvRow row, int column, out T value);

    private delegate bool Utf8Parse<T>(byte[] field, out T value, out int consumed);

    /// <summary>Reads <paramref name="line"/> with its selection and checks every selected column (the field the selection names).</summary>
    private static void ForEachColumn(IntegerLine line, ColumnCheck check)
    {
        using var reader = new TsvReader(line.Selection);
        ReadOnlySpan<byte> input = line.Bytes;
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row), line.ToString());
        for (int column = 0; column < line.Selection.Length; column++)
        {
            check(row, column, line.Fields[line.Selection[column]], $"{line}, column {column}");
        }
    }

    private static void AssertGetter<T>(TsvRow row, int column, byte[] field, string shown, Getter<T> get, TryGetter<T> tryGet, Utf8Parse<T> reference)
        where T : struct
    {
        bool expected = reference(field, out T expectedValue, out int consumed) && consumed == field.Length;
        bool tried = tryGet(row, column, out T value);
        Assert.True(tried == expected && EqualityComparer<T>.Default.Equals(value, expected ? expectedValue : default), $"TryGet{typeof(T).Name}, {shown}: {tried} {value}, Utf8Parser {expected} {expectedValue}");
        if (expected)
        {
            T got = get(row, column);
            Assert.True(EqualityComparer<T>.Default.Equals(got, expectedValue), $"Get{typeof(T).Name}, {shown}: {got}, Utf8Parser {expectedValue}");
        }
        else
        {
            // TsvRow is a ref struct: no lambda for Assert.Throws can hold it.
            bool threw = false;
            try
            {
                get(row, column);
            }
            catch (TsvFormatException)
            {
                threw = true;
            }

            Assert.True(threw, $"Get{typeof(T).Name}, {shown}: no TsvFormatException where Utf8Parser rejects");
        }
    }
}
