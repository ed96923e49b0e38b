using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using System.Text;

namespace FastText.Generate;

/// <summary>
/// The table of the library's decimal-to-binary floating-point conversion (src/FastText/Internal/PowersOfFive.Net8.cs):
/// for every decimal exponent q from -342 to 308, 5^q as a 128-bit number whose top bit is set (two ulongs, high
/// word first), computed here exactly with big integers. For q &gt;= 0 it is 5^q shifted left or right until it has
/// 128 bits, truncated; for q &lt; 0 it is 2^b / 5^-q for the b that gives it 128 bits (for q &lt; -27 the quotient
/// is taken with more bits first and truncated), plus one, so it is never below the true value. This is the table
/// the Eisel-Lemire algorithm needs, in the form for which its use without a fallback was proven (Mushtak and Lemire,
/// "Fast number parsing without fallback", 2023).
/// </summary>
internal static class PowersOfFiveTemplate
{
    internal const int SmallestPower = -342;
    internal const int LargestPower = 308;

    internal static IEnumerable<GeneratedFile> Files()
    {
        var rows = new StringBuilder();
        for (int q = SmallestPower; q <= LargestPower; q++)
        {
            BigInteger value = Approximation(q);
            var high = (ulong)(value >> 64);
            var low = (ulong)(value & ulong.MaxValue);
            rows.Append(CultureInfo.InvariantCulture, $"        0x{high:X16}, 0x{low:X16}, // 5^{q}\n");
        }

        yield return new GeneratedFile("src/FastText/Internal/PowersOfFive.Net8.cs", "eng/Generate/PowersOfFiveTemplate.cs", $$"""
            using System;

            namespace FastText.Internal;

            /// <summary>
            /// 5^q for q from <see cref="SmallestPower"/> to <see cref="LargestPower"/>, each as the 128 bits below and including
            /// its highest set bit (high word, then low word): truncated for q &gt;= 0, rounded up for q &lt; 0. The constant table
            /// of <see cref="DecimalFloat"/>'s Eisel-Lemire step; compiled into the assembly's data, nothing is computed at run time.
            /// </summary>
            internal static class PowersOfFive
            {
                internal const int SmallestPower = {{SmallestPower}};
                internal const int LargestPower = {{LargestPower}};

                internal static ReadOnlySpan<ulong> Table =>
                [
            {{rows.ToString().TrimEnd('\n')}}
                ];
            }

            """);
    }

    private static BigInteger Approximation(int q)
    {
        BigInteger one = BigInteger.One;
        BigInteger limit = one << 128;
        if (q >= 0)
        {
            BigInteger power = BigInteger.Pow(5, q);
            while (power < one << 127)
            {
                power <<= 1;
            }

            while (power >= limit)
            {
                power >>= 1;
            }

            return power;
        }

        BigInteger divisor = BigInteger.Pow(5, -q);
        int z = 0;
        while ((one << z) < divisor)
        {
            z++;
        }

        int b = q >= -27 ? z + 127 : (2 * z) + (2 * 64);
        BigInteger quotient = ((one << b) / divisor) + 1;
        while (quotient >= limit)
        {
            quotient >>= 1;
        }

        return quotient;
    }
}
