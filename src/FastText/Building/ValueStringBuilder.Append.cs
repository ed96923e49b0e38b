using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    /// <summary>Appends one char.</summary>
    /// <param name="value">The char.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Append(char value)
    {
        int pos = _pos;
        Span<char> chars = _chars;
        if ((uint)pos < (uint)chars.Length)
        {
            chars[pos] = value;
            _pos = pos + 1;
        }
        else
        {
            GrowAndAppend(value);
        }
    }

    /// <summary>Appends <paramref name="value"/> <paramref name="repeatCount"/> times.</summary>
    /// <param name="value">The char.</param>
    /// <param name="repeatCount">How many times; 0 appends nothing.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="repeatCount"/> is negative.</exception>
    public void Append(char value, int repeatCount)
    {
        if (repeatCount < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(repeatCount), "The count must not be negative.");
        }

        if (repeatCount > _chars.Length - _pos)
        {
            Grow(repeatCount);
        }

        _chars.Slice(_pos, repeatCount).Fill(value);
        _pos += repeatCount;
    }

    /// <summary>Appends a string; <see langword="null"/> appends nothing.</summary>
    /// <param name="value">The string.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Append(string? value)
    {
        if (value is null)
        {
            return;
        }

        int pos = _pos;
        if (value.Length <= _chars.Length - pos)
        {
            value.AsSpan().CopyTo(_chars.Slice(pos));
            _pos = pos + value.Length;
        }
        else
        {
            GrowAndAppend(value.AsSpan());
        }
    }

    /// <summary>Appends chars.</summary>
    /// <param name="value">The chars.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Append(scoped ReadOnlySpan<char> value)
    {
        int pos = _pos;
        if (value.Length <= _chars.Length - pos)
        {
            value.CopyTo(_chars.Slice(pos));
            _pos = pos + value.Length;
        }
        else
        {
            GrowAndAppend(value);
        }
    }

    /// <summary>Appends <c>True</c> or <c>False</c>, like <see cref="System.Text.StringBuilder.Append(bool)"/>.</summary>
    /// <param name="value">The value.</param>
    public void Append(bool value) => Append(value ? "True" : "False");

    /// <summary>Appends <see cref="Environment.NewLine"/>.</summary>
    public void AppendLine() => Append(Environment.NewLine);

    /// <summary>Appends a string (<see langword="null"/> appends nothing) and then <see cref="Environment.NewLine"/>.</summary>
    /// <param name="value">The string.</param>
    public void AppendLine(string? value)
    {
        Append(value);
        Append(Environment.NewLine);
    }

    /// <summary>Appends chars and then <see cref="Environment.NewLine"/>.</summary>
    /// <param name="value">The chars.</param>
    public void AppendLine(scoped ReadOnlySpan<char> value)
    {
        Append(value);
        Append(Environment.NewLine);
    }

    /// <summary>
    /// Reserves <paramref name="length"/> chars at the end and returns them to be written. The chars count in
    /// <see cref="Length"/> at once; their content is whatever the buffer held until you write them.
    /// The span is valid until the builder next grows or is disposed.
    /// </summary>
    /// <param name="length">The number of chars to reserve.</param>
    /// <returns>The reserved chars.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative.</exception>
    public Span<char> AppendSpan(int length)
    {
        if (length < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(length), "The length must not be negative.");
        }

        int pos = _pos;
        if (length > _chars.Length - pos)
        {
            Grow(length);
        }

        _pos = pos + length;
        return _chars.Slice(pos, length);
    }

    /// <summary>Appends the strings with <paramref name="separator"/> between them; <see langword="null"/> items append nothing.</summary>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items.</param>
    public void AppendJoin(string? separator, scoped ReadOnlySpan<string?> values)
    {
        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                Append(separator);
            }

            Append(values[i]);
        }
    }

    /// <summary>Appends the strings with <paramref name="separator"/> between them; <see langword="null"/> items append nothing.</summary>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items.</param>
    public void AppendJoin(char separator, scoped ReadOnlySpan<string?> values)
    {
        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                Append(separator);
            }

            Append(values[i]);
        }
    }

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, each formatted as the interpolated
    /// string handler formats a hole without a format (the current culture; see the type's remarks for the
    /// netstandard2.0 fallbacks); <see langword="null"/> items append nothing.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items.</param>
    public void AppendJoin<T>(string? separator, scoped ReadOnlySpan<T> values)
    {
        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                Append(separator);
            }

            AppendValue(values[i], null, null);
        }
    }

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, each formatted as
    /// <see cref="AppendJoin{T}(string?, ReadOnlySpan{T})"/> does; <see langword="null"/> items append nothing.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items.</param>
    public void AppendJoin<T>(char separator, scoped ReadOnlySpan<T> values)
    {
        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                Append(separator);
            }

            AppendValue(values[i], null, null);
        }
    }

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, each formatted as
    /// <see cref="AppendJoin{T}(string?, ReadOnlySpan{T})"/> does; <see langword="null"/> items append nothing.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items.</param>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public void AppendJoin<T>(string? separator, IEnumerable<T> values)
    {
        if (values is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(values));
        }

        bool first = true;
        foreach (T value in values)
        {
            if (!first)
            {
                Append(separator);
            }

            first = false;
            AppendValue(value, null, null);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void GrowAndAppend(char value)
    {
        Grow(1);
        _chars[_pos++] = value;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void GrowAndAppend(scoped ReadOnlySpan<char> value)
    {
        Grow(value.Length);
        value.CopyTo(_chars.Slice(_pos));
        _pos += value.Length;
    }
}
