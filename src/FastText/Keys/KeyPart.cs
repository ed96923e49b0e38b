using System;
using FastText.Internal;

namespace FastText;

/// <summary>Factory methods for the parts a <see cref="KeyShape"/> is declared from.</summary>
public static partial class KeyPart
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

    /// <summary>An <see cref="sbyte"/> part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<sbyte> SByte(string name, string? format = null) => new IntegerKeyPart<sbyte>(name, format);

    /// <summary>A <see cref="byte"/> part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<byte> Byte(string name, string? format = null) => new IntegerKeyPart<byte>(name, format);

    /// <summary>A <see cref="short"/> part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<short> Int16(string name, string? format = null) => new IntegerKeyPart<short>(name, format);

    /// <summary>A <see cref="ushort"/> part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<ushort> UInt16(string name, string? format = null) => new IntegerKeyPart<ushort>(name, format);

    /// <summary>An <see cref="int"/> part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<int> Int32(string name, string? format = null) => new IntegerKeyPart<int>(name, format);

    /// <summary>A <see cref="uint"/> part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<uint> UInt32(string name, string? format = null) => new IntegerKeyPart<uint>(name, format);

    /// <summary>A <see cref="long"/> part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<long> Int64(string name, string? format = null) => new IntegerKeyPart<long>(name, format);

    /// <summary>A <see cref="ulong"/> part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<ulong> UInt64(string name, string? format = null) => new IntegerKeyPart<ulong>(name, format);

    /// <summary>An <see cref="IntPtr"/> (nint) part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<IntPtr> IntPtr(string name, string? format = null) => new IntegerKeyPart<IntPtr>(name, format);

    /// <summary>A <see cref="UIntPtr"/> (nuint) part in invariant decimal, or in <paramref name="format"/>.</summary>
    /// <param name="name">The part's name.</param>
    /// <param name="format">Null for plain decimal, or D (decimal) or X/x (hex digits upper/lower-case, the value's bits
    /// at its type's width) with an optional precision 0-99 (minimum digits, zero-padded), e.g. D8 or x8, as
    /// <c>ToString(format, CultureInfo.InvariantCulture)</c> prints them.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException"><paramref name="format"/> is not one of those (the message names the part).</exception>
    public static KeyPart<UIntPtr> UIntPtr(string name, string? format = null) => new IntegerKeyPart<UIntPtr>(name, format);

    /// <summary>A bool part written as <paramref name="trueText"/> or <paramref name="falseText"/>.</summary>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="trueText">What true writes; "true" by default (bool.ToString() would write "True").</param>
    /// <param name="falseText">What false writes; "false" by default.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="trueText"/> or <paramref name="falseText"/> is null.</exception>
    public static KeyPart<bool> Boolean(string name, string trueText = "true", string falseText = "false")
    {
        if (trueText is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(trueText));
        }

        if (falseText is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(falseText));
        }

        return new BooleanKeyPart(name, trueText, falseText);
    }

    /// <summary>A char part, written as the char itself.</summary>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <returns>The part.</returns>
    public static KeyPart<char> Char(string name) => new CharKeyPart(name);

    /// <summary>An enum part written as its value's name, as <c>value.ToString()</c> writes a named value, optionally
    /// lower-cased; a value without a name of its own (undefined, or a combination of flags) is written as its
    /// underlying number in invariant decimal, where ToString would write "A, B" for flags.</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="lowerCase">Whether names are lower-cased (invariant culture).</param>
    /// <returns>The part.</returns>
    public static KeyPart<TEnum> Enum<TEnum>(string name, bool lowerCase = false)
        where TEnum : struct, System.Enum => new EnumKeyPart<TEnum>(name, lowerCase);

    /// <summary>A whole shape as one part of a larger shape: how a key gets more than six parts. The value is a tuple
    /// of the inner shape's values; the inner shape writes its own literals (template labels or separators, prefix and
    /// suffix) and its rules for absent parts. Still one allocation per key.</summary>
    /// <typeparam name="T1">The type of the inner shape's part 1.</typeparam>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="shape">The inner shape.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="shape"/> is null.</exception>
    public static KeyPart<ValueTuple<T1>> Shape<T1>(string name, KeyShape<T1> shape)
    {
        if (shape is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(shape));
        }

        return new ShapeKeyPart<T1>(name, shape);
    }

    /// <summary>A whole shape as one part of a larger shape: how a key gets more than six parts. The value is a tuple
    /// of the inner shape's values; the inner shape writes its own literals (template labels or separators, prefix and
    /// suffix) and its rules for absent parts. Still one allocation per key.</summary>
    /// <typeparam name="T1">The type of the inner shape's part 1.</typeparam>
    /// <typeparam name="T2">The type of the inner shape's part 2.</typeparam>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="shape">The inner shape.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="shape"/> is null.</exception>
    public static KeyPart<(T1, T2)> Shape<T1, T2>(string name, KeyShape<T1, T2> shape)
    {
        if (shape is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(shape));
        }

        return new ShapeKeyPart<T1, T2>(name, shape);
    }

    /// <summary>A whole shape as one part of a larger shape: how a key gets more than six parts. The value is a tuple
    /// of the inner shape's values; the inner shape writes its own literals (template labels or separators, prefix and
    /// suffix) and its rules for absent parts. Still one allocation per key.</summary>
    /// <typeparam name="T1">The type of the inner shape's part 1.</typeparam>
    /// <typeparam name="T2">The type of the inner shape's part 2.</typeparam>
    /// <typeparam name="T3">The type of the inner shape's part 3.</typeparam>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="shape">The inner shape.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="shape"/> is null.</exception>
    public static KeyPart<(T1, T2, T3)> Shape<T1, T2, T3>(string name, KeyShape<T1, T2, T3> shape)
    {
        if (shape is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(shape));
        }

        return new ShapeKeyPart<T1, T2, T3>(name, shape);
    }

    /// <summary>A whole shape as one part of a larger shape: how a key gets more than six parts. The value is a tuple
    /// of the inner shape's values; the inner shape writes its own literals (template labels or separators, prefix and
    /// suffix) and its rules for absent parts. Still one allocation per key.</summary>
    /// <typeparam name="T1">The type of the inner shape's part 1.</typeparam>
    /// <typeparam name="T2">The type of the inner shape's part 2.</typeparam>
    /// <typeparam name="T3">The type of the inner shape's part 3.</typeparam>
    /// <typeparam name="T4">The type of the inner shape's part 4.</typeparam>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="shape">The inner shape.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="shape"/> is null.</exception>
    public static KeyPart<(T1, T2, T3, T4)> Shape<T1, T2, T3, T4>(string name, KeyShape<T1, T2, T3, T4> shape)
    {
        if (shape is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(shape));
        }

        return new ShapeKeyPart<T1, T2, T3, T4>(name, shape);
    }

    /// <summary>A whole shape as one part of a larger shape: how a key gets more than six parts. The value is a tuple
    /// of the inner shape's values; the inner shape writes its own literals (template labels or separators, prefix and
    /// suffix) and its rules for absent parts. Still one allocation per key.</summary>
    /// <typeparam name="T1">The type of the inner shape's part 1.</typeparam>
    /// <typeparam name="T2">The type of the inner shape's part 2.</typeparam>
    /// <typeparam name="T3">The type of the inner shape's part 3.</typeparam>
    /// <typeparam name="T4">The type of the inner shape's part 4.</typeparam>
    /// <typeparam name="T5">The type of the inner shape's part 5.</typeparam>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="shape">The inner shape.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="shape"/> is null.</exception>
    public static KeyPart<(T1, T2, T3, T4, T5)> Shape<T1, T2, T3, T4, T5>(string name, KeyShape<T1, T2, T3, T4, T5> shape)
    {
        if (shape is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(shape));
        }

        return new ShapeKeyPart<T1, T2, T3, T4, T5>(name, shape);
    }

    /// <summary>A whole shape as one part of a larger shape: how a key gets more than six parts. The value is a tuple
    /// of the inner shape's values; the inner shape writes its own literals (template labels or separators, prefix and
    /// suffix) and its rules for absent parts. Still one allocation per key.</summary>
    /// <typeparam name="T1">The type of the inner shape's part 1.</typeparam>
    /// <typeparam name="T2">The type of the inner shape's part 2.</typeparam>
    /// <typeparam name="T3">The type of the inner shape's part 3.</typeparam>
    /// <typeparam name="T4">The type of the inner shape's part 4.</typeparam>
    /// <typeparam name="T5">The type of the inner shape's part 5.</typeparam>
    /// <typeparam name="T6">The type of the inner shape's part 6.</typeparam>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="shape">The inner shape.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="shape"/> is null.</exception>
    public static KeyPart<(T1, T2, T3, T4, T5, T6)> Shape<T1, T2, T3, T4, T5, T6>(string name, KeyShape<T1, T2, T3, T4, T5, T6> shape)
    {
        if (shape is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(shape));
        }

        return new ShapeKeyPart<T1, T2, T3, T4, T5, T6>(name, shape);
    }

    private static KeyTextNormalizer Compile(KeyTextRules rules, string name)
    {
        if (rules is null)
        {
            throw new ArgumentNullException(nameof(rules), "Key part '" + name + "' needs a rule set; use KeyTextRules.None for text kept as is.");
        }

        return new KeyTextNormalizer(rules);
    }
}
