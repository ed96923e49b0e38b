using System;
using System.Runtime.CompilerServices;
using System.Text;

namespace FastText;

// net8.0: the one-call Format of a pre-parsed CompositeFormat with an argument array (the generic overloads are in
// ValueStringBuilder.FormatOfT.Net8.cs).
public ref partial struct ValueStringBuilder
{
    /// <summary>
    /// Formats a pre-parsed composite format into a new string, as <c>StringBuilder.AppendFormat(provider, format, args)</c>
    /// writes it: the string is the only allocation. (That is string.Format's text too, except for a format without
    /// items, which string.Format returns as it was parsed, escaped braces still doubled.)
    /// </summary>
    /// <param name="provider">The culture or custom formatter, or <see langword="null"/> for the current culture.</param>
    /// <param name="format">The parsed composite format.</param>
    /// <param name="args">The arguments.</param>
    /// <returns>The formatted text.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="format"/> or <paramref name="args"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="format"/> needs more arguments than given.</exception>
    [SkipLocalsInit]
    public static string Format(IFormatProvider? provider, CompositeFormat format, params object?[] args)
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
}
