using System.Buffers;
using System.Runtime;
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

    private static bool EnoughMemory => GCSettings.IsServerGC || GC.GetGCMemoryInfo().TotalAvailableMemoryBytes >= 8L << 30;

    /// <summary>A part of <c>count</c> copies of one char.</summary>
    private sealed class RepeatedCharPart(string name, char fill) : CustomKeyPart<int>(name)
    {
        protected override int MeasureValue(int count) => count;

        protected override int WriteValue(int count, Span<char> destination)
        {
            destination.Fill(fill);
            return destination.Length;
        }
    }

    /// <summary>Counts the spans it is asked for and refuses them.</summary>
    private sealed class RefusingWriter : IBufferWriter<byte>
    {
        public int Requests { get; private set; }

        public void Advance(int count) => throw new InvalidOperationException("Nothing was handed out.");

        public Memory<byte> GetMemory(int sizeHint = 0)
        {
            Requests++;
            throw new InvalidOperationException("GetMemory was called.");
        }

        public Span<byte> GetSpan(int sizeHint = 0)
        {
            Requests++;
            throw new InvalidOperationException("GetSpan was called.");
        }
    }

    [Fact]
    public void WriteUtf8_of_a_key_past_int_MaxValue_bytes_throws_ArgumentOutOfRange_before_asking_the_writer()
    {
        if (!EnoughMemory)
        {
            return; // The key is composed as 1.4 GB of chars; the count's arithmetic is covered by AsciiLengthLimitTests.
        }

        // "k=" and 715,827,882 chars of U+0800 (3 bytes each): 2,147,483,648 bytes, one past int.MaxValue.
        KeyShape<int> shape = KeyShape.Format("k={0}", new RepeatedCharPart("wide", '\u0800'));
        var writer = new RefusingWriter();
        try
        {
            ArgumentOutOfRangeException e = Assert.Throws<ArgumentOutOfRangeException>(() => shape.WriteUtf8(715_827_882, writer));
            Assert.Contains("2147483648", e.Message, StringComparison.Ordinal);
            Assert.Equal(0, writer.Requests);
            Assert.False(shape.TryFormatUtf8(715_827_882, new byte[16], out int written));
            Assert.Equal(0, written);
        }
        finally
        {
            GC.Collect();
        }
    }
}
