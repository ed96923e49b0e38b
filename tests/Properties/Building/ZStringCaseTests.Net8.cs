using System.Globalization;
using System.Numerics;
using System.Reflection;
using FastText.Tests.Infrastructure;
using Xunit;
using static FastText.Tests.Building.ValueStringBuilderTestKit;

namespace FastText.Tests.Building;

/// <summary>
/// ZString's FormatTest.Test also formats every case through a prepared format (PrepareUtf16&lt;T0, T1&gt;(format)).
/// Our counterpart is the char builder's CompositeFormat overloads, which exist in the net8.0 build only: the same
/// cases through CompositeFormat.Parse, against string.Format with the same CompositeFormat.
/// </summary>
public partial class ZStringCaseTests
{
    private static void AssertPrepared<T0, T1>(string format, T0 arg0, T1 arg1)
    {
        CompositeFormat composite = CompositeFormat.Parse(format);
        IFormatProvider provider = CultureInfo.CurrentCulture;
        string expected = string.Format(provider, composite, arg0, arg1);
        Assert.Equal(expected, Chars((ref ValueStringBuilder b) => b.AppendFormat(provider, composite, arg0, arg1)));
        Assert.Equal(expected, Chars((ref ValueStringBuilder b) => b.AppendFormat(provider, composite, new object?[] { arg0, arg1 })));
    }

    // FormatTest.cs: EmptyFormat, NoFormat, SingleFormat, DoubleFormat, DoubleFormat2, DoubleFormat3, EmptyFormatString,
    // Nullable, Comment, FormatArgs; CompositeFormatTest.cs: AlignmentComponentInt — prepared, with ZString's arguments.
    [Theory]
    [MemberData(nameof(IntFormatRows))]
    public void Two_argument_formats_prepared_match_string_Format(string origin, string format, long arg0, long arg1)
    {
        _ = origin;
        AssertPrepared(format, arg0, arg1);
        AssertPrepared(format, (int?)arg0, (int?)arg1);
    }

    // The same ZString formats, prepared, over generated ints and cultures.
    [FastTextProperty(Arbitrary = [typeof(IntFormatInputs)])]
    public void Two_argument_formats_prepared_match_string_Format_for_any_ints((int, int, int, int) input)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var (format, a, b, culture) = input;
            WithCurrentCulture(Cultures[culture], () =>
            {
                AssertPrepared(IntFormats[format].Format, a, b);
                return 0;
            });
        });
    }

    // FormatTest.cs: MaximumFormat, Nullable, FormatIntPtr, FormattableObject, Unicode; CompositeFormatTest.cs:
    // AlignmentComponentString, AlignmentComponent, CompsiteFormats — each of their Test calls, prepared.
    [Fact]
    public void ZString_Test_calls_prepared_match_string_Format()
    {
        object?[] sixteen = Enumerable.Range(1, 16).Select(i => (object?)(i * 100)).ToArray();
        CompositeFormat maximum = CompositeFormat.Parse("abc{0}de{1}f{2}g{3}h{4}i{5}{6}{7}{8}{9}{10}{11}{12}{13}{14}{15}z");
        Assert.Equal(
            string.Format(CultureInfo.CurrentCulture, maximum, sixteen),
            Chars((ref ValueStringBuilder b) => b.AppendFormat(CultureInfo.CurrentCulture, maximum, sixteen)));

        AssertPrepared("abc{0}def{1}ghi", (int?)100, (int?)1);
        AssertPrepared("abc{0:X}def{1:X}ghi", (int?)100, (int?)1);
        AssertPrepared("abc{0}def{1}ghi", (Guid?)new Guid("6f9619ff-8b86-d011-b42d-00c04fc964ff"), (Guid?)null);
        AssertPrepared("abc{0:e}def{1:e}ghi", (double?)Math.PI, (double?)null);

        AssertPrepared("abc{0:X}def{1:X}", new IntPtr(int.MinValue), new IntPtr(int.MaxValue));
        AssertPrepared("abc{0:X}def{1:X}", new UIntPtr(uint.MinValue), new UIntPtr(uint.MaxValue));
        if (IntPtr.Size == 8)
        {
            AssertPrepared("abc{0:X}def{1:X}", new IntPtr(long.MinValue), new IntPtr(long.MaxValue));
            AssertPrepared("abc{0:X}def{1:X}", new UIntPtr(ulong.MinValue), new UIntPtr(ulong.MaxValue));
        }

        AssertPrepared("abc{0:}def{1:F3}", (object)default(Vector2), (object)new Vector2(MathF.PI));
        AssertPrepared("abc{0:E0}def{1:N}", (object)new Vector3(float.MinValue, float.NaN, float.MaxValue), (object)new Vector3(MathF.PI));

        AssertPrepared(
            "\u30cf\u30fc\u30c8: {0}, \u5bb6\u65cf: {1}(\u7d75\u6587\u5b57)",
            "\u2764",
            "\uD83D\uDC69\u200D\uD83D\uDC69\u200D\uD83D\uDC67\u200D\uD83D\uDC67");

        AssertPrepared("{1,0}{0,0}", "right", "left");
        AssertPrepared("{0,3}{1,-3}", "Foo", "Foo");
        AssertPrepared("{0,4}{1,-4}", "Foo", "Foo");

        AssertPrepared("{1,-1000}{0,1000}", "", long.MaxValue);
        AssertPrepared("{0,10:X}{{0}}{1,-10:c}", new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"), new TimeSpan(0, 13, 5, 9, 123).Negate());
        string[] names = { "Adam", "Bridgette", "Carla", "Daniel", "Ebenezer", "Francine", "George" };
        decimal[] hours = { 40, 6.667m, 40.39m, 82, 40.333m, 80, 16.75m };
        for (int i = 0; i < names.Length; i++)
        {
            AssertPrepared("{0,-20} {1,5:F3}", names[i], hours[i]);
        }

        AssertPrepared("{{Name = {0}, {1:f3}({1:E})}}", "Fred", 500_0000_0000_0000m);
    }
}
