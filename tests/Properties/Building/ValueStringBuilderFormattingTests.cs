using System.Globalization;
using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;
using static FastText.Tests.Building.ValueStringBuilderTestKit;

namespace FastText.Tests.Building;

/// <summary>
/// Every formatted Append overload writes exactly value.ToString(format, provider), for the formats and cultures
/// that take each target's different paths (in place, or the documented ToString fallback on netstandard2.0).
/// </summary>
[TrackedPool]
public class ValueStringBuilderFormattingTests
{
    private static readonly string?[] IntegerFormats =
        { null, "", "G", "g", "D", "d", "D5", "d12", "D99", "D100", "X", "x", "x8", "X2", "X16", "N0", "N2", "C", "E3", "F1", "P", "0000", "#,##0", "G3", "G0", "B" };

    private static readonly string?[] RealFormats = { null, "", "G", "R", "F2", "E", "N3", "0.00", "G17", "P1", "C" };

    private static readonly string?[] DateFormats =
        { null, "", "O", "o", "R", "r", "s", "u", "G", "g", "d", "D", "yyyy-MM-dd HH:mm:ss.fff", "M", "t", "F" };

    private static readonly string?[] TimeSpanFormats = { null, "", "c", "t", "T", "g", "G", @"hh\:mm\:ss" };

    private static readonly string?[] GuidFormats = { null, "", "D", "d", "N", "n", "B", "b", "P", "p", "X", "x" };

    private static readonly Gen<IFormatProvider?> Providers =
        Gen.Elements(Cultures.Cast<IFormatProvider?>().Append(null).ToArray());

    private static readonly Gen<long> Integers = Gen.Frequency(
        (4, Gen.Choose(-1000, 1000).Select(i => (long)i)),
        (2, Gen.Choose(int.MinValue, int.MaxValue).Select(i => (long)i)),
        (2, Gen.Choose(int.MinValue, int.MaxValue).SelectMany(hi => Gen.Choose(int.MinValue, int.MaxValue).Select(lo => ((long)hi << 32) ^ (uint)lo))),
        (1, Gen.Elements(long.MinValue, long.MaxValue, 0L, -1L, int.MinValue, int.MaxValue, short.MinValue, sbyte.MinValue, 255L)));

    private static Gen<FormatCase> Case<T>(Gen<T> values, string?[] formats, Func<T, string?, IFormatProvider?, string> expected, Func<T, string?, IFormatProvider?, Appender> append) =>
        from value in values
        from format in Gen.Elements(formats)
        from provider in Providers
        select new FormatCase(
            $"{typeof(T).Name} {value} format={format ?? "null"} provider={(provider as CultureInfo)?.Name ?? "null"}",
            () => expected(value, format, provider),
            append(value, format, provider));

    private static readonly Gen<FormatCase> Cases = Gen.OneOf(
        Case(Integers.Select(v => (int)v), IntegerFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers, IntegerFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => (short)v), IntegerFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => (sbyte)v), IntegerFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => (byte)v), IntegerFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => (ushort)v), IntegerFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => (uint)v), IntegerFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => (ulong)v), IntegerFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => (nint)v), IntegerFormats, (v, f, p) => NativeIntegerText.Format(v, f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => (nuint)v), IntegerFormats, (v, f, p) => NativeIntegerText.Format(v, f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => v / 7.3), RealFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Gen.Elements(double.NaN, double.NegativeInfinity, -0.0, double.Epsilon, double.MaxValue, 0.1), RealFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => (float)(v / 3.1)), RealFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => v / 1000m), RealFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(DateTimes, DateFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(DateTimeOffsets, DateFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Integers.Select(v => new TimeSpan(v % TimeSpan.MaxValue.Ticks)), TimeSpanFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)),
        Case(Guids, GuidFormats, (v, f, p) => v.ToString(f, p), (v, f, p) => (ref ValueStringBuilder b) => b.Append(v, f, p)));

    private static Gen<DateTime> DateTimes =>
        from ticks in Integers
        from kind in Gen.Elements(DateTimeKind.Utc, DateTimeKind.Local, DateTimeKind.Unspecified)
        select new DateTime((long)((ulong)ticks % (ulong)DateTime.MaxValue.Ticks), kind);

    private static Gen<DateTimeOffset> DateTimeOffsets =>
        from ticks in Integers
        from offsetMinutes in Gen.Choose(-14 * 60, 14 * 60)
        select new DateTimeOffset((long)((ulong)ticks % (ulong)(DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay)) + TimeSpan.TicksPerDay, TimeSpan.FromMinutes(offsetMinutes));

    private static Gen<Guid> Guids => Gen.ArrayOf(Gen.Choose(0, 255).Select(b => (byte)b), 16).Select(bytes => new Guid(bytes));

    /// <summary><see cref="Cases"/> as an FsCheck arbitrary.</summary>
    public static class FormatCases
    {
        public static Arbitrary<FormatCase> Case() => Cases.ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(FormatCases)], RunsAtDefault = 1500)]
    public void Formatted_appends_equal_ToString_for_every_type_format_and_culture(FormatCase c)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            // A value or format the type rejects must be rejected by the builder too, with the same exception type.
            string expected = Outcome(c.Expected);
            Assert.Equal(expected, Outcome(() => Build(0, c.Append)));
            Assert.Equal(expected, Outcome(() => Build(4, c.Append)));
            Assert.Equal(expected, Outcome(() => Build(128, c.Append)));
        });
    }

    [Fact]
    public void A_null_provider_means_the_current_culture_like_StringBuilder()
    {
        foreach (CultureInfo culture in Cultures)
        {
            var time = new DateTime(2026, 11, 22, 3, 4, 5, 678, DateTimeKind.Utc);
            string expected = WithCurrentCulture(culture, () =>
                new StringBuilder().Append(-12345).Append('|').Append(-1.5).Append('|').Append(time).Append('|').Append(-2.5m).Append('|').Append(-7L).ToString());
            string actual = WithCurrentCulture(culture, () => Build(2, (ref ValueStringBuilder b) =>
            {
                b.Append(-12345);
                b.Append('|');
                b.Append(-1.5);
                b.Append('|');
                b.Append(time);
                b.Append('|');
                b.Append(-2.5m);
                b.Append('|');
                b.Append(-7L);
            }));
            Assert.Equal(expected, actual);
        }
    }

    [Fact]
    public void Bool_appends_True_and_False()
    {
        Assert.Equal("TrueFalse", Build(1, (ref ValueStringBuilder b) =>
        {
            b.Append(true);
            b.Append(false);
        }));
    }

    [Fact]
    public void A_format_the_type_rejects_throws_and_leaves_the_builder_usable()
    {
        var builder = ValueStringBuilder.StartedForTests(new char[4], TrackedPoolAttribute.Current);
        builder.Append("ok");
        try
        {
            builder.Append(5, "Q");
            Assert.Fail("expected FormatException");
        }
        catch (FormatException)
        {
        }

        builder.Append('!');
        Assert.Equal("ok!", builder.ToString());
        builder.Dispose();
    }
}
