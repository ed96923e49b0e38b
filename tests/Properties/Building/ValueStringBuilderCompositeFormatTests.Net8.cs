using System.Globalization;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>net8.0: the CompositeFormat overloads write what string.Format(provider, CompositeFormat, ...) writes, growing as needed.</summary>
[TrackedPool]
public class ValueStringBuilderCompositeFormatTests
{
    private static readonly CompositeFormat Shape = CompositeFormat.Parse("{0,-6}|{1:X8}|{2,12:F3}|{{literal}}");

    public static TheoryData<int> Buffers => new() { 0, 1, 8, 32, 256 };

    [Theory]
    [MemberData(nameof(Buffers))]
    public void CompositeFormat_overloads_match_string_Format(int buffer)
    {
        foreach (IFormatProvider? provider in new IFormatProvider?[] { null, CultureInfo.InvariantCulture, CultureInfo.GetCultureInfo("de-DE") })
        {
            foreach (string text in new[] { "", "ab", new string('t', 300) })
            {
                string expected = string.Format(provider, Shape, text, 123456, 98765.4321);
                Assert.Equal(expected, ValueStringBuilderTestKit.Build(buffer, (ref ValueStringBuilder b) => b.AppendFormat(provider, Shape, text, 123456, 98765.4321)));
                Assert.Equal(expected, ValueStringBuilderTestKit.Build(buffer, (ref ValueStringBuilder b) => b.AppendFormat(provider, Shape, new object?[] { text, 123456, 98765.4321 })));
                var one = CompositeFormat.Parse("[{0,5}]");
                Assert.Equal(string.Format(provider, one, text), ValueStringBuilderTestKit.Build(buffer, (ref ValueStringBuilder b) => b.AppendFormat(provider, one, text)));
                var two = CompositeFormat.Parse("[{1}{0}]");
                Assert.Equal(string.Format(provider, two, text, 2.5), ValueStringBuilderTestKit.Build(buffer, (ref ValueStringBuilder b) => b.AppendFormat(provider, two, text, 2.5)));
            }
        }
    }

    [Fact]
    public void Too_few_arguments_is_a_FormatException()
    {
        Assert.Throws<FormatException>(() => ValueStringBuilderTestKit.Build(8, (ref ValueStringBuilder b) => b.AppendFormat((IFormatProvider?)null, Shape, 1)));
    }
}
