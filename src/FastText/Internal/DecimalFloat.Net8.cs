using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText.Internal;

/// <summary>
/// Decimal text to <see cref="double"/> or <see cref="float"/>, correctly rounded (the nearest value, a tie to even),
/// which is what the runtime's own parsers return since .NET Core 3.0: so on the shapes it takes, the result is the
/// runtime's, bit for bit. The shapes are <c>[+-]digits[.digits][(e|E)[+-]digits]</c> with at most 19 significant
/// digits; every other text (white space, ".5", "5.", thousands separators, "NaN", 20 or more significant digits)
/// gets false, and the caller asks the runtime. Two steps: Clinger's exact case (the digits and the power of ten
/// are both exact in the target type, so one IEEE multiplication or division rounds correctly), and otherwise the
/// Eisel-Lemire step, a 64 x 128-bit product with a table of powers of five (<see cref="PowersOfFive"/>), which
/// decides every case of up to 19 digits without a fallback (Mushtak and Lemire, "Fast number parsing without
/// fallback", 2023). The common short shape is read by a vector step first (DecimalFloat.Vectorized.Net8.cs).
/// </summary>
internal static partial class DecimalFloat
{
    // Significant digits a ulong always holds: 10^19 - 1 < 2^64.
    private const int MaxSignificantDigits = 19;

    // An exponent beyond this many digits is clamped: anything past the table's range is zero or infinity anyway.
    private const long ExponentClamp = 100_000;

    private static ReadOnlySpan<double> DoublePowersOfTen =>
    [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ];

    private static ReadOnlySpan<float> SinglePowersOfTen => [1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f];

    /// <summary>The nearest <see cref="double"/> to <paramref name="text"/>; false for a shape this parser does not take.</summary>
    internal static bool TryParseDouble(ReadOnlySpan<byte> text, out double value)
    {
        if (TryScanShortShapeSigned(text, out ulong shortDigits, out int fractionDigits, out bool shortNegative))
        {
            // ClingerDouble's division without its test of the exponent's sign (always negative here): 0.7 ns a value.
            double shortMagnitude = (long)shortDigits / DoublePowersOfTen[fractionDigits];
            value = shortNegative ? -shortMagnitude : shortMagnitude;
            return true;
        }

        return TryParseDoubleGeneral(text, out value);
    }

    // Every shape but the short one: kept out of line so the short shape's caller stays small.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TryParseDoubleGeneral(ReadOnlySpan<byte> text, out double value)
    {
        if (TryScanLongShapeSigned(text, out ulong longDigits, out int longFractionDigits, out bool longNegative))
        {
            // Mostly more than 2^53: Eisel-Lemire for every value of the shape, rather than a branch per value on
            // whether Clinger's case applies (the product decides every value of up to 19 digits correctly).
            (ulong longMantissa, int longPower) = EiselLemire(longDigits, -longFractionDigits, DoubleFormat);
            double longMagnitude = BitConverter.UInt64BitsToDouble(longMantissa | ((ulong)longPower << 52));
            value = longNegative ? -longMagnitude : longMagnitude;
            return true;
        }

        if (!TryScan(text, out ulong digits, out long exponent, out bool negative))
        {
            value = 0;
            return false;
        }

        double magnitude;
        if (exponent is >= -22 and <= 22 && digits <= (1UL << 53))
        {
            magnitude = ClingerDouble(digits, exponent);
        }
        else
        {
            (ulong mantissa, int power) = EiselLemire(digits, exponent, DoubleFormat);
            magnitude = BitConverter.UInt64BitsToDouble(mantissa | ((ulong)power << 52));
        }

        value = negative ? -magnitude : magnitude;
        return true;
    }

    /// <summary>The nearest <see cref="float"/> to <paramref name="text"/>; false for a shape this parser does not take.</summary>
    internal static bool TryParseSingle(ReadOnlySpan<byte> text, out float value)
    {
        if (TryScanShortShapeSigned(text, out ulong shortDigits, out int fractionDigits, out bool shortNegative)
            && TryNarrowExactly((long)shortDigits / DoublePowersOfTen[fractionDigits], out float shortMagnitude))
        {
            value = shortNegative ? -shortMagnitude : shortMagnitude;
            return true;
        }

        return TryParseSingleGeneral(text, out value);
    }

    // Every shape but the short one: kept out of line so the short shape's caller stays small.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool TryParseSingleGeneral(ReadOnlySpan<byte> text, out float value)
    {
        if (!TryScan(text, out ulong digits, out long exponent, out bool negative))
        {
            value = 0;
            return false;
        }

        // Through a double first, whatever the digit count, so a column whose values have 7 or 8 significant digits
        // does not alternate between two branches; the single-precision Clinger step only takes the midpoints.
        float magnitude;
        if (exponent is >= -22 and <= 22 && digits <= (1UL << 53) && TryNarrowExactly(ClingerDouble(digits, exponent), out float narrowed))
        {
            magnitude = narrowed;
        }
        else if (exponent is >= -10 and <= 10 && digits <= (1UL << 24))
        {
            // Clinger in single precision: both operands exact floats, one rounding.
            magnitude = digits;
            magnitude = exponent < 0 ? magnitude / SinglePowersOfTen[(int)-exponent] : magnitude * SinglePowersOfTen[(int)exponent];
        }
        else
        {
            (ulong mantissa, int power) = EiselLemire(digits, exponent, SingleFormat);
            magnitude = BitConverter.UInt32BitsToSingle((uint)mantissa | ((uint)power << 23));
        }

        value = negative ? -magnitude : magnitude;
        return true;
    }

