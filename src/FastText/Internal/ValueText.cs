using System;

namespace FastText.Internal;

/// <summary>
/// A value's text through <c>ToString</c>, for the builders' values that have no allocation-free path: what the
/// interpolated string handler writes for them.
/// </summary>
internal static class ValueText
{
    /// <summary>
    /// <c>ToString(format, provider)</c> for an <see cref="IFormattable"/>, <c>ToString()</c> otherwise;
    /// <see langword="null"/> for <see langword="null"/>.
    /// </summary>
    internal static string? Of<T>(T value, string? format, IFormatProvider? provider)
    {
        // Mono boxes a value type for the IFormattable call (24 bytes for a double, besides its text); the
        // floating-point types, the usual ones to get here, call their own ToString instead: the same text, no box.
        if (typeof(T) == typeof(double))
        {
            return ((double)(object)value!).ToString(format, provider);
        }

        if (typeof(T) == typeof(float))
        {
            return ((float)(object)value!).ToString(format, provider);
        }

        if (typeof(T) == typeof(decimal))
        {
            return ((decimal)(object)value!).ToString(format, provider);
        }

        if (value is IFormattable)
        {
            return ((IFormattable)value).ToString(format, provider);
        }

        return value?.ToString();
    }
}
