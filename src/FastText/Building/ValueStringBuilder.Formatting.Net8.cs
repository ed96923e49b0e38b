using System;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

// net8.0: everything formats through ISpanFormattable.TryFormat straight into the buffer, growing and retrying until
// the value fits. There is no fallback to an allocating ToString for span-formattable values.
public ref partial struct ValueStringBuilder
{
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AppendValueSlow<T>(T value, string? format, IFormatProvider? provider)
    {
        // Unconstrained twin of AppendSpanFormattableSlow: casting to the interface here (not at the call site)
        // keeps value types unboxed.
        while (true)
        {
            Grow(Math.Max(_chars.Length - _pos + 1, MinimumRentCapacity));
            if (((ISpanFormattable)value!).TryFormat(_chars.Slice(_pos), out int written, format, provider))
            {
                _pos += FormatterCount.Checked(value, written, _chars.Length - _pos, "chars");
                return;
            }
        }
    }

    /// <summary>
    /// Formats any value the way <c>DefaultInterpolatedStringHandler</c> does: span-formattable values in place,
    /// other <see cref="IFormattable"/> values through <c>ToString(format, provider)</c>, anything else through
    /// <c>ToString()</c>; <see langword="null"/> appends nothing.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void AppendValue<T>(T value, string? format, IFormatProvider? provider)
    {
        // A string (the usual item of a join, and of object arguments) is appended as it is. For a reference-type T
        // the tests below are calls into the runtime's cast helpers, an interface search each; this test is one
        // compare of the object's type, and for value types the JIT removes it.
        if (value is string text)
        {
            Append(text);
            return;
        }

        if (format is null && TryAppendDefaultInteger(value, provider))
        {
            return;
        }

        if (format is not null && TryAppendFixedPoint(value, format, provider))
        {
            return;
        }

        // For value types the JIT removes the type test and the box, as it does in the runtime's own handler.
        if (value is ISpanFormattable)
        {
            if (((ISpanFormattable)value).TryFormat(_chars.Slice(_pos), out int written, format, provider))
            {
                _pos += FormatterCount.Checked(value, written, _chars.Length - _pos, "chars");
            }
            else
            {
                AppendValueSlow(value, format, provider);
            }
        }
        else
        {
            Append(ValueText.Of(value, format, provider));
        }
    }

    /// <summary>
    /// <see cref="AppendValue{T}(T, string?, IFormatProvider?)"/> with the format as a span, as a composite format
    /// item carries it (an empty span is the default format): span-formattable values take it without a string.
    /// </summary>
    internal void AppendValue<T>(T value, ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        // The default format (most composite items) takes the path above, whose integer writer is not the runtime's
        // TryFormat (that one looks the culture up for every item); so does a string, which ignores a format as
        // string.Format does. The UTF-8 builder does the same.
        if (format.IsEmpty || value is string)
        {
            AppendValue(value, (string?)null, provider);
            return;
        }

        if (TryAppendFixedPoint(value, format, provider))
        {
            return;
        }

        if (value is ISpanFormattable)
        {
            while (!((ISpanFormattable)value).TryFormat(_chars.Slice(_pos), out int written, format, provider)
                || Commit(FormatterCount.Checked(value, written, _chars.Length - _pos, "chars")))
            {
                Grow(Math.Max(_chars.Length - _pos + 1, MinimumRentCapacity));
            }
        }
        else
        {
            AppendValue(value, format.IsEmpty ? null : format.ToString(), provider);
        }
    }

    /// <summary>
    /// The default format of the common integer types, written by <see cref="AppendDecimal(bool, ulong)"/>: the digits are counted
    /// first and written straight into the builder, two per division. Integer.TryFormat does the same digits, but its
    /// <c>out</c> count goes through memory and then through the builder's length check, on the builder's critical path.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryAppendDefaultInteger<T>(T value, IFormatProvider? provider)
    {
        if (typeof(T) == typeof(int))
        {
            // Not through TryAppendDefaultSigned: widened to long, the JIT no longer knows the magnitude fits 32 bits,
            // and that test in AppendDecimal cost 3%-5% of a loop of appends.
            int number = (int)(object)value!;
            if (number >= 0)
            {
                AppendDecimal(negative: false, (uint)number);
                return true;
            }

            return TryAppendDefaultNegative(number, provider);
        }

        if (typeof(T) == typeof(long))
        {
            return TryAppendDefaultSigned((long)(object)value!, provider);
        }

        if (typeof(T) == typeof(uint))
        {
            AppendDecimal(negative: false, (uint)(object)value!);
            return true;
        }

        if (typeof(T) == typeof(ulong))
        {
            AppendDecimal(negative: false, (ulong)(object)value!);
            return true;
        }

        return false;
    }

    /// <summary>
    /// A double or a float in an "F" format, written by <see cref="FixedPointDouble"/>; false, with nothing appended,
    /// for what it declines and for every other type.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryAppendFixedPoint<T>(T value, ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        if (!FixedPointDouble.TryCreate(value, format, provider, asciiOnly: false, out FixedPointDouble text))
        {
            return false;
        }

        int length = text.Length;
        if (length > _chars.Length - _pos)
        {
            Grow(length);
        }

        text.Write(_chars.Slice(_pos, length));
        _pos += length;
        return true;
    }

    // Moves the length past what TryFormat wrote; returns false so the retry loop above ends.
    private bool Commit(int written)
    {
        _pos += written;
        return false;
    }
}