    /// <summary>
    /// Clinger's exact case in double precision (digits at most 2^53, |exponent| at most 22): both operands are exact
    /// doubles, so the one IEEE multiplication or division is the correctly rounded value.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static double ClingerDouble(ulong digits, long exponent)
    {
        double magnitude = (long)digits; // below 2^53: the signed conversion is exact and the shorter one
        return exponent < 0 ? magnitude / DoublePowersOfTen[(int)-exponent] : magnitude * DoublePowersOfTen[(int)exponent];
    }

    /// <summary>
    /// The float nearest a decimal whose correctly rounded double is <paramref name="value"/> (at least 10^-22, so a
    /// normal float), unless that double lies exactly halfway between two floats. Rounding to a double and then to a
    /// float can differ from rounding to a float once only there: a double rounding moves the value onto a midpoint,
    /// never across one, because the midpoints are doubles themselves. A midpoint has, below the float's 24 bits, a
    /// one and then 28 zeros in the double's mantissa; such a value is left to the exact step.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryNarrowExactly(double value, out float narrowed)
    {
        const ulong BelowSingle = (1UL << 29) - 1;
        const ulong Halfway = 1UL << 28;
        narrowed = (float)value;
        return (BitConverter.DoubleToUInt64Bits(value) & BelowSingle) != Halfway;
    }

    /// <summary>
    /// Reads <c>[+-]digits[.digits][(e|E)[+-]digits]</c>, the whole span: the value is digits x 10^exponent with the
    /// significant digits in <paramref name="digits"/>. False for any other shape and for more than 19 significant
    /// digits (leading zeros, before or after the point, are not significant).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryScan(ReadOnlySpan<byte> text, out ulong digits, out long exponent, out bool negative)
    {
        digits = 0;
        exponent = 0;
        negative = false;
        int i = 0;
        if (text.Length != 0 && (text[0] == (byte)'-' || text[0] == (byte)'+'))
        {
            negative = text[0] == (byte)'-';
            i = 1;
        }

        int start = i;
        ulong value = 0;
        uint digit;
        ReadDigits(text, ref i, ref value);

        int integerDigits = i - start;
        if (integerDigits == 0)
        {
            return false;
        }

        int fractionDigits = 0;
        if (i < text.Length && text[i] == (byte)'.')
        {
            i++;
            int fractionStart = i;
            ReadDigits(text, ref i, ref value);

            fractionDigits = i - fractionStart;
            if (fractionDigits == 0)
            {
                return false;
            }
        }

        long scale = 0;
        if (i < text.Length && (text[i] | 0x20) == (byte)'e')
        {
            i++;
            bool negativeScale = false;
            if (i < text.Length && (text[i] == (byte)'-' || text[i] == (byte)'+'))
            {
                negativeScale = text[i] == (byte)'-';
                i++;
            }

            int scaleStart = i;
            while (i < text.Length && (digit = (uint)(text[i] - '0')) <= 9)
            {
                if (scale < ExponentClamp)
                {
                    scale = (scale * 10) + digit;
                }

                i++;
            }

            if (i == scaleStart)
            {
                return false;
            }

            scale = negativeScale ? -scale : scale;
        }

        if (i != text.Length)
        {
            return false;
        }

        if (integerDigits + fractionDigits > MaxSignificantDigits && SignificantDigits(text.Slice(start, integerDigits + fractionDigits + (fractionDigits > 0 ? 1 : 0))) > MaxSignificantDigits)
        {
            return false; // the ulong wrapped: the runtime parses it
        }

        digits = value;
        exponent = scale - fractionDigits;
        return true;
    }

