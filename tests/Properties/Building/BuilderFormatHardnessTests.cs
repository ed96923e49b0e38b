using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Formatting corners of both builders that the model tests do not reach: an <see cref="ICustomFormatter"/> that
/// returns null (string.Format and StringBuilder.AppendFormat then format the argument as if there were no custom
/// formatter; the runtime's interpolated string handler appends nothing), and UTF-8 alignment of a hole that completes
/// a pending high surrogate (the output is Encoding.UTF8.GetBytes of the string the char builder builds).
/// </summary>
public class BuilderFormatHardnessTests
{
    /// <summary>A custom formatter that declines every item.</summary>
    private sealed class NullFormatter : IFormatProvider, ICustomFormatter
    {
        public object? GetFormat(Type? formatType) => formatType == typeof(ICustomFormatter) ? this : null;

        public string Format(string? format, object? arg, IFormatProvider? formatProvider) => null!;
    }

    /// <summary>A custom formatter that takes strings and items formatted "B", and declines everything else.</summary>
    private sealed class PickyFormatter : IFormatProvider, ICustomFormatter
    {
        public object? GetFormat(Type? formatType) => formatType == typeof(ICustomFormatter) ? this : null;

        public string Format(string? format, object? arg, IFormatProvider? formatProvider) =>
            arg is string || format == "B" ? $"<{arg}|{format ?? "null"}>" : null!;
    }

    /// <summary>A provider that offers a custom formatter only on its first request (a misbehaving provider).</summary>
    private sealed class FickleProvider : IFormatProvider, ICustomFormatter
    {
        private int _asked;

        public object? GetFormat(Type? formatType) =>
            formatType == typeof(ICustomFormatter) && _asked++ == 0 ? this : null;

        public string Format(string? format, object? arg, IFormatProvider? formatProvider) => "custom";
    }

    /// <summary>An IFormattable that is not span-formattable: the fallback goes through ToString(format, provider).</summary>
    private sealed class Point : IFormattable
    {
        public string ToString(string? format, IFormatProvider? formatProvider) =>
            $"P[{format ?? "null"}|{(formatProvider as CultureInfo)?.Name ?? formatProvider?.GetType().Name ?? "none"}]";
    }

    private sealed class Plain
    {
        public override string ToString() => "plain";
    }

    private static readonly string[] CompositeFormats =
    {
        "a{0}b{1:X}c{2,5}d",
        "{0,-6:X4}|{1,8:F2}|{2,-4}|{2}",
        "{2:B}{0:B}{1,-9:B}.",
        "[{0,3}][{1,-3}][{2,0}]",
        "{1:E2}{0:D6}{2,7:ignored}",
    };

    public static TheoryData<string, int> FormatCases()
    {
        var data = new TheoryData<string, int>();
        foreach (string format in CompositeFormats)
        {
            for (int args = 0; args < 4; args++)
            {
                data.Add(format, args);
            }
        }

        return data;
    }

    private static object?[] Arguments(int set) => set switch
    {
        0 => new object?[] { 42, 255, "s" },
        1 => new object?[] { -7, 3.25, new Point() },
        2 => new object?[] { new Point(), 1234.5m, null },
        _ => new object?[] { new Plain(), new DateTime(2024, 2, 29, 13, 5, 9, DateTimeKind.Utc), '\u00e9' },
    };

    private static readonly IFormatProvider[] DecliningProviders = { new NullFormatter(), new PickyFormatter() };

    /// <summary>string.Format's text, or null when it throws FormatException (a format the fallback rejects).</summary>
    private static string? FormatOrNull(IFormatProvider provider, string format, object?[] args)
    {
        try
        {
            string text = string.Format(provider, format, args);
            Assert.Equal(text, new StringBuilder().AppendFormat(provider, format, args).ToString());
            return text;
        }
        catch (FormatException)
        {
            Assert.Throws<FormatException>(() => new StringBuilder().AppendFormat(provider, format, args));
            return null;
        }
    }

