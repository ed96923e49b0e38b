using System.Globalization;
using FastText;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// Parse&lt;T&gt; and ParseChars&lt;T&gt; with the invariant culture take the plain shapes of the common types
/// themselves (TsvPlainParse); their reference is the type's own parser, <c>T.TryParse(text, InvariantCulture)</c>.
/// For every type and every text: the library's fast step either declines or gives exactly the type's value (bits
/// for floating point, scale for decimal, kind for DateTime, offset for DateTimeOffset), and the whole call accepts
/// and returns exactly what the type's parser does. The texts start as the type's own formatting of an edge or
/// random value, then get a mutation: a sign, leading zeros, white space, a trailing point or exponent, a case
/// change, a zone, or a stray byte at any index.
/// </summary>
public sealed class TsvPlainParseTests
{
    /// <summary>A seed for the value and its mutation.</summary>
    public static class Cases
    {
        public static Arbitrary<int> Seed() => Gen.Choose(0, int.MaxValue).ToArbitrary();
    }

    private static readonly string[] Strays = [" ", "+", "-", ".", "e", "E", "0", "x", ",", ":", "T", "Z", "\u00A0"];

    private static string Mutate(Random random, string text) => random.Next(10) switch
    {
        0 => text,
        1 => text,
        2 => "+" + text,
        3 => "-" + text,
        4 => new string('0', random.Next(1, 4)) + text,
        5 => random.Next(2) == 0 ? " " + text : text + " ",
        6 => text + (random.Next(2) == 0 ? "." : "e" + random.Next(-30, 30).ToString(CultureInfo.InvariantCulture)),
        7 => random.Next(2) == 0 ? text.ToUpperInvariant() : text.ToLowerInvariant(),
        8 => text + Strays[random.Next(Strays.Length)],
        _ => text.Length == 0 ? text : text.Remove(random.Next(text.Length), 1).Insert(random.Next(text.Length), Strays[random.Next(Strays.Length)]),
    };

    private static long NextInt64(Random random) => random.NextInt64(long.MinValue, long.MaxValue) >> random.Next(64);

    [FastTextProperty(Arbitrary = [typeof(Cases)], RunsAtDefault = 1000)]
    public void Integers_parse_as_their_types_do(int seed)
    {
        var random = new Random(seed);
        long any = NextInt64(random);
        Utf8Agrees<int>(Mutate(random, ((int)any).ToString(CultureInfo.InvariantCulture)), (a, b) => a == b);
        Utf8Agrees<long>(Mutate(random, any.ToString(CultureInfo.InvariantCulture)), (a, b) => a == b);
        Utf8Agrees<short>(Mutate(random, ((short)any).ToString(CultureInfo.InvariantCulture)), (a, b) => a == b);
        Utf8Agrees<sbyte>(Mutate(random, ((sbyte)any).ToString(CultureInfo.InvariantCulture)), (a, b) => a == b);
        Utf8Agrees<byte>(Mutate(random, ((byte)any).ToString(CultureInfo.InvariantCulture)), (a, b) => a == b);
        Utf8Agrees<ushort>(Mutate(random, ((ushort)any).ToString(CultureInfo.InvariantCulture)), (a, b) => a == b);
        Utf8Agrees<uint>(Mutate(random, ((uint)any).ToString(CultureInfo.InvariantCulture)), (a, b) => a == b);
        Utf8Agrees<ulong>(Mutate(random, ((ulong)any).ToString(CultureInfo.InvariantCulture)), (a, b) => a == b);
        string edge = random.Next(12) switch
        {
            0 => "2147483647", 1 => "2147483648", 2 => "-2147483649", 3 => "9223372036854775807", 4 => "9223372036854775808",
            5 => "18446744073709551615", 6 => "18446744073709551616", 7 => "255", 8 => "256", 9 => "-128", 10 => "65536", _ => "-0",
        };
        Utf8Agrees<int>(edge, (a, b) => a == b);
        Utf8Agrees<long>(edge, (a, b) => a == b);
        Utf8Agrees<ulong>(edge, (a, b) => a == b);
        Utf8Agrees<byte>(edge, (a, b) => a == b);
        Utf8Agrees<sbyte>(edge, (a, b) => a == b);
        Utf8Agrees<ushort>(edge, (a, b) => a == b);
        Utf8Agrees<uint>(edge, (a, b) => a == b);
        Utf8Agrees<short>(edge, (a, b) => a == b);
    }

