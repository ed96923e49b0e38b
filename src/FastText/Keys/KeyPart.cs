using System;
using FastText.Internal;

namespace FastText;

/// <summary>Factory methods for the parts a <see cref="KeyShape"/> is declared from.</summary>
public static class KeyPart
{
    /// <summary>A string part normalized by <paramref name="rules"/>.</summary>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="rules">The normalization rules, e.g. <see cref="KeyTextRules.None"/>.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="rules"/> is null (the message names the part).</exception>
    public static KeyPart<string?> Text(string name, KeyTextRules rules) => new TextKeyPart(name, Compile(rules, name));

    /// <summary>A string part whose null value is absent: a Join shape omits it with the separator in front of it, a Format
    /// shape writes nothing between its labels (see <see cref="KeyShape"/>); any other value, empty included, is
    /// normalized by <paramref name="rules"/>.</summary>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="rules">The normalization rules.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="rules"/> is null (the message names the part).</exception>
    public static KeyPart<string?> OptionalText(string name, KeyTextRules rules) => new OptionalTextKeyPart(name, Compile(rules, name));

    /// <summary>A text part over a slice of a larger buffer, normalized by <paramref name="rules"/>.</summary>
    /// <remarks>A <see cref="ReadOnlySpan{T}"/> cannot be a generic argument on net8.0, so slices travel as <see cref="ReadOnlyMemory{T}"/>.</remarks>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="rules">The normalization rules.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="rules"/> is null (the message names the part).</exception>
    public static KeyPart<ReadOnlyMemory<char>> MemoryText(string name, KeyTextRules rules) =>
        new MemoryTextKeyPart(name, Compile(rules, name));

    /// <summary>A nullable part: a null value is absent; a Join shape omits it with the separator in front of it, a Format
    /// shape writes nothing between its labels (see <see cref="KeyShape"/>).</summary>
    /// <typeparam name="T">The value type.</typeparam>
    /// <param name="part">The part that writes present values.</param>
    /// <returns>The optional part, with the same name.</returns>
    public static KeyPart<T?> Optional<T>(KeyPart<T> part)
        where T : struct
    {
        if (part is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(part));
        }

        return new OptionalKeyPart<T>(part);
    }

    /// <summary>A Guid part in a standard format: N, D (the default), B, P or X; hex digits are lower-case.</summary>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="format">N, D, B, P or X (either case); null or empty means D.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not a Guid format (the message names the part).</exception>
    public static KeyPart<Guid> Guid(string name, string? format = "D") => new GuidKeyPart(name, format);

    /// <summary>A DateTime part in a fixed-width custom format with the invariant culture, e.g. <c>yyyy/MM/dd/HH</c>.</summary>
    /// <remarks>Supported: yyyy yy MM dd HH hh mm ss f..fffffff tt, '/', ':', quoted and escaped literals, other
    /// non-specifier chars, and the standard format "s". The output equals <c>value.ToString(format, CultureInfo.InvariantCulture)</c>.</remarks>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="format">The format.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException">The format is invalid or not fixed-width (the message names the part).</exception>
    public static KeyPart<DateTime> DateTime(string name, string format) => new DateTimeKeyPart(name, format);

    /// <summary>A DateTimeOffset part in a fixed-width custom format with the invariant culture; as <see cref="DateTime"/>, plus zzz for the offset.</summary>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="format">The format, e.g. <c>yyyy-MM-dd'T'HH:mm:sszzz</c>.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException">The format is invalid or not fixed-width (the message names the part).</exception>
    public static KeyPart<DateTimeOffset> DateTimeOffset(string name, string format) => new DateTimeOffsetKeyPart(name, format);

    /// <summary>An <see cref="sbyte"/> part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<sbyte> SByte(string name) => new IntegerKeyPart<sbyte>(name);

    /// <summary>A <see cref="byte"/> part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<byte> Byte(string name) => new IntegerKeyPart<byte>(name);

    /// <summary>A <see cref="short"/> part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<short> Int16(string name) => new IntegerKeyPart<short>(name);

    /// <summary>A <see cref="ushort"/> part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<ushort> UInt16(string name) => new IntegerKeyPart<ushort>(name);

    /// <summary>An <see cref="int"/> part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<int> Int32(string name) => new IntegerKeyPart<int>(name);

    /// <summary>A <see cref="uint"/> part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<uint> UInt32(string name) => new IntegerKeyPart<uint>(name);

    /// <summary>A <see cref="long"/> part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<long> Int64(string name) => new IntegerKeyPart<long>(name);

    /// <summary>A <see cref="ulong"/> part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<ulong> UInt64(string name) => new IntegerKeyPart<ulong>(name);

    /// <summary>An <see cref="IntPtr"/> (nint) part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<IntPtr> IntPtr(string name) => new IntegerKeyPart<IntPtr>(name);

    /// <summary>A <see cref="UIntPtr"/> (nuint) part in invariant decimal.</summary>
    /// <param name="name">The part's name.</param>
    /// <returns>The part.</returns>
    public static KeyPart<UIntPtr> UIntPtr(string name) => new IntegerKeyPart<UIntPtr>(name);

    private static KeyTextNormalizer Compile(KeyTextRules rules, string name)
    {
        if (rules is null)
        {
            throw new ArgumentNullException(nameof(rules), "Key part '" + name + "' needs a rule set; use KeyTextRules.None for text kept as is.");
        }

        return new KeyTextNormalizer(rules);
    }
}