    [Theory]
    [MemberData(nameof(FormatCases))]
    public void Char_builder_AppendFormat_falls_back_like_string_Format_when_the_custom_formatter_returns_null(string format, int set)
    {
        object?[] args = Arguments(set);
        foreach (IFormatProvider provider in DecliningProviders)
        {
            string? expected = FormatOrNull(provider, format, args);
            var builder = new ValueStringBuilder(new char[4]);
            try
            {
                builder.Append("<");
                for (int overload = 0; overload < 2; overload++)
                {
                    builder.Length = 1;
                    try
                    {
                        if (overload == 0)
                        {
                            builder.AppendFormat(provider, format, args);
                        }
                        else
                        {
                            builder.AppendFormat(provider, format, args[0], args[1], args[2]);
                        }

                        Assert.True(expected is not null, "string.Format threw FormatException; the builder did not");
                        Assert.Equal("<" + expected, builder.ToString());
                    }
                    catch (FormatException) when (expected is null)
                    {
                        Assert.Equal("<", builder.ToString());
                    }
                }
            }
            finally
            {
                builder.Dispose();
            }
        }
    }

    [Theory]
    [MemberData(nameof(FormatCases))]
    public void Utf8_builder_AppendFormat_falls_back_like_string_Format_when_the_custom_formatter_returns_null(string format, int set)
    {
        object?[] args = Arguments(set);
        foreach (IFormatProvider provider in DecliningProviders)
        {
            string? expected = FormatOrNull(provider, format, args);
            for (int overload = 0; overload < 2; overload++)
            {
                var builder = new Utf8ValueStringBuilder(new byte[4]);
                try
                {
                    builder.Append("<");
                    if (overload == 0)
                    {
                        builder.AppendFormat(provider, format, args);
                    }
                    else
                    {
                        builder.AppendFormat(provider, format, args[0], args[1], args[2]);
                    }

                    Assert.True(expected is not null, "string.Format threw FormatException; the builder did not");
                    Assert.Equal(Encoding.UTF8.GetBytes("<" + expected), builder.WrittenSpan.ToArray());
                }
                catch (FormatException) when (expected is null)
                {
                    Assert.Equal(new byte[] { (byte)'<' }, builder.WrittenSpan.ToArray());
                }
                finally
                {
                    builder.Dispose();
                }
            }
        }
    }

    [Fact]
    public void Generic_arities_fall_back_with_value_types_unboxed_until_the_formatter_needs_them()
    {
        foreach (IFormatProvider provider in DecliningProviders)
        {
            var chars = new ValueStringBuilder(new char[8]);
            var bytes = new Utf8ValueStringBuilder(new byte[8]);
            try
            {
                chars.AppendFormat(provider, "{0,5:X}|", 255);
                chars.AppendFormat(provider, "{0:D4}{1,-4}|", 7, 1.5);
                chars.AppendFormat(provider, "{0}{1:N1}{2,3}", 1L, 2.25m, 'z');
                bytes.AppendFormat(provider, "{0,5:X}|", 255);
                bytes.AppendFormat(provider, "{0:D4}{1,-4}|", 7, 1.5);
                bytes.AppendFormat(provider, "{0}{1:N1}{2,3}", 1L, 2.25m, 'z');
                string expected = string.Format(provider, "{0,5:X}|", 255)
                    + string.Format(provider, "{0:D4}{1,-4}|", 7, 1.5)
                    + string.Format(provider, "{0}{1:N1}{2,3}", 1L, 2.25m, 'z');
                Assert.Equal(expected, chars.ToString());
                Assert.Equal(Encoding.UTF8.GetBytes(expected), bytes.WrittenSpan.ToArray());
            }
            finally
            {
                chars.Dispose();
                bytes.Dispose();
            }
        }
    }

#if !FASTTEXT_NET48
    // The runtime's DefaultInterpolatedStringHandler (string.Create(provider, ...)) appends nothing for a hole whose
    // custom formatter returns null, and nothing when the provider stops offering the formatter it offered when the
    // handler was made; both builders' handlers do the same.
    [Fact]
    public void Interpolated_holes_match_the_runtime_handler_when_the_custom_formatter_returns_null()
    {
        var point = new Point();
        foreach (IFormatProvider provider in DecliningProviders)
        {
            string expected = string.Create(provider, $"a{42}b{255:X}c{"s",5}d{point,-8:B}e{1.5,4}f");
            var chars = new ValueStringBuilder(new char[4]);
            var bytes = new Utf8ValueStringBuilder(new byte[4]);
            try
            {
                chars.Append(provider, $"a{42}b{255:X}c{"s",5}d{point,-8:B}e{1.5,4}f");
                bytes.Append(provider, $"a{42}b{255:X}c{"s",5}d{point,-8:B}e{1.5,4}f");
                Assert.Equal(expected, chars.ToString());
                Assert.Equal(Encoding.UTF8.GetBytes(expected), bytes.WrittenSpan.ToArray());
            }
            finally
            {
                chars.Dispose();
                bytes.Dispose();
            }
        }
    }

