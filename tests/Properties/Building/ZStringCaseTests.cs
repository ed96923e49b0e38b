using System.Globalization;
using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;
using static FastText.Tests.Building.ValueStringBuilderTestKit;

namespace FastText.Tests.Building;

/// <summary>
/// Cysharp ZString's own test cases for the members the builders share with it: Join/AppendJoin,
/// Format/AppendFormat (the char builder and the UTF-8 builder), Insert and the indexer, each restated here in our
/// words and checked against the runtime instead of against ZString: string.Join, string.Format and StringBuilder,
/// and for the UTF-8 builder Encoding.UTF8 over the string they give. Every case names the ZString test it comes
/// from (tests/ZString.Tests/&lt;file&gt;: &lt;method&gt;). Where ZString fixed arguments a value does not matter to,
/// the case is also a property over generated ones.
/// <para>
/// This part uses only what .NET Framework has too (string.Join with a string separator, StringBuilder.Insert and
/// its indexer), so it runs against both library builds and on net48; the cases that need .NET Core references
/// (StringBuilder.AppendJoin, string.Join with a char) are in the .NetCore part, ZString's prepared formats (our
/// CompositeFormat overloads) in the .Net8 part.
/// </para>
/// </summary>
[TrackedPool]
public partial class ZStringCaseTests
{
    private delegate void Utf8Appender(ref Utf8ValueStringBuilder builder);

    // ---------------------------------------------------------------- shared checks

    /// <summary>
    /// Builds with the char builder from a 1-char start buffer, so nearly every case grows at least once (ZString's
    /// cases start on its 64 KB scratch buffer, where growth never shows).
    /// </summary>
    private static string Chars(Appender append) => Build(1, append);

    /// <summary>
    /// The UTF-8 builder's bytes, built from a 1-byte start buffer and, unless <paramref name="overWriter"/> is false,
    /// again over a writer that hands out 3-byte spans (which costs quadratic time on megabytes).
    /// </summary>
    private static byte[] Utf8(Utf8Appender append, bool overWriter = true)
    {
        byte[] fromBuffer;
        var builder = new Utf8ValueStringBuilder(new byte[1]);
        try
        {
            append(ref builder);
            fromBuffer = builder.WrittenSpan.ToArray();
        }
        finally
        {
            builder.Dispose();
        }

        if (!overWriter)
        {
            return fromBuffer;
        }

        // ZString's "direct" variant (Utf8Format into an IBufferWriter): the same bytes through a writer.
        var writer = new TinySpanWriter(3);
        var viaWriter = new Utf8ValueStringBuilder(writer);
        try
        {
            append(ref viaWriter);
        }
        finally
        {
            viaWriter.Dispose();
        }

        Assert.Equal(fromBuffer, writer.WrittenSpan.ToArray());
        return fromBuffer;
    }

    private static void AssertUtf8(string expected, Utf8Appender append, bool overWriter = true) =>
        Assert.Equal(Encoding.UTF8.GetBytes(expected), Utf8(append, overWriter));

    /// <summary>The hex of the bytes, or the exception type when building throws, so that throwing cases compare too.</summary>
    private static string Utf8Outcome(Func<byte[]> produce) => Outcome(() => BitConverter.ToString(produce()));

    /// <summary>
    /// ZString's FormatTest.Test&lt;T0, T1&gt;: the composite format with two arguments through both builders, the generic
    /// overload and the params one, against string.Format (the same text, or the same exception type).
    /// </summary>
    private static void AssertFormat<T0, T1>(string format, T0 arg0, T1 arg1)
    {
        string expected = Outcome(() => string.Format(format, arg0, arg1));
        Assert.Equal(expected, Outcome(() => Chars((ref ValueStringBuilder b) => b.AppendFormat(format, arg0, arg1))));
        Assert.Equal(expected, Outcome(() => Chars((ref ValueStringBuilder b) => b.AppendFormat(format, new object?[] { arg0, arg1 }))));

        string expectedUtf8 = Utf8Outcome(() => Encoding.UTF8.GetBytes(string.Format(format, arg0, arg1)));
        Assert.Equal(expectedUtf8, Utf8Outcome(() => Utf8((ref Utf8ValueStringBuilder b) => b.AppendFormat(format, arg0, arg1))));
        Assert.Equal(expectedUtf8, Utf8Outcome(() => Utf8((ref Utf8ValueStringBuilder b) => b.AppendFormat(format, new object?[] { arg0, arg1 }))));
    }

