using System;
using FastText.Internal;

namespace FastText;

// Composite formatting ("{0,-8:X4}") with string.Format's grammar and results; the parsing is CompositeFormatReader's,
// shared with Utf8ValueStringBuilder.AppendFormat.
public ref partial struct ValueStringBuilder
{
    /// <summary>Appends a composite format with one argument, as <c>string.Format(format, arg0)</c> writes it, without boxing it.</summary>
    /// <typeparam name="T0">The argument's type.</typeparam>
    /// <param name="format">A composite format string.</param>
    /// <param name="arg0">The argument {0}.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat<T0>(string format, T0 arg0) => AppendFormat((IFormatProvider?)null, format, arg0);

    /// <summary>Appends a composite format with two arguments, as <c>string.Format(format, arg0, arg1)</c> writes it, without boxing them.</summary>
    /// <typeparam name="T0">The first argument's type.</typeparam>
    /// <typeparam name="T1">The second argument's type.</typeparam>
    /// <param name="format">A composite format string.</param>
    /// <param name="arg0">The argument {0}.</param>
    /// <param name="arg1">The argument {1}.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat<T0, T1>(string format, T0 arg0, T1 arg1) => AppendFormat((IFormatProvider?)null, format, arg0, arg1);

    /// <summary>Appends a composite format with three arguments, as <c>string.Format(format, arg0, arg1, arg2)</c> writes it, without boxing them.</summary>
    /// <typeparam name="T0">The first argument's type.</typeparam>
    /// <typeparam name="T1">The second argument's type.</typeparam>
    /// <typeparam name="T2">The third argument's type.</typeparam>
    /// <param name="format">A composite format string.</param>
    /// <param name="arg0">The argument {0}.</param>
    /// <param name="arg1">The argument {1}.</param>
    /// <param name="arg2">The argument {2}.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat<T0, T1, T2>(string format, T0 arg0, T1 arg1, T2 arg2) => AppendFormat((IFormatProvider?)null, format, arg0, arg1, arg2);

    /// <summary>Appends a composite format, as <c>string.Format(format, args)</c> writes it.</summary>
    /// <param name="format">A composite format string.</param>
    /// <param name="args">The arguments.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat(string format, params object?[] args) => AppendFormat((IFormatProvider?)null, format, args);

    /// <summary>
    /// Appends a composite format with one argument, as <c>string.Format(provider, format, arg0)</c> writes it
    /// (an <see cref="ICustomFormatter"/> from <paramref name="provider"/> formats every item), without boxing it
    /// unless a custom formatter needs it.
    /// </summary>
    /// <typeparam name="T0">The argument's type.</typeparam>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">A composite format string.</param>
    /// <param name="arg0">The argument {0}.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat<T0>(IFormatProvider? provider, string format, T0 arg0)
    {
        var args = new FormatArguments<T0, object?, object?>(1, arg0, null, null);
        AppendComposite(provider, format, ref args);
    }

    /// <summary>
    /// Appends a composite format with two arguments, as <c>string.Format(provider, format, arg0, arg1)</c>
    /// writes it (an <see cref="ICustomFormatter"/> from <paramref name="provider"/> formats every item).
    /// </summary>
    /// <typeparam name="T0">The first argument's type.</typeparam>
    /// <typeparam name="T1">The second argument's type.</typeparam>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">A composite format string.</param>
    /// <param name="arg0">The argument {0}.</param>
    /// <param name="arg1">The argument {1}.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat<T0, T1>(IFormatProvider? provider, string format, T0 arg0, T1 arg1)
    {
        var args = new FormatArguments<T0, T1, object?>(2, arg0, arg1, null);
        AppendComposite(provider, format, ref args);
    }

    /// <summary>
    /// Appends a composite format with three arguments, as <c>string.Format(provider, format, arg0, arg1, arg2)</c>
    /// writes it (an <see cref="ICustomFormatter"/> from <paramref name="provider"/> formats every item).
    /// </summary>
    /// <typeparam name="T0">The first argument's type.</typeparam>
    /// <typeparam name="T1">The second argument's type.</typeparam>
    /// <typeparam name="T2">The third argument's type.</typeparam>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">A composite format string.</param>
    /// <param name="arg0">The argument {0}.</param>
    /// <param name="arg1">The argument {1}.</param>
    /// <param name="arg2">The argument {2}.</param>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments; nothing is appended.</exception>
    public void AppendFormat<T0, T1, T2>(IFormatProvider? provider, string format, T0 arg0, T1 arg1, T2 arg2)
    {
        var args = new FormatArguments<T0, T1, T2>(3, arg0, arg1, arg2);
        AppendComposite(provider, format, ref args);
    }

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
        AppendComposite(provider, format, ref arguments);
    }

    /// <summary>Parses and appends; on any exception the builder's length goes back to where it was.</summary>
    private void AppendComposite<TArgs>(IFormatProvider? provider, string format, ref TArgs args)
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
            AppendCompositeCore(provider, custom, format, ref args);
        }
        catch
        {
            _pos = Math.Min(start, _chars.Length);
            throw;
        }
    }

    private void AppendCompositeCore<TArgs>(IFormatProvider? provider, ICustomFormatter? custom, string format, ref TArgs args)
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

    internal readonly struct FormatArguments<T0, T1, T2> : IFormatArguments
    {
        private readonly T0 _arg0;
        private readonly T1 _arg1;
        private readonly T2 _arg2;

        public FormatArguments(int count, T0 arg0, T1 arg1, T2 arg2)
        {
            Count = count;
            _arg0 = arg0;
            _arg1 = arg1;
            _arg2 = arg2;
        }

        public int Count { get; }

        public void AppendTo(ref ValueStringBuilder builder, int index, ReadOnlySpan<char> format, IFormatProvider? provider, ICustomFormatter? custom)
        {
            switch (index)
            {
                case 0:
                    builder.AppendFormatItem(_arg0, format, provider, custom);
                    break;
                case 1:
                    builder.AppendFormatItem(_arg1, format, provider, custom);
                    break;
                default:
                    builder.AppendFormatItem(_arg2, format, provider, custom);
                    break;
            }
        }

        public void AppendTo(ref Utf8ValueStringBuilder builder, int index, ReadOnlySpan<char> format, IFormatProvider? provider, ICustomFormatter? custom)
        {
            switch (index)
            {
                case 0:
                    builder.AppendFormatItem(_arg0, format, provider, custom);
                    break;
                case 1:
                    builder.AppendFormatItem(_arg1, format, provider, custom);
                    break;
                default:
                    builder.AppendFormatItem(_arg2, format, provider, custom);
                    break;
            }
        }
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
