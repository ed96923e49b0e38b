using System.Globalization;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// The default ISO 8601 date parsing against two references: the value the generator formatted, and
/// DateTime.ParseExact/DateTimeOffset.ParseExact with the matching .NET format (AdjustToUniversal), including
/// every digit changed to every other digit (invalid months, days, hours, offsets) and a bad byte at every index.
/// </summary>
public sealed class TsvParseDateTests
{
    /// <summary>A generated ISO text, the .NET format that reads it, and the local time and zone it encodes.</summary>
    public sealed record IsoCase(string Text, string Format, DateTime Local, string Zone, TimeSpan Offset)
    {
        public override string ToString() => Text;
    }

    private static IsoCase CreateCase(int seed)
    {
        var random = new Random(seed);
        long ticks = random.Next(8) == 0
            ? (random.Next(2) == 0 ? DateTime.MinValue.Ticks + random.Next(1_000_000_000) : DateTime.MaxValue.Ticks - random.Next(1_000_000_000))
            : (long)(random.NextDouble() * DateTime.MaxValue.Ticks);
        var local = new DateTime(ticks);
        string separator = random.Next(4) == 0 ? " " : "'T'";
        int form = random.Next(5); // 0 date, 1 HH:mm, 2 HH:mm:ss, 3 with fraction, 4 = 3 with maximal fraction
        int digits = form == 4 ? 7 : random.Next(1, 8);
        string format = form switch
        {
            0 => "yyyy-MM-dd",
            1 => "yyyy-MM-dd" + separator + "HH:mm",
            2 => "yyyy-MM-dd" + separator + "HH:mm:ss",
            _ => "yyyy-MM-dd" + separator + "HH:mm:ss." + new string('f', digits),
        };
        long unit = form switch
        {
            0 => TimeSpan.TicksPerDay,
            1 => TimeSpan.TicksPerMinute,
            2 => TimeSpan.TicksPerSecond,
            _ => (long)Math.Pow(10, 7 - digits),
        };
        local = new DateTime(local.Ticks - (local.Ticks % unit));
        string zone = form == 0 ? "" : random.Next(3) switch { 0 => "", 1 => "Z", _ => "offset" };
        TimeSpan offset = TimeSpan.Zero;
        string text = local.ToString(format, CultureInfo.InvariantCulture);
        if (zone == "Z")
        {
            text += "Z";
            format += "'Z'";
        }
        else if (zone == "offset")
        {
            offset = TimeSpan.FromMinutes(random.Next(-14 * 60, (14 * 60) + 1));
            text += (offset < TimeSpan.Zero ? "-" : "+") + offset.ToString(@"hh\:mm", CultureInfo.InvariantCulture);
            format += "zzz";
        }

        return new IsoCase(text, format, local, zone, offset);
    }

    private static bool TryReference(string text, IsoCase shape, out DateTime value)
    {
        // 'Z' as a quoted literal is not a zone to ParseExact, so apply it by hand; zzz is applied by AdjustToUniversal.
        if (!DateTime.TryParseExact(text, shape.Format, CultureInfo.InvariantCulture, shape.Zone == "offset" ? DateTimeStyles.AdjustToUniversal : DateTimeStyles.None, out value))
        {
            return false;
        }

        if (shape.Zone == "Z")
        {
            value = DateTime.SpecifyKind(value, DateTimeKind.Utc);
        }

        return true;
    }

