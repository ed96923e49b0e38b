using System;
using System.Globalization;
using FastText.Internal;

namespace FastText;

/// <summary>Fields from any <see cref="IUtf8SpanFormattable"/> on net8.0, formatted straight into the buffer.</summary>
public sealed partial class TsvWriter
{
    /// <summary>
    /// Writes a field formatted by <paramref name="value"/>'s <see cref="IUtf8SpanFormattable.TryFormat"/>, with
    /// <see cref="CultureInfo.InvariantCulture"/> unless a provider is given. A generic struct argument is not boxed.
    /// </summary>
    /// <typeparam name="T">Any UTF-8 formattable type: the BCL numbers, <see cref="DateOnly"/>, <see cref="TimeOnly"/>, <see cref="Guid"/>, your own.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="format">A .NET format string, for example <c>"yyyy-MM-dd"</c> or <c>"F2"</c>; empty for the type's default.</param>
    /// <param name="provider">Culture-specific formatting; <see cref="CultureInfo.InvariantCulture"/> when null.</param>
    /// <exception cref="FormatException"><paramref name="format"/> is not valid for the type.</exception>
    /// <exception cref="TsvFormatException">As for the UTF-8 overload of <c>WriteField</c> (the formatted text is checked the same way).</exception>
    /// <exception cref="ObjectDisposedException">The writer is disposed.</exception>
    /// <exception cref="InvalidOperationException">The destination failed earlier.</exception>
    /// <exception cref="OutOfMemoryException">The formatted value would exceed the largest array.</exception>
    public void WriteFormatted<T>(T value, ReadOnlySpan<char> format = default, IFormatProvider? provider = null)
        where T : IUtf8SpanFormattable
    {
        CheckWritable();
        provider ??= CultureInfo.InvariantCulture;
        int separatorLength = _fieldCount == 0 ? 0 : 1;
        for (long reserve = FormattedReserve; ; reserve *= 2)
        {
            EnsureRoom(separatorLength + reserve);
            int start = _position + separatorLength;
            Span<byte> destination = _buffer.AsSpan(start);
            if (value.TryFormat(destination, out int written, format, provider))
            {
                CommitStaged(start, FormatterCount.Checked(value, written, destination.Length, "bytes"));
                return;
            }

            // The type wants more room than the buffer has left: ask for twice as much (a string-like type can be long).
            reserve = Math.Max(reserve, destination.Length);
        }
    }
}
