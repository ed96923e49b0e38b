using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

public class KeyPartFormattingTests
{
    private static string One<T>(KeyPart<T> part, T value) => KeyShape.Join("/", part).Build(value);

    [Fact]
    public void Every_integer_type_matches_invariant_ToString()
    {
        Properties.ForAll(KeyGenerators.Int64, v =>
        {
            Assert.Equal(((sbyte)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.SByte("n"), (sbyte)v));
            Assert.Equal(((byte)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.Byte("n"), (byte)v));
            Assert.Equal(((short)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.Int16("n"), (short)v));
            Assert.Equal(((ushort)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.UInt16("n"), (ushort)v));
            Assert.Equal(((int)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.Int32("n"), (int)v));
            Assert.Equal(((uint)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.UInt32("n"), (uint)v));
            Assert.Equal(v.ToString(CultureInfo.InvariantCulture), One(KeyPart.Int64("n"), v));
            Assert.Equal(((ulong)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.UInt64("n"), (ulong)v));
            Assert.Equal(((nint)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.IntPtr("n"), (nint)v));
            Assert.Equal(((nuint)v).ToString(CultureInfo.InvariantCulture), One(KeyPart.UIntPtr("n"), (nuint)v));
        });
    }

    [Theory]
    [InlineData("N")]
    [InlineData("D")]
    [InlineData("B")]
    [InlineData("P")]
    [InlineData("X")]
    [InlineData("n")]
    [InlineData("x")]
    public void Guids_match_ToString_in_every_format(string format)
    {
        KeyShape<Guid> shape = KeyShape.Join("/", KeyPart.Guid("id", format));
        Properties.ForAll(KeyGenerators.Guid, id => Assert.Equal(id.ToString(format), shape.Build(id)), runs: 50);
        Assert.Equal(Guid.Empty.ToString(format), shape.Build(Guid.Empty));
    }

    [Theory]
    [InlineData("yyyy/MM/dd/HH")]
    [InlineData("yyyy-MM-dd'T'HH:mm:ss.fffffff")]
    [InlineData("yyMMddhhmmsstt")]
    [InlineData("s")]
    [InlineData("yyyy\\yMM\"M\\\"d\"dd f ff fff ffff fffff ffffff")]
    [InlineData("HH:mm-T-Z_ss")]
    public void Dates_match_invariant_ToString(string format)
    {
        string offsetFormat = format.Length == 1 ? format : format + " zzz";
        KeyShape<DateTime, DateTimeOffset> shape = KeyShape.Join(
            "|", KeyPart.DateTime("date", format), KeyPart.DateTimeOffset("offsetDate", offsetFormat));
        var gen = from date in KeyGenerators.Date from minutes in Gen.Choose(-14 * 60, 14 * 60) select (date, minutes);

        Properties.ForAll(gen, t =>
        {
            var offsetDate = new DateTimeOffset(DateTime.SpecifyKind(t.date, DateTimeKind.Unspecified), TimeSpan.Zero)
                .ToOffset(TimeSpan.FromMinutes(t.minutes));
            string expected = t.date.ToString(format, CultureInfo.InvariantCulture) + "|"
                + offsetDate.ToString(offsetFormat, CultureInfo.InvariantCulture);
            Assert.Equal(expected, shape.Build(t.date, offsetDate));
        }, runs: 100);

        foreach (DateTime edge in new[] { DateTime.MinValue, DateTime.MaxValue, new DateTime(2000, 2, 29, 12, 0, 0), new DateTime(1900, 3, 1), new DateTime(2024, 12, 31, 23, 59, 59) })
        {
            Assert.Equal(edge.ToString(format, CultureInfo.InvariantCulture), KeyShape.Join("/", KeyPart.DateTime("d", format)).Build(edge));
        }
    }
}
