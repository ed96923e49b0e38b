using System;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

// Appends of arbitrary values, nullable values, and the AppendLine forms of them.
public ref partial struct Utf8ValueStringBuilder
{
    /// <summary>
    /// Appends any value, UTF-8 encoded, as the interpolated string handler formats a hole: on net8.0
    /// <c>IUtf8SpanFormattable</c> values (every primitive, Guid, dates, enums) straight into the buffer, other
    /// <c>ISpanFormattable</c> values through a stack buffer of chars, other <see cref="IFormattable"/> values
    /// through <c>ToString(format, provider)</c>, anything else through <c>ToString()</c>; <see langword="null"/>
    /// appends nothing. On netstandard2.0 see the type's remarks for which values allocate.
    /// </summary>
    /// <typeparam name="T">The value's type; value types are not boxed.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="format">The format, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Append<T>(T value, string? format = null, IFormatProvider? provider = null) =>
        AppendValue(value, format, provider);

    /// <summary>Appends a nullable value: nothing when it has none, otherwise as <see cref="Append{T}(T, string?, IFormatProvider?)"/>.</summary>
    /// <typeparam name="T">The underlying value type.</typeparam>
    /// <param name="value">The value or <see langword="null"/>.</param>
    /// <param name="format">The format, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append<T>(T? value, string? format = null, IFormatProvider? provider = null)
        where T : struct
    {
        if (value.HasValue)
        {
            AppendValue(value.GetValueOrDefault(), format, provider);
        }
    }

    /// <summary>Appends a char and then <see cref="Environment.NewLine"/>.</summary>
    /// <param name="value">The char.</param>
    public void AppendLine(char value)
    {
        Append(value);
        Append(Environment.NewLine);
    }

    /// <summary>Appends a value as <see cref="Append{T}(T, string?, IFormatProvider?)"/> does, then <see cref="Environment.NewLine"/>.</summary>
    /// <typeparam name="T">The value's type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="format">The format, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void AppendLine<T>(T value, string? format = null, IFormatProvider? provider = null)
    {
        AppendValue(value, format, provider);
        Append(Environment.NewLine);
    }

    /// <summary>Formats through <c>ToString</c> (the fallback of both targets) and encodes the text.</summary>
    private void AppendThroughString<T>(T value, string? format, IFormatProvider? provider) =>
        Append(ValueText.Of(value, format, provider));
}
