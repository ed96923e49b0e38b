using System;
using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

// netstandard2.0 has no ISpanFormattable. The formats whose text does not depend on the culture (or only on the
// minus sign, or on the invariant date patterns, checked below) go through System.Buffers.Text.Utf8Formatter into a
// stack buffer and are widened in place (integers in the default format and Guids are written as chars directly):
// no allocation. Everything else (float, double, decimal, culture-specific or custom formats, other IFormattable
// types) falls back to ToString(format, provider), which allocates that string; the text is the same either way.
public ref partial struct ValueStringBuilder
{
    // Big enough for any integer with a two-digit precision ("D99") and the longest date formats.
    private const int Utf8ScratchLength = 128;

    /// <summary>
    /// Formats any value the way the runtime's interpolated string handler does, writing the primitives this
    /// target can format without allocating in place and falling back to <c>ToString(format, provider)</c>
    /// (or <c>ToString()</c>) otherwise; <see langword="null"/> appends nothing.
    /// </summary>
    internal void AppendValue<T>(T value, string? format, IFormatProvider? provider)
    {
        // A string (the usual item of a join) is appended as it is, past the type tests below. Tested by its type,
        // not with `value is string`: Mono boxes a value type for that test, and a typeof test is a JIT-time constant
        // for value types on every runtime.
        if (typeof(T) == typeof(string))
        {
            Append((string?)(object?)value);
            return;
        }

        if (TryAppendWithoutAllocating(value, format, provider))
        {
            return;
        }

        Append(ValueText.Of(value, format, provider));
    }

    /// <summary>
    /// <see cref="AppendValue{T}(T, string?, IFormatProvider?)"/> with the format as a span, as a composite format
    /// item carries it (an empty span is the default format). This target's formatters take strings, so a
    /// non-empty format becomes one (a small allocation per formatted item).
    /// </summary>
    internal void AppendValue<T>(T value, ReadOnlySpan<char> format, IFormatProvider? provider) =>
        AppendValue(value, format.IsEmpty ? null : format.ToString(), provider);

    // The typeof(T) tests are JIT-time constants, and (U)(object)value does not box for value types.
    private bool TryAppendWithoutAllocating<T>(T value, string? format, IFormatProvider? provider)
    {
        if (typeof(T) == typeof(int))
        {
            return TryAppendSigned((int)(object)value!, sizeof(int), format, provider);
        }

        if (typeof(T) == typeof(long))
        {
            return TryAppendSigned((long)(object)value!, sizeof(long), format, provider);
        }

        if (typeof(T) == typeof(uint))
        {
            return TryAppendUnsigned((uint)(object)value!, format);
        }

        if (typeof(T) == typeof(ulong))
        {
            return TryAppendUnsigned((ulong)(object)value!, format);
        }

        if (typeof(T) == typeof(short))
        {
            return TryAppendSigned((short)(object)value!, sizeof(short), format, provider);
        }

        if (typeof(T) == typeof(ushort))
        {
            return TryAppendUnsigned((ushort)(object)value!, format);
        }

        if (typeof(T) == typeof(sbyte))
        {
            return TryAppendSigned((sbyte)(object)value!, sizeof(sbyte), format, provider);
        }

        if (typeof(T) == typeof(byte))
        {
            return TryAppendUnsigned((byte)(object)value!, format);
        }

        if (typeof(T) == typeof(nint))
        {
            return TryAppendSigned((nint)(object)value!, IntPtr.Size, format, provider);
        }

        if (typeof(T) == typeof(nuint))
        {
            return TryAppendUnsigned((nuint)(object)value!, format);
        }

        if (typeof(T) == typeof(char))
        {
            Append((char)(object)value!);
            return true;
        }

        if (typeof(T) == typeof(bool))
        {
            Append((bool)(object)value!);
            return true;
        }

        if (typeof(T) == typeof(Guid))
        {
            return TryAppendGuid((Guid)(object)value!, format);
        }

        if (typeof(T) == typeof(DateTime))
        {
            return TryAppendDateTime((DateTime)(object)value!, format, provider);
        }

        if (typeof(T) == typeof(DateTimeOffset))
        {
            return TryAppendDateTimeOffset((DateTimeOffset)(object)value!, format, provider);
        }

        if (typeof(T) == typeof(TimeSpan))
        {
            return TryAppendTimeSpan((TimeSpan)(object)value!, format);
        }

        // Mono boxes a value type to test it for string; no value type is one.
        if (!typeof(T).IsValueType && value is string text)
        {
            Append(text);
            return true;
        }

        return false;
    }

    [SkipLocalsInit] // Utf8Formatter writes the scratch bytes before they are read.
    private bool TryAppendSigned(long value, int byteWidth, string? format, IFormatProvider? provider)
    {
        if (string.IsNullOrEmpty(format) && TryAppendDefaultSigned(value, provider))
        {
            return true;
        }

        if (!Utf8StandardFormats.TryGetIntegerFormat(format, out StandardFormat standard))
        {
            return false;
        }

        Span<byte> utf8 = stackalloc byte[Utf8ScratchLength];
        int written;
        if (standard.Symbol is 'X' or 'x')
        {
            // Hex shows the two's complement of the value's own width: ((sbyte)-1).ToString("X") is "FF".
            ulong mask = byteWidth == sizeof(long) ? ulong.MaxValue : (1UL << (byteWidth * 8)) - 1;
            if (!Utf8Formatter.TryFormat((ulong)value & mask, utf8, out written, standard))
            {
                return false;
            }
        }
        else
        {
            if (value < 0 && NumberFormatInfo.GetInstance(provider).NegativeSign != "-")
            {
                return false;
            }

            if (!Utf8Formatter.TryFormat(value, utf8, out written, standard))
            {
                return false;
            }
        }

        AppendAscii(utf8.Slice(0, written));
        return true;
    }

    [SkipLocalsInit] // Utf8Formatter writes the scratch bytes before they are read.
    private bool TryAppendUnsigned(ulong value, string? format)
    {
        if (string.IsNullOrEmpty(format))
        {
            AppendDecimal(negative: false, value);
            return true;
        }

        if (!Utf8StandardFormats.TryGetIntegerFormat(format, out StandardFormat standard))
        {
            return false;
        }

        Span<byte> utf8 = stackalloc byte[Utf8ScratchLength];
        if (!Utf8Formatter.TryFormat(value, utf8, out int written, standard))
        {
            return false;
        }

        AppendAscii(utf8.Slice(0, written));
        return true;
    }

    private bool TryAppendGuid(Guid value, string? format)
    {
        char symbol = GuidText.Symbol(format);
        if (symbol == '\0')
        {
            return false;
        }

        GuidText.Write(value, symbol, AppendSpan(GuidText.LengthOf(symbol)));
        return true;
    }

    [SkipLocalsInit] // Utf8Formatter writes the scratch bytes before they are read.
    private bool TryAppendDateTime(DateTime value, string? format, IFormatProvider? provider)
    {
        if (!Utf8StandardFormats.TryGetDateFormat(format, provider, out StandardFormat standard))
        {
            return false;
        }

        Span<byte> utf8 = stackalloc byte[Utf8ScratchLength];
        if (!Utf8Formatter.TryFormat(value, utf8, out int written, standard))
        {
            return false;
        }

        AppendAscii(utf8.Slice(0, written));
        return true;
    }

    [SkipLocalsInit] // Utf8Formatter writes the scratch bytes before they are read.
    private bool TryAppendDateTimeOffset(DateTimeOffset value, string? format, IFormatProvider? provider)
    {
        if (!Utf8StandardFormats.TryGetDateFormat(format, provider, out StandardFormat standard))
        {
            return false;
        }

        Span<byte> utf8 = stackalloc byte[Utf8ScratchLength];
        if (!Utf8Formatter.TryFormat(value, utf8, out int written, standard))
        {
            return false;
        }

        AppendAscii(utf8.Slice(0, written));
        return true;
    }

    [SkipLocalsInit] // Utf8Formatter writes the scratch bytes before they are read.
    private bool TryAppendTimeSpan(TimeSpan value, string? format)
    {
        // The constant format ("c", also "t" and "T" and the default) is culture-free; "g", "G" and custom are not.
        if (!Utf8StandardFormats.IsConstantTimeSpanFormat(format))
        {
            return false;
        }

        Span<byte> utf8 = stackalloc byte[Utf8ScratchLength];
        if (!Utf8Formatter.TryFormat(value, utf8, out int written, new StandardFormat('c')))
        {
            return false;
        }

        AppendAscii(utf8.Slice(0, written));
        return true;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void AppendAscii(scoped ReadOnlySpan<byte> ascii)
    {
        Span<char> destination = AppendSpan(ascii.Length);
        for (int i = 0; i < ascii.Length; i++)
        {
            destination[i] = (char)ascii[i];
        }
    }
}
