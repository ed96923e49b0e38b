using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

public class KeyShapeLayoutTests
{
    private static readonly KeyPart<int?> Optional = KeyPart.Optional(KeyPart.Int32("n"));

    /// <summary>Four optional ints, each absent, one digit or two digits.</summary>
    public static class FourOptionals
    {
        public static Arbitrary<(int?, int?, int?, int?)> Generated()
        {
            var gen = Gen.Elements<int?>(null, 1, 22).Four();
            return gen.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(FourOptionals)], RunsAtDefault = 100)]
    public void Joined_absent_parts_drop_their_separator_and_templates_keep_every_label((int?, int?, int?, int?) t)
    {
        KeyShape<int?, int?, int?, int?> joined = KeyShape.Join("/", Optional, Optional, Optional, Optional, prefix: "[", suffix: "]");
        KeyShape<int?, int?, int?, int?> formatted = KeyShape.Format("a{0}b{1}cc{2}{3}d", Optional, Optional, Optional, Optional);

        string?[] parts = new[] { t.Item1, t.Item2, t.Item3, t.Item4 }.Select(v => v?.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToArray();
        Assert.Equal(KeyReference.Join("[", ["/", "/", "/"], parts, "]"), joined.Build(t.Item1, t.Item2, t.Item3, t.Item4));
        Assert.Equal(KeyReference.Format("a", ["b", "cc", ""], parts, "d"), formatted.Build(t.Item1, t.Item2, t.Item3, t.Item4));

        char[] buffer = new char[64];
        Assert.Equal(joined.Build(t.Item1, t.Item2, t.Item3, t.Item4).Length,
            joined.MeasureAndWrite(t.Item1, t.Item2, t.Item3, t.Item4, buffer, out int measured));
        Assert.Equal(measured, joined.Build(t.Item1, t.Item2, t.Item3, t.Item4).Length);
        Assert.Equal(formatted.Build(t.Item1, t.Item2, t.Item3, t.Item4).Length,
            formatted.MeasureAndWrite(t.Item1, t.Item2, t.Item3, t.Item4, buffer, out measured));
        Assert.Equal(measured, formatted.Build(t.Item1, t.Item2, t.Item3, t.Item4).Length);
    }

    [Fact]
    public void Templates_unescape_braces_and_every_arity_builds()
    {
        KeyPart<int> n = KeyPart.Int32("n");
        Assert.Equal("{1}", KeyShape.Format("{{{0}}}", n).Build(1));
        Assert.Equal("1-2", KeyShape.Format("{0}-{1}", n, n).Build(1, 2));
        Assert.Equal("1.2.3", KeyShape.Join(".", n, n, n).Build(1, 2, 3));
        Assert.Equal("1.2.3.4", KeyShape.Join(".", n, n, n, n).Build(1, 2, 3, 4));
        Assert.Equal("1.2.3.4.5", KeyShape.Join(".", n, n, n, n, n).Build(1, 2, 3, 4, 5));
        Assert.Equal("<1.2.3.4.5.6>", KeyShape.Join(".", n, n, n, n, n, n, "<", ">").Build(1, 2, 3, 4, 5, 6));
        Assert.Equal("x1y2z3w4v5u6t", KeyShape.Format("x{0}y{1}z{2}w{3}v{4}u{5}t", n, n, n, n, n, n).Build(1, 2, 3, 4, 5, 6));
        Assert.Equal(string.Empty, KeyShape.Join("/", KeyPart.Text("t", KeyTextRules.None)).Build(null));
    }

    [Fact]
    public void Optional_text_omits_its_segment_only_when_null()
    {
        KeyShape<string?, string?, string?> shape = KeyShape.Join(
            "/", KeyPart.Text("a", KeyTextRules.None), KeyPart.OptionalText("b", KeyExamples.S3Rules), KeyPart.Text("c", KeyTextRules.None));

        Assert.Equal("x/z", shape.Build("x", null, "z"));
        Assert.Equal("x/unknown/z", shape.Build("x", "", "z"));
        Assert.Equal("x/big_shop/z", shape.Build("x", "Big Shop", "z"));
        Assert.Equal("b", KeyShape.Join("/", KeyPart.OptionalText("a", KeyTextRules.None), KeyPart.Text("b", KeyTextRules.None)).Build(null, "b"));
    }

    [Theory]
    [InlineData("{1}")]
    [InlineData("{0}{0}")]
    [InlineData("{0")]
    [InlineData("}{0}")]
    [InlineData("plain")]
    public void Malformed_templates_are_rejected(string template)
    {
        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Format(template, KeyPart.Int32("n")));
        Assert.Equal("template", e.ParamName);
    }
}
