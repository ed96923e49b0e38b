using System;

namespace FastText;

// The formatted overloads, identical on both targets; AppendValue is per target (ValueStringBuilder.Formatting.*.cs).
public ref partial struct ValueStringBuilder
{
    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(sbyte value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(byte value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(short value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(ushort value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(int value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(uint value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(long value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(ulong value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(nint value, string? format = null, IFormatProvider? provider = null)
    {
        // A native integer formats exactly as the integer of its width (hex width included). Routing it there also
        // covers .NET Framework, where IntPtr is not IFormattable and its ToString() would ignore the format.
        if (IntPtr.Size == sizeof(long))
        {
            AppendValue((long)value, format, provider);
        }
        else
        {
            AppendValue((int)value, format, provider);
        }
    }

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(nuint value, string? format = null, IFormatProvider? provider = null)
    {
        if (UIntPtr.Size == sizeof(ulong))
        {
            AppendValue((ulong)value, format, provider);
        }
        else
        {
            AppendValue((uint)value, format, provider);
        }
    }

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(float value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(double value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(decimal value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(DateTime value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(DateTimeOffset value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(TimeSpan value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);

    /// <summary>
    /// Appends <paramref name="value"/> as <c>value.ToString(format, provider)</c> would write it (and so as
    /// <see cref="System.Text.StringBuilder"/> does; a <see langword="null"/> provider means the current culture).
    /// On net8.0 it never allocates; on netstandard2.0 see the type's remarks for which formats allocate.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="format">A standard or custom format string, or <see langword="null"/> for the default.</param>
    /// <param name="provider">The culture information, or <see langword="null"/> for the current culture.</param>
    public void Append(Guid value, string? format = null, IFormatProvider? provider = null) => AppendValue(value, format, provider);
}