    /// <summary>AssertFormat for the params overload only (ZString's 1- and 4- to 16-argument calls).</summary>
    private static void AssertFormatArray(string format, params object?[] args)
    {
        string expected = Outcome(() => string.Format(format, args));
        Assert.Equal(expected, Outcome(() => Chars((ref ValueStringBuilder b) => b.AppendFormat(format, args))));
        string expectedUtf8 = Utf8Outcome(() => Encoding.UTF8.GetBytes(string.Format(format, args)));
        Assert.Equal(expectedUtf8, Utf8Outcome(() => Utf8((ref Utf8ValueStringBuilder b) => b.AppendFormat(format, args))));
    }

    /// <summary>
    /// Any int, built from two 16-bit halves (a full-range Gen.Choose would have to count 2^32 values), with the
    /// boundaries and small values weighted up.
    /// </summary>
    private static readonly Gen<int> AnyInt = Gen.Frequency(
        (4, Gen.Choose(-1000, 1000)),
        (4, from high in Gen.Choose(short.MinValue, short.MaxValue) from low in Gen.Choose(0, ushort.MaxValue) select (high << 16) | low),
        (1, Gen.Elements(int.MinValue, int.MaxValue, 0, -1)));

    // ---------------------------------------------------------------- Join (JoinTest.cs)

    /// <summary>The collection shapes ZString's JoinOverloads, JoinOverloads2 and JoinOverloads3 pass (each binds its own overload).</summary>
    public enum Shape
    {
        Array,
        Enumerable,
        List,
        IList,
        IReadOnlyList,
        ICollection,
        IReadOnlyCollection,
    }

    private static void AppendJoinShaped(ref ValueStringBuilder builder, string separator, int[] values, Shape shape)
    {
        switch (shape)
        {
            case Shape.Array: builder.AppendJoin(separator, values); break;
            case Shape.Enumerable: builder.AppendJoin(separator, values.AsEnumerable()); break;
            case Shape.List: builder.AppendJoin(separator, values.ToList()); break;
            case Shape.IList: builder.AppendJoin(separator, (IList<int>)values); break;
            case Shape.IReadOnlyList: builder.AppendJoin(separator, (IReadOnlyList<int>)values); break;
            case Shape.ICollection: builder.AppendJoin(separator, (ICollection<int>)values); break;
            default: builder.AppendJoin(separator, (IReadOnlyCollection<int>)values); break;
        }
    }

    private static void AppendJoinShaped(ref ValueStringBuilder builder, char separator, int[] values, Shape shape)
    {
        switch (shape)
        {
            case Shape.Array: builder.AppendJoin(separator, values); break;
            case Shape.Enumerable: builder.AppendJoin(separator, values.AsEnumerable()); break;
            case Shape.List: builder.AppendJoin(separator, values.ToList()); break;
            case Shape.IList: builder.AppendJoin(separator, (IList<int>)values); break;
            case Shape.IReadOnlyList: builder.AppendJoin(separator, (IReadOnlyList<int>)values); break;
            case Shape.ICollection: builder.AppendJoin(separator, (ICollection<int>)values); break;
            default: builder.AppendJoin(separator, (IReadOnlyCollection<int>)values); break;
        }
    }

    private static void AppendJoinShaped(ref Utf8ValueStringBuilder builder, string separator, int[] values, Shape shape)
    {
        switch (shape)
        {
            case Shape.Array: builder.AppendJoin(separator, values); break;
            case Shape.Enumerable: builder.AppendJoin(separator, values.AsEnumerable()); break;
            case Shape.List: builder.AppendJoin(separator, values.ToList()); break;
            case Shape.IList: builder.AppendJoin(separator, (IList<int>)values); break;
            case Shape.IReadOnlyList: builder.AppendJoin(separator, (IReadOnlyList<int>)values); break;
            case Shape.ICollection: builder.AppendJoin(separator, (ICollection<int>)values); break;
            default: builder.AppendJoin(separator, (IReadOnlyCollection<int>)values); break;
        }
    }

