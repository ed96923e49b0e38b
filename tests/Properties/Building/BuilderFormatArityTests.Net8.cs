using System.Globalization;
using System.Reflection;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Building;

// net8.0: the generic CompositeFormat overloads of every arity (both builders and the one-call Format) against
// StringBuilder.AppendFormat(provider, CompositeFormat, object[]) of the same values boxed. (string.Format of a
// CompositeFormat without items returns the format's text as given, escaped braces doubled; StringBuilder, TryWrite and
// the builders write "{{" as "{", as string.Format of the text does.)
public partial class BuilderFormatArityTests
{
    [FastTextProperty(Arbitrary = [typeof(FormatCases)])]
    public void Generic_CompositeFormat_overloads_of_every_arity_match_string_Format(FormatCase input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (arity, format, row, providerIndex, buffer) = input;
            CompositeFormat parsed;
            try
            {
                parsed = CompositeFormat.Parse(format);
            }
            catch (FormatException)
            {
                return; // no CompositeFormat to pass: the string overloads' property covers the invalid formats
            }

            IFormatProvider? provider = Providers[providerIndex];
            object?[] boxed = row.Boxed(arity);
            string expected = Outcome(() => "<" + Reference(provider, parsed, boxed) + ">");
            string actual = Outcome(() => Build(buffer, (ref ValueStringBuilder b) =>
            {
                b.Append('<');
                AppendOrKeep(ref b, (ref ValueStringBuilder inner) => FormatArityCalls.AppendFormat(ref inner, provider, parsed, row, arity));
                b.Append('>');
            }));
            Assert.True(Kept(expected) == actual, $"{input}: expected \"{expected}\", got \"{actual}\"");

            string expectedUtf8 = Outcome(() => Utf8Text("<" + Reference(provider, parsed, boxed) + ">"));
            string actualUtf8 = Outcome(() => Convert.ToBase64String(BuildUtf8(buffer, (ref Utf8ValueStringBuilder b) =>
            {
                b.Append('<');
                try
                {
                    FormatArityCalls.AppendFormat(ref b, provider, parsed, row, arity);
                }
                catch (FormatException)
                {
                    b.Append('!');
                }

                b.Append('>');
            })));
            Assert.True(KeptUtf8(expectedUtf8) == actualUtf8, $"{input}, UTF-8: expected {expectedUtf8}, got {actualUtf8}");

            Assert.Equal(Outcome(() => Reference(provider, parsed, boxed)), Outcome(() => FormatArityCalls.Format(provider, parsed, row, arity)));
        });
    }

    [Fact]
    public void The_array_CompositeFormat_overloads_match_string_Format()
    {
        var parsed = CompositeFormat.Parse("{0,-6}|{1:X8}|{2,12:F3}|{{literal}}|{3}");
        object?[] args = { "é\U0001F600", 123456, 98765.4321, null };
        foreach (IFormatProvider? provider in Providers)
        {
            string expected = Reference(provider, parsed, args);
            Assert.Equal(expected, ValueStringBuilder.Format(provider, parsed, args));
            Assert.Equal(Encoding.UTF8.GetBytes(expected), BuildUtf8(1, (ref Utf8ValueStringBuilder b) => b.AppendFormat(provider, parsed, args)));
        }

        Assert.Throws<FormatException>(() => BuildUtf8(1, (ref Utf8ValueStringBuilder b) => b.AppendFormat(null, parsed, 1, 2)));
        Assert.Throws<FormatException>(() => ValueStringBuilder.Format(null, parsed, new object?[] { 1 }));
        Assert.Equal("format", Assert.Throws<ArgumentNullException>(() => BuildUtf8(1, (ref Utf8ValueStringBuilder b) => b.AppendFormat(null, (CompositeFormat)null!, 1))).ParamName);
        Assert.Equal("args", Assert.Throws<ArgumentNullException>(() => BuildUtf8(1, (ref Utf8ValueStringBuilder b) => b.AppendFormat(null, parsed, (object?[])null!))).ParamName);

        // A null first argument binds to the CompositeFormat overload, as on StringBuilder.
        var two = CompositeFormat.Parse("{0}-{1}");
        Assert.Equal(string.Format(null, two, 1, 2), Build(0, (ref ValueStringBuilder b) => b.AppendFormat(null, two, 1, 2)));
        Assert.Equal(Encoding.UTF8.GetBytes(string.Format(null, two, 1, 2)), BuildUtf8(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat(null, two, 1, 2)));
        Assert.Equal(string.Format(null, two, 1, 2), ValueStringBuilder.Format(null, two, 1, 2));
    }

    [Fact]
    public void A_CompositeFormat_without_items_is_written_as_StringBuilder_writes_it()
    {
        foreach (string text in new[] { "{{", "}}", "a{{b}}c", "", "plain" })
        {
            var parsed = CompositeFormat.Parse(text);
            string expected = string.Format(text, 1);
            Assert.Equal(expected, Reference(null, parsed, new object?[] { 1 }));
            Assert.Equal(expected, Build(0, (ref ValueStringBuilder b) => b.AppendFormat(null, parsed, 1)));
            Assert.Equal(expected, Build(0, (ref ValueStringBuilder b) => b.AppendFormat(null, parsed, 1, 2, 3)));
            Assert.Equal(expected, Build(0, (ref ValueStringBuilder b) => b.AppendFormat(null, parsed, 1, 2, 3, 4)));
            Assert.Equal(expected, Build(0, (ref ValueStringBuilder b) => b.AppendFormat(null, parsed, new object?[] { 1 })));
            Assert.Equal(Encoding.UTF8.GetBytes(expected), BuildUtf8(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat(null, parsed, 1)));
            Assert.Equal(Encoding.UTF8.GetBytes(expected), BuildUtf8(0, (ref Utf8ValueStringBuilder b) => b.AppendFormat(null, parsed, new object?[] { 1 })));
            Assert.Equal(expected, ValueStringBuilder.Format(null, parsed, 1));
            Assert.Equal(expected, ValueStringBuilder.Format(null, parsed, new object?[] { 1 }));
        }
    }

    private static string Reference(IFormatProvider? provider, CompositeFormat format, object?[] args) =>
        new StringBuilder().AppendFormat(provider, format, args).ToString();
}
