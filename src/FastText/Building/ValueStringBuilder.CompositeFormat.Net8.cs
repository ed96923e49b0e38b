using System;
using System.Text;
using FastText.Internal;

namespace FastText;

// net8.0: composite formats parsed once (System.Text.CompositeFormat), written in place through the runtime's
// MemoryExtensions.TryWrite, growing and retrying until the text fits.
public ref partial struct ValueStringBuilder
{
    /// <summary>Appends a pre-parsed composite format with one argument, as <c>string.Format(provider, format, arg0)</c> writes it.</summary>
    /// <typeparam name="T0">The argument's type.</typeparam>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">The parsed composite format.</param>
    /// <param name="arg0">The argument {0}.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> needs more arguments than given.</exception>
    public void AppendFormat<T0>(IFormatProvider? provider, CompositeFormat format, T0 arg0)
    {
        ValidateCompositeFormat(format);
        int written;
        while (!_chars.Slice(_pos).TryWrite(provider, format, out written, arg0))
        {
            GrowForRetry();
        }

        _pos += FormatterCount.Checked(format, written, _chars.Length - _pos, "chars");
    }

    /// <summary>Appends a pre-parsed composite format with two arguments, as <c>string.Format(provider, format, arg0, arg1)</c> writes it.</summary>
    /// <typeparam name="T0">The first argument's type.</typeparam>
    /// <typeparam name="T1">The second argument's type.</typeparam>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">The parsed composite format.</param>
    /// <param name="arg0">The argument {0}.</param>
    /// <param name="arg1">The argument {1}.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> needs more arguments than given.</exception>
    public void AppendFormat<T0, T1>(IFormatProvider? provider, CompositeFormat format, T0 arg0, T1 arg1)
    {
        ValidateCompositeFormat(format);
        int written;
        while (!_chars.Slice(_pos).TryWrite(provider, format, out written, arg0, arg1))
        {
            GrowForRetry();
        }

        _pos += FormatterCount.Checked(format, written, _chars.Length - _pos, "chars");
    }

    /// <summary>Appends a pre-parsed composite format with three arguments, as <c>string.Format(provider, format, arg0, arg1, arg2)</c> writes it.</summary>
    /// <typeparam name="T0">The first argument's type.</typeparam>
    /// <typeparam name="T1">The second argument's type.</typeparam>
    /// <typeparam name="T2">The third argument's type.</typeparam>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">The parsed composite format.</param>
    /// <param name="arg0">The argument {0}.</param>
    /// <param name="arg1">The argument {1}.</param>
    /// <param name="arg2">The argument {2}.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> needs more arguments than given.</exception>
    public void AppendFormat<T0, T1, T2>(IFormatProvider? provider, CompositeFormat format, T0 arg0, T1 arg1, T2 arg2)
    {
        ValidateCompositeFormat(format);
        int written;
        while (!_chars.Slice(_pos).TryWrite(provider, format, out written, arg0, arg1, arg2))
        {
            GrowForRetry();
        }

        _pos += FormatterCount.Checked(format, written, _chars.Length - _pos, "chars");
    }

    /// <summary>Appends a pre-parsed composite format, as <c>string.Format(provider, format, args)</c> writes it.</summary>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">The parsed composite format.</param>
    /// <param name="args">The arguments.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> needs more arguments than given.</exception>
    public void AppendFormat(IFormatProvider? provider, CompositeFormat format, params object?[] args)
    {
        ValidateCompositeFormat(format);
        if (args is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(args));
        }

        int written;
        while (!_chars.Slice(_pos).TryWrite(provider, format, out written, args))
        {
            GrowForRetry();
        }

        _pos += FormatterCount.Checked(format, written, _chars.Length - _pos, "chars");
    }

    private static void ValidateCompositeFormat(CompositeFormat format)
    {
        if (format is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(format));
        }
    }

    // TryWrite does not say how much it needs: at least double the free space and try again.
    private void GrowForRetry() => Grow(Math.Max(_chars.Length - _pos + 1, MinimumRentCapacity));
}
