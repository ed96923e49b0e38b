using System.Globalization;
using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;
using static FastText.Tests.Building.ValueStringBuilderTestKit;

namespace FastText.Tests.Building;

/// <summary>
/// AppendFormat against string.Format, the naive reference: generated composite formats (escaped braces,
/// indexes, spaces, alignments, format strings, invalid items) over mixed arguments and providers, including a
/// custom formatter; the same text, or both throw FormatException.
/// </summary>
[TrackedPool]
public class ValueStringBuilderAppendFormatTests
{
    private sealed class BracketFormatter : IFormatProvider, ICustomFormatter
    {
        public object? GetFormat(Type? formatType) => formatType == typeof(ICustomFormatter) ? this : null;

        public string Format(string? format, object? arg, IFormatProvider? formatProvider) => $"<{arg}:{format ?? "null"}>";
    }

    private sealed class Point : IFormattable
    {
        public string ToString(string? format, IFormatProvider? formatProvider) =>
            $"P[{format ?? "null"}|{(formatProvider as CultureInfo)?.Name ?? formatProvider?.GetType().Name}]";
    }

    private static readonly IFormatProvider?[] Providers =
    {
        null, CultureInfo.InvariantCulture, CultureInfo.GetCultureInfo("de-DE"), CultureInfo.GetCultureInfo("sv-SE"), new BracketFormatter(),
    };

    private static readonly Gen<string> Literals = Gen.Elements("", "a", "{{", "}}", " ", "x{{y}}z", "é", ",", ":");

    private static readonly Gen<string> Items =
        from index in Gen.Frequency((10, Gen.Choose(0, 3)), (1, Gen.Elements(4, 10, 999999, 1000000)))
        from spaceAfterIndex in Gen.Elements("", "", " ", "  ")
        from alignment in Gen.Frequency((3, Gen.Constant("")), (2, Gen.Choose(-30, 30).Select(a => "," + a)), (1, Gen.Elements(", 5", ",-3 ", ",  -12", ",", ",-", ", x", ",1000000", ",999999")))
        from format in Gen.Frequency(
            (3, Gen.Constant("")),
            (3, Gen.Elements(":D5", ":X", ":x8", ":N2", ":F3", ":G", ":E2", ":0.00", ":#,##0", ":R", ":O", ":yyyy-MM-dd", ":", ":C")),
            (1, Gen.Elements(":{", ":a}b", ":}}")))
        select "{" + index + spaceAfterIndex + alignment + format + "}";

    private static readonly Gen<string> Junk =
        Gen.Choose(0, 12).SelectMany(n => Gen.ArrayOf(Gen.Elements('{', '}', '0', '1', ',', ':', '-', ' ', 'a', '9'), n)).Select(a => new string(a));

    private static readonly Gen<string> Formats = Gen.Frequency(
        (8, Gen.Choose(0, 6).SelectMany(n => Gen.ArrayOf(Gen.Frequency((1, Literals), (1, Items)), n)).Select(parts => string.Concat(parts))),
        (2, Junk));

    private static readonly Gen<object?[]> Arguments =
        from count in Gen.Choose(0, 4)
        from values in Gen.ArrayOf(Gen.Elements<object?>(
            42, -7, int.MinValue, 3.25, -0.5, double.NaN, 1234567.891m, "text", null, 'c', true,
            new DateTime(2024, 2, 29, 13, 5, 9, DateTimeKind.Utc), new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
            DayOfWeek.Friday, (byte)255, 12345678901L, new Point(), TimeSpan.FromMinutes(90.5)), count)
        select values;

    /// <summary>
    /// AppendFormat parses composite formats by the .NET Core 3.0+ rules on every runtime. .NET Framework's and Mono's
    /// string.Format read an escaped "}}" right after an item's format string as part of that format ("{0:a}}}" formats
    /// with "a}"); .NET Core ends the item at the first '}' ("a", then a literal '}'). Where the running runtime parses
    /// the old way, formats that mix item format strings with escaped braces are left out of the comparison.
    /// </summary>
    internal static readonly bool LegacyBracesInItemFormats =
        string.Format(new BracketFormatter(), "{0:a}}}", 1) != Build(0, (ref ValueStringBuilder b) => b.AppendFormat(new BracketFormatter(), "{0:a}}}", new object?[] { 1 }));

