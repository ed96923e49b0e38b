using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

public class KeyTextRulesTests
{
    private static readonly KeyCharacterSet CustomSet = KeyCharacterSet.Create("abcXYZ019_-\u00E9\u00A0\uD801\uDC00");

    private static readonly Gen<KeyTextRules> Rules =
        from empty in Gen.Elements<string?>(null, "unknown", "N/A", "")
        from replace in Gen.Elements(0, 1, 2)
        from replacement in Gen.Elements('_', '-', 'X', '\u00C9')
        from allowed in Gen.Elements(0, 1, 2)
        from invalid in Gen.Elements<string?>("invalid", "BAD", null)
        from lower in Gen.Elements(true, false)
        select Compose(empty, replace, replacement, allowed, invalid, lower);

    private static KeyTextRules Compose(string? empty, int replace, char replacement, int allowed, string? invalid, bool lower)
    {
        KeyTextRules rules = KeyTextRules.None;
        if (empty is not null)
        {
            rules = rules.EmptyAs(empty);
        }

        if (replace > 0)
        {
            rules = rules.ReplaceWhitespace(replacement, replace == 1 ? KeyWhitespace.Spaces : KeyWhitespace.All);
        }

        if (allowed > 0)
        {
            rules = rules.Allow(allowed == 1 ? KeyCharacterSet.AsciiLettersDigitsUnderscore : CustomSet, invalid);
        }

        return lower ? rules.ToLowerInvariant() : rules;
    }

    /// <summary>Two rule sets composed from every rule and three texts of KeyGenerators.Text.</summary>
    public static class RuleCombinations
    {
        public static Arbitrary<(KeyTextRules rules1, KeyTextRules rules2, string? a, string? b, string? c)> Generated()
        {
            var gen =
                from rules1 in Rules
                from rules2 in Rules
                from a in KeyGenerators.Text
                from b in KeyGenerators.Text
                from c in KeyGenerators.Text
                select (rules1, rules2, a, b, c);
            return gen.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(RuleCombinations)])]
    public void Every_rule_combination_matches_the_naive_reference((KeyTextRules rules1, KeyTextRules rules2, string? a, string? b, string? c) t)
    {
        KeyShape<string?, string?, string?> shape = KeyShape.Format(
            "<{0}|{1}||{2}>", KeyPart.Text("a", t.rules1), KeyPart.Text("b", t.rules2), KeyPart.Text("c", t.rules1));

        string? expected;
        string? expectedThrowFor = null;
        try
        {
            expected = KeyReference.Join("<", ["|", "||"],
                [KeyReference.Part(t.a, t.rules1, "a"), KeyReference.Part(t.b, t.rules2, "b"), KeyReference.Part(t.c, t.rules1, "c")], ">");
        }
        catch (ArgumentException e)
        {
            expected = null;
            expectedThrowFor = e.ParamName;
        }

        if (expected is null)
        {
            ArgumentException thrown = Assert.ThrowsAny<ArgumentException>(() => shape.Build(t.a, t.b, t.c));
            Assert.Equal(expectedThrowFor, thrown.ParamName);
            Assert.Contains("'" + expectedThrowFor + "'", thrown.Message, StringComparison.Ordinal);
            return;
        }

        string actual = shape.Build(t.a, t.b, t.c);
        Assert.True(expected == actual,
            $"{KeyGenerators.Show(t.a)} | {KeyGenerators.Show(t.b)} | {KeyGenerators.Show(t.c)}: expected {KeyGenerators.Show(expected)}, got {KeyGenerators.Show(actual)}");

        char[] buffer = new char[actual.Length];
        int written = shape.MeasureAndWrite(t.a, t.b, t.c, buffer, out int measured);
        Assert.Equal(measured, written);
        Assert.Equal(actual.Length, measured);
    }

    [FastTextProperty(Arbitrary = [typeof(KeyTexts)])]
    public void Lower_casing_equals_ToLowerInvariant_for_any_text(string? text)
    {
        KeyShape<string?> shape = KeyShape.Join("/", KeyPart.Text("text", KeyTextRules.None.ToLowerInvariant()));
        Assert.Equal((text ?? string.Empty).ToLowerInvariant(), shape.Build(text));
    }

    [SupplementaryCasingFact]
    public void Supplementary_plane_letters_are_lowered_as_pairs()
    {
        KeyShape<string?> shape = KeyShape.Join("/", KeyPart.Text("text", KeyTextRules.None.ToLowerInvariant()));

        Assert.Equal("ab\U00010428\U0001E922", shape.Build("AB\U00010400\U0001E900"));
    }

    [Fact]
    public void Whitespace_all_replaces_exactly_what_regex_backslash_s_matches()
    {
        KeyShape<string?> shape = KeyShape.Join("/", KeyPart.Text("text", KeyTextRules.None.ReplaceWhitespace('_', KeyWhitespace.All)));
        string everyChar = new(Enumerable.Range(0, 0x10000).Select(i => (char)i).ToArray());

        string expected = System.Text.RegularExpressions.Regex.Replace(everyChar, "\\s", "_");

        Assert.Equal(expected, shape.Build(everyChar));
    }

    [Fact]
    public void Memory_text_parts_normalize_slices_like_strings()
    {
        KeyShape<ReadOnlyMemory<char>, string?> shape = KeyShape.Join(
            "/", KeyPart.MemoryText("slice", KeyExamples.S3Rules), KeyPart.Text("text", KeyExamples.S3Rules));

        Assert.Equal("site_key/site_key", shape.Build("xxSite Keyxx".AsMemory(2, 8), "Site Key"));
        Assert.Equal("unknown/invalid", shape.Build(ReadOnlyMemory<char>.Empty, "a.b"));
    }
}
