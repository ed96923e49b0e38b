using System.Numerics;
using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;
using static FastText.Tests.Building.ValueStringBuilderTestKit;

namespace FastText.Tests.Building;

/// <summary>
/// ZString's cases whose references .NET Framework lacks: StringBuilder.AppendJoin (ZString's AppendJoinTest runs
/// its calls one after another on one builder and compares after each), string.Join with a char separator, the
/// IFormattable IntPtr of .NET 5+, MathF and System.Numerics vectors; and its malformed formats, which .NET
/// Framework's string.Format reads by other rules than the .NET Core ones both builds follow.
/// </summary>
public partial class ZStringCaseTests
{
    /// <summary>One AppendJoin call, made the same way on a StringBuilder, the char builder and the UTF-8 builder.</summary>
    private sealed record JoinStep(Action<StringBuilder> Reference, Appender Chars, Utf8Appender Utf8);

    /// <summary>
    /// Runs <paramref name="steps"/> after "Foo:" on a StringBuilder and on each builder, and compares the text
    /// (UTF-8: its encoding) after every step.
    /// </summary>
    private static void AssertJoinSteps(string prefix, params JoinStep[] steps)
    {
        var reference = new StringBuilder(prefix);
        var chars = new ValueStringBuilder(new char[1]);
        var utf8 = new Utf8ValueStringBuilder(new byte[1]);
        try
        {
            chars.Append(prefix);
            utf8.Append(prefix);
            foreach (JoinStep step in steps)
            {
                step.Reference(reference);
                step.Chars(ref chars);
                step.Utf8(ref utf8);
                Assert.Equal(reference.ToString(), chars.ToString());
                Assert.Equal(Encoding.UTF8.GetBytes(reference.ToString()), utf8.WrittenSpan.ToArray());
            }
        }
        finally
        {
            chars.Dispose();
            utf8.Dispose();
        }
    }

