using System;
using FastText.Internal;

namespace FastText;

/// <summary>
/// Describes one value part of a key: its name (used in exceptions), its kind and its rules. Create parts with the
/// <see cref="KeyPart"/> factory methods and combine them with <see cref="KeyShape"/>. Parts are immutable and may be
/// shared by any number of shapes and threads. Values reach a part strongly typed, so building a key never boxes.
/// </summary>
/// <typeparam name="T">The type of value the part formats.</typeparam>
public abstract class KeyPart<T>
{
    private protected KeyPart(string name, int fixedLength = -1)
    {
        FixedLength = fixedLength;
        if (name is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(name));
        }

        if (name.Length == 0)
        {
            ThrowHelper.ThrowArgument(nameof(name), "A key part needs a name, used to report its errors.");
        }

        Name = name;
    }

    /// <summary>The part's name, as used in exception messages and parameter names.</summary>
    public string Name { get; }

    /// <summary>The length every value is written with (Guid, date), or -1 when it depends on the value; shapes read it
    /// instead of calling <see cref="Measure"/>, which saves a virtual call per fixed-width part.</summary>
    internal int FixedLength { get; }

    /// <summary>The exact number of chars <see cref="Write"/> will produce for <paramref name="value"/>, or -1 when the
    /// value is absent and its segment is omitted. <paramref name="plan"/> carries what measuring learned to the write.</summary>
    internal abstract int Measure(T value, out int plan);

    /// <summary>Writes <paramref name="value"/>; <paramref name="destination"/> is exactly as long as <see cref="Measure"/> said.</summary>
    internal abstract void Write(T value, int plan, Span<char> destination);

    /// <summary>This part with the format a template placeholder gives it (<c>{0:D8}</c>); parts without formats refuse.</summary>
    internal virtual KeyPart<T> WithFormat(string format)
    {
        ThrowHelper.ThrowArgument("template",
            "Key part '" + Name + "' takes no format specifier (\"" + format + "\"); placeholders take formats for integer (D8, x8), Guid, date and time parts.");
        return this;
    }
}
