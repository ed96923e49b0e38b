using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Internal;

/// <summary>
/// The composite-format reader behind both builders' Format and AppendFormat, on formats whose literal runs are of any
/// length from 0 to 40 chars, so that a brace falls before, at and past the chars the reader compares one by one
/// before its vectorized search (and a format ends inside and past them): the text, or the FormatException, of
/// string.Format with the same arguments. Unmatched braces are placed anywhere in a run, so a bad format fails at
/// every offset as well.
/// </summary>
public class CompositeFormatReaderTests
{
    /// <summary>Composite formats built from literal runs of any length, items, escapes and stray braces.</summary>
    public static class Formats
    {
        public static Arbitrary<string> Composite()
        {
            Gen<string> run = Gen.Choose(0, 40).SelectMany(n => Gen.Elements('a', 'z', ' ', ',', 'é', ':').ArrayOf(n)).Select(chars => new string(chars));
            Gen<string> item = Gen.Elements("{0}", "{1}", "{2}", "{1,5}", "{2,-4}", "{0:D3}", "{{", "}}");
            Gen<string> stray = Gen.Elements("{", "}", "{x}", "{3}");
            Gen<string> part = Gen.Frequency((5, run), (5, item), (1, stray));
            return Gen.Choose(0, 8).SelectMany(n => part.ArrayOf(n)).Select(parts => string.Concat(parts)).ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(Formats)], RunsAtDefault = 2000)]
    public void Both_builders_format_as_string_Format_does(string format)
    {
        if (Building.ValueStringBuilderAppendFormatTests.LegacyBracesInItemFormats && format.Contains(':') && (format.Contains("}}") || format.Contains("{{")))
        {
            return; // .NET Framework's and Mono's string.Format read "}}" after an item format the old way (see there)
        }

        CultureInfo invariant = CultureInfo.InvariantCulture;
        string? expected;
        try
        {
            expected = string.Format(invariant, format, 7, -42, 12345);
        }
        catch (FormatException)
        {
            expected = null;
        }

        string? actual;
        try
        {
            actual = ValueStringBuilder.Format(invariant, format, 7, -42, 12345);
        }
        catch (FormatException)
        {
            actual = null;
        }

        Assert.True(expected == actual, $"format \"{format}\": expected {Show(expected)}, got {Show(actual)}");

        byte[]? utf8;
        var builder = new Utf8ValueStringBuilder(new byte[16]);
        try
        {
            builder.AppendFormat(invariant, format, 7, -42, 12345);
            utf8 = builder.WrittenSpan.ToArray();
        }
        catch (FormatException)
        {
            utf8 = null;
        }
        finally
        {
            builder.Dispose();
        }

        string? utf8Text = utf8 is null ? null : Encoding.UTF8.GetString(utf8);
        Assert.True(expected == utf8Text, $"format \"{format}\" (UTF-8): expected {Show(expected)}, got {Show(utf8Text)}");
    }

    private static string Show(string? text) => text is null ? "a FormatException" : "\"" + text + "\"";
}