    [Fact]
    public void Interpolated_holes_match_the_runtime_handler_when_the_provider_withdraws_its_custom_formatter()
    {
        string expected = string.Create(new FickleProvider(), $"a{42}b{"s",3}c");
        var chars = new ValueStringBuilder(new char[4]);
        var bytes = new Utf8ValueStringBuilder(new byte[4]);
        try
        {
            chars.Append(new FickleProvider(), $"a{42}b{"s",3}c");
            bytes.Append(new FickleProvider(), $"a{42}b{"s",3}c");
            Assert.Equal(expected, chars.ToString());
            Assert.Equal(Encoding.UTF8.GetBytes(expected), bytes.WrittenSpan.ToArray());
        }
        finally
        {
            chars.Dispose();
            bytes.Dispose();
        }
    }
#endif

#if FASTTEXT_NET8
    [Fact]
    public void CompositeFormat_matches_string_Format_when_the_custom_formatter_returns_null()
    {
        foreach (IFormatProvider provider in DecliningProviders)
        {
            foreach (string format in CompositeFormats)
            {
                var parsed = CompositeFormat.Parse(format);
                object?[] args = Arguments(0);
                var builder = new ValueStringBuilder(new char[4]);
                try
                {
                    builder.AppendFormat(provider, parsed, args);
                    Assert.Equal(string.Format(provider, parsed, args), builder.ToString());
                    builder.Length = 0;
                    builder.AppendFormat(provider, parsed, 42, 255, "s");
                    Assert.Equal(string.Format(provider, parsed, 42, 255, "s"), builder.ToString());
                }
                finally
                {
                    builder.Dispose();
                }
            }
        }
    }
#endif

    // ------------------------------------------------------------------------------------------------------------
    // D3: UTF-8 alignment of a hole that completes a pending high surrogate.
    // ------------------------------------------------------------------------------------------------------------
    [Fact]
    public void Utf8_left_aligned_hole_completing_a_pair_pads_by_the_holes_chars()
    {
        var builder = new Utf8ValueStringBuilder(new byte[64]);
        builder.Append("\uD83D");
        builder.Append($"{"\uDE00x",-4}|");
        byte[] actual = builder.WrittenSpan.ToArray();
        builder.Dispose();
        Assert.Equal(Encoding.UTF8.GetBytes("\uD83D" + string.Format("{0,-4}|", "\uDE00x")), actual);
    }

    [Fact]
    public void Utf8_right_aligned_hole_completing_a_pair_puts_the_padding_between_the_halves()
    {
        var builder = new Utf8ValueStringBuilder(new byte[64]);
        builder.Append($"\uD83D{"\uDE00x",4}");
        byte[] actual = builder.WrittenSpan.ToArray();
        builder.Dispose();
        Assert.Equal(Encoding.UTF8.GetBytes("\uD83D" + string.Format("{0,4}", "\uDE00x")), actual);
        Assert.Equal(new byte[] { 0xEF, 0xBF, 0xBD, 0x20, 0x20, 0xEF, 0xBF, 0xBD, 0x78 }, actual);
    }

