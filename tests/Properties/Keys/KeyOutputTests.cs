using System.Text;
using FastText.Tests.Ascii;
using FastText.Tests.Building;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>TryFormat, TryFormatUtf8 and WriteUtf8 against Build and Encoding.UTF8, at every destination size.</summary>
public class KeyOutputTests
{
    private static readonly KeyShape<string?, string?, long?> Shape = KeyShape.Format(
        "a={0};b={1};n={2:D3}", KeyPart.Text("a", KeyTextRules.None), KeyPart.OptionalText("b", KeyExamples.S3Rules), KeyPart.Optional(KeyPart.Int64("n")));

    private static readonly Gen<(string?, string?, long?)> Inputs =
        from a in KeyGenerators.Text
        from b in KeyGenerators.Text
        from n in Gen.Frequency((1, Gen.Constant<long?>(null)), (4, KeyGenerators.Int64.Select(v => (long?)v)))
        select (a, b, n);

    /// <summary><see cref="Inputs"/> as an FsCheck arbitrary.</summary>
    public static class OutputInputs
    {
        public static Arbitrary<(string?, string?, long?)> Input() => Inputs.ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(OutputInputs)])]
    public void TryFormat_writes_what_Build_returns_and_refuses_one_char_less((string?, string?, long?) t)
    {
        string key = Shape.Build(t.Item1, t.Item2, t.Item3);
        char[] exact = new char[key.Length];
        Assert.True(Shape.TryFormat(t.Item1, t.Item2, t.Item3, exact, out int written));
        Assert.Equal(key.Length, written);
        Assert.Equal(key, new string(exact));

        char[] roomy = new char[key.Length + 9];
        Assert.True(Shape.TryFormat(t.Item1, t.Item2, t.Item3, roomy.AsSpan(3), out written));
        Assert.Equal(key, new string(roomy, 3, written));
        Assert.Equal('\0', roomy[3 + written]);

        char[] tooSmall = new char[key.Length - 1];
        Assert.False(Shape.TryFormat(t.Item1, t.Item2, t.Item3, tooSmall, out written));
        Assert.Equal(0, written);
        Assert.All(tooSmall, c => Assert.Equal('\0', c));
    }

    [FastTextProperty(Arbitrary = [typeof(OutputInputs)])]
    public void Utf8_output_is_byte_identical_to_Encoding_UTF8_of_the_key((string?, string?, long?) t)
    {
        byte[] expected = Encoding.UTF8.GetBytes(Shape.Build(t.Item1, t.Item2, t.Item3));

        byte[] exact = new byte[expected.Length];
        Assert.True(Shape.TryFormatUtf8(t.Item1, t.Item2, t.Item3, exact, out int written));
        Assert.Equal(expected.Length, written);
        Assert.Equal(expected, exact);

        byte[] tooSmall = new byte[expected.Length - 1];
        Assert.False(Shape.TryFormatUtf8(t.Item1, t.Item2, t.Item3, tooSmall, out written));
        Assert.Equal(0, written);

        var writer = new TestBufferWriter<byte>();
        writer.GetSpan(3);
        writer.Advance(3);
        Assert.Equal(expected.Length, Shape.WriteUtf8(t.Item1, t.Item2, t.Item3, writer));
        Assert.Equal(expected, writer.WrittenSpan.Slice(3).ToArray());
    }

    [Fact]
    public void Utf8_output_of_long_keys_returns_every_pooled_array_once_even_when_a_part_throws()
    {
        var pool = new RecordingArrayPool();
        KeyTextRules strict = KeyTextRules.None.Allow(KeyCharacterSet.Create("ab"), invalidFallback: null);
        KeyShape<string?, ReadOnlyMemory<char>> shape = KeyShape.Join("/", KeyPart.Text("t", KeyTextRules.None), KeyPart.MemoryText("m", KeyTextRules.None.ToLowerInvariant()))
            .WithScratchPool(pool);
        string longText = new('x', 3000);
        var writer = new TestBufferWriter<byte>();
        Assert.Equal(3003, shape.WriteUtf8(longText, "AB".AsMemory(), writer));
        Assert.True(shape.TryFormatUtf8(longText, "AB".AsMemory(), new byte[4000], out int written));
        Assert.Equal(3003, written);
        Assert.Equal(longText + "/ab", shape.Build(longText, "AB".AsMemory()));

        // The memory part turns non-ASCII between measure and write: the write throws after the rent.
        Assert.Throws<InvalidOperationException>(() => shape.TryFormatUtf8(longText, new ShiftingMemory("AB", "\u00E9\u00E9").Text, new byte[4000], out _));
        Assert.Throws<InvalidOperationException>(() => shape.WriteUtf8(longText, new ShiftingMemory("AB", "\u00E9\u00E9").Text, new TestBufferWriter<byte>()));
        Assert.Throws<InvalidOperationException>(() => shape.Build(longText, new ShiftingMemory("AB", "\u00E9\u00E9").Text));

        // A strict part throws while measuring: nothing is rented.
        int rentsBefore = pool.Rents;
        Assert.ThrowsAny<ArgumentException>(() => KeyShape.Join("/", KeyPart.Text("t", strict)).WithScratchPool(pool).WriteUtf8(longText, new TestBufferWriter<byte>()));
        Assert.Equal(rentsBefore, pool.Rents);

        Assert.Equal(0, pool.Outstanding);
        Assert.Equal(pool.Rents, pool.Returns);
#if FASTTEXT_NETSTANDARD
        Assert.Equal(6, pool.Rents); // two UTF-8 outputs and one string, then each again with a throwing part
#else
        Assert.Equal(4, pool.Rents); // string.Create needs no scratch buffer
#endif
    }

    [Fact]
    public void Short_keys_never_touch_the_pool()
    {
        var pool = new RecordingArrayPool();
        var shape = Shape.WithScratchPool(pool);
        Assert.Equal("a=x;b=unknown;n=007", shape.Build("x", " ", 7));
        Assert.True(shape.TryFormatUtf8("x", " ", 7, new byte[64], out _));
        shape.WriteUtf8("x", " ", 7, new TestBufferWriter<byte>());

        Assert.Equal(0, pool.Rents);
    }

    [Fact]
    public void A_writer_that_returns_a_short_span_is_reported()
    {
        var writer = new TestBufferWriter<byte> { ForcedSpanLength = 2 };
        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => Shape.WriteUtf8("x", "y", 1, writer));
        Assert.Equal("writer", e.ParamName);
        Assert.Throws<ArgumentNullException>(() => Shape.WriteUtf8("x", "y", 1, null!));
    }
}
