using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>Integer formats, template placeholder formats, bool, char and enum parts against ToString.</summary>
public class KeyNewPartKindsTests
{
    private static readonly string[] IntegerFormats =
        ["D", "d", "D0", "D1", "D8", "D19", "D20", "D99", "X", "x", "X1", "x2", "X8", "x16", "X17", "x99", ""];

    private static string One<T>(KeyPart<T> part, T value) => KeyShape.Join("/", part).Build(value);

    /// <summary>A value of KeyGenerators.Int64 and one of the integer formats.</summary>
    public static class IntegersWithFormats
    {
        public static Arbitrary<(long, string)> Generated()
        {
            Gen<(long, string)> gen = KeyGenerators.Int64.SelectMany(v => Gen.Elements(IntegerFormats).Select(f => (v, f)));
            return gen.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(IntegersWithFormats)], RunsAtDefault = 500)]
    public void Integer_formats_match_invariant_ToString_for_every_type((long, string) t)
    {
        (long v, string f) = t;
        CultureInfo c = CultureInfo.InvariantCulture;
        Assert.Equal(((sbyte)v).ToString(f, c), One(KeyPart.SByte("n", f), (sbyte)v));
        Assert.Equal(((byte)v).ToString(f, c), One(KeyPart.Byte("n", f), (byte)v));
        Assert.Equal(((short)v).ToString(f, c), One(KeyPart.Int16("n", f), (short)v));
        Assert.Equal(((ushort)v).ToString(f, c), One(KeyPart.UInt16("n", f), (ushort)v));
        Assert.Equal(((int)v).ToString(f, c), One(KeyPart.Int32("n", f), (int)v));
        Assert.Equal(((uint)v).ToString(f, c), One(KeyPart.UInt32("n", f), (uint)v));
        Assert.Equal(v.ToString(f, c), One(KeyPart.Int64("n", f), v));
        Assert.Equal(((ulong)v).ToString(f, c), One(KeyPart.UInt64("n", f), (ulong)v));
        Assert.Equal(NativeIntegerText.Format((nint)v, f, c), One(KeyPart.IntPtr("n", f), (nint)v));
        Assert.Equal(NativeIntegerText.Format((nuint)v, f, c), One(KeyPart.UIntPtr("n", f), (nuint)v));
    }

    [Theory]
    [InlineData("N2")]
    [InlineData("G")]
    [InlineData("D100")]
    [InlineData("X-1")]
    [InlineData("E")]
    [InlineData("#,##0")]
    [InlineData("D 8")]
    public void An_unsupported_integer_format_says_which_formats_are(string format)
    {
        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => KeyPart.Int32("version", format));

        Assert.Equal("format", e.ParamName);
        Assert.Contains("'version'", e.Message, StringComparison.Ordinal);
        Assert.Contains("\"" + format + "\" is not supported", e.Message, StringComparison.Ordinal);
        Assert.Contains("D8", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Template_placeholders_carry_their_part_format()
    {
        var userId = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e");
        KeyShape<int, long?, Guid, DateTime> shape = KeyShape.Format(
            "v{0:D8}/id{1:x8}/u{2:N}/{3:yyyyMMdd}",
            KeyPart.Int32("version"),
            KeyPart.Optional(KeyPart.Int64("id")),
            KeyPart.Guid("user"),
            KeyPart.DateTime("day", "yyyy"));

        Assert.Equal("v00000042/id000000ff/u0f8fad5bd9cb469fa16570867728950e/20190411", shape.Build(42, 255, userId, new DateTime(2019, 4, 11)));
        Assert.Equal("v-00000042/id/u0f8fad5bd9cb469fa16570867728950e/20190411", shape.Build(-42, null, userId, new DateTime(2019, 4, 11)));
        Assert.Equal("{7}", KeyShape.Format("{{{0:D1}}}", KeyPart.Int32("n")).Build(7));
    }

    [Fact]
    public void A_format_on_a_part_that_takes_none_names_the_part_and_the_specifier()
    {
        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Format("t:{0:D8}", KeyPart.Text("tenant", KeyTextRules.None)));

        Assert.Equal("template", e.ParamName);
        Assert.Contains("'tenant'", e.Message, StringComparison.Ordinal);
        Assert.Contains("D8", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_bad_placeholder_format_or_an_alignment_gets_a_message_about_formats()
    {
        ArgumentException bad = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Format("v{0:N2}", KeyPart.Int32("version")));
        Assert.Contains("\"N2\" is not supported", bad.Message, StringComparison.Ordinal);

        ArgumentException aligned = Assert.ThrowsAny<ArgumentException>(() => KeyShape.Format("v{0,8}", KeyPart.Int32("version")));
        Assert.Equal("template", aligned.ParamName);
        Assert.Contains("alignment", aligned.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Bool_and_char_parts()
    {
        Assert.Equal("true/false", KeyShape.Join("/", KeyPart.Boolean("a"), KeyPart.Boolean("b")).Build(true, false));
        Assert.Equal("1-", KeyShape.Join("-", KeyPart.Boolean("a", "1", "0"), KeyPart.Boolean("b", "yes", "")).Build(true, false));
        Assert.Equal("t=yes;f=", KeyShape.Format("t={0};f={1}", KeyPart.Boolean("a", "yes", ""), KeyPart.Boolean("b", "yes", "")).Build(true, false));
        Assert.Throws<ArgumentNullException>(() => KeyPart.Boolean("a", null!));
        Assert.Throws<ArgumentNullException>(() => KeyPart.Boolean("a", "x", null!));
    }

    /// <summary>Any UTF-16 code unit, surrogates included.</summary>
    public static class Chars
    {
        public static Arbitrary<char> Char() => Gen.Choose(0, 0xFFFF).Select(i => (char)i).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(Chars)])]
    public void Char_parts_write_the_char(char c) =>
        Assert.Equal("<" + c + ">", KeyShape.Format("<{0}>", KeyPart.Char("c")).Build(c));

    private enum Color : short
    {
        Red = -1,
        Green = 0,
        Blue = 7,
        Azure = 7,
    }

    [Flags]
    private enum Access : ulong
    {
        None = 0,
        Read = 1,
        Write = 2,
        All = ulong.MaxValue,
    }

    [Fact]
    public void Enum_parts_write_the_name_ToString_writes_and_the_number_otherwise()
    {
        KeyPart<Color> color = KeyPart.Enum<Color>("color");
        foreach (Color c in new[] { Color.Red, Color.Green, Color.Blue, (Color)(-300), (Color)5, (Color)short.MinValue, (Color)short.MaxValue })
        {
            string expected = Enum.IsDefined(typeof(Color), c) ? c.ToString() : ((short)c).ToString(CultureInfo.InvariantCulture);
            Assert.Equal(expected, One(color, c));
        }

        Assert.Equal("red", One(KeyPart.Enum<Color>("color", lowerCase: true), Color.Red));

        KeyPart<Access> access = KeyPart.Enum<Access>("access");
        Assert.Equal("Read", One(access, Access.Read));
        Assert.Equal("All", One(access, Access.All));
        Assert.Equal("3", One(access, Access.Read | Access.Write)); // ToString would write "Read, Write"
        Assert.Equal("18446744073709551614", One(access, (Access)(ulong.MaxValue - 1)));
    }
}
