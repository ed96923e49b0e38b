using System;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// An integer part written in invariant decimal ('-' sign, no separators), as <c>value.ToString(CultureInfo.InvariantCulture)</c>,
/// or with a format: D or X (x for lower-case hex digits) and an optional precision 0-99, as
/// <c>value.ToString("D8", CultureInfo.InvariantCulture)</c> would. Hex writes the value's bits at its type's width, so a
/// negative value has no sign, as in .NET. The type tests fold away when the JIT specializes this class for each value
/// type, so there is no boxing.
/// </summary>
internal sealed class IntegerKeyPart<T> : KeyPart<T>
    where T : unmanaged
{
    private const int MaxPrecision = 99;

    // 0: plain decimal (the fast path); 'D', 'X' or 'x' with _precision otherwise.
    private readonly char _style;
    private readonly int _precision;

    internal IntegerKeyPart(string name, string? format = null)
        : base(name)
    {
        _style = ParseFormat(format, name, out _precision);
    }

    internal override KeyPart<T> WithFormat(string format) => new IntegerKeyPart<T>(Name, format);

    internal override int Measure(T value, out int plan)
    {
        plan = 0;
        if (_style == 0)
        {
            bool negative = Split(value, out ulong magnitude);
            return DecimalDigits.Count(magnitude) + (negative ? 1 : 0);
        }

        return MeasureFormatted(value);
    }

    internal override void Write(T value, int plan, Span<char> destination)
    {
        if (_style == 0)
        {
            if (Split(value, out ulong magnitude))
            {
                destination[0] = '-';
            }

            DecimalDigits.WriteRightAligned(magnitude, destination);
            return;
        }

        WriteFormatted(value, destination);
    }

    private int MeasureFormatted(T value)
    {
        if (_style == 'D')
        {
            bool negative = Split(value, out ulong magnitude);
            return Math.Max(DecimalDigits.Count(magnitude), _precision) + (negative ? 1 : 0);
        }

        return Math.Max(HexDigits.Count(Bits(value)), _precision);
    }

    private void WriteFormatted(T value, Span<char> destination)
    {
        int start = 0;
        ulong digits;
        if (_style == 'D')
        {
            if (Split(value, out digits))
            {
                destination[0] = '-';
                start = 1;
            }

            DecimalDigits.WriteRightAligned(digits, destination);
            int padding = destination.Length - start - DecimalDigits.Count(digits);
            destination.Slice(start, padding).Fill('0');
            return;
        }

        digits = Bits(value);
        HexDigits.WriteRightAligned(digits, destination, upperCase: _style == 'X');
        destination.Slice(0, destination.Length - HexDigits.Count(digits)).Fill('0');
    }

    private static char ParseFormat(string? format, string partName, out int precision)
    {
        precision = 0;
        if (string.IsNullOrEmpty(format))
        {
            return (char)0;
        }

        char style = format![0];
        bool valid = style is 'D' or 'd' or 'X' or 'x' && format.Length <= 3;
        for (int i = 1; valid && i < format.Length; i++)
        {
            valid = format[i] is >= '0' and <= '9';
            precision = (precision * 10) + format[i] - '0';
        }

        if (!valid || precision > MaxPrecision)
        {
            ThrowHelper.ThrowKeyPartArgument(nameof(format), partName,
                "the integer format \"" + format + "\" is not supported; integer parts take D (decimal) or X/x (hex) with an optional precision 0-99, e.g. D8 or x8.");
        }

        return style == 'd' ? 'D' : style;
    }

    /// <summary>The value's bits at its type's width, zero-extended: what the X format prints.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Bits(T value) => Unsafe.SizeOf<T>() switch
    {
        1 => Unsafe.As<T, byte>(ref value),
        2 => Unsafe.As<T, ushort>(ref value),
        4 => Unsafe.As<T, uint>(ref value),
        _ => Unsafe.As<T, ulong>(ref value),
    };

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool Split(T value, out ulong magnitude)
    {
        long signed;
        if (typeof(T) == typeof(byte))
        {
            magnitude = Unsafe.As<T, byte>(ref value);
            return false;
        }

        if (typeof(T) == typeof(ushort))
        {
            magnitude = Unsafe.As<T, ushort>(ref value);
            return false;
        }

        if (typeof(T) == typeof(uint))
        {
            magnitude = Unsafe.As<T, uint>(ref value);
            return false;
        }

        if (typeof(T) == typeof(ulong))
        {
            magnitude = Unsafe.As<T, ulong>(ref value);
            return false;
        }

        if (typeof(T) == typeof(nuint))
        {
            magnitude = Unsafe.As<T, nuint>(ref value);
            return false;
        }

        if (typeof(T) == typeof(sbyte))
        {
            signed = Unsafe.As<T, sbyte>(ref value);
        }
        else if (typeof(T) == typeof(short))
        {
            signed = Unsafe.As<T, short>(ref value);
        }
        else if (typeof(T) == typeof(int))
        {
            signed = Unsafe.As<T, int>(ref value);
        }
        else if (typeof(T) == typeof(long))
        {
            signed = Unsafe.As<T, long>(ref value);
        }
        else
        {
            signed = Unsafe.As<T, nint>(ref value);
        }

        // Negating in unsigned arithmetic keeps long.MinValue exact.
        magnitude = signed < 0 ? 0UL - (ulong)signed : (ulong)signed;
        return signed < 0;
    }
}
