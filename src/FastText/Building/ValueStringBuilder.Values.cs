using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

// Appends of arbitrary values, nullable values, and the AppendLine forms of them.
public ref partial struct ValueStringBuilder
{
    /// <summary>
    /// Appends any value as the interpolated string handler formats a hole: span-formattable values (every
    /// primitive, enums, Guid, dates on net8.0) in place, other <see cref="IFormattable"/> values through
    /// <c>ToString(format, provider)</c>, anything else through <c>ToString()</c>; <see langword="null"/>
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

    /// <summary>
    /// Appends <c>value.ToString()</c> (or <c>ToString(null, null)</c> for <see cref="IFormattable"/>, the same
    /// text), like <see cref="System.Text.StringBuilder.Append(object)"/>; <see langword="null"/> appends nothing.
    /// </summary>
    /// <param name="value">The value.</param>
    public void Append(object? value) => AppendValue(value, null, null);

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

    /// <summary>
    /// A reference to the first char of the buffer (a null reference when there is none), so that
    /// <c>fixed (char* p = builder)</c> pins it. The first <see cref="Length"/> chars are the text. Valid until the
    /// builder next grows or is disposed.
    /// </summary>
    /// <returns>A reference to the first char of the buffer.</returns>
    public readonly ref char GetPinnableReference() => ref MemoryMarshal.GetReference(_chars);
}
