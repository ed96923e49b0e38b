using System.Globalization;
using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Every generic AppendFormat overload (1 to 16 arguments, with and without a provider) of both builders, and the
/// one-call ValueStringBuilder.Format and Concat, against the naive references string.Format and string.Concat of
/// the same values boxed: the same text (UTF-8 encoded for the UTF-8 builder), or the same exception with nothing
/// appended. Each arity gets values of sixteen types (FormatRow) with formats that suit them, providers including a
/// custom formatter, and start buffers that are outgrown.
/// </summary>
[TrackedPool]
public partial class BuilderFormatArityTests
{
    private sealed class BracketFormatter : IFormatProvider, ICustomFormatter
    {
        public object? GetFormat(Type? formatType) => formatType == typeof(ICustomFormatter) ? this : null;

        public string Format(string? format, object? arg, IFormatProvider? formatProvider) => $"<{arg}:{format ?? "null"}>";
    }

    private static readonly IFormatProvider?[] Providers =
    {
        null, CultureInfo.InvariantCulture, CultureInfo.GetCultureInfo("de-DE"), CultureInfo.GetCultureInfo("sv-SE"), new BracketFormatter(),
    };

    /// <summary>An arity, a composite format over it, a row of values, a provider (an index into <see cref="Providers"/>), a start buffer.</summary>
    public sealed record FormatCase(int Arity, string Format, FormatRow Row, int Provider, int Buffer)
    {
        public override string ToString() =>
            $"arity {Arity}, format \"{Format}\", provider {Providers[Provider]?.ToString() ?? "null"}, buffer {Buffer}, values {Row}";
    }

