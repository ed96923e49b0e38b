using System.Globalization;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Keys;

public class KeyDateOnlyTimeOnlyTests
{
    // Every generated date is checked in every format: as many dates per format as when each format was a theory row.
    private static readonly string[] DateOnlyFormats = ["yyyy-MM-dd", "yyyyMMdd", "yy/MM/dd", "'d='yyyy"];

    private static readonly string[] TimeOnlyFormats = ["HH:mm:ss", "HHmmssfffffff", "hh:mm tt", "HH'h'"];

    [FastTextProperty(Arbitrary = [typeof(KeyDates)])]
    public void DateOnly_parts_match_ToString(DateTime d)
    {
        DateOnly day = DateOnly.FromDateTime(d);
        foreach (string format in DateOnlyFormats)
        {
            KeyShape<DateOnly> shape = KeyShape.Join("/", KeyPart.DateOnly("day", format));
            Assert.Equal(day.ToString(format, CultureInfo.InvariantCulture), shape.Build(day));
        }
    }

    [FastTextProperty(Arbitrary = [typeof(KeyDates)])]
    public void TimeOnly_parts_match_ToString(DateTime d)
    {
        TimeOnly time = TimeOnly.FromDateTime(d);
        foreach (string format in TimeOnlyFormats)
        {
            KeyShape<TimeOnly> shape = KeyShape.Join("/", KeyPart.TimeOnly("time", format));
            Assert.Equal(time.ToString(format, CultureInfo.InvariantCulture), shape.Build(time));
        }
    }

    [Theory]
    [InlineData("yyyy-MM-dd HH")]
    [InlineData("s")]
    [InlineData("tt")]
    public void A_DateOnly_format_with_time_fields_is_rejected(string format)
    {
        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => KeyPart.DateOnly("day", format));
        Assert.Equal("format", e.ParamName);
        Assert.Contains("'day'", e.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("HH:mm dd")]
    [InlineData("s")]
    [InlineData("yy")]
    public void A_TimeOnly_format_with_date_fields_is_rejected(string format)
    {
        ArgumentException e = Assert.ThrowsAny<ArgumentException>(() => KeyPart.TimeOnly("time", format));
        Assert.Equal("format", e.ParamName);
    }

    [Fact]
    public void Template_formats_apply_to_DateOnly_and_TimeOnly()
    {
        KeyShape<DateOnly, TimeOnly> shape = KeyShape.Format("{0:yyyyMMdd}T{1:HHmm}", KeyPart.DateOnly("d", "yyyy"), KeyPart.TimeOnly("t", "HH"));
        Assert.Equal("20190411T0237", shape.Build(new DateOnly(2019, 4, 11), new TimeOnly(2, 37)));
    }

    // .NET refuses the time separator in a DateOnly format and the date separator in a TimeOnly format, unless quoted or
    // escaped. A part declares what the runtime formats, and refuses what it refuses.
    [Theory]
    [InlineData("yyyy:MM:dd")]
    [InlineData("yyyy':'MM")]
    [InlineData("yyyy\\:MM")]
    [InlineData("dd/MM/yyyy")]
    [InlineData("yyyy'T'dd")]
    public void DateOnly_separators_are_accepted_exactly_where_the_runtime_accepts_them(string format)
    {
        var day = new DateOnly(2024, 2, 29);
        AssertSameAcceptance(() => day.ToString(format, CultureInfo.InvariantCulture), () => KeyShape.Join("/", KeyPart.DateOnly("day", format)).Build(day));
    }

    [Theory]
    [InlineData("HH/mm")]
    [InlineData("HH'/'mm")]
    [InlineData("HH\\/mm")]
    [InlineData("HH:mm:ss")]
    [InlineData("HH'-'mm")]
    public void TimeOnly_separators_are_accepted_exactly_where_the_runtime_accepts_them(string format)
    {
        var time = new TimeOnly(13, 5, 7);
        AssertSameAcceptance(() => time.ToString(format, CultureInfo.InvariantCulture), () => KeyShape.Join("/", KeyPart.TimeOnly("time", format)).Build(time));
    }

    private static void AssertSameAcceptance(Func<string> runtime, Func<string> key)
    {
        string? expected = null;
        Exception? runtimeError = Record.Exception(() => expected = runtime());
        string? actual = null;
        Exception? keyError = Record.Exception(() => actual = key());
        if (runtimeError is null)
        {
            Assert.Null(keyError);
            Assert.Equal(expected, actual);
        }
        else
        {
            Assert.IsType<FormatException>(runtimeError);
            ArgumentException e = Assert.IsAssignableFrom<ArgumentException>(keyError);
            Assert.Equal("format", e.ParamName);
        }
    }
}
