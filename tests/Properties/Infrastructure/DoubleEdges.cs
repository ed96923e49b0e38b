using System.Globalization;
using FsCheck;
using FsCheck.Fluent;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// Doubles that reach every branch of a fixed-point rounding, with either sign: random bit patterns, decimal
/// fractions, exact binary ties (k / 2^n), the doubles next to decimal ties (x.xx5 and its neighbours), the 2^52
/// limit scaled down by each power of ten, and the special values.
/// </summary>
public static class DoubleEdges
{
    public static readonly Gen<double> Values = Gen.Frequency(
        (2, Gen.Choose(int.MinValue, int.MaxValue).SelectMany(hi => Gen.Choose(int.MinValue, int.MaxValue).Select(lo => BitConverter.Int64BitsToDouble(((long)hi << 32) ^ (uint)lo)))),
        (3, from digits in Gen.Choose(0, int.MaxValue) from places in Gen.Choose(0, 17) select digits / Math.Pow(10, places)),
        (3, from numerator in Gen.Choose(0, int.MaxValue) from shift in Gen.Choose(0, 20) select numerator / Math.Pow(2, shift)),
        (3, from digits in Gen.Choose(0, 999_999)
            from places in Gen.Choose(1, 15)
            from ulps in Gen.Choose(-2, 2)
            select Ulps(double.Parse($"{digits}5E-{places}", CultureInfo.InvariantCulture), ulps)),
        (2, from places in Gen.Choose(0, 15) from ulps in Gen.Choose(-3, 3) select Ulps(4503599627370496.0 / Math.Pow(10, places), ulps)),
        (1, Gen.Elements(double.NaN, double.PositiveInfinity, 0.0, double.Epsilon, double.MaxValue, 0.5, 1.5, 2.5, 0.125, 0.375, 1.005, 12.3456, 4503599627370495.5)))
        .SelectMany(magnitude => Gen.Elements(magnitude, -magnitude));

    /// <summary><paramref name="value"/> moved by <paramref name="ulps"/> units in the last place.</summary>
    public static double Ulps(double value, int ulps)
    {
        for (; ulps > 0; ulps--)
        {
            value = BitIncrement(value);
        }

        for (; ulps < 0; ulps++)
        {
            value = -BitIncrement(-value);
        }

        return value;
    }

    // Math.BitIncrement is not in .NET Framework; for the finite non-negative values used here the next double is
    // the next bit pattern (and from -0.0 that pattern is a negative one, so it starts from +0.0).
    private static double BitIncrement(double value)
    {
        if (double.IsNaN(value) || double.IsInfinity(value))
        {
            return value;
        }

        long bits = BitConverter.DoubleToInt64Bits(value);
        if (value == 0)
        {
            return double.Epsilon;
        }

        return BitConverter.Int64BitsToDouble(value > 0 ? bits + 1 : bits - 1);
    }
}
