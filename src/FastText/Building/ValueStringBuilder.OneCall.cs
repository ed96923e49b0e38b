using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

// The one-call forms (ZString's Format, Concat and Join): a builder on the stack, the append, the string. The generic
// Format and Concat overloads are generated (ValueStringBuilder.FormatOfT.cs); the Join overloads mirror AppendJoin's,
// so a call binds to the Join overload whose AppendJoin it would bind to (and to string.Join's).
public ref partial struct ValueStringBuilder
{
    // The stack buffer of a one-call builder: a typical log line or key. A thread whose strings outgrow it starts its
    // next one-call builders in its spare array (BuilderMemory's outgrown-buffer prediction), so longer text costs no copy.
    private const int OneCallStackLength = 256;

    /// <summary>Formats a composite format into a new string, as <c>string.Format(format, args)</c> does: the string is the only allocation.</summary>
    /// <param name="format">A composite format string.</param>
    /// <param name="args">The arguments.</param>
    /// <returns>The formatted text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments.</exception>
    public static string Format(string format, params object?[] args) => Format((IFormatProvider?)null, format, args);

    /// <summary>
    /// Formats a composite format into a new string, as <c>string.Format(provider, format, args)</c> does (an
    /// <see cref="ICustomFormatter"/> from <paramref name="provider"/> formats every item): the string is the only allocation.
    /// </summary>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">A composite format string.</param>
    /// <param name="args">The arguments.</param>
    /// <returns>The formatted text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments.</exception>
    public static string Format(IFormatProvider? provider, string format, params object?[] args)
    {
        if (args is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(args));
        }

        return FormatOnStack(provider, format, new ArrayFormatArguments(args));
    }

    /// <summary>
    /// The body of every one-call Format: the text is built on the stack (or in the arrays it outgrows, which go back to
    /// their pool even when a value's formatting throws) and the string is the only allocation.
    /// </summary>
    [SkipLocalsInit]
    private static string FormatOnStack<TArgs>(IFormatProvider? provider, string format, in TArgs args)
        where TArgs : struct, IFormatArguments
    {
        var builder = new ValueStringBuilder(stackalloc char[OneCallStackLength]);
        try
        {
            builder.AppendComposite(provider, format, in args);
            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

    /// <summary>Joins the strings with <paramref name="separator"/> into a new string, as <c>string.Join</c> does: the string is the only allocation.</summary>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    [SkipLocalsInit]
    public static string Join(string? separator, scoped ReadOnlySpan<string?> values)
    {
        var builder = new ValueStringBuilder(stackalloc char[OneCallStackLength]);
        try
        {
            builder.AppendJoin(separator, values);
            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

    /// <summary>Joins the strings with <paramref name="separator"/> into a new string, as <c>string.Join</c> does: the string is the only allocation.</summary>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    [SkipLocalsInit]
    public static string Join(char separator, scoped ReadOnlySpan<string?> values)
    {
        var builder = new ValueStringBuilder(stackalloc char[OneCallStackLength]);
        try
        {
            builder.AppendJoin(separator, values);
            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

    /// <summary>
    /// Joins the strings with <paramref name="separator"/> into a new string, as <c>string.Join(separator, values)</c>
    /// does: the string is the only allocation. <c>Join(",", "Foo:")</c> (one element) binds here, as it does on string.Join.
    /// </summary>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public static string Join(string? separator, params string?[] values) => Join(separator, ArraySpan(values));

    /// <summary>
    /// Joins the strings with <paramref name="separator"/> into a new string, as <c>string.Join(separator, values)</c>
    /// does: the string is the only allocation. <c>Join(',', "Foo:")</c> binds here and returns <c>Foo:</c>.
    /// </summary>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public static string Join(char separator, params string?[] values) => Join(separator, ArraySpan(values));

    /// <summary>
    /// Joins the values with <paramref name="separator"/> into a new string, each formatted as
    /// <see cref="AppendJoin{T}(string?, ReadOnlySpan{T})"/> formats it: the string is the only allocation.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    public static string Join<T>(string? separator, scoped ReadOnlySpan<T> values) => JoinOnStack(new StringSeparator(separator), values);

    /// <summary>
    /// Joins the values with <paramref name="separator"/> into a new string, each formatted as
    /// <see cref="AppendJoin{T}(string?, ReadOnlySpan{T})"/> formats it: the string is the only allocation.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    public static string Join<T>(char separator, scoped ReadOnlySpan<T> values) => JoinOnStack(new CharSeparator(separator), values);

    /// <summary>
    /// Joins the values with <paramref name="separator"/> into a new string, as
    /// <see cref="AppendJoin{T}(string?, IEnumerable{T})"/> appends them (an array, a <see cref="List{T}"/> or a
    /// <see cref="HashSet{T}"/> without an enumerator object): the string is the only allocation.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public static string Join<T>(string? separator, IEnumerable<T> values) => JoinOnStack(new StringSeparator(separator), values);

    /// <summary>
    /// Joins the values with <paramref name="separator"/> into a new string, as
    /// <see cref="AppendJoin{T}(char, IEnumerable{T})"/> appends them (an array, a <see cref="List{T}"/> or a
    /// <see cref="HashSet{T}"/> without an enumerator object): the string is the only allocation.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public static string Join<T>(char separator, IEnumerable<T> values) => JoinOnStack(new CharSeparator(separator), values);

    /// <summary>
    /// Joins the values with <paramref name="separator"/> into a new string, as <c>string.Join(separator, values)</c>
    /// does: the string is the only allocation.
    /// </summary>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public static string Join(string? separator, params object?[] values) => JoinOnStack(new StringSeparator(separator), ArraySpan(values));

    /// <summary>
    /// Joins the values with <paramref name="separator"/> into a new string, as <c>string.Join(separator, values)</c>
    /// does: the string is the only allocation.
    /// </summary>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    public static string Join(char separator, params object?[] values) => JoinOnStack(new CharSeparator(separator), ArraySpan(values));

    [SkipLocalsInit]
    private static string JoinOnStack<T, TSeparator>(TSeparator separator, scoped ReadOnlySpan<T> values)
        where TSeparator : struct, IJoinSeparator
    {
        var builder = new ValueStringBuilder(stackalloc char[OneCallStackLength]);
        try
        {
            builder.AppendJoinValues(separator, values);
            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

    [SkipLocalsInit]
    private static string JoinOnStack<T, TSeparator>(TSeparator separator, IEnumerable<T> values)
        where TSeparator : struct, IJoinSeparator
    {
        var builder = new ValueStringBuilder(stackalloc char[OneCallStackLength]);
        try
        {
            builder.AppendJoinCollection(separator, values);
            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

    /// <summary>A params array as a span, after the null check string.Join makes (naming the parameter <c>values</c>).</summary>
    private static ReadOnlySpan<T> ArraySpan<T>(T[] values)
    {
        if (values is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(values));
        }

        return new ReadOnlySpan<T>(values);
    }
}
