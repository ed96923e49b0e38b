using Xunit;

namespace FastText.Tests.Keys;

public class KeyBadInputTests
{
    [Fact]
    public void A_total_length_that_would_overflow_names_the_part()
    {
        // Real inputs of 2^30 chars would cost gigabytes per CI run; the layout's running total is the code under test.
        KeyLayout layout = KeyLayout.Join("/", 3, "p", "s");
        bool anyPresent = false;
        long total = layout.Add(layout.FixedLength, 600_000_000, 2, ref anyPresent, "first");

        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => layout.Add(total, int.MaxValue, 3, ref anyPresent, "huge"));

        Assert.Equal("huge", e.ParamName);
        Assert.Contains("'huge'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_key_longer_than_a_string_can_be_names_the_part()
    {
        KeyLayout layout = KeyLayout.Join("/", 2, null, null);
        bool anyPresent = true;

        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => layout.Add(KeyLayout.MaxKeyLength - 1, 1, 2, ref anyPresent, "tail"));

        Assert.Equal("tail", e.ParamName);
    }

    [Fact]
    public void A_null_rule_set_names_the_part()
    {
        ArgumentNullException e = Assert.Throws<ArgumentNullException>(() => KeyPart.Text("product", null!));
        Assert.Equal("rules", e.ParamName);
        Assert.Contains("'product'", e.Message, StringComparison.Ordinal);

        Assert.Throws<ArgumentNullException>(() => KeyPart.MemoryText("slice", null!));
    }

    [Theory]
    [InlineData("yyyy/MMM")]
    [InlineData("d")]
    [InlineData("yyyy-M-d")]
    [InlineData("dddd")]
    [InlineData("HH:mm:ss.FFF")]
    [InlineData("yyyy 'unterminated")]
    [InlineData("HH\\")]
    [InlineData("%H")]
    [InlineData("zzz")]
    [InlineData("")]
    public void An_unsupported_or_invalid_date_format_names_the_part(string format)
    {
        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => KeyPart.DateTime("eventDate", format));

        Assert.Equal("format", e.ParamName);
        Assert.Contains("'eventDate'", e.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("Q")]
    [InlineData("DD")]
    public void An_invalid_guid_format_names_the_part(string format)
    {
        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => KeyPart.Guid("messageId", format));

        Assert.Equal("format", e.ParamName);
        Assert.Contains("'messageId'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Strict_mode_throws_naming_the_part()
    {
        KeyTextRules strict = KeyTextRules.None.Allow(KeyCharacterSet.AsciiLettersDigitsUnderscore, invalidFallback: null);
        KeyShape<string?, string?> shape = KeyShape.Join("/", KeyPart.Text("good", strict), KeyPart.Text("bad", strict));

        Assert.Equal("ok/fine", shape.Build("ok", "fine"));
        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => shape.Build("ok", "not ok"));
        Assert.Equal("bad", e.ParamName);
        Assert.Contains("'bad'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Null_arguments_to_the_declarations_are_rejected()
    {
        Assert.Throws<ArgumentNullException>(() => KeyShape.Join<int>("/", null!));
        Assert.Throws<ArgumentNullException>(() => KeyShape.Join(null!, KeyPart.Int32("n")));
        Assert.Throws<ArgumentNullException>(() => KeyShape.Format<int>(null!, KeyPart.Int32("n")));
        Assert.Throws<ArgumentNullException>(() => KeyPart.Int32(null!));
        Assert.ThrowsAny<ArgumentException>(() => KeyPart.Int32(""));
        Assert.Throws<ArgumentNullException>(() => KeyTextRules.None.EmptyAs(null!));
        Assert.Throws<ArgumentNullException>(() => KeyTextRules.None.Allow(null!, "x"));
        Assert.ThrowsAny<ArgumentException>(() => KeyTextRules.None.ReplaceWhitespace('\uD800'));
        Assert.Throws<ArgumentNullException>(() => KeyCharacterSet.Create(null!));
        Assert.ThrowsAny<ArgumentException>(() => KeyCharacterSet.Create(""));
    }
}
