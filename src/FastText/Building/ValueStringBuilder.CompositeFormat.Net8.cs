using System;
using System.Text;
using FastText.Internal;

namespace FastText;

// net8.0: composite formats parsed once (System.Text.CompositeFormat), written in place through the runtime's
// MemoryExtensions.TryWrite, growing and retrying until the text fits. The generic overloads (1 to 16 arguments) are
// generated: ValueStringBuilder.CompositeFormatOfT.Net8.cs.
public ref partial struct ValueStringBuilder
{
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

    /// <summary>
    /// Rejects a null format, and one that refers past <paramref name="argumentCount"/> arguments before anything is
    /// written (as the runtime's TryWrite does), also where the format's text then goes through AppendComposite.
    /// </summary>
    internal static void ValidateCompositeFormat(CompositeFormat format, int argumentCount)
    {
        ValidateCompositeFormat(format);
        if (format.MinimumArgumentCount > argumentCount)
        {
            CompositeFormatReader.ThrowIndexOutOfArguments();
        }
    }

    // TryWrite does not say how much it needs: at least double the free space and try again.
    private void GrowForRetry() => Grow(Math.Max(_chars.Length - _pos + 1, MinimumRentCapacity));
}