    private static void AppendJoinShaped(ref Utf8ValueStringBuilder builder, char separator, int[] values, Shape shape)
    {
        switch (shape)
        {
            case Shape.Array: builder.AppendJoin(separator, values); break;
            case Shape.Enumerable: builder.AppendJoin(separator, values.AsEnumerable()); break;
            case Shape.List: builder.AppendJoin(separator, values.ToList()); break;
            case Shape.IList: builder.AppendJoin(separator, (IList<int>)values); break;
            case Shape.IReadOnlyList: builder.AppendJoin(separator, (IReadOnlyList<int>)values); break;
            case Shape.ICollection: builder.AppendJoin(separator, (ICollection<int>)values); break;
            default: builder.AppendJoin(separator, (IReadOnlyCollection<int>)values); break;
        }
    }

    public static TheoryData<Shape, int> JoinOverloadRows()
    {
        var rows = new TheoryData<Shape, int>();
        foreach (Shape shape in Enum.GetValues(typeof(Shape)))
        {
            for (int count = 0; count <= 3; count++)
            {
                rows.Add(shape, count);
            }
        }

        return rows;
    }

    // JoinTest.cs: JoinOverloads (array, IEnumerable), JoinOverloads2 ("_,_" over List, IList, IReadOnlyList,
    // ICollection, IReadOnlyCollection), JoinOverloads3 (',' over the same): 0 to 3 of the ints 1, 2, 3.
    [Theory]
    [MemberData(nameof(JoinOverloadRows))]
    public void JoinOverloads_join_zero_to_three_ints_as_string_Join(Shape shape, int count)
    {
        int[] values = Enumerable.Range(1, count).ToArray();
        AssertJoinShaped(values, shape);
    }

    /// <summary>Generated ints (boundaries included), a shape and a culture (sv-SE's minus sign is not ASCII).</summary>
    public static class JoinShapeInputs
    {
        public static Arbitrary<(int[], Shape, int)> Cases()
        {
            Gen<(int[], Shape, int)> cases =
                from count in Gen.Frequency((1, Gen.Constant(0)), (2, Gen.Constant(1)), (5, Gen.Choose(2, 40)))
                from values in Gen.ArrayOf(AnyInt, count)
                from shape in Gen.Elements((Shape[])Enum.GetValues(typeof(Shape)))
                from culture in Gen.Choose(0, Cultures.Length - 1)
                select (values, shape, culture);
            return cases.ToArbitrary();
        }
    }

