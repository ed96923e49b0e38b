using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>What the outputs do when the caller's arguments cannot work: a destination that is the part's own memory,
/// a key whose UTF-8 form no buffer can hold.</summary>
public class KeyMisuseTests
{
    private static readonly KeyTextRules[] RuleSets =
    [
        KeyTextRules.None,
        KeyTextRules.None.ToLowerInvariant(),
        KeyExamples.S3Rules,
    ];

    /// <summary>A text, where its copy starts in a shared buffer and where the destination starts (both may overlap).</summary>
    public static class OverlapCases
    {
        public static Arbitrary<(string Text, int TextStart, int DestinationStart, int Rules)> Case() =>
            (from text in Gen.Elements("HELLO WORLD", "HELLO \u00C9COLE", "a", "M\u00FCller Stra\u00DFe and more text past sixteen chars")
             from textStart in Gen.Choose(0, 8)
             from destinationStart in Gen.Choose(0, 8 + text.Length)
             from rules in Gen.Choose(0, RuleSets.Length - 1)
             select (text, textStart, destinationStart, rules)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(OverlapCases)])]
    public void TryFormat_into_memory_a_MemoryText_part_reads_is_refused_naming_the_part((string Text, int TextStart, int DestinationStart, int Rules) c)
    {
        KeyShape<ReadOnlyMemory<char>> shape = KeyShape.Join("/", KeyPart.MemoryText("m", RuleSets[c.Rules]));
        string expected = shape.Build(c.Text.AsMemory());
        char[] shared = new char[16 + (2 * c.Text.Length) + expected.Length];
        c.Text.AsSpan().CopyTo(shared.AsSpan(c.TextStart));
        ReadOnlyMemory<char> value = shared.AsMemory(c.TextStart, c.Text.Length);
        Span<char> destination = shared.AsSpan(c.DestinationStart, expected.Length);
        bool overlaps = c.DestinationStart < c.TextStart + c.Text.Length && c.TextStart < c.DestinationStart + expected.Length;

        if (overlaps)
        {
            // A one-part key writes nothing before its part: the refused call leaves the buffer as it was.
            char[] before = (char[])shared.Clone();
            ArgumentException e = Assert.Throws<ArgumentException>(() => shape.TryFormat(value, shared.AsSpan(c.DestinationStart, expected.Length), out _));
            Assert.Equal("destination", e.ParamName);
            Assert.Contains("'m'", e.Message, StringComparison.Ordinal);
            Assert.Equal(before, shared);
        }
        else
        {
            Assert.True(shape.TryFormat(value, destination, out int written));
            Assert.Equal(expected, destination.Slice(0, written).ToString());
        }
    }

    [Fact]
    public void A_nested_shape_refuses_a_destination_its_inner_memory_part_reads()
    {
        KeyShape<string?, (ReadOnlyMemory<char>, int)> shape = KeyShape.Join(
            "/", KeyPart.Text("t", KeyTextRules.None), KeyPart.Shape("inner", KeyShape.Join("-", KeyPart.MemoryText("m", KeyTextRules.None), KeyPart.Int32("n"))));
        char[] buffer = "abcdefghijklmnopqrstuvwxyz".ToCharArray();
        ArgumentException e = Assert.Throws<ArgumentException>(() => shape.TryFormat("x", (buffer.AsMemory(0, 4), 7), buffer, out _));
        Assert.Equal("destination", e.ParamName);
        Assert.Contains("'m'", e.Message, StringComparison.Ordinal);
    }
}
