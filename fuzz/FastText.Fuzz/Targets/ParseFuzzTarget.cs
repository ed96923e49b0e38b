using System.Buffers.Text;
using System.Globalization;
using System.Text;
using FastText.Internal;

namespace FastText.Fuzz;

/// <summary>
/// TsvRow's typed parsing against the runtime's own parsers, on any bytes: the whole input is one column's text.
/// Three oracles. The correctly rounded <c>DecimalFloat</c>: whatever it takes must be, bit for bit, what
/// <c>double.Parse</c> and <c>float.Parse</c> give. The <c>Get*</c> parsers (<c>TsvNumberText</c>, <c>TsvGuidText</c>):
/// the same accept or reject and the same value (decimals with their scale) as <see cref="Utf8Parser"/>, the rules
/// they document. The
/// plain step of <c>Parse&lt;T&gt;</c>/<c>ParseChars&lt;T&gt;</c> (<c>TsvPlainParse</c>), for every type it knows:
/// whatever it takes, the type's own invariant parser must take too, with the same value; so must the windowed
/// integer read (<c>TsvNumberText.TryParseWindowed</c>) on the text alone and with digits on either side of it. The first input byte is
/// dropped half the time and read as a digit run otherwise, so the corpus' short numbers grow into long ones.
/// </summary>
internal sealed class ParseFuzzTarget : IFuzzTarget
{
    public string Name => "parse";

    public void Run(ReadOnlySpan<byte> input)
    {
        ReadOnlySpan<byte> text = input;
        if (!input.IsEmpty && (input[0] & 0x80) != 0)
        {
            // A long digit run in front: the 19-significant-digit limit, the eight-digits step and the exponent clamp.
            text = Encoding.ASCII.GetBytes(new string('9', input[0] & 0x3F) + Encoding.Latin1.GetString(input.Slice(1)));
        }

        CheckFloatingPoint(text);
        CheckNumberText(text);
        CheckPlain(text);
        CheckWindowed(text);
    }

    private static void CheckFloatingPoint(ReadOnlySpan<byte> text)
    {
        if (DecimalFloat.TryParseDouble(text, out double value))
        {
            double expected = double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
            Same(BitConverter.DoubleToInt64Bits(expected), BitConverter.DoubleToInt64Bits(value), "DecimalFloat double", text);
        }

        if (DecimalFloat.TryParseSingle(text, out float single))
        {
            float expected = float.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
            Same(BitConverter.SingleToInt32Bits(expected), BitConverter.SingleToInt32Bits(single), "DecimalFloat float", text);
        }
    }

    private static void CheckNumberText(ReadOnlySpan<byte> text)
    {
        Agree(Utf8Parser.TryParse(text, out int a, out int used) && used == text.Length, a, TsvNumberText.TryParseInt32(text, out int b), b, "Int32", text);
        Agree(Utf8Parser.TryParse(text, out long c, out used) && used == text.Length, c, TsvNumberText.TryParseInt64(text, out long d), d, "Int64", text);
        Agree(Utf8Parser.TryParse(text, out short e, out used) && used == text.Length, e, TsvNumberText.TryParseInt16(text, out short f), f, "Int16", text);
        Agree(Utf8Parser.TryParse(text, out sbyte g, out used) && used == text.Length, g, TsvNumberText.TryParseSByte(text, out sbyte h), h, "SByte", text);
        Agree(Utf8Parser.TryParse(text, out byte i, out used) && used == text.Length, i, TsvNumberText.TryParseByte(text, out byte j), j, "Byte", text);
        Agree(Utf8Parser.TryParse(text, out ushort k, out used) && used == text.Length, k, TsvNumberText.TryParseUInt16(text, out ushort l), l, "UInt16", text);
        Agree(Utf8Parser.TryParse(text, out uint m, out used) && used == text.Length, m, TsvNumberText.TryParseUInt32(text, out uint n), n, "UInt32", text);
        Agree(Utf8Parser.TryParse(text, out ulong o, out used) && used == text.Length, o, TsvNumberText.TryParseUInt64(text, out ulong p), p, "UInt64", text);
        Agree(Utf8Parser.TryParse(text, out double q, out used) && used == text.Length, BitConverter.DoubleToInt64Bits(q), TsvNumberText.TryParseDouble(text, out double r), BitConverter.DoubleToInt64Bits(r), "Double", text);
        Agree(Utf8Parser.TryParse(text, out float s, out used) && used == text.Length, BitConverter.SingleToInt32Bits(s), TsvNumberText.TryParseSingle(text, out float t), BitConverter.SingleToInt32Bits(t), "Single", text);
        Agree(Utf8Parser.TryParse(text, out decimal u, out used) && used == text.Length, Bits(u), TsvNumberText.TryParseDecimal(text, out decimal v), Bits(v), "Decimal", text);
        Agree(Utf8Parser.TryParse(text, out Guid w, out used) && used == text.Length, w, TsvGuidText.TryParse(text, out Guid x), x, "Guid", text);
    }

