using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// The UTF-8 builder's AppendJoin and AppendFormat against string.Join and string.Format, encoded with
/// Encoding.UTF8: the same bytes, or the same exception. Inputs include non-ASCII text, lone and split surrogates
/// (which the builder pairs across appends as a string would), alignments (counted in chars, not bytes), and long
/// values that outgrow a small start buffer.
/// </summary>
[TrackedPool]
public class Utf8BuilderJoinFormatTests
{
    private delegate void Utf8Appender(ref Utf8ValueStringBuilder builder);

    private sealed class BracketFormatter : IFormatProvider, ICustomFormatter
    {
        public object? GetFormat(Type? formatType) => formatType == typeof(ICustomFormatter) ? this : null;

        public string Format(string? format, object? arg, IFormatProvider? formatProvider) => $"<{arg}:{format ?? "null"}>";
    }

    private static readonly IFormatProvider?[] Providers =
    {
        null, CultureInfo.InvariantCulture, CultureInfo.GetCultureInfo("de-DE"), CultureInfo.GetCultureInfo("sv-SE"), new BracketFormatter(),
    };

    public static class JoinInputs
    {
        public static Arbitrary<(string?, char, string?[], int)> Cases() => BuilderJoinInsertTests.JoinInputs.Cases();
    }

    [FastTextProperty(Arbitrary = [typeof(JoinInputs)])]
    public void AppendJoin_of_strings_matches_string_Join_encoded((string?, char, string?[], int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (separator, charSeparator, values, buffer) = input;
            byte[] expected = Encoding.UTF8.GetBytes("<" + string.Join(separator, values) + ">");
            byte[] expectedChar = Encoding.UTF8.GetBytes("<" + string.Join(charSeparator, values) + ">");
            Assert.Equal(expected, Build(buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(separator, values); b.Append('>'); }));
            Assert.Equal(expected, Build(buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(separator, new ReadOnlySpan<string?>(values)); b.Append('>'); }));
            Assert.Equal(expected, Build(buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(separator, (IEnumerable<string?>)values); b.Append('>'); }));
            Assert.Equal(expected, Build(buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(separator, (object?[])values); b.Append('>'); }));
            Assert.Equal(expectedChar, Build(buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(charSeparator, values); b.Append('>'); }));
            Assert.Equal(expectedChar, Build(buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(charSeparator, new ReadOnlySpan<string?>(values)); b.Append('>'); }));
            Assert.Equal(expectedChar, Build(buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(charSeparator, (IEnumerable<string?>)values); b.Append('>'); }));
            Assert.Equal(expectedChar, Build(buffer, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(charSeparator, (object?[])values); b.Append('>'); }));
        });
    }

    [Fact]
    public void AppendJoin_calls_bind_to_what_string_Join_does_with_the_same_arguments()
    {
        var list = new List<string> { "x", "y", "z" };
        int[] numbers = { 1, -2, 30 };
        double[] reals = { 1.5, -0.25 };
        CultureInfo saved = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("de-DE");
        try
        {
            AssertJoin(string.Join(',', "Foo:"), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', "Foo:"));
            AssertJoin(string.Join(", ", "Foo:"), (ref Utf8ValueStringBuilder b) => b.AppendJoin(", ", "Foo:"));
            AssertJoin(string.Join(',', "a", "b"), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', "a", "b"));
            AssertJoin(string.Join(", ", list), (ref Utf8ValueStringBuilder b) => b.AppendJoin(", ", list));
            AssertJoin(string.Join(',', list), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', list));
            AssertJoin(string.Join(',', numbers), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', numbers));
            AssertJoin(string.Join(';', reals), (ref Utf8ValueStringBuilder b) => b.AppendJoin(';', reals));
            AssertJoin(string.Join(',', 1, "é", null, 2.5), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', 1, "é", null, 2.5));
            AssertJoin(string.Join(',', numbers), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', numbers.AsSpan()));
            AssertJoin(string.Join("", "\uD83D", "\uDE00"), (ref Utf8ValueStringBuilder b) => b.AppendJoin("", "\uD83D", "\uDE00"));
            AssertJoin(string.Join(null, "\uD83D", "\uDE00"), (ref Utf8ValueStringBuilder b) => b.AppendJoin((string?)null, "\uD83D", "\uDE00"));
            AssertJoin(string.Join(",", "\uD83D", "\uDE00"), (ref Utf8ValueStringBuilder b) => b.AppendJoin(",", "\uD83D", "\uDE00"));
        }
        finally
        {
            CultureInfo.CurrentCulture = saved;
        }

        static void AssertJoin(string expected, Utf8Appender append) => Assert.Equal(Encoding.UTF8.GetBytes(expected), Build(0, append));
    }

    [Fact]
    public void A_boxed_char_is_written_as_a_char_lone_surrogates_and_split_pairs_included()
    {
        foreach (object c in new object[] { '\uD83D', '\uDE00', 'é', 'a' })
        {
            string text = "<" + c + ">";
            Assert.Equal(Encoding.UTF8.GetBytes(text), Build(0, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.Append(c); b.Append('>'); }));
            Assert.Equal(Encoding.UTF8.GetBytes(text), Build(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat("<{0}>", new[] { c })));
            Assert.Equal(Encoding.UTF8.GetBytes(text), Build(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat("<{0:X}>", new[] { c })));
            Assert.Equal(Encoding.UTF8.GetBytes(text), Build(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat("<{0}>", c)));
            Assert.Equal(Encoding.UTF8.GetBytes("<" + c + "," + c + ">"), Build(0, (ref Utf8ValueStringBuilder b) => { b.Append('<'); b.AppendJoin(',', c, c); b.Append('>'); }));
        }

        // The two halves of a pair, boxed, in two items or two appends: one 4-byte sequence, as in the string.
        Assert.Equal(Encoding.UTF8.GetBytes("\U0001F600"), Build(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat("{0}{1}", new object[] { '\uD83D', '\uDE00' })));
        Assert.Equal(Encoding.UTF8.GetBytes("\U0001F600"), Build(0, (ref Utf8ValueStringBuilder b) => { b.Append((object)'\uD83D'); b.Append((object)'\uDE00'); }));
    }

    [Fact]
    public void AppendJoin_of_the_builders_own_bytes_joins_a_copy_while_growing()
    {
        var builder = new Utf8ValueStringBuilder(stackalloc byte[8]);
        try
        {
            builder.Append("ABCDEFGH");
            builder.AppendJoin(',', builder.WrittenSpan);
            builder.AppendJoin(", ", builder.WrittenSpan.Slice(0, 3));
            string text = "ABCDEFGH";
            string once = text + string.Join(',', Encoding.UTF8.GetBytes(text));
            string twice = once + string.Join(", ", Encoding.UTF8.GetBytes(once).AsSpan(0, 3).ToArray());
            Assert.Equal(twice, Encoding.UTF8.GetString(builder.WrittenSpan));
        }
        finally
        {
            builder.Dispose();
        }
    }

    private static readonly Gen<string> Literals = Gen.Elements("", "a", "{{", "}}", " ", "é", "日本", "\U0001F600", "\uDE00", ",");

    private static readonly Gen<string> Items =
        from index in Gen.Frequency((10, Gen.Choose(0, 3)), (1, Gen.Elements(4, 1000000)))
        from alignment in Gen.Frequency((3, Gen.Constant("")), (2, Gen.Choose(-12, 12).Select(a => "," + a)), (1, Gen.Elements(", 5", ",-", ", x", ",1000000")))
        from format in Gen.Frequency((3, Gen.Constant("")), (2, Gen.Elements(":D5", ":X", ":N2", ":F3", ":0.00", ":yyyy-MM-dd", ":")), (1, Gen.Elements(":{", ":a}b")))
        select "{" + index + alignment + format + "}";

    private static readonly Gen<string> Junk =
        Gen.Choose(0, 10).SelectMany(n => Gen.ArrayOf(Gen.Elements('{', '}', '0', '1', ',', ':', '-', ' ', 'é'), n)).Select(a => new string(a));

    private static readonly Gen<string> Formats = Gen.Frequency(
        (8, Gen.Choose(0, 6).SelectMany(n => Gen.ArrayOf(Gen.Frequency((1, Literals), (1, Items)), n)).Select(parts => string.Concat(parts))),
        (2, Junk));

    private static readonly Gen<object?[]> Arguments =
        from count in Gen.Choose(0, 4)
        from values in Gen.ArrayOf(Gen.Elements<object?>(
            42, -7, 3.25, 1234567.891m, "text", "héllo", "日本語", "\U0001F600", "\uD83D", "\uDE00", null, 'c', 'é', true,
            new DateTime(2024, 2, 29, 13, 5, 9, DateTimeKind.Utc), new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
            DayOfWeek.Friday, (byte)255, new string('é', 300)), count)
        select values;

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
    public void AppendFormat_matches_string_Format_encoded((string, object?[], int, int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (format, args, providerIndex, buffer) = input;
            IFormatProvider? provider = Providers[providerIndex];
            string expected = Outcome(() => Convert.ToHexString(Encoding.UTF8.GetBytes("<" + string.Format(provider, format, args) + ">")));
            string actual = Outcome(() => Convert.ToHexString(Build(buffer, (ref Utf8ValueStringBuilder b) =>
            {
                b.Append('<');
                b.AppendFormat(provider, format, args);
                b.Append('>');
            })));
            Assert.True(expected == actual, $"format \"{format}\" with {args.Length} args, provider {provider}: expected {expected}, got {actual}");

            // A failed AppendFormat appends nothing: the text before and after it is all there is.
            string kept = Convert.ToHexString(Build(buffer, (ref Utf8ValueStringBuilder b) =>
            {
                b.Append("<\uD83D");
                try
                {
                    b.AppendFormat(provider, format, args);
                }
                catch (FormatException)
                {
                }

                b.Append('>');
            }));
            string keptExpected = Outcome(() => Convert.ToHexString(Encoding.UTF8.GetBytes("<\uD83D" + string.Format(provider, format, args) + ">")));
            Assert.Equal(keptExpected.StartsWith("threw", StringComparison.Ordinal) ? Convert.ToHexString(Encoding.UTF8.GetBytes("<\uD83D>")) : keptExpected, kept);

            if (args.Length is >= 1 and <= 3)
            {
                string generic = Outcome(() => Convert.ToHexString(Build(buffer, (ref Utf8ValueStringBuilder b) =>
                {
                    b.Append('<');
                    AppendGeneric(ref b, provider, format, args);
                    b.Append('>');
                })));
                Assert.True(expected == generic, $"generic overload, format \"{format}\": expected {expected}, got {generic}");
            }
        });
    }

    [Fact]
    public void AppendFormat_aligns_in_chars_not_bytes_and_uses_the_current_culture()
    {
        CultureInfo saved = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("de-DE");
        try
        {
            foreach (string format in new[] { "[{0,6}]", "[{0,-6}]", "{0,4}|{1,-8:N2}|{2,3}", "{{{0}}}", "{0:X4}{1}{2:F1}" })
            {
                string expected = string.Format(format, "é\U0001F600", 1234.5, 'ü');
                Assert.Equal(Encoding.UTF8.GetBytes(expected), Build(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat(format, "é\U0001F600", 1234.5, 'ü')));
                Assert.Equal(Encoding.UTF8.GetBytes(expected), Build(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat(format, new object[] { "é\U0001F600", 1234.5, 'ü' })));
            }

            Assert.Equal(Encoding.UTF8.GetBytes(string.Format("{0,3}", "日本")), Build(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat("{0,3}", "日本")));
            Assert.Equal(Encoding.UTF8.GetBytes(string.Format("{0}", 7)), Build(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat("{0}", 7)));
            Assert.Equal(Encoding.UTF8.GetBytes(string.Format("{0}{1}", 7, "x")), Build(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat("{0}{1}", 7, "x")));
        }
        finally
        {
            CultureInfo.CurrentCulture = saved;
        }
    }

    [Fact]
    public void AppendFormat_and_AppendJoin_over_an_IBufferWriter_write_the_same_bytes()
    {
        var writer = new System.Buffers.ArrayBufferWriter<byte>(1);
        string longText = new string('é', 700);
        var builder = new Utf8ValueStringBuilder(writer);
        try
        {
            builder.AppendFormat(CultureInfo.InvariantCulture, "[{0,-8}|{1,704}|{2:X4}]", "日本", longText, 255);
            builder.AppendJoin(", ", "a", null, "\U0001F600");
            builder.Append("\uD83D");
            // Nothing was handed to the writer since the high surrogate: a failing format appends nothing, and the
            // pair still completes afterwards.
            bool threw = false;
            try
            {
                builder.AppendFormat("\uDE00{0}{1}", 1);
            }
            catch (FormatException)
            {
                threw = true;
            }

            Assert.True(threw);
            builder.Append("\uDE00");
        }
        finally
        {
            builder.Dispose();
        }

        string expected = string.Format(CultureInfo.InvariantCulture, "[{0,-8}|{1,704}|{2:X4}]", "日本", longText, 255) + "a, , \U0001F600" + "\U0001F600";
        Assert.Equal(Encoding.UTF8.GetBytes(expected), writer.WrittenSpan.ToArray());
    }

    [Fact]
    public void AppendFormat_rejects_null_format_and_arguments_by_name()
    {
        Assert.Equal("format", ParamOf((ref Utf8ValueStringBuilder b) => b.AppendFormat(null!, 1)));
        Assert.Equal("format", ParamOf((ref Utf8ValueStringBuilder b) => b.AppendFormat(null!, new object[] { 1 })));
        Assert.Equal("args", ParamOf((ref Utf8ValueStringBuilder b) => b.AppendFormat("{0}", (object?[])null!)));
        Assert.Equal("values", ParamOf((ref Utf8ValueStringBuilder b) => b.AppendJoin(',', (string?[])null!)));
        Assert.Equal("values", ParamOf((ref Utf8ValueStringBuilder b) => b.AppendJoin(",", (IEnumerable<int>)null!)));

        static string? ParamOf(Utf8Appender append)
        {
            try
            {
                Build(0, append);
                return null;
            }
            catch (ArgumentNullException e)
            {
                return e.ParamName;
            }
        }
    }

    private static void AppendGeneric(ref Utf8ValueStringBuilder builder, IFormatProvider? provider, string format, object?[] args)
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

    private static string Outcome(Func<string> produce)
    {
        try
        {
            return produce();
        }
        catch (Exception e) when (e is FormatException or ArgumentException)
        {
            return "threw " + e.GetType().Name;
        }
    }

    private static byte[] Build(int initialBuffer, Utf8Appender append)
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