    private static DateTime Parse(string text, TsvParseSite site) => site.Read(text, row => row.GetDateTime(0));

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Iso_forms_parse_to_the_generated_instant_and_agree_with_parse_exact(int seed)
    {
        IsoCase shape = CreateCase(seed);
        TsvParseSite site = TsvParseSite.FromSeed(seed);
        long utcTicks = shape.Local.Ticks - shape.Offset.Ticks;
        bool inRange = utcTicks >= 0 && utcTicks <= DateTime.MaxValue.Ticks;
        if (!inRange)
        {
            site.AssertRejects(Encoding.ASCII.GetBytes(shape.Text), row => row.GetDateTime(0));
            Assert.False(site.Read(shape.Text, row => row.TryGetDateTime(0, out _)));
            return;
        }

        DateTime parsed = Parse(shape.Text, site);
        DateTimeKind kind = shape.Zone == "" ? DateTimeKind.Unspecified : DateTimeKind.Utc;
        Assert.Equal(utcTicks, parsed.Ticks);
        Assert.Equal(kind, parsed.Kind);
        Assert.True(TryReference(shape.Text, shape, out DateTime reference), shape.Text);
        Assert.Equal(reference.Ticks, parsed.Ticks);
        Assert.Equal(reference.Kind, parsed.Kind);

        DateTimeOffset withOffset = site.Read(shape.Text, row => row.GetDateTimeOffset(0));
        Assert.Equal(shape.Local.Ticks, withOffset.Ticks);
        Assert.Equal(shape.Offset, withOffset.Offset);
        Assert.True(site.Read(shape.Text, row => row.TryGetDateTimeOffset(0, out DateTimeOffset v) && v == withOffset));
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 60)]
    public void Every_digit_changed_to_every_digit_agrees_with_parse_exact(int seed)
    {
        IsoCase shape = CreateCase(seed);
        var site = new TsvParseSite(0, 0, false);
        char[] chars = shape.Text.ToCharArray();
        for (int index = 0; index < chars.Length; index++)
        {
            if (!char.IsDigit(shape.Text[index]))
            {
                continue;
            }

            for (char digit = '0'; digit <= '9'; digit++)
            {
                chars[index] = digit;
                string text = new string(chars);
                bool expectedOk = TryReference(text, shape, out DateTime expected);
                bool ok = site.Read(text, row => row.TryGetDateTime(0, out _));
                if (expectedOk && !ok && (text.StartsWith("0001-01-01", StringComparison.Ordinal) || text.StartsWith("9999-12-31", StringComparison.Ordinal)))
                {
                    continue; // ParseExact clamps a zone that moves the instant out of range; we reject it (tested by name).
                }

                Assert.True(expectedOk == ok, $"'{text}': ParseExact {expectedOk}, FastText {ok}");
                if (ok)
                {
                    DateTime actual = site.Read(text, row => row.GetDateTime(0));
                    Assert.Equal(expected.Ticks, actual.Ticks);
                    Assert.Equal(expected.Kind, actual.Kind);
                }
            }

            chars[index] = shape.Text[index];
        }
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void A_bad_byte_at_every_index_is_rejected_naming_line_column_and_header(int seed)
    {
        IsoCase shape = CreateCase(seed);
        TsvParseSite site = TsvParseSite.FromSeed(seed);
        byte[] bytes = Encoding.ASCII.GetBytes(shape.Text);
        foreach (byte badByte in new byte[] { (byte)'x', (byte)'/', 0xC3, (byte)'\0' })
        {
            for (int index = 0; index <= bytes.Length; index++)
            {
                byte[] bad = index == bytes.Length ? bytes.Concat(new[] { badByte }).ToArray() : (byte[])bytes.Clone();
                if (index < bytes.Length)
                {
                    bad[index] = badByte;
                }

                site.AssertRejects(bad, row => row.GetDateTime(0));
                site.AssertRejects(bad, row => row.GetDateTimeOffset(0));
                Assert.False(site.Read(bad, row => row.TryGetDateTime(0, out _)));
            }
        }

        if (!shape.Format.Contains('f') && shape.Zone != "Z")
        {
            site.AssertRejects(bytes.Take(bytes.Length - 1).ToArray(), row => row.GetDateTimeOffset(0)); // a cut-off text
        }
    }

    [Theory]
    [InlineData("2026-01-01", 2026, 1, 1, 0, 0, 0, 0, DateTimeKind.Unspecified)]
    [InlineData("2026-01-01T10:00:00Z", 2026, 1, 1, 10, 0, 0, 0, DateTimeKind.Utc)]
    [InlineData("2026-01-01T10:00Z", 2026, 1, 1, 10, 0, 0, 0, DateTimeKind.Utc)]
    [InlineData("2026-01-01 10:00:00", 2026, 1, 1, 10, 0, 0, 0, DateTimeKind.Unspecified)]
    [InlineData("2026-01-01T12:00:00+02:00", 2026, 1, 1, 10, 0, 0, 0, DateTimeKind.Utc)]
    [InlineData("2026-01-01T00:30:00-01:00", 2026, 1, 1, 1, 30, 0, 0, DateTimeKind.Utc)]
    [InlineData("2026-01-01T10:00:00.1234567Z", 2026, 1, 1, 10, 0, 0, 1234567, DateTimeKind.Utc)]
    [InlineData("2026-01-01T10:00:00.5", 2026, 1, 1, 10, 0, 0, 5000000, DateTimeKind.Unspecified)]
    [InlineData("2024-02-29T23:59:59", 2024, 2, 29, 23, 59, 59, 0, DateTimeKind.Unspecified)]
    [InlineData("0001-01-01", 1, 1, 1, 0, 0, 0, 0, DateTimeKind.Unspecified)]
    [InlineData("9999-12-31T23:59:59.9999999Z", 9999, 12, 31, 23, 59, 59, 9999999, DateTimeKind.Utc)]
    public void The_documented_forms_parse(string text, int year, int month, int day, int hour, int minute, int second, int fractionTicks, DateTimeKind kind)
    {
        DateTime parsed = Parse(text, new TsvParseSite(0, 0, false));
        Assert.Equal(new DateTime(year, month, day, hour, minute, second).AddTicks(fractionTicks).Ticks, parsed.Ticks);
        Assert.Equal(kind, parsed.Kind);
    }

    [Theory]
    [InlineData("2026-1-01")]
    [InlineData("2026-01-01T")]
    [InlineData("2026-01-01t10:00:00")]
    [InlineData("2026-01-01T10:00:00z")]
    [InlineData("2026-01-01T10")]
    [InlineData("2026-01-01T10:00:00.")]
    [InlineData("2026-01-01T10:00:00.12345678")]
    [InlineData("2026-01-01T10:00:00+0200")]
    [InlineData("2026-01-01T10:00:00+14:01")]
    [InlineData("2026-01-01Z")]
    [InlineData("2025-02-29")]
    [InlineData("2026-01-01T24:00:00")]
    [InlineData("2026-01-01T23:59:60")]
    [InlineData("0000-01-01")]
    [InlineData("0001-01-01T00:00:00+00:01")]
    [InlineData("9999-12-31T23:59:59-00:01")]
    [InlineData(" 2026-01-01")]
    [InlineData("2026-01-01 ")]
    [InlineData("2026-01-01T10:00:00ZZ")]
    [InlineData("２０２６-01-01")]
    public void Other_forms_are_rejected(string text)
    {
        var site = new TsvParseSite(2, 1, true);
        site.AssertRejects(Encoding.UTF8.GetBytes(text), row => row.GetDateTime(0));
        Assert.False(site.Read(text, row => row.TryGetDateTime(0, out _)));
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void Custom_formats_agree_with_parse_exact_for_datetime_and_datetimeoffset(int seed)
    {
        string[] formats = { "dd/MMM/yyyy:HH:mm:ss zzz", "yyyyMMddHHmmss", "MM/dd/yyyy h:mm tt", "yyyy-MM-dd'T'HH:mm:ssK" };
        var random = new Random(seed);
        string format = formats[random.Next(formats.Length)];
        var value = new DateTimeOffset(new DateTime(random.Next(1, 10000), random.Next(1, 13), random.Next(1, 29), random.Next(24), random.Next(60), random.Next(60)), TimeSpan.FromMinutes(random.Next(-600, 600)));
        string text = value.ToString(format, CultureInfo.InvariantCulture);
        if (random.Next(4) == 0)
        {
            text = text.Insert(random.Next(text.Length + 1), random.Next(2) == 0 ? "x" : "é");
        }

        TsvParseSite site = TsvParseSite.FromSeed(seed);
        bool expectedOk = DateTime.TryParseExact(text, format, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal, out DateTime expected);
        Assert.Equal(expectedOk, site.Read(text, row => row.TryGetDateTime(0, format, out _)));
        if (expectedOk)
        {
            DateTime actual = site.Read(text, row => row.GetDateTime(0, format));
            Assert.Equal(expected, actual);
            Assert.Equal(expected.Kind, actual.Kind);
        }
        else
        {
            site.AssertRejects(Encoding.UTF8.GetBytes(text), row => row.GetDateTime(0, format));
        }

        bool expectedOffsetOk = DateTimeOffset.TryParseExact(text, format, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out DateTimeOffset expectedOffset);
        Assert.Equal(expectedOffsetOk, site.Read(text, row => row.TryGetDateTimeOffset(0, format, out _)));
        if (expectedOffsetOk)
        {
            Assert.Equal(expectedOffset, site.Read(text, row => row.GetDateTimeOffset(0, format)));
            Assert.Equal(expectedOffset.Offset, site.Read(text, row => row.GetDateTimeOffset(0, format)).Offset);
        }
        else
        {
            site.AssertRejects(Encoding.UTF8.GetBytes(text), row => row.GetDateTimeOffset(0, format));
        }
    }

    [Fact]
    public void A_custom_format_rejects_a_column_longer_than_the_stack_copy_and_checks_its_arguments()
    {
        var site = new TsvParseSite(0, 0, false);
        string longText = "2026-01-01" + new string('é', 300);
        site.AssertRejects(Encoding.UTF8.GetBytes(longText), row => row.GetDateTime(0, "yyyy-MM-dd"));
        Assert.Equal(new DateTime(2026, 1, 1), site.Read("2026-01-01" + new string(' ', 300), row => row.GetDateTime(0, "yyyy-MM-dd", DateTimeStyles.AllowTrailingWhite)));
        Assert.Throws<ArgumentNullException>(() => site.Read("2026-01-01", row => row.GetDateTime(0, null!)));
        Assert.Throws<ArgumentNullException>(() => site.Read("2026-01-01", row => row.TryGetDateTimeOffset(0, null!, out _)));
        Assert.Throws<ArgumentException>(() => site.Read("2026-01-01", row => row.GetDateTime(0, "yyyy-MM-dd", DateTimeStyles.AssumeLocal | DateTimeStyles.AssumeUniversal)));
    }
}
