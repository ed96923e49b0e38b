using System;
using System.Runtime.CompilerServices;

namespace FastText;

// net8.0: everything formats through ISpanFormattable.TryFormat straight into the buffer, growing and retrying until
// the value fits. There is no fallback to an allocating ToString for span-formattable values.
public ref partial struct ValueStringBuilder
{
    /// <summary>
    /// Appends <paramref name="value"/> formatted in place through <see cref="ISpanFormattable.TryFormat"/>,
    /// growing and retrying until it fits; it never falls back to an allocating <c>ToString</c>.
    /// </summary>
    /// <typeparam name="T">A span-formattable type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="format">The format, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Append<T>(T value, string? format = null, IFormatProvider? provider = null)
        where T : ISpanFormattable
    {
        if (value.TryFormat(_chars.Slice(_pos), out int written, format, provider))
        {
            _pos += written;
        }
        else
        {
            AppendSpanFormattableSlow(value, format, provider);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AppendSpanFormattableSlow<T>(T value, string? format, IFormatProvider? provider)
        where T : ISpanFormattable
    {
        // Each failed attempt at least doubles the capacity, so this ends (or Grow throws at the array size limit).
        while (true)
        {
            Grow(Math.Max(_chars.Length - _pos + 1, MinimumRentLength));
            if (value.TryFormat(_chars.Slice(_pos), out int written, format, provider))
            {
                _pos += written;
                return;
            }
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AppendValueSlow<T>(T value, string? format, IFormatProvider? provider)
    {
        // Unconstrained twin of AppendSpanFormattableSlow: casting to the interface here (not at the call site)
        // keeps value types unboxed.
        while (true)
        {
            Grow(Math.Max(_chars.Length - _pos + 1, MinimumRentLength));
            if (((ISpanFormattable)value!).TryFormat(_chars.Slice(_pos), out int written, format, provider))
            {
                _pos += written;
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
        // For value types the JIT removes the type test and the box, as it does in the runtime's own handler.
        if (value is ISpanFormattable)
        {
            if (((ISpanFormattable)value).TryFormat(_chars.Slice(_pos), out int written, format, provider))
            {
                _pos += written;
            }
            else
            {
                AppendValueSlow(value, format, provider);
            }
        }
        else if (value is IFormattable)
        {
            Append(((IFormattable)value).ToString(format, provider));
        }
        else if (value is not null)
        {
            Append(value.ToString());
        }
    }
}