    // JoinTest.cs: JoinOverloads, JoinOverloads2, JoinOverloads3, over any ints instead of 1, 2, 3.
    [FastTextProperty(Arbitrary = [typeof(JoinShapeInputs)])]
    public void JoinOverloads_join_any_ints_as_string_Join((int[], Shape, int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (values, shape, culture) = input;
            WithCurrentCulture(Cultures[culture], () =>
            {
                AssertJoinShaped(values, shape);
                return 0;
            });
        });
    }

    private static void AssertJoinShaped(int[] values, Shape shape)
    {
        string expected = string.Join("_,_", values);
        string expectedChar = string.Join(",", values);
        Assert.Equal(expected, Chars((ref ValueStringBuilder b) => AppendJoinShaped(ref b, "_,_", values, shape)));
        Assert.Equal(expectedChar, Chars((ref ValueStringBuilder b) => AppendJoinShaped(ref b, ',', values, shape)));
        AssertUtf8(expected, (ref Utf8ValueStringBuilder b) => AppendJoinShaped(ref b, "_,_", values, shape));
        AssertUtf8(expectedChar, (ref Utf8ValueStringBuilder b) => AppendJoinShaped(ref b, ',', values, shape));
    }

    // JoinTest.cs: ConcatHugeString (despite its name, Join(',') of a 10,000-char and a 1,000,000-char string).
    [Fact]
    public void ConcatHugeString_joins_two_long_strings()
    {
        string a = new string('a', 10000);
        string b = new string('b', 1000000);
        string expected = string.Join(",", new[] { a, b });
        Assert.Equal(expected, Chars((ref ValueStringBuilder sb) => sb.AppendJoin(',', new[] { a, b })));
        Assert.Equal(expected, Chars((ref ValueStringBuilder sb) => sb.AppendJoin(",", new[] { a, b })));
        AssertUtf8(expected, (ref Utf8ValueStringBuilder sb) => sb.AppendJoin(',', new[] { a, b }), overWriter: false);
    }

    // JoinTest.cs: JoinStrings: { "abc", null, "def" } as a span, an array, a List and an IEnumerable, with ',' and "_,_".
    [Fact]
    public void JoinStrings_with_a_null_element()
    {
        string?[] values = { "abc", null, "def" };
        foreach (string separator in new[] { ",", "_,_" })
        {
            string expected = string.Join(separator, values);
            Assert.Equal(expected, Chars((ref ValueStringBuilder b) => b.AppendJoin(separator, new ReadOnlySpan<string?>(values))));
            Assert.Equal(expected, Chars((ref ValueStringBuilder b) => b.AppendJoin(separator, values)));
            Assert.Equal(expected, Chars((ref ValueStringBuilder b) => b.AppendJoin(separator, values.ToList())));
            Assert.Equal(expected, Chars((ref ValueStringBuilder b) => b.AppendJoin(separator, values.AsEnumerable())));
            AssertUtf8(expected, (ref Utf8ValueStringBuilder b) => b.AppendJoin(separator, new ReadOnlySpan<string?>(values)));
            AssertUtf8(expected, (ref Utf8ValueStringBuilder b) => b.AppendJoin(separator, values));
            AssertUtf8(expected, (ref Utf8ValueStringBuilder b) => b.AppendJoin(separator, values.ToList()));
            AssertUtf8(expected, (ref Utf8ValueStringBuilder b) => b.AppendJoin(separator, values.AsEnumerable()));
        }

        string expectedChar = string.Join(",", values);
        Assert.Equal(expectedChar, Chars((ref ValueStringBuilder b) => b.AppendJoin(',', new ReadOnlySpan<string?>(values))));
        Assert.Equal(expectedChar, Chars((ref ValueStringBuilder b) => b.AppendJoin(',', values)));
        Assert.Equal(expectedChar, Chars((ref ValueStringBuilder b) => b.AppendJoin(',', values.ToList())));
        Assert.Equal(expectedChar, Chars((ref ValueStringBuilder b) => b.AppendJoin(',', values.AsEnumerable())));
        AssertUtf8(expectedChar, (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', new ReadOnlySpan<string?>(values)));
        AssertUtf8(expectedChar, (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', values));
        AssertUtf8(expectedChar, (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', values.ToList()));
        AssertUtf8(expectedChar, (ref Utf8ValueStringBuilder b) => b.AppendJoin(',', values.AsEnumerable()));
    }

    // ---------------------------------------------------------------- Format (FormatTest.cs, CompositeFormatTest.cs)

    /// <summary>ZString's two-argument format strings that it fills with two ints, and the test each comes from.</summary>
    private static readonly (string Origin, string Format)[] IntFormats =
    {
        ("FormatTest.cs: EmptyFormat", ""),
        ("FormatTest.cs: NoFormat", "abcdefg"),
        ("FormatTest.cs: SingleFormat", "{0}"),
        ("FormatTest.cs: DoubleFormat", "{0}{1}"),
        ("FormatTest.cs: DoubleFormat2", "abc{0}def{1}"),
        ("FormatTest.cs: DoubleFormat3", "abc{0}def{1}ghi"),
        // ZString leaves its UTF-8 builder out here (its Utf8Formatter refuses a blank format); ours is checked too.
        ("FormatTest.cs: EmptyFormatString", "{0:}{1: }"),
        ("FormatTest.cs: Nullable", "abc{0:X}def{1:X}ghi"),
        ("FormatTest.cs: Comment", "abc{{0}}def{1}ghi"),
        ("FormatTest.cs: Comment", "}}{{{0}{{}}{1}{{"),
        ("FormatTest.cs: FormatArgs", "{0:00000000}-{1:00000000}"),
        ("CompositeFormatTest.cs: AlignmentComponentInt", "{1,-1}{0,1}"),
        ("CompositeFormatTest.cs: AlignmentComponentInt", "{0,1}{1,-1}"),
        ("CompositeFormatTest.cs: AlignmentComponentInt", "{0,10}{1,-10}"),
    };

    /// <summary>Each row with ZString's own arguments (100 and 200 where it used them).</summary>
    public static TheoryData<string, string, long, long> IntFormatRows()
    {
        var rows = new TheoryData<string, string, long, long>();
        foreach (var (origin, format) in IntFormats)
        {
            (long a, long b) = origin switch
            {
                "FormatTest.cs: Nullable" => (100L, 1L),
                "FormatTest.cs: Comment" when format.StartsWith("}", StringComparison.Ordinal) => (123L, 456L),
                "CompositeFormatTest.cs: AlignmentComponentInt" when format == "{1,-1}{0,1}" => (long.MinValue, long.MaxValue),
                "CompositeFormatTest.cs: AlignmentComponentInt" => (1L, 1L),
                _ => (100L, 200L),
            };
            rows.Add(origin, format, a, b);
        }

        return rows;
    }

    [Theory]
    [MemberData(nameof(IntFormatRows))]
    public void Two_argument_formats_match_string_Format(string origin, string format, long arg0, long arg1)
    {
        _ = origin;
        AssertFormat(format, arg0, arg1);
        AssertFormat(format, (int)arg0, (int)arg1);
    }

    /// <summary>One of ZString's int formats, two generated ints and a culture.</summary>
    public static class IntFormatInputs
    {
        public static Arbitrary<(int, int, int, int)> Cases()
        {
            Gen<(int, int, int, int)> cases =
                from format in Gen.Choose(0, IntFormats.Length - 1)
                from a in AnyInt
                from b in AnyInt
                from culture in Gen.Choose(0, Cultures.Length - 1)
                select (format, a, b, culture);
            return cases.ToArbitrary();
        }
    }

    // FormatTest.cs: EmptyFormat, NoFormat, SingleFormat, DoubleFormat, DoubleFormat2, DoubleFormat3,
    // EmptyFormatString, Nullable (its int? row, here with int?), Comment, FormatArgs; CompositeFormatTest.cs:
    // AlignmentComponentInt — with any two ints in any of the test cultures instead of ZString's fixed ones.
    [FastTextProperty(Arbitrary = [typeof(IntFormatInputs)])]
    public void Two_argument_formats_match_string_Format_for_any_ints((int, int, int, int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (format, a, b, culture) = input;
            WithCurrentCulture(Cultures[culture], () =>
            {
                AssertFormat(IntFormats[format].Format, a, b);
                AssertFormat(IntFormats[format].Format, (int?)a, b == 0 ? null : (int?)b);
                return 0;
            });
        });
    }

    // FormatTest.cs: MaximumFormat (16 arguments between literals, through the params overload: ours has generic
    // overloads for 1 to 3 arguments only).
    [Fact]
    public void MaximumFormat_sixteen_arguments()
    {
        object?[] args = Enumerable.Range(1, 16).Select(i => (object?)(i * 100)).ToArray();
        AssertFormatArray("abc{0}de{1}f{2}g{3}h{4}i{5}{6}{7}{8}{9}{10}{11}{12}{13}{14}{15}z", args);
    }

    // FormatTest.cs: Nullable: nullable int, Guid and double arguments, null included, through the generic overload.
    [Fact]
    public void Nullable_arguments()
    {
        AssertFormat("abc{0}def{1}ghi", (int?)100, (int?)1);
        AssertFormat("abc{0:X}def{1:X}ghi", (int?)100, (int?)1);
        AssertFormat("abc{0}def{1}ghi", (Guid?)new Guid("6f9619ff-8b86-d011-b42d-00c04fc964ff"), (Guid?)null);
        AssertFormat("abc{0:e}def{1:e}ghi", (double?)Math.PI, (double?)null);
    }

    // FormatTest.cs: Escape: backslash-escaped literals in a TimeSpan custom format (ZString checks its char builder only).
    [Fact]
    public void Escape_in_a_TimeSpan_format()
    {
        var span = new TimeSpan(12, 34, 56);
        AssertFormat(@"{0:h\,h\:mm\:ss}", span, 0);
        AssertFormatArray(@"{0:h\,h\:mm\:ss}", span);
    }

    // FormatTest.cs: Unicode: Japanese literals around a heart and a family emoji (surrogate pairs and joiners).
    [Fact]
    public void Unicode_literals_and_arguments()
    {
        AssertFormat(
            "\u30cf\u30fc\u30c8: {0}, \u5bb6\u65cf: {1}(\u7d75\u6587\u5b57)",
            "\u2764",
            "\uD83D\uDC69\u200D\uD83D\uDC69\u200D\uD83D\uDC67\u200D\uD83D\uDC67");
    }

    // CompositeFormatTest.cs: AlignmentComponentString: strings padded left and right, narrower and wider than the field.
    [Theory]
    [InlineData("{1,0}{0,0}", "right", "left")]
    [InlineData("{0,3}{1,-3}", "Foo", "Foo")]
    [InlineData("{0,4}{1,-4}", "Foo", "Foo")]
    public void AlignmentComponentString_pads_strings(string format, string arg0, string arg1) => AssertFormat(format, arg0, arg1);

    // CompositeFormatTest.cs: AlignmentComponent: 1000-char fields, a Guid in "X" beside an escaped brace pair and a
    // negative TimeSpan in "c" (ZString leaves its UTF-8 builder out of that one), and a table of names and hours.
    [Fact]
    public void AlignmentComponent_wide_fields_guids_timespans_and_a_table()
    {
        AssertFormat("{1,-1000}{0,1000}", "", long.MaxValue);
        AssertFormat("{0,10:X}{{0}}{1,-10:c}", new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"), new TimeSpan(0, 13, 5, 9, 123).Negate());

        string[] names = { "Adam", "Bridgette", "Carla", "Daniel", "Ebenezer", "Francine", "George" };
        decimal[] hours = { 40, 6.667m, 40.39m, 82, 40.333m, 80, 16.75m };
        foreach (CultureInfo culture in Cultures)
        {
            WithCurrentCulture(culture, () =>
            {
                for (int i = 0; i < names.Length; i++)
                {
                    AssertFormat("{0,-20} {1,5:F3}", names[i], hours[i]);
                }

                return 0;
            });
        }
    }

    /// <summary>A Guid and a time of day, as ZString's AlignmentComponent takes from Guid.NewGuid() and DateTime.Now.</summary>
    public static class GuidTimeInputs
    {
        public static Arbitrary<(Guid, TimeSpan)> Cases()
        {
            Gen<(Guid, TimeSpan)> cases =
                from bytes in Gen.ArrayOf(Gen.Choose(0, 255).Select(b => (byte)b), 16)
                from ticks in Gen.Choose(0, int.MaxValue).Select(t => (long)t * 40) // 0 to ~2.4 hours in 4 µs steps
                select (new Guid(bytes), TimeSpan.FromTicks(ticks));
            return cases.ToArbitrary();
        }
    }

    // CompositeFormatTest.cs: AlignmentComponent (its Guid.NewGuid() and DateTime.Now.TimeOfDay.Negate() row), over
    // generated values.
    [FastTextProperty(Arbitrary = [typeof(GuidTimeInputs)])]
    public void AlignmentComponent_any_guid_and_negative_time((Guid, TimeSpan) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (guid, time) = input;
            AssertFormat("{0,10:X}{{0}}{1,-10:c}", guid, time.Negate());
        });
    }

    // CompositeFormatTest.cs: Spaces: spaces after indexes and alignments and around item formats, leading zeros in
    // the indexes ({00 , 01 }), four arguments (params overload).
    [Fact]
    public void Spaces_inside_items()
    {
        AssertFormatArray("Prime numbers less than 10: {00 , 01 }, {01  ,02  }, {2 ,3 :D }, {3  ,4: X }", 2, 3, 5, 7);
    }

    // CompositeFormatTest.cs: CompsiteFormats: escaped braces around items, one argument used twice with two formats.
    [Fact]
    public void CompsiteFormats_escaped_braces_and_a_reused_argument()
    {
        foreach (CultureInfo culture in Cultures)
        {
            WithCurrentCulture(culture, () =>
            {
                AssertFormat("{{Name = {0}, {1:f3}({1:E})}}", "Fred", 500_0000_0000_0000m);
                return 0;
            });
        }
    }

    // ---------------------------------------------------------------- Format of enums (EnumTest.cs)

    public enum DuplicateEnum
    {
        A = 1,
        B = 2,
#pragma warning disable CA1069 // ZString's case is exactly this: two names for one value.
        BB = 2,
#pragma warning restore CA1069
        C = 3,
    }

    public enum StandardEnum
    {
        Abc = 1,
        Def = 2,
        Ghi = 3,
    }

    [Flags]
    public enum FlagsEnum
    {
        None = 0,
        Abc = 1,
        Bcd = 2,
        Efg = 4,
    }

    // EnumTest.cs: Duplicate (two names for one value), Standard, Flags (a combination and zero): "{0}" of an enum
    // through both builders. ZString asserts fixed names; string.Format is the reference here, since which of two
    // duplicate names the runtime prints is its choice, not ours.
    [Fact]
    public void Enums_format_as_string_Format_does()
    {
        AssertEnum(DuplicateEnum.A);
        AssertEnum(DuplicateEnum.B);
        AssertEnum(DuplicateEnum.BB);
        AssertEnum(DuplicateEnum.C);
        AssertEnum(StandardEnum.Abc);
        AssertEnum(StandardEnum.Def);
        AssertEnum(StandardEnum.Ghi);
        AssertEnum(FlagsEnum.Abc | FlagsEnum.Bcd);
        AssertEnum(FlagsEnum.None);
        AssertEnum(FlagsEnum.Efg);
        Assert.Equal("Abc, Bcd", Chars((ref ValueStringBuilder b) => b.AppendFormat("{0}", FlagsEnum.Abc | FlagsEnum.Bcd)));

        static void AssertEnum<T>(T value)
            where T : struct, Enum
        {
            string expected = string.Format("{0}", value);
            Assert.Equal(expected, Chars((ref ValueStringBuilder b) => b.AppendFormat("{0}", value)));
            AssertUtf8(expected, (ref Utf8ValueStringBuilder b) => b.AppendFormat("{0}", value));
            AssertUtf8(value.ToString(), (ref Utf8ValueStringBuilder b) => b.AppendFormat("{0}", value));
        }
    }

    // ---------------------------------------------------------------- Insert (InsertTest.cs)

    // InsertTest.cs: InsertStringTest: "xyz" twice at 3, "xyz" at 3, "<<" at 0, ">>" before the last char of "--[]--".
    [Fact]
    public void InsertStringTest_sequence()
    {
        AssertInsertSequence("--[]--", 3, "xyz", 2, 3);
    }

    /// <summary>ZString's InsertStringTest steps over generated text, positions, values and repeat counts.</summary>
    public static class InsertSequenceInputs
    {
        public static Arbitrary<(string, int, string, int, int, int)> Cases()
        {
            Gen<string> texts = Gen.Elements("", "-", "--[]--", "héllo wörld", "\U0001F600\U0001F601", new string('t', 300));
            Gen<(string, int, string, int, int, int)> cases =
                from text in texts
                from first in Gen.Choose(0, text.Length)
                from value in Gen.Elements("", "xyz", "é", "\U0001F600", new string('v', 200))
                from count in Gen.Choose(0, 5)
                from second in Gen.Choose(0, text.Length)
                from buffer in Gen.Elements(0, 1, 8, 512)
                select (text, first, value, count, second, buffer);
            return cases.ToArbitrary();
        }
    }

    // InsertTest.cs: InsertStringTest, with the text, the value, the repeat count and both insert positions generated.
    [FastTextProperty(Arbitrary = [typeof(InsertSequenceInputs)])]
    public void InsertStringTest_sequence_anywhere((string, int, string, int, int, int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (text, first, value, count, second, buffer) = input;
            AssertInsertSequence(text, first, value, count, second, buffer);
        });
    }

    /// <summary>
    /// InsertStringTest's steps on both a StringBuilder and a builder starting on a <paramref name="buffer"/>-char
    /// array, compared after each: value × count at <paramref name="first"/>, value at <paramref name="second"/>,
    /// "&lt;&lt;" at 0, "&gt;&gt;" before the last char (at 0 when there is none).
    /// </summary>
    private static void AssertInsertSequence(string text, int first, string value, int count, int second, int buffer = 1)
    {
        var reference = new StringBuilder(text);
        var builder = ValueStringBuilder.StartedForTests(new char[buffer], TrackedPoolAttribute.Current);
        try
        {
            builder.Append(text);

            reference.Insert(first, value, count);
            builder.Insert(first, value, count);
            Assert.Equal(reference.ToString(), builder.ToString());

            reference.Insert(second, value);
            builder.Insert(second, value);
            Assert.Equal(reference.ToString(), builder.ToString());

            reference.Insert(0, "<<");
            builder.Insert(0, "<<");
            Assert.Equal(reference.ToString(), builder.ToString());

            int beforeLast = builder.Length - 1;
            reference.Insert(beforeLast, ">>");
            builder.Insert(beforeLast, ">>");
            Assert.Equal(reference.ToString(), builder.ToString());
        }
        finally
        {
            builder.Dispose();
        }
    }

    // InsertTest.cs: InsertLargeStringTest: 32,768 chars inserted at 3 (past ZString's scratch buffer; past any start buffer here).
    [Fact]
    public void InsertLargeStringTest_grows()
    {
        string text = new string('X', 32768);
        foreach (int buffer in new[] { 0, 1, 64 })
        {
            var reference = new StringBuilder("--[]--").Insert(3, text);
            Assert.Equal(reference.ToString(), Build(buffer, (ref ValueStringBuilder b) =>
            {
                b.Append("--[]--");
                b.Insert(3, text);
            }));
        }
    }

    // InsertTest.cs: NotInserted: an empty string inserted at 10 changes nothing.
    [Fact]
    public void NotInserted_an_empty_string()
    {
        const string text = "The quick brown dog jumps over the lazy cat.";
        Assert.Equal(new StringBuilder(text).Insert(10, "").ToString(), Chars((ref ValueStringBuilder b) =>
        {
            b.Append(text);
            b.Insert(10, "");
        }));
        Assert.Equal(text, Chars((ref ValueStringBuilder b) =>
        {
            b.Append(text);
            b.Insert(10, ReadOnlySpan<char>.Empty);
            b.Insert(10, "xyz", 0);
            b.Insert(10, (string?)null);
        }));
    }

    // ---------------------------------------------------------------- the indexer (ReplaceTest.cs)

    // ReplaceTest.cs: ReplaceAtCharTest: ZString's ReplaceAt('-', 2) checked against StringBuilder's indexer set on
    // ten spaces; ours is the indexer itself (a ref char).
    [Fact]
    public void ReplaceAtCharTest_indexer_set()
    {
        string s = new string(' ', 10);
        var reference = new StringBuilder(s) { [2] = '-' };
        Assert.Equal(reference.ToString(), Chars((ref ValueStringBuilder b) =>
        {
            b.Append(s);
            b[2] = '-';
        }));
    }

    /// <summary>A text, an index inside it and a char (ReplaceAtCharTest's ten spaces, index 2 and '-' generalised).</summary>
    public static class IndexerInputs
    {
        public static Arbitrary<(string, int, char, int)> Cases()
        {
            Gen<(string, int, char, int)> cases =
                from length in Gen.Frequency((4, Gen.Choose(1, 20)), (1, Gen.Choose(200, 600)))
                from fill in Gen.Elements(' ', 'a', 'é', '\uD83D')
                from index in Gen.Choose(0, length - 1)
                from c in Gen.Elements('-', 'x', 'é', '\uDE00', '\0')
                from buffer in Gen.Elements(0, 1, 16, 1024)
                select (new string(fill, length), index, c, buffer);
            return cases.ToArbitrary();
        }
    }

    // ReplaceTest.cs: ReplaceAtCharTest over generated text, index and char, read back through the indexer too.
    [FastTextProperty(Arbitrary = [typeof(IndexerInputs)])]
    public void ReplaceAtCharTest_indexer_set_anywhere((string, int, char, int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (text, index, c, buffer) = input;
            var reference = new StringBuilder(text);
            reference[index] = c;
            var builder = ValueStringBuilder.StartedForTests(new char[buffer], TrackedPoolAttribute.Current);
            try
            {
                builder.Append(text);
                builder[index] = c;
                Assert.Equal(reference[index], builder[index]);
                Assert.Equal(reference.ToString(), builder.ToString());
            }
            finally
            {
                builder.Dispose();
            }
        });
    }
}
