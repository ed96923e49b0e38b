using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// A custom date format compiled once into fixed-width steps, so every key built with it has a length known up front
/// and formatting neither parses the format again nor allocates (netstandard2.0 has no TryFormat at all). The subset:
/// yyyy yy MM dd HH hh mm ss f..fffffff tt (invariant AM/PM), zzz (DateTimeOffset only), the invariant separators
/// '/' and ':', quoted ('...' "...") and backslash-escaped literals, any other non-specifier char as a literal, and the
/// standard format "s". The output equals <c>ToString(format, CultureInfo.InvariantCulture)</c> (the property tests
/// compare them). Variable-width specifiers (names, single-digit fields, F, g, K, %) are rejected with
/// <see cref="ArgumentException"/> naming the part.
/// </summary>
internal sealed class KeyDateFormat
{
    private readonly Step[] _steps;

    private KeyDateFormat(Step[] steps, int length)
    {
        _steps = steps;
        Length = length;
    }

    internal int Length { get; }

    internal static KeyDateFormat Compile(string? format, bool allowOffset, string partName, KeyDateFields fields = KeyDateFields.All)
    {
        if (string.IsNullOrEmpty(format))
        {
            Reject(partName, "a date format is required.");
        }

        string custom = format!;
        if (custom.Length == 1)
        {
            if (custom[0] != 's')
            {
                Reject(partName, "of the standard date formats only \"s\" has a fixed width; use a custom format.");
            }

            custom = "yyyy'-'MM'-'dd'T'HH':'mm':'ss";
        }

        var steps = new List<Step>();
        int length = 0;
        for (int i = 0; i < custom.Length; i++)
        {
            char c = custom[i];
            int run = 1;
            while (i + run < custom.Length && custom[i + run] == c)
            {
                run++;
            }

            StepKind kind = StepKind.Literal;
            int width = run;
            switch (c)
            {
                case 'y':
                    kind = run == 4 ? StepKind.Year : run == 2 ? StepKind.YearOfCentury : Unsupported(partName, c, run);
                    break;
                case 'M':
                    kind = run == 2 ? StepKind.Month : Unsupported(partName, c, run);
                    break;
                case 'd':
                    kind = run == 2 ? StepKind.Day : Unsupported(partName, c, run);
                    break;
                case 'H':
                    kind = run == 2 ? StepKind.Hour24 : Unsupported(partName, c, run);
                    break;
                case 'h':
                    kind = run == 2 ? StepKind.Hour12 : Unsupported(partName, c, run);
                    break;
                case 'm':
                    kind = run == 2 ? StepKind.Minute : Unsupported(partName, c, run);
                    break;
                case 's':
                    kind = run == 2 ? StepKind.Second : Unsupported(partName, c, run);
                    break;
                case 'f':
                    kind = run <= 7 ? StepKind.Fraction : Unsupported(partName, c, run);
                    break;
                case 't':
                    kind = run == 2 ? StepKind.AmPm : Unsupported(partName, c, run);
                    break;
                case 'z':
                    kind = run == 3 && allowOffset ? StepKind.Offset : Unsupported(partName, c, run);
                    width = 6;
                    break;
                case 'F' or 'g' or 'K' or '%':
                    kind = Unsupported(partName, c, run);
                    break;
                case '\'' or '"':
                    i = AddQuoted(custom, i, steps, ref length, partName);
                    continue;
                case '\\':
                    if (i + 1 >= custom.Length)
                    {
                        Reject(partName, "the date format ends with a lone backslash.");
                    }

                    steps.Add(new Step(StepKind.Literal, custom[++i]));
                    length++;
                    continue;
                default:
                    // '/' and ':' are the culture's separators; invariant ones are themselves. Other chars copy through.
                    // DateOnly formats refuse the time separator and TimeOnly formats the date separator, as .NET does.
                    if ((fields == KeyDateFields.Date && c == ':') || (fields == KeyDateFields.Time && c == '/'))
                    {
                        Reject(partName, "the separator '" + c + "' is a " + (c == ':' ? "time" : "date") + " separator, which a "
                            + (c == ':' ? "DateOnly" : "TimeOnly") + " format does not take (as in .NET); quote it, '" + c + "', for the char itself.");
                    }

                    steps.Add(new Step(StepKind.Literal, c));
                    length++;
                    continue;
            }

            if ((fields == KeyDateFields.Date && kind is not (StepKind.Year or StepKind.YearOfCentury or StepKind.Month or StepKind.Day))
                || (fields == KeyDateFields.Time && kind is StepKind.Year or StepKind.YearOfCentury or StepKind.Month or StepKind.Day))
            {
                Reject(partName, "the specifier \"" + new string(c, run) + "\" is not a "
                    + (fields == KeyDateFields.Date ? "date field; a DateOnly part takes yyyy yy MM dd." : "time field; a TimeOnly part takes HH hh mm ss f..fffffff tt."));
            }

            steps.Add(new Step(kind, width));
            length += width;
            i += run - 1;
        }

        return new KeyDateFormat(steps.ToArray(), length);
    }

    private static int AddQuoted(string format, int quoteIndex, List<Step> steps, ref int length, string partName)
    {
        char quote = format[quoteIndex];
        for (int i = quoteIndex + 1; i < format.Length; i++)
        {
            char c = format[i];
            if (c == quote)
            {
                return i;
            }

            if (c == '\\')
            {
                if (++i >= format.Length)
                {
                    break;
                }

                c = format[i];
            }

            steps.Add(new Step(StepKind.Literal, c));
            length++;
        }

        Reject(partName, "the date format has an unterminated quoted literal.");
        return format.Length;
    }