    public enum HoleKind
    {
        StringHole, SpanHole, ObjectHole, FormattableHole, CustomFormatterHole, AppendFormatItem,
    }

    /// <summary>
    /// One append: <see cref="Text"/> appended as it is (often ending in a high surrogate), or a hole of
    /// <see cref="Kind"/> with <see cref="Alignment"/> after the literal <see cref="Prefix"/> and before
    /// <see cref="Suffix"/>, whose text usually starts with a low surrogate.
    /// </summary>
    public sealed record Step(bool IsHole, string Text, HoleKind Kind, int Alignment, string Prefix, string Suffix)
    {
        public override string ToString() =>
            IsHole
                ? $"Hole({Kind}, {Alignment}, prefix \"{Escape(Prefix)}\", \"{Escape(Text)}\", suffix \"{Escape(Suffix)}\")"
                : $"Text(\"{Escape(Text)}\")";

        private static string Escape(string s) =>
            string.Concat(s.Select(c => c < 127 && c >= 32 ? c.ToString() : $"\\u{(int)c:X4}"));
    }

    private static readonly Gen<char> StepChars = Gen.Frequency(
        (4, Gen.Choose(32, 126).Select(c => (char)c)),
        (1, Gen.Elements('\u00e9', '\u20ac', '\uFFFD')),
        (2, Gen.Elements('\uD83D', '\uD800', '\uDBFF')),
        (2, Gen.Elements('\uDE00', '\uDC00', '\uDFFF')));

    private static Gen<string> StepText(int max) =>
        Gen.Choose(0, max).SelectMany(n => Gen.ArrayOf(StepChars, n)).Select(a => new string(a));

    private static readonly Gen<string> EndingHigh =
        from text in StepText(4)
        from high in Gen.Elements('\uD83D', '\uD800', '\uDBFF')
        from ends in Gen.Frequency((4, Gen.Constant(true)), (1, Gen.Constant(false)))
        select ends ? text + high : text;

    private static readonly Gen<string> StartingLow =
        from low in Gen.Elements('\uDE00', '\uDC00', '\uDFFF')
        from text in StepText(5)
        from starts in Gen.Frequency((4, Gen.Constant(true)), (1, Gen.Constant(false)))
        select starts ? low + text : text;

    private static readonly Gen<Step> Steps = Gen.Frequency(
        (2, EndingHigh.Select(t => new Step(false, t, HoleKind.StringHole, 0, "", ""))),
        (5, from kind in Gen.Elements((HoleKind[])Enum.GetValues(typeof(HoleKind)))
            from alignment in Gen.Frequency((6, Gen.Choose(-9, 9)), (1, Gen.Elements(-40, 40, 0)))
            from prefix in Gen.Frequency((1, Gen.Constant("")), (2, EndingHigh))
            from text in StartingLow
            from suffix in Gen.Frequency((3, Gen.Constant("")), (1, StepText(3)))
            select new Step(true, text, kind, alignment, prefix, suffix)));

    public static class StepSequences
    {
        public static Arbitrary<Step[]> Sequence() =>
            Arb.From(Gen.Choose(1, 12).SelectMany(n => Gen.ArrayOf(Steps, n)), Shrinks.ByRemoval);
    }

    /// <summary>Not span-formattable (not even on net8.0): formatted through ToString(format, provider).</summary>
    private sealed class TextFormattable : IFormattable
    {
        private readonly string _text;

        public TextFormattable(string text) => _text = text;

        public string ToString(string? format, IFormatProvider? formatProvider) => _text;
    }

    /// <summary>Formats every item as the text of its argument (the argument's own ToString).</summary>
    private sealed class EchoFormatter : IFormatProvider, ICustomFormatter
    {
        public object? GetFormat(Type? formatType) => formatType == typeof(ICustomFormatter) ? this : null;

        public string Format(string? format, object? arg, IFormatProvider? formatProvider) => arg?.ToString() ?? "";
    }