    [FastTextProperty(Arbitrary = [typeof(Cases)], RunsAtDefault = 1000)]
    public void Floating_point_and_decimals_parse_as_their_types_do(int seed)
    {
        var random = new Random(seed);
        double value = random.Next(3) == 0
            ? BitConverter.Int64BitsToDouble(random.NextInt64())
            : (random.NextDouble() - 0.5) * Math.Pow(10, random.Next(-40, 40));
        string[] formats = ["R", "G17", "E3", "F2", "F0", "G9"];
        string text = Mutate(random, value.ToString(formats[random.Next(formats.Length)], CultureInfo.InvariantCulture));
        Utf8Agrees<double>(text, (a, b) => BitConverter.DoubleToInt64Bits(a) == BitConverter.DoubleToInt64Bits(b));
        Utf8Agrees<float>(text, (a, b) => BitConverter.SingleToInt32Bits(a) == BitConverter.SingleToInt32Bits(b));
        decimal money = new(random.Next(), random.Next(3) == 0 ? random.Next() : 0, 0, random.Next(2) == 0, (byte)random.Next(0, 12));
        Utf8Agrees<decimal>(Mutate(random, money.ToString(CultureInfo.InvariantCulture)), SameDecimal);
        Utf8Agrees<decimal>(text, SameDecimal);
    }