    private static void CheckPlain(ReadOnlySpan<byte> text)
    {
        PlainUtf8<int>(text);
        PlainUtf8<long>(text);
        PlainUtf8<short>(text);
        PlainUtf8<sbyte>(text);
        PlainUtf8<byte>(text);
        PlainUtf8<ushort>(text);
        PlainUtf8<uint>(text);
        PlainUtf8<ulong>(text);
        PlainUtf8<double>(text);
        PlainUtf8<float>(text);
        PlainUtf8<decimal>(text);
        PlainChars<bool>(text);
        PlainChars<DateTime>(text);
        PlainChars<DateTimeOffset>(text);
        PlainChars<DateOnly>(text);
        PlainChars<TimeOnly>(text);
        PlainChars<Guid>(text);
    }

    // TsvRow's windowed integer read loads a column's neighbours too: the text alone, and with 16 digits before it and
    // after it (which must never leak into the value).
    private static void CheckWindowed(ReadOnlySpan<byte> text)
    {
        byte[] neighbours = Encoding.ASCII.GetBytes(new string('9', 16));
        byte[] before = [.. neighbours, .. text];
        byte[] after = [.. text, .. neighbours];
        foreach ((byte[] window, int start) in new[] { (text.ToArray(), 0), (before, neighbours.Length), (after, 0) })
        {
            WindowedUtf8<int>(window, start, text);
            WindowedUtf8<long>(window, start, text);
            WindowedUtf8<short>(window, start, text);
            WindowedUtf8<sbyte>(window, start, text);
            WindowedUtf8<byte>(window, start, text);
            WindowedUtf8<ushort>(window, start, text);
            WindowedUtf8<uint>(window, start, text);
            WindowedUtf8<ulong>(window, start, text);
        }
    }

    private static void WindowedUtf8<T>(byte[] window, int start, ReadOnlySpan<byte> text)
        where T : IUtf8SpanParsable<T>
    {
        if (TsvNumberText.TryParseWindowed(window, start, text.Length, out T windowed)
            && (!T.TryParse(text, CultureInfo.InvariantCulture, out T? expected) || Describe(expected) != Describe(windowed)))
        {
            throw new FuzzMismatchException($"{typeof(T).Name} '{Show(text)}' at {start} of a {window.Length}-byte window: the windowed read gave {Describe(windowed)}, the type's parser does not agree");
        }
    }

    private static void PlainUtf8<T>(ReadOnlySpan<byte> text)
        where T : IUtf8SpanParsable<T>
    {
        if (TsvPlainParse.TryParse(text, out T plain)
            && (!T.TryParse(text, CultureInfo.InvariantCulture, out T? expected) || Describe(expected) != Describe(plain)))
        {
            throw new FuzzMismatchException($"{typeof(T).Name} '{Show(text)}': the plain step gave {Describe(plain)}, the type's parser does not agree");
        }
    }

    private static void PlainChars<T>(ReadOnlySpan<byte> text)
        where T : ISpanParsable<T>
    {
        if (TsvPlainParse.TryParse(text, out T plain)
            && (!T.TryParse(Encoding.UTF8.GetString(text), CultureInfo.InvariantCulture, out T? expected) || Describe(expected) != Describe(plain)))
        {
            throw new FuzzMismatchException($"{typeof(T).Name} '{Show(text)}': the plain step gave {Describe(plain)}, the type's parser does not agree");
        }
    }

    // What must be equal: the bits of floating point, a decimal's scale, a DateTime's kind, a DateTimeOffset's offset.
    private static string Describe<T>(T value) => value switch
    {
        double d => BitConverter.DoubleToInt64Bits(d).ToString("X16", CultureInfo.InvariantCulture),
        float f => BitConverter.SingleToInt32Bits(f).ToString("X8", CultureInfo.InvariantCulture),
        decimal m => Bits(m),
        DateTime t => t.Ticks.ToString(CultureInfo.InvariantCulture) + t.Kind,
        DateTimeOffset o => o.Ticks.ToString(CultureInfo.InvariantCulture) + "@" + o.Offset.Ticks.ToString(CultureInfo.InvariantCulture),
        _ => Convert.ToString(value, CultureInfo.InvariantCulture) ?? "",
    };

    private static string Bits(decimal value) => string.Join(",", decimal.GetBits(value));

    private static void Agree<T>(bool expected, T expectedValue, bool actual, T actualValue, string type, ReadOnlySpan<byte> text)
    {
        if (expected != actual || (expected && !EqualityComparer<T>.Default.Equals(expectedValue, actualValue)))
        {
            throw new FuzzMismatchException($"{type} '{Show(text)}': Utf8Parser {expected} {expectedValue}, the library {actual} {actualValue}");
        }
    }

    private static void Same(long expected, long actual, string what, ReadOnlySpan<byte> text)
    {
        if (expected != actual)
        {
            throw new FuzzMismatchException($"{what} '{Show(text)}': the runtime gives bits {expected:X}, the library {actual:X}");
        }
    }

    private static string Show(ReadOnlySpan<byte> text) => Encoding.Latin1.GetString(text.Length > 200 ? text.Slice(0, 200) : text);
}