    [FastTextProperty(Arbitrary = [typeof(StepSequences)], RunsAtDefault = 400)]
    public void Utf8_aligned_holes_after_a_pending_high_surrogate_match_Encoding_UTF8_of_the_char_builder(Step[] steps)
    {
        var model = new StringBuilder();
        var chars = new ValueStringBuilder(new char[steps.Length % 3 == 0 ? 0 : 8]);
        var bytes = new Utf8ValueStringBuilder(new byte[steps.Length % 2 == 0 ? 0 : 16]);
        try
        {
            foreach (Step step in steps)
            {
                if (!step.IsHole)
                {
                    chars.Append(step.Text);
                    bytes.Append(step.Text);
                    model.Append(step.Text);
                }
                else
                {
                    model.Append(step.Prefix);
                    model.Append(string.Format(CultureInfo.InvariantCulture, "{0," + step.Alignment + "}", step.Text));
                    model.Append(step.Suffix);
                    AppendHole(ref chars, step);
                    AppendHole(ref bytes, step);
                }

                string expected = model.ToString();
                Assert.Equal(expected, chars.ToString());
                Assert.Equal(Encoding.UTF8.GetBytes(expected), bytes.WrittenSpan.ToArray());
            }
        }
        finally
        {
            chars.Dispose();
            bytes.Dispose();
        }
    }

    private static readonly EchoFormatter Echo = new();

    private static void AppendHole(ref ValueStringBuilder builder, Step step)
    {
        if (step.Kind == HoleKind.AppendFormatItem)
        {
            builder.AppendFormat(CultureInfo.InvariantCulture, EscapeBraces(step.Prefix) + "{0," + step.Alignment + "}" + EscapeBraces(step.Suffix), step.Text);
            return;
        }

        IFormatProvider provider = step.Kind == HoleKind.CustomFormatterHole ? Echo : CultureInfo.InvariantCulture;
        var handler = new ValueStringBuilder.AppendInterpolatedStringHandler(step.Prefix.Length + step.Suffix.Length, 1, builder, provider);
        handler.AppendLiteral(step.Prefix);
        switch (step.Kind)
        {
            case HoleKind.SpanHole:
                handler.AppendFormatted(step.Text.AsSpan(), step.Alignment);
                break;
            case HoleKind.ObjectHole:
                handler.AppendFormatted((object)step.Text, step.Alignment);
                break;
            case HoleKind.FormattableHole:
                handler.AppendFormatted(new TextFormattable(step.Text), step.Alignment);
                break;
            default:
                handler.AppendFormatted(step.Text, step.Alignment);
                break;
        }

        handler.AppendLiteral(step.Suffix);
        builder.Append(provider, handler);
    }

    private static void AppendHole(ref Utf8ValueStringBuilder builder, Step step)
    {
        if (step.Kind == HoleKind.AppendFormatItem)
        {
            builder.AppendFormat(CultureInfo.InvariantCulture, EscapeBraces(step.Prefix) + "{0," + step.Alignment + "}" + EscapeBraces(step.Suffix), step.Text);
            return;
        }

        IFormatProvider provider = step.Kind == HoleKind.CustomFormatterHole ? Echo : CultureInfo.InvariantCulture;
        var handler = new Utf8ValueStringBuilder.AppendInterpolatedStringHandler(step.Prefix.Length + step.Suffix.Length, 1, builder, provider);
        handler.AppendLiteral(step.Prefix);
        switch (step.Kind)
        {
            case HoleKind.SpanHole:
                handler.AppendFormatted(step.Text.AsSpan(), step.Alignment);
                break;
            case HoleKind.ObjectHole:
                handler.AppendFormatted((object)step.Text, step.Alignment);
                break;
            case HoleKind.FormattableHole:
                handler.AppendFormatted(new TextFormattable(step.Text), step.Alignment);
                break;
            default:
                handler.AppendFormatted(step.Text, step.Alignment);
                break;
        }

        handler.AppendLiteral(step.Suffix);
        builder.Append(provider, handler);
    }

    private static string EscapeBraces(string text) => text.Replace("{", "{{").Replace("}", "}}");
}
