using System.Globalization;
using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;
using static FastText.Tests.Building.ValueStringBuilderTestKit;

namespace FastText.Tests.Building;

/// <summary>builder.Append($"...") writes what string interpolation writes, on both builds.</summary>
[TrackedPool]
public class ValueStringBuilderInterpolationTests
{
    private sealed class PlainObject
    {
        public override string ToString() => "plain";
    }

    private sealed class OnlyFormattable : IFormattable
    {
        public string ToString(string? format, IFormatProvider? formatProvider) =>
            $"F[{format}|{(formatProvider as CultureInfo)?.Name}]";
    }

    private sealed class BracketFormatter : IFormatProvider, ICustomFormatter
    {
        public object? GetFormat(Type? formatType) => formatType == typeof(ICustomFormatter) ? this : null;

        public string Format(string? format, object? arg, IFormatProvider? formatProvider) => $"<{arg}:{format}>";
    }

    /// <summary>An int, a long, a double, a string of up to 200 chars, a UTC DateTime and a Guid.</summary>
    public static class InterpolationValues
    {
        public static Arbitrary<(int, long, double, string, DateTime, Guid)> Values()
        {
            Gen<(int, long, double, string, DateTime, Guid)> values =
                from i in Gen.Choose(int.MinValue, int.MaxValue)
                from l in Gen.Choose(int.MinValue, int.MaxValue).Select(x => (long)x * 65537)
                from d in Gen.Choose(-100000, 100000).Select(x => x / 64.0)
                from s in Gen.Choose(0, 200).SelectMany(n => Gen.ArrayOf(Gen.Choose(32, 0x3000).Select(c => (char)c), n)).Select(a => new string(a))
                from ticks in Gen.Choose(0, int.MaxValue).Select(x => (long)x * 1_000_000_003L)
                from g in Gen.ArrayOf(Gen.Choose(0, 255).Select(b => (byte)b), 16).Select(b => new Guid(b))
                select (i, l, d, s, new DateTime(ticks, DateTimeKind.Utc), g);
            return values.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(InterpolationValues)], RunsAtDefault = 150)]
    public void Interpolation_matches_string_interpolation_for_generated_values((int, long, double, string, DateTime, Guid) v)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            (int i, long l, double d, string s, DateTime t, Guid g) = v;
            foreach (int initial in new[] { 0, 3, 64, 512 })
            {
                string expected = $"id={i}, l={l:X}, d={d:F3}, s={s}, at {t:O}, g={g}, {i,12}|{s,-4}|{d}|{'c'}|{true}";
                string actual = Build(initial, (ref ValueStringBuilder b) =>
                    b.Append($"id={i}, l={l:X}, d={d:F3}, s={s}, at {t:O}, g={g}, {i,12}|{s,-4}|{d}|{'c'}|{true}"));
                Assert.Equal(expected, actual);
            }
        });
    }

    [Fact]
    public void Holes_of_every_kind_match()
    {
        object? nothing = null;
        string? nullString = null;
        var plain = new PlainObject();
        var formattable = new OnlyFormattable();
        ReadOnlySpan<char> span = "span".AsSpan();
        string expected = $"[{nothing}][{nullString}][{plain}][{formattable:fmt}][{plain,8}][{formattable,-12:x}][{(object)42,5:D3}][{new WideSpanFormattable(300)}][{3.5m}][{(byte)7:X4}]";
        string actual = Build(1, (ref ValueStringBuilder b) =>
            b.Append($"[{nothing}][{nullString}][{plain}][{formattable:fmt}][{plain,8}][{formattable,-12:x}][{(object)42,5:D3}][{new WideSpanFormattable(300)}][{3.5m}][{(byte)7:X4}]"));
        Assert.Equal(expected, actual);

        Assert.Equal("[span][  span][span  ]", Build(0, (ref ValueStringBuilder b) =>
        {
            ReadOnlySpan<char> inner = "span".AsSpan();
            b.Append($"[{inner}][{inner,6}][{inner,-6}]");
        }));
        Assert.Equal(4, span.Length);
    }

    [Fact]
    public void A_provider_formats_every_hole_and_a_custom_formatter_is_honoured()
    {
        var german = CultureInfo.GetCultureInfo("de-DE");
        double d = 1234.5;
        var time = new DateTime(2026, 1, 2, 3, 4, 5, DateTimeKind.Utc);
        Assert.Equal(string.Format(german, "{0:N2} {1} {2}", d, time, -5), Build(0, (ref ValueStringBuilder b) => b.Append(german, $"{d:N2} {time} {-5}")));

        var brackets = new BracketFormatter();
        Assert.Equal(string.Format(brackets, "a{0}b{1:x}", 5, "s"), Build(0, (ref ValueStringBuilder b) => b.Append(brackets, $"a{5}b{"s":x}")));
    }

    [Fact]
    public void Holes_use_the_current_culture_by_default()
    {
        var german = CultureInfo.GetCultureInfo("de-DE");
        double d = -1234.5;
        string expected = WithCurrentCulture(german, () => $"{d} {d:N1}");
        string actual = WithCurrentCulture(german, () => Build(0, (ref ValueStringBuilder b) => b.Append($"{d} {d:N1}")));
        Assert.Equal(expected, actual);
    }

    [Fact]
    public void AppendLine_with_interpolation_adds_the_new_line()
    {
        Assert.Equal("x=1" + Environment.NewLine + "y", Build(0, (ref ValueStringBuilder b) =>
        {
            b.AppendLine($"x={1}");
            b.Append('y');
        }));
    }

    [Fact]
    public void A_builder_passed_by_ref_takes_interpolated_strings()
    {
        Span<char> buffer = stackalloc char[8];
        var builder = ValueStringBuilder.StartedForTests(buffer, TrackedPoolAttribute.Current);
        AppendThrough(ref builder, 1234567);
        AppendThrough(ref builder, -1);
        Assert.Equal("n=1234567;n=-1;", builder.ToString());
        builder.Dispose();

        static void AppendThrough(ref ValueStringBuilder b, int n) => b.Append($"n={n};");
    }
}
