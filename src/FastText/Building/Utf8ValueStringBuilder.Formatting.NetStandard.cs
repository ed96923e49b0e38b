using System;
using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

// netstandard2.0 has no IUtf8SpanFormattable. The formats whose text does not depend on the culture (or only on the
// minus sign, or on the invariant date patterns) go through Utf8Formatter straight into the buffer; everything else
// (float, double, decimal, culture-specific or custom formats, other IFormattable types) through
// ToString(format, provider), encoded. Utf8Formatter keeps fewer digits for double than ToString on .NET Core, so
// floating point always takes the string path.
public ref partial struct Utf8ValueStringBuilder
{
    // Any integer with a two-digit precision ("D99"), a Guid ("B"), and the longest date formats.
    private const int FormatterLength = 128;

    /// <summary>Formats any value as the interpolated string handler does; <see langword="null"/> appends nothing.</summary>
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

        if (!TryAppendWithUtf8Formatter(value, format, provider))
        {
            AppendThroughString(value, format, provider);
        }
    }

    /// <summary>
    /// <see cref="AppendValue{T}(T, string?, IFormatProvider?)"/> with the format as a span, as a composite format
    /// item carries it (an empty span is the default format). This target's formatters take strings, so a
    /// non-empty format becomes one (a small allocation per formatted item).
    /// </summary>
    internal void AppendValue<T>(T value, scoped ReadOnlySpan<char> format, IFormatProvider? provider) =>
        AppendValue(value, format.IsEmpty ? null : format.ToString(), provider);

    // The typeof(T) tests are JIT-time constants, and (U)(object)value does not box for value types.
    private bool TryAppendWithUtf8Formatter<T>(T value, string? format, IFormatProvider? provider)
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
            return Utf8StandardFormats.TryGetGuidFormat(format, out StandardFormat standard)
                && FormatWithUtf8Formatter((Guid)(object)value!, standard);
        }

        if (typeof(T) == typeof(DateTime))
        {
            return Utf8StandardFormats.TryGetDateFormat(format, provider, out StandardFormat standard)
                && FormatWithUtf8Formatter((DateTime)(object)value!, standard);
        }

        if (typeof(T) == typeof(DateTimeOffset))
        {
            return Utf8StandardFormats.TryGetDateFormat(format, provider, out StandardFormat standard)
                && FormatWithUtf8Formatter((DateTimeOffset)(object)value!, standard);
        }

        if (typeof(T) == typeof(TimeSpan))
        {
            return Utf8StandardFormats.IsConstantTimeSpanFormat(format)
                && FormatWithUtf8Formatter((TimeSpan)(object)value!, new StandardFormat('c'));
        }

        // Mono boxes a value type to test it for string; no value type is one.
        if (!typeof(T).IsValueType && value is string text)
        {
            Append(text);
            return true;
        }

        return false;
    }

    private bool TryAppendSigned(long value, int byteWidth, string? format, IFormatProvider? provider)
    {
        if (!Utf8StandardFormats.TryGetIntegerFormat(format, out StandardFormat standard))
        {
            return false;
        }

        if (standard.Symbol is 'X' or 'x')
        {
            // Hex shows the two's complement of the value's own width: ((sbyte)-1).ToString("X") is "FF".
            ulong mask = byteWidth == sizeof(long) ? ulong.MaxValue : (1UL << (byteWidth * 8)) - 1;
            return FormatWithUtf8Formatter((ulong)value & mask, standard);
        }

        if (value < 0 && NumberFormatInfo.GetInstance(provider).NegativeSign != "-")
        {
            return false;
        }

        _pendingHigh = '\0';
        if (!Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out int written, standard))
        {
            Ensure(FormatterLength);
            Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out written, standard);
        }
        _pos += written;
        return true;
    }

    private bool TryAppendUnsigned(ulong value, string? format) =>
        Utf8StandardFormats.TryGetIntegerFormat(format, out StandardFormat standard)
        && FormatWithUtf8Formatter(value, standard);

    // One method per Utf8Formatter overload: room for the longest text first, so each formats in one call.
    private bool FormatWithUtf8Formatter(ulong value, StandardFormat standard)
    {
        _pendingHigh = '\0';
        if (!Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out int written, standard))
        {
            Ensure(FormatterLength);
            Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out written, standard);
        }
        _pos += written;
        return true;
    }

    private bool FormatWithUtf8Formatter(Guid value, StandardFormat standard)
    {
        _pendingHigh = '\0';
        if (!Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out int written, standard))
        {
            Ensure(FormatterLength);
            Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out written, standard);
        }
        _pos += written;
        return true;
    }

    private bool FormatWithUtf8Formatter(DateTime value, StandardFormat standard)
    {
        _pendingHigh = '\0';
        if (!Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out int written, standard))
        {
            Ensure(FormatterLength);
            Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out written, standard);
        }
        _pos += written;
        return true;
    }

    private bool FormatWithUtf8Formatter(DateTimeOffset value, StandardFormat standard)
    {
        _pendingHigh = '\0';
        if (!Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out int written, standard))
        {
            Ensure(FormatterLength);
            Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out written, standard);
        }
        _pos += written;
        return true;
    }

    private bool FormatWithUtf8Formatter(TimeSpan value, StandardFormat standard)
    {
        _pendingHigh = '\0';
        if (!Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out int written, standard))
        {
            Ensure(FormatterLength);
            Utf8Formatter.TryFormat(value, _bytes.Slice(_pos), out written, standard);
        }
        _pos += written;
        return true;
    }
}
