using Xunit;

namespace FastText.Tests.Keys;

/// <summary>
/// The write step of an all-ASCII text part, tested directly at every length around the vector width: the vector form
/// (lower-case A-Z, then the replacement where a replaced char was) must equal the rules applied char by char, and a
/// char that is no longer ASCII at write time must be reported wherever it is.
/// </summary>
public class KeyTextAsciiWriteTests
{
    // The chars the rules change (A-Z, whitespace) and their neighbours in the code table.
    private const string Changed = "AZaz@[`{ \t\n\v\f\r\u0008\u000E\u001C\u001F\u0000\u007F";

    public static TheoryData<bool, int, char> RuleVariants()
    {
        var data = new TheoryData<bool, int, char>();
        foreach (bool lower in new[] { false, true })
        {
            foreach (int replace in new[] { 0, 1, 2 })
            {
                if (replace == 0)
                {
                    if (lower)
                    {
                        data.Add(lower, replace, '_'); // without rules the part is copied, not mapped
                    }

                    continue;
                }

                foreach (char replacement in new[] { '_', 'X', '\t', ' ', '\u00C9' })
                {
                    data.Add(lower, replace, replacement);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(RuleVariants))]
    public void Every_length_and_char_is_written_as_the_rules_say(bool lower, int replace, char replacement)
    {
        KeyTextRules rules = Rules(lower, replace, replacement);
        var normalizer = new KeyTextNormalizer(rules);
        var random = new Random(replace * 1000 + replacement + (lower ? 1 : 0));
        for (int length = 0; length <= 140; length++)
        {
            for (int round = 0; round < 8; round++)
            {
                char[] text = new char[length];
                for (int i = 0; i < length; i++)
                {
                    // Half the chars from the ones the rules change (A-Z, whitespace), half from all of ASCII.
                    text[i] = random.Next(2) == 0 ? Changed[random.Next(Changed.Length)] : (char)random.Next(128);
                }

                Assert.Equal(length, normalizer.Measure(text, "part", out int plan));
                Assert.Equal(KeyTextNormalizer.PlanAscii, plan);
                char[] destination = new char[length + 2];
                destination[length] = '#';
                destination[length + 1] = '#';
                normalizer.Write(text, plan, destination.AsSpan(0, length), "part");
                Assert.Equal(Expected(text, lower, replace, replacement), new string(destination, 0, length));
                Assert.Equal("##", new string(destination, length, 2));
            }
        }
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_char_that_turned_non_ascii_after_measuring_is_reported_at_every_index(bool lower)
    {
        var normalizer = new KeyTextNormalizer(Rules(lower, 1, '_'));
        foreach (int length in new[] { 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100 })
        {
            for (int bad = 0; bad < length; bad++)
            {
                char[] text = Enumerable.Range(0, length).Select(i => (char)('a' + (i % 26))).ToArray();
                Assert.Equal(KeyTextNormalizer.PlanAscii, Plan(normalizer, text));
                foreach (char later in new[] { '\u0080', '\u00E9', '\uFFFF', '\uD800' })
                {
                    text[bad] = later;
                    char[] destination = new char[length];
                    InvalidOperationException e = Assert.Throws<InvalidOperationException>(
                        () => normalizer.Write(text, KeyTextNormalizer.PlanAscii, destination, "slice"));
                    Assert.Contains("'slice'", e.Message, StringComparison.Ordinal);
                }
            }
        }
    }

    private static int Plan(KeyTextNormalizer normalizer, char[] text)
    {
        normalizer.Measure(text, "slice", out int plan);
        return plan;
    }

    private static KeyTextRules Rules(bool lower, int replace, char replacement)
    {
        KeyTextRules rules = KeyTextRules.None;
        if (replace > 0)
        {
            rules = rules.ReplaceWhitespace(replacement, replace == 1 ? KeyWhitespace.Spaces : KeyWhitespace.All);
        }

        return lower ? rules.ToLowerInvariant() : rules;
    }

    private static string Expected(char[] text, bool lower, int replace, char replacement)
    {
        var expected = new char[text.Length];
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            bool replaced = replace == 1 ? c == ' ' : replace == 2 && char.IsWhiteSpace(c);
            char mapped = replaced ? replacement : c;
            expected[i] = lower ? char.ToLowerInvariant(mapped) : mapped;
        }

        return new string(expected);
    }
}
