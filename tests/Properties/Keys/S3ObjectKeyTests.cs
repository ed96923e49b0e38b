using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

public class S3ObjectKeyTests
{
    private static readonly Guid MessageId = new("0f8fad5b-d9cb-469f-a165-70867728950e");

    [Fact]
    public void Reproduces_the_context_example_key()
    {
        string key = KeyExamples.S3ObjectKey.Build("My Product", "Site Key", "My Event", new DateTime(2019, 4, 11, 2, 37, 5), MessageId);

        Assert.Equal("my_product/site_key/my_event/2019/04/11/02/0f8fad5b-d9cb-469f-a165-70867728950e.json", key);
        Assert.Equal(84, key.Length);
    }

    [Fact]
    public void Absent_date_omits_its_segment()
    {
        string key = KeyExamples.S3ObjectKey.Build("My Product", "Site Key", "My Event", null, MessageId);

        Assert.Equal("my_product/site_key/my_event/0f8fad5b-d9cb-469f-a165-70867728950e.json", key);
    }

    [Theory]
    [InlineData(null, "unknown")]
    [InlineData("", "unknown")]
    [InlineData("   ", "unknown")]
    [InlineData("\t\u00A0\u3000", "unknown")]
    [InlineData("Big Shop", "big_shop")]
    [InlineData(" lead", "_lead")]
    [InlineData("a-b", "invalid")]
    [InlineData("caf\u00E9", "invalid")]
    [InlineData("tab\tinside", "invalid")]
    [InlineData("Mixed_Case_42", "mixed_case_42")]
    [InlineData("\u212Aelvin", "invalid")]
    public void Each_text_part_follows_the_rules(string? product, string expected)
    {
        string key = KeyExamples.S3ObjectKey.Build(product, "s", "e", null, MessageId);

        Assert.Equal(expected + "/s/e/0f8fad5b-d9cb-469f-a165-70867728950e.json", key);
    }

    [Fact]
    public void A_trailing_newline_is_invalid_unlike_a_dollar_anchored_regex()
    {
        // "^[a-zA-Z0-9_]+$" in .NET accepts "abc\n" ('$' matches before a final newline); a key must not contain one.
        Assert.Matches("^[a-zA-Z0-9_]+$", "abc\n");
        Assert.StartsWith("invalid/", KeyExamples.S3ObjectKey.Build("abc\n", "s", "e", null, MessageId), StringComparison.Ordinal);
    }

    /// <summary>Parts of the S3 object key: any texts, a date or none, a Guid.</summary>
    public static class S3Parts
    {
        public static Arbitrary<(string? product, string? siteKey, string? eventName, DateTime? date, Guid id)> Generated()
        {
            var gen =
                from product in KeyGenerators.Text
                from siteKey in KeyGenerators.Text
                from eventName in KeyGenerators.Text
                from hasDate in Gen.Elements(true, false)
                from date in KeyGenerators.Date
                from id in KeyGenerators.Guid
                select (product, siteKey, eventName, date: hasDate ? date : (DateTime?)null, id);
            return gen.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(S3Parts)])]
    public void Matches_the_naive_reference_for_generated_parts((string? product, string? siteKey, string? eventName, DateTime? date, Guid id) t)
    {
        string expected = KeyReference.S3(t.product, t.siteKey, t.eventName, t.date, t.id);
        string actual = KeyExamples.S3ObjectKey.Build(t.product, t.siteKey, t.eventName, t.date, t.id);
        Assert.True(expected == actual,
            $"{KeyGenerators.Show(t.product)}, {KeyGenerators.Show(t.siteKey)}, {KeyGenerators.Show(t.eventName)}: expected {KeyGenerators.Show(expected)}, got {KeyGenerators.Show(actual)}");

        char[] buffer = new char[actual.Length + 8];
        int written = KeyExamples.S3ObjectKey.MeasureAndWrite(t.product, t.siteKey, t.eventName, t.date, t.id, buffer, out int measured);
        Assert.Equal(measured, written);
        Assert.Equal(actual, new string(buffer, 0, written));
    }

    [Fact]
    public void The_date_is_written_in_invariant_culture_whatever_the_current_culture()
    {
        CultureInfo saved = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = new CultureInfo("ar-SA");
            string key = KeyExamples.S3ObjectKey.Build("p", "s", "e", new DateTime(2019, 4, 11, 2, 0, 0), MessageId);
            Assert.Contains("/2019/04/11/02/", key, StringComparison.Ordinal);
        }
        finally
        {
            CultureInfo.CurrentCulture = saved;
        }
    }
}