    public static class FormatCases
    {
        public static Arbitrary<FormatCase> Cases()
        {
            Gen<FormatCase> cases =
                from arity in Gen.Frequency((3, Gen.Choose(1, 3)), (4, Gen.Choose(4, 16)))
                from format in FormatRow.Formats(arity)
                from row in FormatRow.Rows
                from provider in Gen.Choose(0, Providers.Length - 1)
                from buffer in Gen.Elements(0, 1, 8, 256)
                select new FormatCase(arity, format, row, provider, buffer);
            return cases.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(FormatCases)], RunsAtDefault = 600)]
    public void Generic_AppendFormat_of_every_arity_matches_string_Format(FormatCase input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (arity, format, row, providerIndex, buffer) = input;
            if (ValueStringBuilderAppendFormatTests.LegacyBracesInItemFormats && format.Contains(':') && (format.Contains("}}") || format.Contains("{{")))
            {
                return; // the runtime's string.Format reads "}}" after an item's format the .NET Framework way: not the reference here
            }

            IFormatProvider? provider = Providers[providerIndex];
            object?[] boxed = row.Boxed(arity);

            string expected = Outcome(() => "<" + string.Format(provider, format, boxed) + ">");
            string actual = Outcome(() => Build(buffer, (ref ValueStringBuilder b) =>
            {
                b.Append('<');
                AppendOrKeep(ref b, (ref ValueStringBuilder inner) => FormatArityCalls.AppendFormat(ref inner, provider, format, row, arity));
                b.Append('>');
            }));
            Assert.True(Kept(expected) == actual, $"{input}: expected \"{expected}\", got \"{actual}\"");

            string expectedCurrent = Outcome(() => "<" + string.Format(format, boxed) + ">");
            string current = Outcome(() => Build(buffer, (ref ValueStringBuilder b) =>
            {
                b.Append('<');
                AppendOrKeep(ref b, (ref ValueStringBuilder inner) => FormatArityCalls.AppendFormat(ref inner, format, row, arity));
                b.Append('>');
            }));
            Assert.True(Kept(expectedCurrent) == current, $"{input}, no provider: expected \"{expectedCurrent}\", got \"{current}\"");

            Assert.Equal(Outcome(() => string.Format(provider, format, boxed)), Outcome(() => FormatArityCalls.Format(provider, format, row, arity)));
            Assert.Equal(Outcome(() => string.Format(format, boxed)), Outcome(() => FormatArityCalls.Format(format, row, arity)));

            string expectedUtf8 = Outcome(() => Utf8Text("<" + string.Format(provider, format, boxed) + ">"));
            string actualUtf8 = Outcome(() => Convert.ToBase64String(BuildUtf8(buffer, (ref Utf8ValueStringBuilder b) =>
            {
                b.Append('<');
                try
                {
                    FormatArityCalls.AppendFormat(ref b, provider, format, row, arity);
                }
                catch (FormatException)
                {
                    b.Append('!');
                }

                b.Append('>');
            })));
            Assert.True(KeptUtf8(expectedUtf8) == actualUtf8, $"{input}, UTF-8: expected {expectedUtf8}, got {actualUtf8}");

            string expectedUtf8Current = Outcome(() => Utf8Text("<" + string.Format(format, boxed) + ">"));
            string actualUtf8Current = Outcome(() => Convert.ToBase64String(BuildUtf8(buffer, (ref Utf8ValueStringBuilder b) =>
            {
                b.Append('<');
                try
                {
                    FormatArityCalls.AppendFormat(ref b, format, row, arity);
                }
                catch (FormatException)
                {
                    b.Append('!');
                }

                b.Append('>');
            })));
            Assert.True(KeptUtf8(expectedUtf8Current) == actualUtf8Current, $"{input}, UTF-8, no provider: expected {expectedUtf8Current}, got {actualUtf8Current}");
        });
    }

    /// <summary>Rows and arities for Concat, which takes 2 to 16 values.</summary>
    public static class ConcatCases
    {
        public static Arbitrary<(int, FormatRow)> Cases() =>
            (from arity in Gen.Choose(2, 16) from row in FormatRow.Rows select (arity, row)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(ConcatCases)])]
    public void Concat_of_every_arity_matches_string_Concat((int, FormatRow) input)
    {
        var (arity, row) = input;
        foreach (CultureInfo culture in new[] { CultureInfo.InvariantCulture, CultureInfo.GetCultureInfo("de-DE"), CultureInfo.GetCultureInfo("sv-SE") })
        {
            string expected = ValueStringBuilderTestKit.WithCurrentCulture(culture, () => string.Concat(row.Boxed(arity)));
            string actual = ValueStringBuilderTestKit.WithCurrentCulture(culture, () => FormatArityCalls.Concat(row, arity));
            Assert.True(expected == actual, $"arity {arity}, {culture.Name}, values {row}: expected \"{expected}\", got \"{actual}\"");
        }
    }

    [Fact]
    public void Sixteen_values_of_sixteen_types_format_in_one_call_as_string_Format_does()
    {
        var row = new FormatRow
        {
            V0 = -42,
            V1 = 3.25,
            V2 = "é",
            V3 = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
            V4 = 1.10m,
            V5 = new DateTime(2024, 2, 29, 13, 5, 9, DateTimeKind.Utc),
            V6 = long.MinValue,
            V7 = '\uD83D',
            V8 = true,
            V9 = DayOfWeek.Friday,
            V10 = 7,
            V11 = TimeSpan.FromMinutes(90.5),
            V12 = 255,
            V13 = 0.1f,
            V14 = "\uDE00",
            V15 = new FormatRow.Point(3),
        };
        string format = "{15}{14}{13:F2}{12:X}{11:c}{10,4}{9:D}{8}{7}{6,-22:N0}{5:O}{4:C}{3:N}{2,3}{1:E2}{0:D5}";
        foreach (IFormatProvider? provider in Providers)
        {
            string expected = string.Format(provider, format, row.Boxed(16));
            Assert.Equal(expected, ValueStringBuilder.Format(provider, format, row.V0, row.V1, row.V2, row.V3, row.V4, row.V5, row.V6, row.V7, row.V8, row.V9, row.V10, row.V11, row.V12, row.V13, row.V14, row.V15));
            Assert.Equal(expected, Build(0, (ref ValueStringBuilder b) => b.AppendFormat(provider, format, row.V0, row.V1, row.V2, row.V3, row.V4, row.V5, row.V6, row.V7, row.V8, row.V9, row.V10, row.V11, row.V12, row.V13, row.V14, row.V15)));
            Assert.Equal(Encoding.UTF8.GetBytes(expected), BuildUtf8(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat(provider, format, row.V0, row.V1, row.V2, row.V3, row.V4, row.V5, row.V6, row.V7, row.V8, row.V9, row.V10, row.V11, row.V12, row.V13, row.V14, row.V15)));
        }

        // A null first argument means "no provider" on StringBuilder; the call binds to the provider overload here too.
        Assert.Equal(string.Format(null, "{0}|{1}", 1, 2), Build(0, (ref ValueStringBuilder b) => b.AppendFormat(null, "{0}|{1}", 1, 2)));
        Assert.Equal(string.Format(null, "{0}|{1}", 1, 2), ValueStringBuilder.Format(null, "{0}|{1}", 1, 2));
    }

    [Fact]
    public void A_format_that_refers_past_the_arguments_throws_and_appends_nothing_at_every_arity()
    {
        var row = new FormatRow { V2 = "x", V14 = "y" };
        for (int arity = 1; arity <= 16; arity++)
        {
            int n = arity;
            string format = "a{" + n + "}";
            Assert.Throws<FormatException>(() => ThrowsInside(n, format, row));
            Assert.Throws<FormatException>(() => FormatArityCalls.Format(format, row, n));
            Assert.Throws<FormatException>(() => FormatArityCalls.Format(CultureInfo.InvariantCulture, format, row, n));
            Assert.Equal("format", Assert.Throws<ArgumentNullException>(() => FormatArityCalls.Format(null!, row, n)).ParamName);
        }

        static void ThrowsInside(int arity, string format, FormatRow row)
        {
            var b = ValueStringBuilder.StartedForTests(stackalloc char[4], TrackedPoolAttribute.Current);
            try
            {
                b.Append("keep");
                try
                {
                    FormatArityCalls.AppendFormat(ref b, format, row, arity);
                }
                finally
                {
                    Assert.Equal("keep", b.ToString());
                }
            }
            finally
            {
                b.Dispose();
            }
        }
    }

    private delegate void Utf8Appender(ref Utf8ValueStringBuilder builder);

    /// <summary>Runs an AppendFormat; when it throws FormatException, checks the builder is unchanged and appends '!' instead.</summary>
    private static void AppendOrKeep(ref ValueStringBuilder builder, Appender append)
    {
        int before = builder.Length;
        string text = builder.ToString();
        try
        {
            append(ref builder);
        }
        catch (FormatException)
        {
            Assert.Equal(before, builder.Length);
            Assert.Equal(text, builder.ToString());
            builder.Append('!');
        }
    }

    /// <summary>What a builder holds when string.Format threw: the text around the call and the '!' AppendOrKeep writes.</summary>
    private static string Kept(string expected) => expected.StartsWith("threw", StringComparison.Ordinal) ? "<!>" : expected;

    private static string KeptUtf8(string expected) => expected.StartsWith("threw", StringComparison.Ordinal) ? Convert.ToBase64String(Encoding.UTF8.GetBytes("<!>")) : expected;

    private static string Utf8Text(string text) => Convert.ToBase64String(Encoding.UTF8.GetBytes(text));

    private static string Outcome(Func<string> produce) => ValueStringBuilderTestKit.Outcome(produce);

    private static string Build(int buffer, Appender append) => ValueStringBuilderTestKit.Build(buffer, append);

    private static byte[] BuildUtf8(int initialBuffer, Utf8Appender append)
    {
        var builder = new Utf8ValueStringBuilder(new byte[initialBuffer]);
        try
        {
            append(ref builder);
            return builder.WrittenSpan.ToArray();
        }
        finally
        {
            builder.Dispose();
        }
    }
}
