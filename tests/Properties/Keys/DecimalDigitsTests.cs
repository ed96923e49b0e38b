using System.Globalization;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>
/// DecimalDigits, the one integer-to-digits writer (the key builders' integer parts, both builders' default integer
/// format): its count and its digits against <c>ToString(CultureInfo.InvariantCulture)</c>, at every power of 10 and
/// of 2 and one either side (where a digit count changes, and where the 32-bit loop takes over from the 64-bit one),
/// with sentinels on both sides of the digits and at a no-access page.
/// </summary>
public class DecimalDigitsTests
{
    /// <summary>Values at and around every digit-count boundary and every power of 2, and random ones of every width.</summary>
    public static class Values
    {
        public static Arbitrary<ulong> Edges() => Edge.ToArbitrary();
    }

    private static readonly Gen<ulong> Edge = Gen.Frequency(
        (3, from exponent in Gen.Choose(0, 19)
            from offset in Gen.Choose(-1, 1)
            select Power(10, exponent) + (ulong)(long)offset),
        (3, from exponent in Gen.Choose(0, 63)
            from offset in Gen.Choose(-1, 1)
            select (1UL << exponent) + (ulong)(long)offset),
        (2, from bits in Gen.Choose(1, 64)
            from high in Gen.Choose(int.MinValue, int.MaxValue)
            from low in Gen.Choose(int.MinValue, int.MaxValue)
            select (((ulong)(uint)high << 32) | (uint)low) >> (64 - bits)),
        (1, Gen.Elements<ulong>(0UL, 1UL, 9UL, 99UL, uint.MaxValue, (ulong)uint.MaxValue + 1, long.MaxValue, ulong.MaxValue)));

    private static ulong Power(ulong radix, int exponent)
    {
        ulong power = 1;
        for (int i = 0; i < exponent; i++)
        {
            power *= radix;
        }

        return power;
    }

    private static string Reference(ulong value) => value.ToString(CultureInfo.InvariantCulture);

    [FastTextProperty(Arbitrary = [typeof(Values)], RunsAtDefault = 1000)]
    public void Counts_the_digits_of_ToString(ulong value)
    {
        Assert.Equal(Reference(value).Length, DecimalDigits.Count(value));
        if (value <= uint.MaxValue)
        {
            Assert.Equal(Reference(value).Length, DecimalDigits.Count((uint)value));
        }
    }

    [FastTextProperty(Arbitrary = [typeof(Values)], RunsAtDefault = 1000)]
    public void Writes_the_digits_of_ToString_right_aligned_and_nothing_before_them(ulong value)
    {
        string expected = Reference(value);
        char[] buffer = new char[expected.Length + 3];
        buffer.AsSpan().Fill('#');
        DecimalDigits.WriteRightAligned(value, buffer.AsSpan(0, buffer.Length - 1));
        Assert.Equal("##" + expected + "#", new string(buffer));
    }

    [FastTextProperty(Arbitrary = [typeof(Values)], RunsAtDefault = 1000)]
    public void Writes_backwards_exactly_the_counted_chars(ulong value)
    {
        string expected = Reference(value);
        char[] buffer = new char[expected.Length + 2];
        buffer.AsSpan().Fill('#');
        DecimalDigits.WriteBackwards(value, ref buffer[expected.Length + 1]);
        Assert.Equal("#" + expected + "#", new string(buffer));
        if (value <= uint.MaxValue)
        {
            buffer.AsSpan().Fill('#');
            DecimalDigits.WriteBackwards((uint)value, ref buffer[expected.Length + 1]);
            Assert.Equal("#" + expected + "#", new string(buffer));
        }
    }

    [FastTextProperty(Arbitrary = [typeof(Values)])]
    public void A_destination_shorter_than_the_digits_throws_before_writing(ulong value)
    {
        int digits = Reference(value).Length;
        char[] buffer = new char[digits];
        buffer.AsSpan().Fill('#');
        Assert.Equal("destination", Assert.Throws<ArgumentOutOfRangeException>(
            () => DecimalDigits.WriteRightAligned(value, buffer.AsSpan(1))).ParamName);
        Assert.Equal(new string('#', digits), new string(buffer));
    }

    [GuardedFact]
    public void Writes_only_inside_a_span_that_ends_at_a_no_access_page()
    {
        using var buffer = new GuardedBuffer(4096);
        for (int exponent = 0; exponent <= 19; exponent++)
        {
            foreach (ulong value in new[] { Power(10, exponent) - 1, Power(10, exponent), ulong.MaxValue, (ulong)uint.MaxValue + 1 })
            {
                string expected = Reference(value);
                Span<char> destination = buffer.Chars(expected.Length);
                DecimalDigits.WriteRightAligned(value, destination);
                Assert.Equal(expected, destination.ToString());
            }
        }
    }
}