    /// <summary>
    /// Appends the run of ASCII digits at <paramref name="i"/> to <paramref name="value"/> (wrapping past 2^64: the
    /// caller counts significant digits and declines more than 19), eight at a time while eight remain.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ReadDigits(ReadOnlySpan<byte> text, ref int i, ref ulong value)
    {
        if (BitConverter.IsLittleEndian)
        {
            while (i <= text.Length - 8)
            {
                ulong eight = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref MemoryMarshal.GetReference(text), i));
                if (!IsEightDigits(eight))
                {
                    break;
                }

                value = unchecked((value * 100_000_000) + EightDigits(eight));
                i += 8;
            }
        }

        uint digit;
        while (i < text.Length && (digit = (uint)(text[i] - '0')) <= 9)
        {
            value = unchecked((value * 10) + digit);
            i++;
        }
    }

    // Each byte is 0x30-0x39: its high nibble is 3, and adding 6 leaves it below 0x40.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsEightDigits(ulong bytes) =>
        ((bytes & 0xF0F0F0F0F0F0F0F0) | (((bytes + 0x0606060606060606) & 0xF0F0F0F0F0F0F0F0) >> 4)) == 0x3333333333333333;

    // The value of eight ASCII digits, first digit in the lowest byte: pairs, then fours, then the eight, by
    // multiplications whose partial products do not overlap.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint EightDigits(ulong bytes)
    {
        const ulong Mask = 0x000000FF000000FF;
        const ulong HundredAndMillion = 100 + (1_000_000UL << 32);
        const ulong OneAndTenThousand = 1 + (10_000UL << 32);
        bytes -= 0x3030303030303030;
        bytes = (bytes * 10) + (bytes >> 8);
        return (uint)((((bytes & Mask) * HundredAndMillion) + (((bytes >> 16) & Mask) * OneAndTenThousand)) >> 32);
    }

    // The digits of "123.45" or "000.00012" from the first non-zero one.
    private static int SignificantDigits(ReadOnlySpan<byte> number)
    {
        int count = 0;
        bool leading = true;
        foreach (byte c in number)
        {
            if (c == (byte)'.' || (leading && c == (byte)'0'))
            {
                continue;
            }

            leading = false;
            count++;
        }

        return count;
    }

    /// <summary>The parameters of one binary format for <see cref="EiselLemire"/>.</summary>
    private readonly record struct BinaryFormat(
        int MantissaBits, int MinimumExponent, int InfinitePower, int SmallestPowerOfTen, int LargestPowerOfTen, int MinRoundToEven, int MaxRoundToEven);

    private static BinaryFormat DoubleFormat => new(52, -1023, 0x7FF, -342, 308, -4, 23);

    private static BinaryFormat SingleFormat => new(23, -127, 0xFF, -65, 38, -17, 10);

    /// <summary>
    /// The nearest binary value to <paramref name="digits"/> x 10^<paramref name="exponent"/> (digits &lt; 2^64) as
    /// its stored mantissa (without the implicit bit) and biased exponent, zero and infinity included.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static (ulong Mantissa, int Power) EiselLemire(ulong digits, long exponent, BinaryFormat format)
    {
        if (digits == 0 || exponent < format.SmallestPowerOfTen)
        {
            return (0, 0);
        }

        if (exponent > format.LargestPowerOfTen)
        {
            return (0, format.InfinitePower);
        }

        int q = (int)exponent;
        int leadingZeros = BitOperations.LeadingZeroCount(digits);
        digits <<= leadingZeros;

        // The product's top bits; the low word only matters when the high word's bits below the ones kept are all ones
        // (then a carry from the low product could reach them).
        int index = 2 * (q - PowersOfFive.SmallestPower);
        ReadOnlySpan<ulong> table = PowersOfFive.Table;
        ulong high = Math.BigMul(digits, table[index], out ulong low);
        ulong precisionMask = ulong.MaxValue >> (format.MantissaBits + 3);
        if ((high & precisionMask) == precisionMask)
        {
            ulong secondHigh = Math.BigMul(digits, table[index + 1], out _);
            low = unchecked(low + secondHigh);
            if (secondHigh > low)
            {
                high++;
            }
        }

        int upperBit = (int)(high >> 63);
        int shift = upperBit + 64 - format.MantissaBits - 3;
        ulong mantissa = high >> shift;

        // floor(log2(10^q)) + 63, exact for |q| <= 1700.
        int power = (int)((((152170 + 65536) * q) >> 16) + 63 + upperBit - leadingZeros - format.MinimumExponent);
        if (power <= 0)
        {
            // Subnormal (or zero): shift down to the minimum exponent, then round half up (no tie is possible this
            // small). Rounding up may reach the smallest normal value: its implicit bit is then set, and the caller's
            // OR of the exponent 1 into that same bit gives exactly that value.
            if (-power + 1 >= 64)
            {
                return (0, 0);
            }

            mantissa >>= -power + 1;
            mantissa += mantissa & 1;
            mantissa >>= 1;
            return (mantissa, mantissa < (1UL << format.MantissaBits) ? 0 : 1);
        }

        // A tie: the bits dropped were all zero and the value is exactly halfway; round to even.
        if (low <= 1 && q >= format.MinRoundToEven && q <= format.MaxRoundToEven && (mantissa & 3) == 1 && (mantissa << shift) == high)
        {
            mantissa &= ~1UL;
        }

        mantissa += mantissa & 1;
        mantissa >>= 1;
        if (mantissa >= (2UL << format.MantissaBits))
        {
            mantissa = 1UL << format.MantissaBits;
            power++;
        }

        mantissa &= ~(1UL << format.MantissaBits);
        return power >= format.InfinitePower ? (0, format.InfinitePower) : (mantissa, power);
    }
}
