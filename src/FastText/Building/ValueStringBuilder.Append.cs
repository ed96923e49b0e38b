using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
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
            CopyIn(value.AsSpan(), pos);
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
            CopyIn(value, pos);
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
    public void AppendJoin<T>(string? separator, scoped ReadOnlySpan<T> values) => AppendJoinValues(new StringSeparator(separator), values);

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, each formatted as
    /// <see cref="AppendJoin{T}(string?, ReadOnlySpan{T})"/> does; <see langword="null"/> items append nothing.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items.</param>
    public void AppendJoin<T>(char separator, scoped ReadOnlySpan<T> values) => AppendJoinValues(new CharSeparator(separator), values);

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, each formatted as
    /// <see cref="AppendJoin{T}(string?, ReadOnlySpan{T})"/> does; <see langword="null"/> items append nothing.
    /// This is the overload <c>AppendJoin(',', tags)</c> binds to for a <c>List&lt;string&gt;</c>.
    /// An array, a <see cref="List{T}"/> or a <see cref="HashSet{T}"/> is read without an enumerator object (the
    /// last two through their own enumerator, which throws when an item's formatting changes the collection); any
    /// other collection through <see cref="IEnumerable{T}.GetEnumerator"/>.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items.</param>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public void AppendJoin<T>(char separator, IEnumerable<T> values) => AppendJoinCollection(new CharSeparator(separator), values);

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, as
    /// <c>StringBuilder.AppendJoin(string, object[])</c> does; <see langword="null"/> items
    /// append nothing.
    /// </summary>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items.</param>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public void AppendJoin(string? separator, params object?[] values)
    {
        if (values is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(values));
        }

        AppendJoin<object?>(separator, new ReadOnlySpan<object?>(values));
    }

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, as
    /// <c>StringBuilder.AppendJoin(char, object[])</c> does; <see langword="null"/> items
    /// append nothing.
    /// </summary>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items.</param>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public void AppendJoin(char separator, params object?[] values)
    {
        if (values is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(values));
        }

        AppendJoin<object?>(separator, new ReadOnlySpan<object?>(values));
    }

    /// <summary>
    /// Appends the strings with <paramref name="separator"/> between them, as <c>string.Join(separator, values)</c>
    /// and <c>StringBuilder.AppendJoin(string, string[])</c> do; <see langword="null"/> items append nothing.
    /// <c>AppendJoin(", ", "a", "b")</c> and <c>AppendJoin(", ", "Foo:")</c> (one element) bind here.
    /// </summary>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items.</param>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public void AppendJoin(string? separator, params string?[] values)
    {
        if (values is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(values));
        }

        AppendJoin(separator, new ReadOnlySpan<string?>(values));
    }

    /// <summary>
    /// Appends the strings with <paramref name="separator"/> between them, as <c>string.Join(separator, values)</c>
    /// and <c>StringBuilder.AppendJoin(char, string[])</c> do; <see langword="null"/> items append nothing.
    /// <c>AppendJoin(',', "Foo:")</c> binds here and appends <c>Foo:</c> (one element), not its chars joined.
    /// </summary>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items.</param>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public void AppendJoin(char separator, params string?[] values)
    {
        if (values is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(values));
        }

        AppendJoin(separator, new ReadOnlySpan<string?>(values));
    }

    /// <summary>The span overloads' loop, with the separator's own append.</summary>
    private void AppendJoinValues<T, TSeparator>(TSeparator separator, scoped ReadOnlySpan<T> values)
        where TSeparator : struct, IJoinSeparator
    {
        if (IsInBuffer(values))
        {
            AppendJoinFromCopy(separator, values);
            return;
        }

        for (int i = 0; i < values.Length; i++)
        {
            if (i != 0)
            {
                separator.AppendTo(ref this);
            }

            AppendValue(values[i], null, null);
        }
    }

    private void AppendJoinCollection<T, TSeparator>(TSeparator separator, IEnumerable<T> values)
        where TSeparator : struct, IJoinSeparator
    {
        if (values is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(values));
        }

        // The collections string.Join reads without an enumerator object (and HashSet<T>): an array as a span, a List<T>
        // or HashSet<T> through its struct enumerator, which still throws when an item's formatting changes the
        // collection. Exact types only: a derived class may re-implement IEnumerable<T>.
        if (values is T[] array)
        {
            AppendJoinValues(separator, new ReadOnlySpan<T>(array));
            return;
        }

        Type type = values.GetType();
        if (type == typeof(List<string>))
        {
            // The common list, by index: the generic path below runs shared code for every reference type, where
            // each call on the list's enumerator looks its type up at run time. Formatting a string runs no code of
            // the caller's, so nothing can change the list between the items.
            AppendJoinStrings(separator, Unsafe.As<List<string>>(values));
        }
        else if (type == typeof(List<T>))
        {
            AppendJoinEnumerated<T, List<T>.Enumerator, TSeparator>(separator, ((List<T>)values).GetEnumerator());
        }
        else if (type == typeof(HashSet<T>))
        {
            AppendJoinEnumerated<T, HashSet<T>.Enumerator, TSeparator>(separator, ((HashSet<T>)values).GetEnumerator());
        }
        else
        {
            AppendJoinEnumerated<T, IEnumerator<T>, TSeparator>(separator, values.GetEnumerator());
        }
    }

    /// <summary>Appends the strings of <paramref name="values"/> with <paramref name="separator"/> between them.</summary>
    private void AppendJoinStrings<TSeparator>(TSeparator separator, List<string> values)
        where TSeparator : struct, IJoinSeparator
    {
        for (int i = 0; i < values.Count; i++)
        {
            if (i != 0)
            {
                separator.AppendTo(ref this);
            }

            Append(values[i]);
        }
    }

    /// <summary>Appends what <paramref name="enumerator"/> yields with <paramref name="separator"/> between the items, then disposes it.</summary>
    private void AppendJoinEnumerated<T, TEnumerator, TSeparator>(TSeparator separator, TEnumerator enumerator)
        where TEnumerator : IEnumerator<T>
        where TSeparator : struct, IJoinSeparator
    {
        try
        {
            if (!enumerator.MoveNext())
            {
                return;
            }

            AppendValue(enumerator.Current, null, null);
            while (enumerator.MoveNext())
            {
                separator.AppendTo(ref this);
                AppendValue(enumerator.Current, null, null);
            }
        }
        finally
        {
            enumerator.Dispose();
        }
    }

    /// <summary>
    /// Whether <paramref name="values"/> is a span of chars inside this builder's buffer (only a
    /// <c>ReadOnlySpan&lt;char&gt;</c> can be), which growing would release under the loop.
    /// </summary>
    private readonly bool IsInBuffer<T>(scoped ReadOnlySpan<T> values)
    {
        if (typeof(T) != typeof(char) || values.IsEmpty || _chars.IsEmpty)
        {
            return false;
        }

        nint offset = Unsafe.ByteOffset(
            ref Unsafe.As<char, byte>(ref MemoryMarshal.GetReference(_chars)),
            ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(values)));
        return offset < (nint)_chars.Length * sizeof(char) && offset > -(nint)values.Length * sizeof(char);
    }

    /// <summary>Joins chars that live in this builder's buffer from a pooled copy, so growth cannot pull them away.</summary>
    private void AppendJoinFromCopy<T, TSeparator>(TSeparator separator, scoped ReadOnlySpan<T> values)
        where TSeparator : struct, IJoinSeparator
    {
        char[] copy = _memory.ScratchPool.Rent(values.Length);
        try
        {
            for (int i = 0; i < values.Length; i++)
            {
                copy[i] = Unsafe.As<T, char>(ref Unsafe.AsRef(in values[i]));
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (i != 0)
                {
                    separator.AppendTo(ref this);
                }

                Append(copy[i]);
            }
        }
        finally
        {
            _memory.ScratchPool.Return(copy);
        }
    }

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, each formatted as
    /// <see cref="AppendJoin{T}(string?, ReadOnlySpan{T})"/> does; <see langword="null"/> items append nothing.
    /// An array, a <see cref="List{T}"/> or a <see cref="HashSet{T}"/> is read without an enumerator object (the
    /// last two through their own enumerator, which throws when an item's formatting changes the collection); any
    /// other collection through <see cref="IEnumerable{T}.GetEnumerator"/>.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items.</param>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public void AppendJoin<T>(string? separator, IEnumerable<T> values) => AppendJoinCollection(new StringSeparator(separator), values);

    /// <summary>Copies <paramref name="value"/> to the chars at <paramref name="pos"/>; the caller checked it fits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly void CopyIn(scoped ReadOnlySpan<char> value, int pos)
    {
        // Most appends are a few chars (a separator, a word, a label): those skip the call to memmove.
        if (value.Length <= ShortCopy.MaxChars)
        {
            ShortCopy.Chars(ref MemoryMarshal.GetReference(value), ref Unsafe.Add(ref MemoryMarshal.GetReference(_chars), pos), value.Length);
        }
        else
        {
            value.CopyTo(_chars.Slice(pos));
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
        // `value` may be a span into the array being replaced (b.Append(b.AsSpan())): copy it before that array
        // goes back to the pool.
        char[]? previous = GrowKeepingPrevious(value.Length, _pos);
        value.CopyTo(_chars.Slice(_pos));
        _pos += value.Length;
        if (previous is not null)
        {
            _memory.Release(previous);
        }
    }
}
