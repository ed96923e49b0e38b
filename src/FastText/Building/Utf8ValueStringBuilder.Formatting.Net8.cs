using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

// net8.0: IUtf8SpanFormattable writes straight into the buffer, growing and retrying until the value fits; other
// ISpanFormattable values format into chars on the stack (or a rented array) and are encoded.
public ref partial struct Utf8ValueStringBuilder
{
    private const int StackCharLength = 256;

    /// <summary>Formats any value as the interpolated string handler does; <see langword="null"/> appends nothing.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void AppendValue<T>(T value, string? format, IFormatProvider? provider)
    {
        // For value types the JIT removes the type tests and the boxes. A char goes through the text path, which
        // pairs surrogates across appends; char's own UTF-8 formatting cannot write a lone surrogate.
        if (typeof(T) == typeof(char))
        {
            Append((char)(object)value!);
        }
        else if (typeof(T) == typeof(bool))
        {
            Append((bool)(object)value!);
        }
        else if (value is string text)
        {
            // Before the interface tests: for a reference-type T each is a call into the runtime's cast helpers, an
            // interface search, where this is one compare of the object's type.
            Append(text);
        }
        else if (value is char boxedChar)
        {
            // A char behind object (an argument array, Append(object)): the text path too. For value types other
            // than char the JIT removes this test.
            Append(boxedChar);
        }
        else if (format is not null && TryAppendFixedPoint(value, format, provider))
        {
            return;
        }
        else if (value is IUtf8SpanFormattable)
        {
            // The pending U+FFFD stays where it is while the value formats after it; it is settled only when the
            // value wrote something (a value that formats as nothing leaves the pair open, as in a string).
            if (((IUtf8SpanFormattable)value).TryFormat(_bytes.Slice(_pos), out int written, format, provider))
            {
                _pos += FormatterCount.Checked(value, written, _bytes.Length - _pos, "bytes");
                if (written != 0)
                {
                    _pendingHigh = '\0';
                }
            }
            else
            {
                AppendUtf8FormattableSlow(value, format, provider);
            }
        }
        else if (value is ISpanFormattable)
        {
            AppendSpanFormattable(value, format, provider);
        }
        else
        {
            AppendThroughString(value, format, provider);
        }
    }

    /// <summary>
    /// <see cref="AppendValue{T}(T, string?, IFormatProvider?)"/> with the format as a span, as a composite format
    /// item carries it (an empty span is the default format): span-formattable values take it without a string.
    /// </summary>
    internal void AppendValue<T>(T value, scoped ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        // char, bool and string ignore a format, as string.Format does (a boxed char too).
        if (format.IsEmpty || typeof(T) == typeof(char) || typeof(T) == typeof(bool) || value is char || value is string)
        {
            AppendValue(value, (string?)null, provider);
        }
        else if (TryAppendFixedPoint(value, format, provider))
        {
            return;
        }
        else if (value is IUtf8SpanFormattable)
        {
            if (((IUtf8SpanFormattable)value).TryFormat(_bytes.Slice(_pos), out int written, format, provider))
            {
                _pos += FormatterCount.Checked(value, written, _bytes.Length - _pos, "bytes");
                if (written != 0)
                {
                    _pendingHigh = '\0';
                }
            }
            else
            {
                AppendUtf8FormattableSlow(value, format, provider);
            }
        }
        else if (value is ISpanFormattable)
        {
            AppendSpanFormattable(value, format, provider);
        }
        else
        {
            AppendValue(value, format.ToString(), provider);
        }
    }

    /// <summary>
    /// A double or a float in an "F" format, written by <see cref="FixedPointDouble"/>; false, with nothing appended,
    /// for what it declines and for every other type.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryAppendFixedPoint<T>(T value, scoped ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        if (!FixedPointDouble.TryCreate(value, format, provider, asciiOnly: true, out FixedPointDouble text))
        {
            return false;
        }

        int length = text.Length;
        Ensure(length);
        text.Write(_bytes.Slice(_pos, length));
        _pos += length;
        if (length != 0)
        {
            _pendingHigh = '\0';
        }

        return true;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AppendUtf8FormattableSlow<T>(T value, scoped ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        int request = Math.Max(_bytes.Length - _pos + 1, MinimumRentLength);
        while (true)
        {
            Ensure(request);
            if (((IUtf8SpanFormattable)value!).TryFormat(_bytes.Slice(_pos), out int written, format, provider))
            {
                _pos += FormatterCount.Checked(value, written, _bytes.Length - _pos, "bytes");
                if (written != 0)
                {
                    _pendingHigh = '\0';
                }

                return;
            }

            request = request >= MaximumLength / 2 ? MaximumLength : request * 2;
        }
    }

    [SkipLocalsInit] // TryFormat writes the chars before they are read.
    private void AppendSpanFormattable<T>(T value, scoped ReadOnlySpan<char> format, IFormatProvider? provider)
    {
        Span<char> chars = stackalloc char[StackCharLength];
        if (((ISpanFormattable)value!).TryFormat(chars, out int written, format, provider))
        {
            Append(chars.Slice(0, FormatterCount.Checked(value, written, chars.Length, "chars")));
            return;
        }

        int length = StackCharLength * 2;
        while (true)
        {
            char[] rented = ArrayPool<char>.Shared.Rent(length);
            try
            {
                if (((ISpanFormattable)value!).TryFormat(rented, out written, format, provider))
                {
                    Append(rented.AsSpan(0, FormatterCount.Checked(value, written, rented.Length, "chars")));
                    return;
                }
            }
            finally
            {
                ArrayPool<char>.Shared.Return(rented);
            }

            length = checked(rented.Length * 2);
        }
    }
}
