using System.Globalization;
using FsCheck;
using FsCheck.Fluent;

namespace FastText.Tests.Building;

/// <summary>
/// Sixteen values of sixteen types, the arguments FormatArityCalls passes to each generic AppendFormat, Format and
/// Concat overload (the first n of them for arity n): value types that format in place, strings, an enum, a boxed
/// value, and a class of our own that is only <see cref="IFormattable"/>.
/// </summary>
public sealed class FormatRow
{
    public int V0 { get; set; }

    public double V1 { get; set; }

    public string? V2 { get; set; }

    public Guid V3 { get; set; }

    public decimal V4 { get; set; }

    public DateTime V5 { get; set; }

    public long V6 { get; set; }

    public char V7 { get; set; }

    public bool V8 { get; set; }

    public DayOfWeek V9 { get; set; }

    public object? V10 { get; set; }

    public TimeSpan V11 { get; set; }

    public byte V12 { get; set; }

    public float V13 { get; set; }

    public string? V14 { get; set; }

    public Point? V15 { get; set; }

    /// <summary>The first <paramref name="count"/> values boxed, for string.Format's and string.Concat's object overloads.</summary>
    public object?[] Boxed(int count) =>
        new object?[] { V0, V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12, V13, V14, V15 }.Take(count).ToArray();

    /// <summary>Formats that suit the value at <paramref name="index"/> (a wrong one is a FormatException on both sides).</summary>
    public static string[] FormatsFor(int index) => index switch
    {
        0 or 6 or 12 => new[] { "", "D5", "X", "x8", "N2", "G", "E2", "C" },
        1 or 4 or 13 => new[] { "", "F3", "F0", "N2", "E2", "G", "0.00", "#,##0", "C", "P1" },
        3 => new[] { "", "N", "D", "B", "P", "X" },
        5 => new[] { "", "O", "R", "yyyy-MM-dd", "G", "d", "s", "u" },
        9 => new[] { "", "G", "D", "X", "F" },
        11 => new[] { "", "c", "g", @"hh\:mm" },
        _ => new[] { "", "anything" },
    };

    public override string ToString() =>
        string.Join(" | ", Boxed(16).Select(v => v is null ? "null" : Convert.ToString(v, CultureInfo.InvariantCulture) + " (" + v.GetType().Name + ")"));

    /// <summary>An <see cref="IFormattable"/> class whose text shows the format and provider it was given.</summary>
    public sealed class Point : IFormattable
    {
        public Point(int x) => X = x;

        public int X { get; }

        // ToString() is ToString(null, null), as for the runtime's types, so string.Concat and a hole agree.
        public override string ToString() => ToString(null, null);

        public string ToString(string? format, IFormatProvider? formatProvider) =>
            $"P{X}[{format ?? "null"}|{(formatProvider as CultureInfo)?.Name ?? formatProvider?.GetType().Name}]";
    }

    /// <summary>Rows with edge values (extremes, NaN, empty and long strings, non-ASCII text, surrogates).</summary>
    public static Gen<FormatRow> Rows { get; } =
        from v0 in Gen.Elements(0, 1, -1, 42, int.MinValue, int.MaxValue, 255, -4444)
        from v1 in Gen.Elements(0.0, -0.5, 3.25, 1234567.891, double.NaN, double.NegativeInfinity, 1e-300, double.MaxValue, 0.125)
        from v2 in Gen.Elements<string?>(null, "", "text", "héllo", "日本語", "\U0001F600", "\uD83D", new string('w', 300))
        from v3 in Gen.Elements(Guid.Empty, new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"))
        from v4 in Gen.Elements(0m, 1234567.891m, -0.5m, decimal.MaxValue, 1.10m)
        from v5 in Gen.Elements(new DateTime(2024, 2, 29, 13, 5, 9, DateTimeKind.Utc), DateTime.MinValue, new DateTime(1999, 12, 31, 23, 59, 59, 999, DateTimeKind.Local))
        from v6 in Gen.Elements(0L, long.MinValue, long.MaxValue, 12345678901L)
        from v7 in Gen.Elements('c', 'é', '{', '\uD800', ' ')
        from v8 in Gen.Elements(true, false)
        from v9 in Gen.Elements(DayOfWeek.Friday, DayOfWeek.Sunday, (DayOfWeek)42)
        from v10 in Gen.Elements<object?>(null, 7, "boxed", 2.5, DayOfWeek.Monday, 'x', '\uD83D', '\uDE00')
        from v11 in Gen.Elements(TimeSpan.Zero, TimeSpan.FromMinutes(90.5), TimeSpan.MinValue, TimeSpan.FromTicks(-1))
        from v12 in Gen.Elements((byte)0, (byte)255)
        from v13 in Gen.Elements(0f, 1.5f, -3.4e38f, float.NaN, 0.1f)
        from v14 in Gen.Elements<string?>(null, "", "x", "{0}", "é\U0001F600")
        from v15 in Gen.Elements<Point?>(null, new Point(3), new Point(-1))
        select new FormatRow
        {
            V0 = v0,
            V1 = v1,
            V2 = v2,
            V3 = v3,
            V4 = v4,
            V5 = v5,
            V6 = v6,
            V7 = v7,
            V8 = v8,
            V9 = v9,
            V10 = v10,
            V11 = v11,
            V12 = v12,
            V13 = v13,
            V14 = v14,
            V15 = v15,
        };

    /// <summary>
    /// A composite format over <paramref name="arity"/> arguments: literals (escaped braces, non-ASCII), items with
    /// every index (and, rarely, one past the last), alignments and formats that suit the value; sometimes junk.
    /// </summary>
    public static Gen<string> Formats(int arity)
    {
        Gen<string> literal = Gen.Elements("", "a", "{{", "}}", " ", "é", "日本", ",", "|");
        Gen<string> item =
            from index in Gen.Frequency((20, Gen.Choose(0, arity - 1)), (1, Gen.Constant(arity)))
            from alignment in Gen.Frequency((3, Gen.Constant("")), (1, Gen.Choose(-12, 12).Select(a => "," + a)))
            from format in Gen.Frequency((2, Gen.Constant("")), (3, Gen.Elements(FormatsFor(Math.Min(index, 15)))))
            select "{" + index + alignment + (format.Length == 0 ? "" : ":" + format) + "}";
        Gen<string> junk = Gen.Choose(0, 8).SelectMany(n => Gen.ArrayOf(Gen.Elements('{', '}', '0', '1', ',', ':', '-', 'a'), n)).Select(a => new string(a));
        return Gen.Frequency(
            (12, Gen.Choose(1, 2 * arity + 2).SelectMany(n => Gen.ArrayOf(Gen.Frequency((1, literal), (2, item)), n)).Select(parts => string.Concat(parts))),
            (1, junk));
    }
}
