using System.Globalization;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>A Try getter of a row.</summary>
public delegate bool TsvRowTryConversion<T>(TsvRow row, out T value);

/// <summary>
/// Every typed getter against the naive reference "format with ToString(InvariantCulture), parse back, same value",
/// at a random line and column (selected by index or by name), and with a bad byte at every index of the text
/// (the getter throws naming the line, column and header; its Try twin returns false).
/// </summary>
public sealed class TsvParseTypedTests
{
    private static T Edge<T>(Random random, T[] edges, Func<Random, T> random2) =>
        random.Next(5) == 0 ? edges[random.Next(edges.Length)] : random2(random);

    private static long NextInt64(Random random)
    {
        byte[] bytes = new byte[8];
        random.NextBytes(bytes);
        return BitConverter.ToInt64(bytes, 0) >> random.Next(0, 64);
    }

    /// <summary>One case of a round-trip property: the value, line and column come from <paramref name="seed"/>.</summary>
    internal static void RoundTrips<T>(
        int seed,
        Func<Random, T> generate,
        Func<T, string> format,
        TsvRowConversion<T> get,
        TsvRowTryConversion<T> tryGet,
        Func<T, T, bool>? equal = null,
        bool rejectsWhiteSpace = true)
    {
        equal ??= (a, b) => EqualityComparer<T>.Default.Equals(a, b);
        var random = new Random(seed);
        TsvParseSite site = TsvParseSite.FromSeed(seed);
        T value = generate(random);
        string text = format(value);
        T parsed = site.Read(text, get);
        Assert.True(equal(value, parsed), $"'{text}' parsed as {parsed}, expected {value} ({site})");
        (bool ok, T tried) = site.Read(text, row => (tryGet(row, out T v), v));
        Assert.True(ok, $"'{text}' ({site})");
        Assert.True(equal(value, tried));

        byte[] bytes = Encoding.UTF8.GetBytes(text);
        for (int index = 0; index <= bytes.Length; index++)
        {
            byte[] bad = index == bytes.Length ? bytes.Concat(new[] { (byte)'x' }).ToArray() : (byte[])bytes.Clone();
            if (index < bytes.Length)
            {
                bad[index] = (byte)'x';
            }

            site.AssertRejects(bad, get);
            Assert.False(site.Read(bad, row => tryGet(row, out _)), $"'{Encoding.UTF8.GetString(bad)}' accepted ({site})");
        }

        site.AssertRejects(Array.Empty<byte>(), get);
        if (rejectsWhiteSpace)
        {
            site.AssertRejects(new[] { (byte)' ' }.Concat(bytes).ToArray(), get);
        }
        Assert.False(site.Read(Array.Empty<byte>(), row => tryGet(row, out _)));
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Int32_round_trips_and_rejects_a_bad_byte_anywhere(int seed) =>
        RoundTrips(
            seed,
            r => Edge(r, new[] { int.MinValue, int.MaxValue, 0, -1, 1 }, x => x.Next(int.MinValue, int.MaxValue) >> x.Next(0, 32)),
            v => v.ToString(CultureInfo.InvariantCulture),
            row => row.GetInt32(0),
            (TsvRow row, out int v) => row.TryGetInt32(0, out v));

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Int64_round_trips_and_rejects_a_bad_byte_anywhere(int seed) =>
        RoundTrips(
            seed,
            r => Edge(r, new[] { long.MinValue, long.MaxValue, 0L, -1L }, NextInt64),
            v => v.ToString(CultureInfo.InvariantCulture),
            row => row.GetInt64(0),
            (TsvRow row, out long v) => row.TryGetInt64(0, out v));

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Double_round_trips_and_rejects_a_bad_byte_anywhere(int seed) =>
        RoundTrips(
            seed,
            r => Edge(r, new[] { double.MaxValue, double.MinValue, double.Epsilon, 0.0, -1.5, 1e-300, 123456789.125 }, x =>
            {
                while (true)
                {
                    double candidate = x.Next(3) == 0 ? (x.NextDouble() - 0.5) * Math.Pow(10, x.Next(-20, 20)) : BitConverter.Int64BitsToDouble(NextInt64(x) << 1);
                    if (!double.IsNaN(candidate) && !double.IsInfinity(candidate))
                    {
                        return candidate;
                    }
                }
            }),
            RoundTripText,
            row => row.GetDouble(0),
            (TsvRow row, out double v) => row.TryGetDouble(0, out v));

    /// <summary>
    /// A text that parses back to <paramref name="value"/>: "R" (the shortest) on .NET, "G17" on Mono and .NET Framework,
    /// whose "R" does not always round-trip: for a neighbour of the double nearest -7.225167126034E-05 Mono wrote that
    /// text (its own parse missed the difference), and the library, parsing it exactly as .NET does, got the nearest one.
    /// </summary>
    private static string RoundTripText(double value) =>
        value.ToString(typeof(object).Assembly.GetName().Name == "System.Private.CoreLib" ? "R" : "G17", CultureInfo.InvariantCulture);

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Decimal_round_trips_and_rejects_a_bad_byte_anywhere(int seed) =>
        RoundTrips(
            seed,
            r => Edge(r, new[] { decimal.MaxValue, decimal.MinValue, 0m, -0.5m, 0.0000001m }, x =>
                new decimal(x.Next(), x.Next(), x.Next(), x.Next(2) == 0, (byte)x.Next(0, 29))),
            v => v.ToString(CultureInfo.InvariantCulture),
            row => row.GetDecimal(0),
            (TsvRow row, out decimal v) => row.TryGetDecimal(0, out v));

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Boolean_round_trips_and_rejects_a_bad_byte_anywhere(int seed) =>
        RoundTrips(
            seed,
            r => r.Next(2) == 0,
            v => v.ToString(CultureInfo.InvariantCulture),
            row => row.GetBoolean(0),
            (TsvRow row, out bool v) => row.TryGetBoolean(0, out v));

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Guid_round_trips_and_rejects_a_bad_byte_anywhere(int seed) =>
        RoundTrips(
            seed,
            r =>
            {
                byte[] bytes = new byte[16];
                r.NextBytes(bytes);
                return new Guid(bytes);
            },
            v => v.ToString(),
            row => row.GetGuid(0),
            (TsvRow row, out Guid v) => row.TryGetGuid(0, out v));

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void TimeSpan_round_trips_and_rejects_a_bad_byte_anywhere(int seed) =>
        RoundTrips(
            seed,
            r => Edge(r, new[] { TimeSpan.MinValue, TimeSpan.MaxValue, TimeSpan.Zero, TimeSpan.FromTicks(-1) }, x => TimeSpan.FromTicks(NextInt64(x))),
            v => v.ToString(),
            row => row.GetTimeSpan(0),
            (TsvRow row, out TimeSpan v) => row.TryGetTimeSpan(0, out v));

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void DateTime_standard_formats_round_trip_through_utf8parser(int seed)
    {
        foreach (char format in new[] { 'O', 'R', 'G' })
        {
            RoundTrips(
                seed,
                r => new DateTime(r.Next(1, 10000), r.Next(1, 13), r.Next(1, 29), r.Next(24), r.Next(60), r.Next(60), DateTimeKind.Utc).AddTicks(format == 'O' ? r.Next(10_000_000) : 0),
                v => v.ToString(format.ToString(), CultureInfo.InvariantCulture),
                row => row.GetDateTime(0, format),
                (TsvRow row, out DateTime v) => row.TryGetDateTime(0, format, out v),
                (a, b) => a.Ticks == b.Ticks);
        }
    }

    [Fact]
    public void The_getters_name_an_absent_column_and_try_forms_return_false()
    {
        using var reader = new TsvReader(new[] { 0, 3 });
        ReadOnlySpan<byte> input = "a\n1\t2\n"u8;
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Assert.True(reader.TryReadRow(ref input, true, out row));
        Assert.Equal(1, row.GetInt32(0));
        Assert.False(row.TryGetInt32(1, out int missing));
        Assert.Equal(0, missing);
        Assert.False(row.TryGetDateTime(1, out _));
        Assert.False(row.TryGetGuid(1, out _));
        TsvFormatException error = Assert.Throws<TsvFormatException>(() => Read(row => row.GetInt64(1)));
        Assert.Equal(1, error.LineNumber);
        Assert.Equal(3, error.Column);
        Assert.Throws<ArgumentOutOfRangeException>(() => Read(row => row.TryGetInt32(2, out _)));
        Assert.Throws<ArgumentOutOfRangeException>(() => Read(row => row.TryGetDateTime(-1, out _)));

        static T Read<T>(TsvRowConversion<T> convert)
        {
            using var reader = new TsvReader(new[] { 0, 3 });
            ReadOnlySpan<byte> input = "1\t2\n"u8;
            Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
            return convert(row);
        }
    }

    [Fact]
    public void A_long_bad_value_is_shown_truncated_in_the_message()
    {
        var site = new TsvParseSite(1, 0, true);
        string text = new string('7', 100) + "x";
        TsvFormatException error = Assert.Throws<TsvFormatException>(() => site.Read(text, row => row.GetInt64(0)));
        Assert.Contains("'" + new string('7', 64) + "'...", error.Message);
    }
}
