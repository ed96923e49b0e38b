using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

public class KeyPartFormattingTests
{
    private static string One<T>(KeyPart<T> part, T value) => KeyShape.Join("/", part).Build(value);

    [FastTextProperty(Arbitrary = [typeof(KeyInt64s)])]
    public void Every_integer_type_matches_invariant_ToString(long v)
    {
        Assert.Equal(((sbyte)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.SByte("n"), (sbyte)v));
        Assert.Equal(((byte)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.Byte("n"), (byte)v));
        Assert.Equal(((short)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.Int16("n"), (short)v));
        Assert.Equal(((ushort)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.UInt16("n"), (ushort)v));
        Assert.Equal(((int)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.Int32("n"), (int)v));
        Assert.Equal(((uint)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.UInt32("n"), (uint)v));
        Assert.Equal(v.ToString(CultureInfo.InvariantCulture), One(KeyPart.Int64("n"), v));
        Assert.Equal(((ulong)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.UInt64("n"), (ulong)v));
        Assert.Equal(NativeIntegerText.Format((nint)v, null, CultureInfo.InvariantCulture), One(KeyPart.IntPtr("n"), (nint)v));
        Assert.Equal(NativeIntegerText.Format((nuint)v, null, CultureInfo.InvariantCulture), One(KeyPart.UIntPtr("n"), (nuint)v));
    }

    private static readonly string[] GuidFormats = ["N", "D", "B", "P", "X", "n", "x"];

    private static readonly string[] DateFormats =
        ["yyyy/MM/dd/HH", "yyyy-MM-dd'T'HH:mm:ss.fffffff", "yyMMddhhmmsstt", "s", "yyyy\\yMM\"M\\\"d\"dd f ff fff ffff fffff ffffff", "HH:mm-T-Z_ss"];

    public static TheoryData<string> GuidFormatRows => new(GuidFormats);

    public static TheoryData<string> DateFormatRows => new(DateFormats);

    // Each generated value is checked in every format: as many values per format as when each format's theory row
    // ran its own property.
    [FastTextProperty(Arbitrary = [typeof(KeyGuids)], RunsAtDefault = 50)]
    public void Generated_guids_match_ToString_in_every_format(Guid id)
    {
        foreach (string format in GuidFormats)
        {
            Assert.Equal(id.ToString(format), KeyShape.Join("/", KeyPart.Guid("id", format)).Build(id));
        }
    }

    [Theory]
    [MemberData(nameof(GuidFormatRows))]
    public void Guids_match_ToString_in_every_format(string format)
    {
        KeyShape<Guid> shape = KeyShape.Join("/", KeyPart.Guid("id", format));
        Assert.Equal(Guid.Empty.ToString(format), shape.Build(Guid.Empty));
    }

    /// <summary>A date and a UTC offset in minutes (±14 hours).</summary>
    public static class DatesWithOffsets
    {
        public static Arbitrary<(DateTime Date, int Minutes)> DateWithOffset() =>
            (from date in KeyGenerators.Date from minutes in Gen.Choose(-14 * 60, 14 * 60) select (date, minutes)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(DatesWithOffsets)], RunsAtDefault = 100)]
    public void Generated_dates_match_invariant_ToString_in_every_format((DateTime Date, int Minutes) t)
    {
        foreach (string format in DateFormats)
        {
            string offsetFormat = format.Length == 1 ? format : format + " zzz";
            KeyShape<DateTime, DateTimeOffset> shape = KeyShape.Join(
                "|", KeyPart.DateTime("date", format), KeyPart.DateTimeOffset("offsetDate", offsetFormat));
            var offsetDate = new DateTimeOffset(DateTime.SpecifyKind(t.Date, DateTimeKind.Unspecified), TimeSpan.Zero)
                .ToOffset(TimeSpan.FromMinutes(t.Minutes));
            string expected = t.Date.ToString(format, CultureInfo.InvariantCulture) + "|"
                + offsetDate.ToString(offsetFormat, CultureInfo.InvariantCulture);
            Assert.Equal(expected, shape.Build(t.Date, offsetDate));
        }
    }

    [Theory]
    [MemberData(nameof(DateFormatRows))]
    public void Dates_match_invariant_ToString(string format)
    {
        foreach (DateTime edge in new[] { DateTime.MinValue, DateTime.MaxValue, new DateTime(2000, 2, 29, 12, 0, 0), new DateTime(1900, 3, 1), new DateTime(2024, 12, 31, 23, 59, 59) })
        {
            Assert.Equal(edge.ToString(format, CultureInfo.InvariantCulture), KeyShape.Join("/", KeyPart.DateTime("d", format)).Build(edge));
        }
    }
}
