using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>Keys of more than six parts: a shape used as a part of a larger shape.</summary>
public class KeyNestedShapeTests
{
    private static readonly KeyPart<int> N = KeyPart.Int32("n");

    /// <summary>Eleven optional ints, a quarter of them absent.</summary>
    public static class ElevenValues
    {
        public static Arbitrary<int?[]> Value()
        {
            Gen<int?> value = Gen.Frequency((1, Gen.Constant<int?>(null)), (3, Gen.Choose(-1000, 1000).Select(i => (int?)i)));
            return Gen.ArrayOf(value, 11).ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(ElevenValues)])]
    public void Eleven_parts_through_nesting_match_the_reference(int?[] v)
    {
        KeyPart<int?> optional = KeyPart.Optional(N);
        KeyShape<int, int, int, int, int, (int?, int?, int, int, int, ValueTuple<int>)> shape = KeyShape.Format(
            "a{0}b{1}c{2}d{3}e{4}[{5}]",
            N, N, N, N, N,
            KeyPart.Shape("rest", KeyShape.Format(
                "f{0}g{1}h{2}i{3}j{4}k{5}",
                optional, optional, N, N, N,
                KeyPart.Shape("last", KeyShape.Join("/", N, prefix: "<", suffix: ">")))));

        int[] p = v.Select(x => x ?? 0).ToArray();
        string?[] inner = [v[5]?.ToString(), v[6]?.ToString(), p[7].ToString(), p[8].ToString(), p[9].ToString(), "<" + p[10] + ">"];
        string rest = KeyReference.Format("f", ["g", "h", "i", "j", "k"], inner, "");
        string expected = KeyReference.Format("a", ["b", "c", "d", "e", "["], [p[0] + "", p[1] + "", p[2] + "", p[3] + "", p[4] + "", rest], "]");

        string key = shape.Build(p[0], p[1], p[2], p[3], p[4], (v[5], v[6], p[7], p[8], p[9], new ValueTuple<int>(p[10])));
        Assert.Equal(expected, key);
    }

    [Fact]
    public void Every_nesting_arity_builds()
    {
        Assert.Equal("1", KeyShape.Join("/", KeyPart.Shape("s", KeyShape.Join("/", N))).Build(new ValueTuple<int>(1)));
        Assert.Equal("1-2", KeyShape.Join("/", KeyPart.Shape("s", KeyShape.Join("-", N, N))).Build((1, 2)));
        Assert.Equal("1-2-3", KeyShape.Join("/", KeyPart.Shape("s", KeyShape.Join("-", N, N, N))).Build((1, 2, 3)));
        Assert.Equal("1-2-3-4", KeyShape.Join("/", KeyPart.Shape("s", KeyShape.Join("-", N, N, N, N))).Build((1, 2, 3, 4)));
        Assert.Equal("1-2-3-4-5", KeyShape.Join("/", KeyPart.Shape("s", KeyShape.Join("-", N, N, N, N, N))).Build((1, 2, 3, 4, 5)));
        Assert.Equal("0/1-2-3-4-5-6", KeyShape.Join("/", N, KeyPart.Shape("s", KeyShape.Join("-", N, N, N, N, N, N))).Build(0, (1, 2, 3, 4, 5, 6)));
        Assert.Throws<ArgumentNullException>(() => KeyPart.Shape<int>("s", null!));
    }

    [Fact]
    public void A_nested_part_whose_text_changes_between_measure_and_write_throws()
    {
        KeyShape<ReadOnlyMemory<char>> inner = KeyShape.Join("/", KeyPart.MemoryText("m", KeyTextRules.None.EmptyAs("e")));
        KeyShape<int, ValueTuple<ReadOnlyMemory<char>>> outer = KeyShape.Join("/", N, KeyPart.Shape("inner", inner));

        // Measured as blank (the fallback "e", 1 char), then written as text of 2 chars: the inner shape measures again.
        InvalidOperationException e = Assert.Throws<InvalidOperationException>(() => outer.Build(1, new ValueTuple<ReadOnlyMemory<char>>(new ShiftingMemory("  ", "ab").Text)));
        Assert.Contains("'inner'", e.Message, StringComparison.Ordinal);
    }
}