    [Fact]
    public void AppendFormat_follows_the_dotnet_core_rules_for_escaped_braces_after_an_item_format()
    {
        Assert.Equal("<1:a>}", Build(0, (ref ValueStringBuilder b) => b.AppendFormat(new BracketFormatter(), "{0:a}}}", new object?[] { 1 })));
    }

    /// <summary>A composite format, its arguments, a provider (an index into <see cref="Providers"/>) and a start buffer.</summary>
    public static class FormatInputs
    {
        public static Arbitrary<(string, object?[], int, int)> Cases()
        {
            Gen<(string, object?[], int, int)> cases =
                from format in Formats
                from args in Arguments
                from provider in Gen.Choose(0, Providers.Length - 1)
                from buffer in Gen.Elements(0, 1, 8, 256)
                select (format, args, provider, buffer);
            return cases.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(FormatInputs)], RunsAtDefault = 600)]
    public void AppendFormat_matches_string_Format((string, object?[], int, int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (format, args, providerIndex, buffer) = input;
            IFormatProvider? provider = Providers[providerIndex];
            if (LegacyBracesInItemFormats && format.Contains(':') && (format.Contains("}}") || format.Contains("{{")))
            {
                return; // the runtime's string.Format is not the reference for these (see LegacyBracesInItemFormats)
            }

            string expected = Outcome(() => string.Format(provider, format, args));
            string actual = Outcome(() => Build(buffer, (ref ValueStringBuilder b) => b.AppendFormat(provider, format, args)));
            Assert.True(expected == actual, $"format \"{format}\" with {args.Length} args, provider {provider}: expected \"{expected}\", got \"{actual}\"");

            if (args.Length is >= 1 and <= 3)
            {
                string generic = Outcome(() => Build(buffer, (ref ValueStringBuilder b) => AppendGeneric(ref b, provider, format, args)));
                Assert.True(expected == generic, $"generic overload, format \"{format}\": expected \"{expected}\", got \"{generic}\"");
            }
        });
    }

    [Fact]
    public void The_provider_less_overloads_use_the_current_culture()
    {
        foreach (CultureInfo culture in Cultures)
        {
            string expected = WithCurrentCulture(culture, () => string.Format("{0:N2}|{1}|{2,8:F1}", 1234.5, -3, 2.25));
            string viaParams = WithCurrentCulture(culture, () => Build(0, (ref ValueStringBuilder b) => b.AppendFormat("{0:N2}|{1}|{2,8:F1}", new object[] { 1234.5, -3, 2.25 })));
            string viaGeneric = WithCurrentCulture(culture, () => Build(0, (ref ValueStringBuilder b) => b.AppendFormat("{0:N2}|{1}|{2,8:F1}", 1234.5, -3, 2.25)));
            Assert.Equal(expected, viaParams);
            Assert.Equal(expected, viaGeneric);
        }
    }

    [Fact]
    public void Null_format_or_arguments_are_rejected_by_name()
    {
        var builder = ValueStringBuilder.StartedForTests(new char[4], TrackedPoolAttribute.Current);
        try
        {
            builder.AppendFormat(null!, 1);
            Assert.Fail("expected ArgumentNullException");
        }
        catch (ArgumentNullException e)
        {
            Assert.Equal("format", e.ParamName);
        }

        try
        {
            builder.AppendFormat("{0}", (object?[])null!);
            Assert.Fail("expected ArgumentNullException");
        }
        catch (ArgumentNullException e)
        {
            Assert.Equal("args", e.ParamName);
        }

        builder.Dispose();
    }

    private static void AppendGeneric(ref ValueStringBuilder builder, IFormatProvider? provider, string format, object?[] args)
    {
        switch (args.Length)
        {
            case 1:
                builder.AppendFormat(provider, format, args[0]);
                break;
            case 2:
                builder.AppendFormat(provider, format, args[0], args[1]);
                break;
            default:
                builder.AppendFormat(provider, format, args[0], args[1], args[2]);
                break;
        }
    }
}
