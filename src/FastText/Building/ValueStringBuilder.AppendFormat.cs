using System;
using FastText.Internal;

namespace FastText;

// Composite formatting ("{0,-8:X4}") with string.Format's grammar and results; the parsing is CompositeFormatReader's,
// shared with Utf8ValueStringBuilder.AppendFormat. The generic overloads (1 to 16 arguments) are generated:
// ValueStringBuilder.AppendFormatOfT.cs, with their argument holders in ValueStringBuilder.FormatArguments.cs.
public ref partial struct ValueStringBuilder
{
    /// <summary>Appends a composite format, as <c>string.Format(format, args)</c> writes it.</summary>
    /// <param name="format">A composite format string.</param>
    /// <param name="args">The arguments.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat(string format, params object?[] args) => AppendFormat((IFormatProvider?)null, format, args);

    /// <summary>
    /// Appends a composite format, as <c>string.Format(provider, format, args)</c> writes it (an
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

        var arguments = new ArrayFormatArguments(args);
        AppendComposite(provider, format, in arguments);
    }

    /// <summary>Parses and appends; on any exception the builder's length goes back to where it was.</summary>
    private void AppendComposite<TArgs>(IFormatProvider? provider, string format, in TArgs args)
        where TArgs : struct, IFormatArguments
    {
        if (format is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(format));
        }

        var custom = (ICustomFormatter?)provider?.GetFormat(typeof(ICustomFormatter));
        int start = _pos;
        try
        {
            AppendCompositeCore(provider, custom, format, in args);
        }
        catch
        {
            _pos = Math.Min(start, _chars.Length);
            throw;
        }
    }

    private void AppendCompositeCore<TArgs>(IFormatProvider? provider, ICustomFormatter? custom, string format, in TArgs args)
        where TArgs : struct, IFormatArguments
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

            int itemStart = _pos;
            args.AppendTo(ref this, reader.Index, reader.ItemFormat, provider, custom);
            PadItem(itemStart, reader.Width, reader.LeftAlign);
        }
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

    private void PadItem(int itemStart, int width, bool leftAlign)
    {
        int padding = width - (_pos - itemStart);
        if (padding <= 0)
        {
            return;
        }

        if (leftAlign)
        {
            Append(' ', padding);
        }
        else
        {
            OpenGap(itemStart, padding).Fill(' ');
        }
    }

    /// <summary>The arguments of one AppendFormat call (of either builder), reached by index without boxing.</summary>
    internal interface IFormatArguments
    {
        int Count { get; }

        void AppendTo(ref ValueStringBuilder builder, int index, ReadOnlySpan<char> format, IFormatProvider? provider, ICustomFormatter? custom);

        void AppendTo(ref Utf8ValueStringBuilder builder, int index, ReadOnlySpan<char> format, IFormatProvider? provider, ICustomFormatter? custom);
    }

    internal readonly struct ArrayFormatArguments : IFormatArguments
    {
        private readonly object?[] _args;

        public ArrayFormatArguments(object?[] args) => _args = args;

        public int Count => _args.Length;

        public void AppendTo(ref ValueStringBuilder builder, int index, ReadOnlySpan<char> format, IFormatProvider? provider, ICustomFormatter? custom) =>
            builder.AppendFormatItem(_args[index], format, provider, custom);

        public void AppendTo(ref Utf8ValueStringBuilder builder, int index, ReadOnlySpan<char> format, IFormatProvider? provider, ICustomFormatter? custom) =>
            builder.AppendFormatItem(_args[index], format, provider, custom);
    }
}
