using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using FastText.Internal;

namespace FastText;

// AppendJoin: the same overloads, bindings and results as ValueStringBuilder.AppendJoin, UTF-8 encoded.
public ref partial struct Utf8ValueStringBuilder
{
    /// <summary>
    /// Appends the strings with <paramref name="separator"/> between them, UTF-8 encoded, as
    /// <c>string.Join(separator, values)</c> does; <see langword="null"/> items append nothing.
    /// </summary>
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

    /// <summary>
    /// Appends the strings with <paramref name="separator"/> between them, UTF-8 encoded, as
    /// <c>string.Join(separator, values)</c> does; <see langword="null"/> items append nothing.
    /// </summary>
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
    /// Appends the strings with <paramref name="separator"/> between them, UTF-8 encoded, as
    /// <c>string.Join(separator, values)</c> does; <see langword="null"/> items append nothing.
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
    /// Appends the strings with <paramref name="separator"/> between them, UTF-8 encoded, as
    /// <c>string.Join(separator, values)</c> does; <see langword="null"/> items append nothing.
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

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, each formatted as
    /// <see cref="Append{T}(T, string?, IFormatProvider?)"/> formats it; <see langword="null"/> items append nothing.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items; may be this builder's own <see cref="WrittenSpan"/>.</param>
    public void AppendJoin<T>(string? separator, scoped ReadOnlySpan<T> values) => AppendJoinValues(new StringSeparator(separator), values);

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, each formatted as
    /// <see cref="Append{T}(T, string?, IFormatProvider?)"/> formats it; <see langword="null"/> items append nothing.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; may be this builder's own <see cref="WrittenSpan"/>.</param>
    public void AppendJoin<T>(char separator, scoped ReadOnlySpan<T> values) => AppendJoinValues(new CharSeparator(separator), values);

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, each formatted as
    /// <see cref="Append{T}(T, string?, IFormatProvider?)"/> formats it; <see langword="null"/> items append nothing.
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
    /// Appends the values with <paramref name="separator"/> between them, each formatted as
    /// <see cref="Append{T}(T, string?, IFormatProvider?)"/> formats it; <see langword="null"/> items append nothing.
    /// An array, a <see cref="List{T}"/> or a <see cref="HashSet{T}"/> is read without an enumerator object (the
    /// last two through their own enumerator, which throws when an item's formatting changes the collection); any
    /// other collection through <see cref="IEnumerable{T}.GetEnumerator"/>.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items.</param>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public void AppendJoin<T>(string? separator, IEnumerable<T> values) => AppendJoinCollection(new StringSeparator(separator), values);

    /// <summary>
    /// Appends the values with <paramref name="separator"/> between them, as <c>string.Join(separator, values)</c>
    /// does for the values every target formats alike (see <see cref="Append{T}(T, string?, IFormatProvider?)"/>);
    /// <see langword="null"/> items append nothing.
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
    /// Appends the values with <paramref name="separator"/> between them, as <c>string.Join(separator, values)</c>
    /// does for the values every target formats alike (see <see cref="Append{T}(T, string?, IFormatProvider?)"/>);
    /// <see langword="null"/> items append nothing.
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
    /// Whether <paramref name="values"/> is a span of bytes inside this builder's buffer (only a
    /// <c>ReadOnlySpan&lt;byte&gt;</c> can be), which growing would release under the loop.
    /// </summary>
    private readonly bool IsInBuffer<T>(scoped ReadOnlySpan<T> values)
    {
        if (typeof(T) != typeof(byte) || values.IsEmpty || _bytes.IsEmpty)
        {
            return false;
        }

        nint offset = Unsafe.ByteOffset(
            ref MemoryMarshal.GetReference(_bytes),
            ref Unsafe.As<T, byte>(ref MemoryMarshal.GetReference(values)));
        return offset < (nint)_bytes.Length && offset > -(nint)values.Length;
    }

    /// <summary>Joins bytes that live in this builder's buffer from a pooled copy, so growth cannot pull them away.</summary>
    private void AppendJoinFromCopy<T, TSeparator>(TSeparator separator, scoped ReadOnlySpan<T> values)
        where TSeparator : struct, IJoinSeparator
    {
        byte[] copy = ArrayPool<byte>.Shared.Rent(values.Length);
        try
        {
            for (int i = 0; i < values.Length; i++)
            {
                copy[i] = Unsafe.As<T, byte>(ref Unsafe.AsRef(in values[i]));
            }

            for (int i = 0; i < values.Length; i++)
            {
                if (i != 0)
                {
                    separator.AppendTo(ref this);
                }

                AppendValue(copy[i], null, null);
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(copy);
        }
    }
}