    // AppendJoinTest.cs: JoinOverloads: params ints, empty and int arrays and IEnumerables, "_,_" and ','.
    [Fact]
    public void AppendJoinTest_JoinOverloads()
    {
        AssertJoinSteps(
            "Foo:",
            new(s => s.AppendJoin("_,_", 0), (ref ValueStringBuilder b) => b.AppendJoin("_,_", 0), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", 0)),
            new(s => s.AppendJoin("_,_", 0, 1), (ref ValueStringBuilder b) => b.AppendJoin("_,_", 0, 1), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", 0, 1)),
            new(s => s.AppendJoin("_,_", Array.Empty<string>()), (ref ValueStringBuilder b) => b.AppendJoin("_,_", Array.Empty<string>()), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", Array.Empty<string>())),
            new(s => s.AppendJoin("_,_", new[] { 1, 2, 3 }), (ref ValueStringBuilder b) => b.AppendJoin("_,_", new[] { 1, 2, 3 }), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", new[] { 1, 2, 3 })),
            new(s => s.AppendJoin("_,_", Array.Empty<string>().AsEnumerable()), (ref ValueStringBuilder b) => b.AppendJoin("_,_", Array.Empty<string>().AsEnumerable()), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", Array.Empty<string>().AsEnumerable())),
            new(s => s.AppendJoin("_,_", new[] { 1, 2, 3 }.AsEnumerable()), (ref ValueStringBuilder b) => b.AppendJoin("_,_", new[] { 1, 2, 3 }.AsEnumerable()), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", new[] { 1, 2, 3 }.AsEnumerable())),
            new(s => s.AppendJoin(',', Array.Empty<string>()), (ref ValueStringBuilder b) => b.AppendJoin(',', Array.Empty<string>()), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', Array.Empty<string>())),
            new(s => s.AppendJoin(',', new[] { 1, 2, 3 }), (ref ValueStringBuilder b) => b.AppendJoin(',', new[] { 1, 2, 3 }), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', new[] { 1, 2, 3 })),
            new(s => s.AppendJoin(',', Array.Empty<string>().AsEnumerable()), (ref ValueStringBuilder b) => b.AppendJoin(',', Array.Empty<string>().AsEnumerable()), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', Array.Empty<string>().AsEnumerable())));
    }

    // AppendJoinTest.cs: JoinOverloads2 ("_,_") and JoinOverloads3 (','): empty and 1, 2, 3 as List, IList,
    // IReadOnlyList, ICollection and IReadOnlyCollection, one after another.
    [Theory]
    [InlineData("_,_")]
    [InlineData(",")]
    public void AppendJoinTest_JoinOverloads2_and_3(string separator)
    {
        var steps = new List<JoinStep>();
        foreach (Shape shape in new[] { Shape.List, Shape.IList, Shape.IReadOnlyList, Shape.ICollection, Shape.IReadOnlyCollection })
        {
            foreach (int[] values in new[] { Array.Empty<int>(), new[] { 1, 2, 3 } })
            {
                steps.Add(separator.Length == 1
                    ? new JoinStep(s => s.AppendJoin(separator[0], Shaped(values, shape)), (ref ValueStringBuilder b) => AppendJoinShaped(ref b, separator[0], values, shape), (ref Utf8ValueStringBuilder b) => AppendJoinShaped(ref b, separator[0], values, shape))
                    : new JoinStep(s => s.AppendJoin(separator, Shaped(values, shape)), (ref ValueStringBuilder b) => AppendJoinShaped(ref b, separator, values, shape), (ref Utf8ValueStringBuilder b) => AppendJoinShaped(ref b, separator, values, shape)));
            }
        }

        AssertJoinSteps("Foo:", steps.ToArray());

        static IEnumerable<int> Shaped(int[] values, Shape shape) => shape == Shape.List ? values.ToList() : values;
    }

    // AppendJoinTest.cs: JoinStrings: "Foo:" joined as one element, then { "abc", null, "def" } as a span, an
    // array, a List and an IEnumerable, then a line end; with ',' and with "_,_".
    [Fact]
    public void AppendJoinTest_JoinStrings()
    {
        string?[] values = { "abc", null, "def" };
        AssertJoinSteps(
            "",
            new(s => s.AppendJoin(',', "Foo:"), (ref ValueStringBuilder b) => b.AppendJoin(',', "Foo:"), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', "Foo:")),
            new(s => s.AppendJoin(',', values), (ref ValueStringBuilder b) => b.AppendJoin(',', new ReadOnlySpan<string?>(values)), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', new ReadOnlySpan<string?>(values))),
            new(s => s.AppendJoin(',', values), (ref ValueStringBuilder b) => b.AppendJoin(',', values), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', values)),
            new(s => s.AppendJoin(',', values.ToList()), (ref ValueStringBuilder b) => b.AppendJoin(',', values.ToList()), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', values.ToList())),
            new(s => s.AppendJoin(',', values.AsEnumerable()), (ref ValueStringBuilder b) => b.AppendJoin(',', values.AsEnumerable()), (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', values.AsEnumerable())),
            new(s => s.AppendLine(), (ref ValueStringBuilder b) => b.AppendLine(), (ref Utf8ValueStringBuilder b) => b.AppendLine()));
        AssertJoinSteps(
            "",
            new(s => s.AppendJoin("_,_", "Foo:"), (ref ValueStringBuilder b) => b.AppendJoin("_,_", "Foo:"), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", "Foo:")),
            new(s => s.AppendJoin("_,_", values), (ref ValueStringBuilder b) => b.AppendJoin("_,_", new ReadOnlySpan<string?>(values)), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", new ReadOnlySpan<string?>(values))),
            new(s => s.AppendJoin("_,_", values), (ref ValueStringBuilder b) => b.AppendJoin("_,_", values), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", values)),
            new(s => s.AppendJoin("_,_", values.ToList()), (ref ValueStringBuilder b) => b.AppendJoin("_,_", values.ToList()), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", values.ToList())),
            new(s => s.AppendJoin("_,_", values.AsEnumerable()), (ref ValueStringBuilder b) => b.AppendJoin("_,_", values.AsEnumerable()), (ref Utf8ValueStringBuilder b) => b.AppendJoin("_,_", values.AsEnumerable())),
            new(s => s.AppendLine(), (ref ValueStringBuilder b) => b.AppendLine(), (ref Utf8ValueStringBuilder b) => b.AppendLine()));
    }

    /// <summary>Generated strings (nulls, empties, non-ASCII, lone surrogates) and a separator, for the property below.</summary>
    public static class JoinStringInputs
    {
        public static Arbitrary<(string?[], string, string?[])> Cases()
        {
            Gen<(string?[], string, string?[])> cases =
                from first in Gen.ArrayOf(BuilderJoinInsertTests.JoinInputs.Elements)
                from separator in Gen.Elements(",", "_,_", ";", "é", "")
                from second in Gen.ArrayOf(BuilderJoinInsertTests.JoinInputs.Elements)
                select (first, separator, second);
            return cases.ToArbitrary();
        }
    }

    // AppendJoinTest.cs: JoinStrings and JoinTest.cs: JoinStrings, over generated strings instead of
    // { "abc", null, "def" }: two joins in a row, each compared with StringBuilder.AppendJoin and string.Join.
    [FastTextProperty(Arbitrary = [typeof(JoinStringInputs)])]
    public void JoinStrings_of_any_strings_match_StringBuilder((string?[], string, string?[]) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (first, separator, second) = input;
            if (separator.Length == 1)
            {
                char c = separator[0];
                AssertJoinSteps(
                    "Foo:",
                    new(s => s.AppendJoin(c, first), (ref ValueStringBuilder b) => b.AppendJoin(c, first), (ref Utf8ValueStringBuilder b) => b.AppendJoin(c, first)),
                    new(s => s.AppendJoin(c, second), (ref ValueStringBuilder b) => b.AppendJoin(c, second.AsEnumerable()), (ref Utf8ValueStringBuilder b) => b.AppendJoin(c, new ReadOnlySpan<string?>(second))));
            }

            AssertJoinSteps(
                "Foo:",
                new(s => s.AppendJoin(separator, first), (ref ValueStringBuilder b) => b.AppendJoin(separator, first), (ref Utf8ValueStringBuilder b) => b.AppendJoin(separator, first)),
                new(s => s.AppendJoin(separator, second), (ref ValueStringBuilder b) => b.AppendJoin(separator, second.ToList()), (ref Utf8ValueStringBuilder b) => b.AppendJoin(separator, second.AsEnumerable())));
        });
    }

    // JoinTest.cs: JoinOverloads3 compares with string.Join(char, ...); the char separator again against that overload.
    [Theory]
    [MemberData(nameof(JoinOverloadRows))]
    public void JoinOverloads3_match_string_Join_with_a_char(Shape shape, int count)
    {
        int[] values = Enumerable.Range(1, count).ToArray();
        Assert.Equal(string.Join(',', values), Chars((ref ValueStringBuilder b) => AppendJoinShaped(ref b, ',', values, shape)));
        AssertUtf8(string.Join(',', values), (ref Utf8ValueStringBuilder b) => AppendJoinShaped(ref b, ',', values, shape));
    }

    // FormatTest.cs: FormatIntPtr: "X" of IntPtr and UIntPtr at their 32-bit and (on 64-bit) 64-bit extremes; since
    // .NET 5 they honour the format, which is why this runs on .NET Core only.
    [Fact]
    public void FormatIntPtr_in_hex()
    {
        AssertFormat("abc{0:X}def{1:X}", new IntPtr(int.MinValue), new IntPtr(int.MaxValue));
        AssertFormat("abc{0:X}def{1:X}", new UIntPtr(uint.MinValue), new UIntPtr(uint.MaxValue));
        if (IntPtr.Size == 8)
        {
            AssertFormat("abc{0:X}def{1:X}", new IntPtr(long.MinValue), new IntPtr(long.MaxValue));
            AssertFormat("abc{0:X}def{1:X}", new UIntPtr(ulong.MinValue), new UIntPtr(ulong.MaxValue));
        }
    }

    // FormatTest.cs: FormattableObject: boxed Vector2 and Vector3 (IFormattable, not span-formattable in every
    // runtime) with an empty format, "F3", "E0" and "N", NaN and the float extremes included.
    [Fact]
    public void FormattableObject_vectors()
    {
        foreach (var culture in Cultures)
        {
            WithCurrentCulture(culture, () =>
            {
                AssertFormat("abc{0:}def{1:F3}", (object)default(Vector2), (object)new Vector2(MathF.PI));
                AssertFormat("abc{0:E0}def{1:N}", (object)new Vector3(float.MinValue, float.NaN, float.MaxValue), (object)new Vector3(MathF.PI));
                return 0;
            });
        }
    }

    // CompositeFormatTest.cs: IncorrectFormat: malformed items, each with the one argument 9999. ZString asserts that
    // it throws the exception type string.Format throws; here both builders, generic and params overloads, must give
    // string.Format's outcome (the same exception type, or the same text where the runtime accepts the format).
    [Theory]
    [InlineData("{1}")]
    [InlineData("{-0}")]
    [InlineData("{-1}")]
    [InlineData("}")]
    [InlineData("{")]
    [InlineData("{}")]
    [InlineData("{A}")]
    [InlineData("{1A}")]
    [InlineData("{0x0}")]
    [InlineData("{\uff11}")]
    [InlineData("{ }")]
    [InlineData("{ 1}")]
    [InlineData("{0 0}")]
    [InlineData("{0+0}")]
    [InlineData("{0")]
    [InlineData("{foo")]
    [InlineData("{{0}")]
    [InlineData("{{{0")]
    [InlineData("0}")]
    [InlineData("bar}")]
    [InlineData("{0}}")]
    [InlineData("0}}}")]
    [InlineData("{:0}")]
    [InlineData("{0{}")]
    [InlineData("{0{1}}")]
    [InlineData("{,0}")]
    [InlineData("{ 0,0}")]
    [InlineData("{,-0}")]
    [InlineData("{0,-}")]
    [InlineData("{0,- 0}")]
    [InlineData("{0,--0}")]
    [InlineData("{:}")]
    [InlineData("{,:}")]
    [InlineData(" { , : } ")]
    [InlineData("{:,}")]
    [InlineData("{::}")]
    [InlineData("{,,}")]
    [InlineData(@"{\0}")]
    [InlineData(@"{0\,0}")]
    [InlineData(@"{0,0\:}")]
    [InlineData(@"{0:\}}")]
    public void IncorrectFormat_throws_as_string_Format(string format)
    {
        const int value = 9999;
        string expected = Outcome(() => string.Format(format, value));
        Assert.StartsWith("threw FormatException", expected, StringComparison.Ordinal);
        Assert.Equal(expected, Outcome(() => Chars((ref ValueStringBuilder b) => b.AppendFormat(format, value))));
        Assert.Equal(expected, Outcome(() => Chars((ref ValueStringBuilder b) => b.AppendFormat(format, new object?[] { value }))));
        Assert.Equal(expected, Outcome(() => Encoding.UTF8.GetString(Utf8((ref Utf8ValueStringBuilder b) => b.AppendFormat(format, value)))));
        Assert.Equal(expected, Outcome(() => Encoding.UTF8.GetString(Utf8((ref Utf8ValueStringBuilder b) => b.AppendFormat(format, new object?[] { value })))));
    }
}
