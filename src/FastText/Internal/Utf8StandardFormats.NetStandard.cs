using System;
using System.Buffers;
using System.Globalization;

namespace FastText.Internal;

/// <summary>
/// netstandard2.0: which .NET format strings <c>Utf8Formatter</c> reproduces exactly, as a <see cref="StandardFormat"/>.
/// The rules are those <see cref="ValueStringBuilder"/> applies before widening Utf8Formatter's output.
/// </summary>
internal static class Utf8StandardFormats
{
    /// <summary>
    /// The integer formats whose text is culture-free apart from the minus sign: the default, "G", "D", "Dnn",
    /// "X", "Xnn" (either case, precision up to 99).
    /// </summary>
    public static bool TryGetIntegerFormat(string? format, out StandardFormat standard)
    {
        standard = default;
        if (format is null || format.Length == 0 || (format.Length == 1 && format[0] is 'G' or 'g'))
        {
            standard = new StandardFormat('D');
            return true;
        }

        char symbol = format[0];
        if (symbol is not ('D' or 'd' or 'X' or 'x') || format.Length > 3)
        {
            return false;
        }

        byte precision = StandardFormat.NoPrecision;
        if (format.Length > 1)
        {
            int parsed = 0;
            for (int i = 1; i < format.Length; i++)
            {
                int digit = format[i] - '0';
                if ((uint)digit > 9)
                {
                    return false;
                }

                parsed = (parsed * 10) + digit;
            }

            precision = (byte)parsed;
        }

        standard = new StandardFormat(symbol is 'd' ? 'D' : symbol, precision);
        return true;
    }

    /// <summary>"D" (the default), "N", "B", "P" in either case: <see cref="GuidText.Symbol"/>'s formats but "X", which Utf8Formatter lacks.</summary>
    public static bool TryGetGuidFormat(string? format, out StandardFormat standard)
    {
        char symbol = GuidText.Symbol(format);
        bool supported = symbol is not ('\0' or 'X');
        standard = new StandardFormat(supported ? symbol : 'D');
        return supported;
    }

    /// <summary>
    /// "O" and "R" are culture-free; the default and "G" only when the culture's short date and long time patterns
    /// are the invariant ones, the only shape Utf8Formatter writes. (A DateTimeOffset's default adds the offset and
    /// its "G" does not; Utf8Formatter's default format and its 'G' reproduce that difference.)
    /// </summary>
    public static bool TryGetDateFormat(string? format, IFormatProvider? provider, out StandardFormat standard)
    {
        standard = default;
        if (format is null || format.Length == 0)
        {
            return UsesInvariantGeneralPattern(provider);
        }

        if (format.Length != 1)
        {
            return false;
        }

        switch (format[0])
        {
            case 'O' or 'o':
                standard = new StandardFormat('O');
                return true;
            case 'R' or 'r':
                standard = new StandardFormat('R');
                return true;
            case 'G':
                standard = new StandardFormat('G');
                return UsesInvariantGeneralPattern(provider);
            default:
                return false;
        }
    }

    /// <summary>The default, "c", "t" and "T" are the constant (culture-free) format.</summary>
    public static bool IsConstantTimeSpanFormat(string? format) =>
        format is null || format.Length == 0 || (format.Length == 1 && format[0] is 'c' or 't' or 'T');

    private static bool UsesInvariantGeneralPattern(IFormatProvider? provider)
    {
        DateTimeFormatInfo info = DateTimeFormatInfo.GetInstance(provider);
        return info.ShortDatePattern == "MM/dd/yyyy"
            && info.LongTimePattern == "HH:mm:ss"
            && info.DateSeparator == "/"
            && info.TimeSeparator == ":"
            && info.Calendar is GregorianCalendar;
    }
}