    [FastTextProperty(Arbitrary = [typeof(Cases)], RunsAtDefault = 1000)]
    public void Dates_times_guids_and_booleans_parse_as_their_types_do(int seed)
    {
        var random = new Random(seed);
        var date = new DateTime(random.NextInt64(DateTime.MaxValue.Ticks + 1), DateTimeKind.Unspecified);
        string[] dateFormats = ["yyyy-MM-dd", "yyyy-MM-ddTHH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-ddTHH:mm:ss.fffffff", "yyyy-MM-ddTHH:mm:ss.fff", "O", "yyyy-MM-ddTHH:mm:ssZ", "yyyy-MM-ddTHH:mm:sszzz"];
        string dateText = date.ToString(dateFormats[random.Next(dateFormats.Length)], CultureInfo.InvariantCulture);
        if (random.Next(4) == 0)
        {
            dateText += random.Next(3) switch { 0 => "Z", 1 => "+05:30", _ => "-14:00" };
        }

        dateText = Mutate(random, dateText);
        CharsAgree<DateTime>(dateText, (a, b) => a.Ticks == b.Ticks && a.Kind == b.Kind);
        CharsAgree<DateTimeOffset>(dateText, (a, b) => a.Ticks == b.Ticks && a.Offset == b.Offset);
        CharsAgree<DateOnly>(Mutate(random, DateOnly.FromDateTime(date).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)), (a, b) => a == b);
        string[] timeFormats = ["HH:mm", "HH:mm:ss", "HH:mm:ss.fffffff", "HH:mm:ss.f", "h:mm tt"];
        CharsAgree<TimeOnly>(Mutate(random, TimeOnly.FromDateTime(date).ToString(timeFormats[random.Next(timeFormats.Length)], CultureInfo.InvariantCulture)), (a, b) => a == b);
        var guid = new Guid(Enumerable.Range(0, 16).Select(_ => (byte)random.Next(256)).ToArray());
        CharsAgree<Guid>(Mutate(random, guid.ToString(random.Next(3) switch { 0 => "D", 1 => "N", _ => "B" }, CultureInfo.InvariantCulture)), (a, b) => a == b);
        CharsAgree<bool>(Mutate(random, random.Next(3) switch { 0 => "True", 1 => "false", _ => "fAlSe" }), (a, b) => a == b);
        CharsAgree<double>(Mutate(random, (random.NextDouble() * 1000).ToString("R", CultureInfo.InvariantCulture)), (a, b) => BitConverter.DoubleToInt64Bits(a) == BitConverter.DoubleToInt64Bits(b));
    }

    [Fact]
    public void Several_columns_parse_into_one_span_and_a_bad_one_names_its_column()
    {
        byte[] line = Encoding.ASCII.GetBytes("1.5\t2.25\t-3\t4e2\tx\n");
        using var reader = new TsvReader([0, 1, 2, 3, 4]);
        ReadOnlySpan<byte> input = line;
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Span<float> floats = stackalloc float[4];
        row.Parse(0, floats);
        Assert.Equal([1.5f, 2.25f, -3f, 400f], floats.ToArray());
        Span<double> picked = stackalloc double[2];
        row.Parse([3, 1], picked);
        Assert.Equal([400.0, 2.25], picked.ToArray());
        float[] partial = new float[5];
        try
        {
            row.Parse<float>(0, partial);
            Assert.Fail("column 4 is not a float");
        }
        catch (TsvFormatException error)
        {
            Assert.Equal(4, error.Column);
        }

        Assert.Equal([1.5f, 2.25f, -3f, 400f, 0f], partial);
        try
        {
            row.Parse<float>(-1, floats);
            Assert.Fail("a negative column");
        }
        catch (ArgumentOutOfRangeException error)
        {
            Assert.Equal("firstColumn", error.ParamName);
        }

        try
        {
            row.Parse<float>([0, 1], floats);
            Assert.Fail("lengths differ");
        }
        catch (ArgumentException error)
        {
            Assert.Equal("values", error.ParamName);
        }
    }

    private static bool SameDecimal(decimal a, decimal b) => decimal.GetBits(a).AsSpan().SequenceEqual(decimal.GetBits(b));

    private static void Utf8Agrees<T>(string text, Func<T, T, bool> same)
        where T : IUtf8SpanParsable<T>, ISpanParsable<T>
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        bool expectedOk = T.TryParse(utf8, CultureInfo.InvariantCulture, out T? expected);
        if (TsvPlainParse.TryParse(utf8, out T plain))
        {
            Assert.True(expectedOk && same(expected!, plain), $"{typeof(T).Name} '{text}': the library's plain step gave {plain}, the type's parser {(expectedOk ? expected : "nothing")}");
        }

        var site = new TsvParseSite(1, 0, false);
        (bool ok, T? value) = site.Read(utf8, row => (row.TryParse(0, out T? v), v));
        Assert.True(ok == expectedOk && (!ok || same(expected!, value!)), $"{typeof(T).Name} '{text}': TryParse gave {ok} {value}, the type's parser {expectedOk} {expected}");
        CharsAgree(text, same);
    }

    private static void CharsAgree<T>(string text, Func<T, T, bool> same)
        where T : ISpanParsable<T>
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        bool expectedOk = T.TryParse(text.AsSpan(), CultureInfo.InvariantCulture, out T? expected);
        if (TsvPlainParse.TryParse(utf8, out T plain))
        {
            Assert.True(expectedOk && same(expected!, plain), $"{typeof(T).Name} '{text}': the library's plain step gave {plain}, the type's parser {(expectedOk ? expected : "nothing")}");
        }

        var site = new TsvParseSite(0, 1, true);
        (bool ok, T? value) = site.Read(utf8, row => (row.TryParseChars(0, out T? v), v));
        Assert.True(ok == expectedOk && (!ok || same(expected!, value!)), $"{typeof(T).Name} '{text}': TryParseChars gave {ok} {value}, the type's parser {expectedOk} {expected}");
    }
}
