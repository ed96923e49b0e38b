using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace FastText;

// The one-call forms (ZString's Format, Concat and Join): a builder on the stack, the append, the string. The generic
// Format and Concat overloads are generated (ValueStringBuilder.FormatOfT.cs); the Join overloads mirror AppendJoin's,
// so a call binds to the Join overload whose AppendJoin it would bind to (and to string.Join's).
public ref partial struct ValueStringBuilder
{
    // The stack buffer of a one-call builder: a typical log line or key. A thread whose strings outgrow it starts its
    // next one-call builders in its spare array (ValueStringBuilder.OutgrownBuffer.cs), so longer text costs no copy.
    private const int OneCallStackLength = 256;

    /// <summary>Formats a composite format into a new string, as <c>string.Format(format, args)</c> does: the string is the only allocation.</summary>
    /// <param name="format">A composite format string.</param>
    /// <param name="args">The arguments.</param>
    /// <returns>The formatted text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> is invalid or refers past the arguments.</exception>
    [SkipLocalsInit]
    public static string Format(string format, params object?[] args)
    {
        var builder = new ValueStringBuilder(stackalloc char[OneCallStackLength]);
        try
        {
            builder.AppendFormat(format, args);
            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

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
    [SkipLocalsInit]
    public static string Format(IFormatProvider? provider, string format, params object?[] args)
    {
        var builder = new ValueStringBuilder(stackalloc char[OneCallStackLength]);
        try
        {
            builder.AppendFormat(provider, format, args);
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
    [SkipLocalsInit]
    public static string Join(string? separator, params string?[] values)
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
    /// does: the string is the only allocation. <c>Join(',', "Foo:")</c> binds here and returns <c>Foo:</c>.
    /// </summary>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    [SkipLocalsInit]
    public static string Join(char separator, params string?[] values)
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
    /// Joins the values with <paramref name="separator"/> into a new string, each formatted as
    /// <see cref="AppendJoin{T}(string?, ReadOnlySpan{T})"/> formats it: the string is the only allocation.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    [SkipLocalsInit]
    public static string Join<T>(string? separator, scoped ReadOnlySpan<T> values)
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
    /// Joins the values with <paramref name="separator"/> into a new string, each formatted as
    /// <see cref="AppendJoin{T}(string?, ReadOnlySpan{T})"/> formats it: the string is the only allocation.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    [SkipLocalsInit]
    public static string Join<T>(char separator, scoped ReadOnlySpan<T> values)
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
    /// Joins the values with <paramref name="separator"/> into a new string, as
    /// <see cref="AppendJoin{T}(string?, IEnumerable{T})"/> appends them (an array, a <see cref="List{T}"/> or a
    /// <see cref="HashSet{T}"/> without an enumerator object): the string is the only allocation.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    [SkipLocalsInit]
    public static string Join<T>(string? separator, IEnumerable<T> values)
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
    /// Joins the values with <paramref name="separator"/> into a new string, as
    /// <see cref="AppendJoin{T}(char, IEnumerable{T})"/> appends them (an array, a <see cref="List{T}"/> or a
    /// <see cref="HashSet{T}"/> without an enumerator object): the string is the only allocation.
    /// </summary>
    /// <typeparam name="T">The item type.</typeparam>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    [SkipLocalsInit]
    public static string Join<T>(char separator, IEnumerable<T> values)
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
    /// Joins the values with <paramref name="separator"/> into a new string, as <c>string.Join(separator, values)</c>
    /// does: the string is the only allocation.
    /// </summary>
    /// <param name="separator">Written between items; <see langword="null"/> means none.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    [SkipLocalsInit]
    public static string Join(string? separator, params object?[] values)
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
    /// Joins the values with <paramref name="separator"/> into a new string, as <c>string.Join(separator, values)</c>
    /// does: the string is the only allocation.
    /// </summary>
    /// <param name="separator">Written between items.</param>
    /// <param name="values">The items; <see langword="null"/> items are empty.</param>
    /// <returns>The joined text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is <see langword="null"/>.</exception>
    [SkipLocalsInit]
    public static string Join(char separator, params object?[] values)
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
}