    private static StepKind Unsupported(string partName, char specifier, int run)
    {
        Reject(partName, "the date format specifier \"" + new string(specifier, run)
            + "\" is not supported; keys use fixed-width specifiers (yyyy yy MM dd HH hh mm ss f..fffffff tt, zzz for DateTimeOffset).");
        return default;
    }

    private static void Reject(string partName, string problem) => ThrowHelper.ThrowKeyPartArgument("format", partName, problem);

    /// <summary>Writes <paramref name="clock"/> (and <paramref name="offset"/> for zzz) into exactly <see cref="Length"/> chars.</summary>
    internal void Write(DateTime clock, TimeSpan offset, Span<char> destination)
    {
        if (destination.Length != Length)
        {
            ThrowHelper.ThrowArgument(nameof(destination), "The destination does not have the format's length.");
        }

        long ticks = clock.Ticks;
        int days = (int)(ticks / TimeSpan.TicksPerDay);
        long timeOfDay = ticks - (days * TimeSpan.TicksPerDay);
        int hour = (int)(timeOfDay / TimeSpan.TicksPerHour);
        CivilDate(days, out int year, out int month, out int day);

        // The steps' widths add up to Length, checked above, so every write below stays inside destination.
        ref char first = ref MemoryMarshal.GetReference(destination);
        Step[] steps = _steps;
        int position = 0;
        for (int i = 0; i < steps.Length; i++)
        {
            Step step = steps[i];
            ref char target = ref Unsafe.Add(ref first, position);
            switch (step.Kind)
            {
                case StepKind.Literal:
                    target = step.Literal;
                    break;
                case StepKind.Year:
                    WriteTwoDigits(ref target, year / 100);
                    WriteTwoDigits(ref Unsafe.Add(ref target, 2), year % 100);
                    break;
                case StepKind.YearOfCentury:
                    WriteTwoDigits(ref target, year % 100);
                    break;
                case StepKind.Month:
                    WriteTwoDigits(ref target, month);
                    break;
                case StepKind.Day:
                    WriteTwoDigits(ref target, day);
                    break;
                case StepKind.Hour24:
                    WriteTwoDigits(ref target, hour);
                    break;
                case StepKind.Hour12:
                    WriteTwoDigits(ref target, hour % 12 == 0 ? 12 : hour % 12);
                    break;
                case StepKind.Minute:
                    WriteTwoDigits(ref target, (int)(timeOfDay / TimeSpan.TicksPerMinute % 60));
                    break;
                case StepKind.Second:
                    WriteTwoDigits(ref target, (int)(timeOfDay / TimeSpan.TicksPerSecond % 60));
                    break;
                case StepKind.Fraction:
                    DecimalDigits.WritePadded(
                        (int)(timeOfDay % TimeSpan.TicksPerSecond / PowersOfTen[7 - step.Width]), step.Width,
                        destination.Slice(position, step.Width));
                    break;
                case StepKind.AmPm:
                    target = hour < 12 ? 'A' : 'P';
                    Unsafe.Add(ref target, 1) = 'M';
                    break;
                default:
                    WriteOffset(offset, destination.Slice(position, 6));
                    break;
            }

            position += step.Width;
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteTwoDigits(ref char target, int value)
    {
        int tens = (value * 103) >> 10; // value / 10 for 0..99
        target = (char)('0' + tens);
        Unsafe.Add(ref target, 1) = (char)('0' + value - (tens * 10));
    }

    private static readonly int[] PowersOfTen = [1, 10, 100, 1000, 10000, 100000, 1000000, 10000000];

    // "+hh:mm" / "-hh:mm", as zzz writes it.
    private static void WriteOffset(TimeSpan offset, Span<char> destination)
    {
        int minutes = (int)(offset.Ticks / TimeSpan.TicksPerMinute);
        destination[0] = minutes < 0 ? '-' : '+';
        minutes = Math.Abs(minutes);
        DecimalDigits.WritePadded(minutes / 60, 2, destination.Slice(1));
        destination[3] = ':';
        DecimalDigits.WritePadded(minutes % 60, 2, destination.Slice(4));
    }

    // Proleptic Gregorian date from days since 0001-01-01 (the DateTime epoch), by counting in 400-year eras that start
    // on March 1st so the leap day falls at the end of each year.
    private static void CivilDate(int daysSinceEpoch, out int year, out int month, out int day)
    {
        int shifted = daysSinceEpoch + 306; // 0000-03-01 is day 0 of era 0
        int era = shifted / 146097;
        int dayOfEra = shifted - (era * 146097);
        int yearOfEra = (dayOfEra - (dayOfEra / 1460) + (dayOfEra / 36524) - (dayOfEra / 146096)) / 365;
        int dayOfYear = dayOfEra - ((365 * yearOfEra) + (yearOfEra / 4) - (yearOfEra / 100));
        int monthIndex = ((5 * dayOfYear) + 2) / 153;
        day = dayOfYear - (((153 * monthIndex) + 2) / 5) + 1;
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
        year = yearOfEra + (era * 400) + (month <= 2 ? 1 : 0);
    }

    private enum StepKind : byte
    {
        Literal,
        Year,
        YearOfCentury,
        Month,
        Day,
        Hour24,
        Hour12,
        Minute,
        Second,
        Fraction,
        AmPm,
        Offset,
    }

    private readonly struct Step
    {
        internal Step(StepKind kind, int width)
        {
            Kind = kind;
            Width = (byte)width;
            Literal = '\0';
        }

        internal Step(StepKind kind, char literal)
        {
            Kind = kind;
            Width = 1;
            Literal = literal;
        }

        internal StepKind Kind { get; }

        internal byte Width { get; }

        internal char Literal { get; }
    }
}
