using System;
using FastText.Internal;

namespace FastText;

// Composite formatting ("{0,-8:X4}") with string.Format's grammar, results and FormatExceptions, UTF-8 encoded. The
// format is read by CompositeFormatReader and the arguments are ValueStringBuilder's, so both builders share one
// parser and one argument mechanism. The generic overloads (1 to 16 arguments) are generated:
// Utf8ValueStringBuilder.AppendFormatOfT.cs.
public ref partial struct Utf8ValueStringBuilder
{
    // An aligned item is formatted into chars first (alignment counts chars, not bytes); this many fit on the stack.
    private const int AlignedItemStackLength = 128;

    /// <summary>Appends a composite format, UTF-8 encoded, as <c>string.Format(format, args)</c> writes it.</summary>
    /// <param name="format">A composite format string.</param>
    /// <param name="args">The arguments.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat(string format, params object?[] args) => AppendFormat((IFormatProvider?)null, format, args);

    /// <summary>
    /// Appends a composite format, UTF-8 encoded, as <c>string.Format(provider, format, args)</c> writes it (an
    /// <see cref="ICustomFormatter"/> from <paramref name="provider"/> formats every item).
    /// </summary>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">A composite format string.</param>
    /// <param name="args">The arguments.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat(IFormatProvider? provider, string format, params object?[] args)
    {
        if (args is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(args));
        }

        var arguments = new ValueStringBuilder.ArrayFormatArguments(args);
        AppendComposite(provider, format, in arguments);
    }

    /// <summary>
    /// Formats one composite item: through the custom formatter when the provider has one, else in place. A custom
    /// formatter that returns <see langword="null"/> declines the item, which is then formatted as without one (as
    /// string.Format and StringBuilder.AppendFormat do).
    /// </summary>
    internal void AppendFormatItem<T>(T value, ReadOnlySpan<char> format, IFormatProvider? provider, ICustomFormatter? custom)
    {
        if (custom is not null)
        {
            string? text = custom.Format(format.IsEmpty ? null : format.ToString(), value, provider);
            if (text is not null)
            {
                Append(text);
                return;
            }
        }

        AppendValue(value, format, provider);
    }

    /// <summary>
    /// Parses and appends. On an exception the builder goes back to where it was, unless growth over an
    /// <see cref="System.Buffers.IBufferWriter{T}"/> already handed some of the item's bytes to the writer.
    /// </summary>
    private void AppendComposite<TArgs>(IFormatProvider? provider, string format, in TArgs args)
        where TArgs : struct, ValueStringBuilder.IFormatArguments
    {
        if (format is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(format));
        }

        var custom = (ICustomFormatter?)provider?.GetFormat(typeof(ICustomFormatter));
        int start = _pos;
        int committed = _committed;
        char pendingHigh = _pendingHigh;
        try
        {
            AppendCompositeCore(provider, custom, format, in args);
        }
        catch
        {
            if (_committed == committed && start <= _bytes.Length)
            {
                _pos = start;
                _pendingHigh = pendingHigh;
                if (pendingHigh != '\0' && start >= ReplacementLength)
                {
                    // A low surrogate in the text may have completed the pair over the U+FFFD: put it back.
                    WriteReplacement(_bytes.Slice(start - ReplacementLength));
                }
            }

            throw;
        }
    }

    private void AppendCompositeCore<TArgs>(IFormatProvider? provider, ICustomFormatter? custom, string format, in TArgs args)
        where TArgs : struct, ValueStringBuilder.IFormatArguments
    {
        var reader = new CompositeFormatReader(format);
        while (reader.MoveNext())
        {
            if (reader.Index < 0)
            {
                Append(reader.Literal);
                continue;
            }

            if (reader.Index >= args.Count)
            {
                CompositeFormatReader.ThrowIndexOutOfArguments();
            }

            if (reader.Width == 0)
            {
                args.AppendTo(ref this, reader.Index, reader.ItemFormat, provider, custom);
            }
            else
            {
                AppendAlignedItem(in args, reader.Index, reader.ItemFormat, reader.Width, reader.LeftAlign, provider, custom);
            }
        }
    }

    /// <summary>
    /// An item with an alignment: formatted into chars (on the stack, or in an array rented only when the text is
    /// long), so the padding counts chars as string.Format does, then padded and encoded.
    /// </summary>
    private void AppendAlignedItem<TArgs>(in TArgs args, int index, scoped ReadOnlySpan<char> format, int width, bool leftAlign, IFormatProvider? provider, ICustomFormatter? custom)
        where TArgs : struct, ValueStringBuilder.IFormatArguments
    {
        var chars = new ValueStringBuilder(stackalloc char[AlignedItemStackLength]);
        try
        {
            args.AppendTo(ref chars, index, format, provider, custom);
            int padding = width - chars.Length;
            if (padding > 0 && !leftAlign)
            {
                Append(' ', padding);
            }

            Append(chars.AsSpan());
            if (padding > 0 && leftAlign)
            {
                Append(' ', padding);
            }
        }
        finally
        {
            chars.Dispose();
        }
    }
}
