using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// An enum part written as the name of its value (optionally lower-cased), or, for a value with no name of its own
/// (an undefined value or a combination of flags), as its underlying number in invariant decimal. The names are looked
/// up once, at declaration, so a build neither boxes nor calls Enum.ToString.
/// </summary>
internal sealed partial class EnumKeyPart<TEnum> : KeyPart<TEnum>
    where TEnum : struct, Enum
{
    private readonly Dictionary<ulong, string> _names = new();
    private readonly bool _signed;

    internal EnumKeyPart(string name, bool lowerCase)
        : base(name)
    {
        Type underlying = Enum.GetUnderlyingType(typeof(TEnum));
        _signed = underlying == typeof(sbyte) || underlying == typeof(short) || underlying == typeof(int) || underlying == typeof(long);
        foreach (TEnum value in DeclaredValues())
        {
            ulong key = Bits(value);
            if (!_names.ContainsKey(key))
            {
                // ToString picks one name when several share a value; using it keeps the part equal to ToString.
                string text = value.ToString();
                _names.Add(key, lowerCase ? text.ToLowerInvariant() : text);
            }
        }
    }

    internal override int Measure(TEnum value, out int plan)
    {
        plan = 0;
        ulong bits = Bits(value);
        if (_names.TryGetValue(bits, out string? text))
        {
            return text.Length;
        }

        long signed = Signed(bits);
        return signed < 0 ? DecimalDigits.Count(0UL - (ulong)signed) + 1 : DecimalDigits.Count(_signed ? (ulong)signed : bits);
    }

    internal override void Write(TEnum value, int plan, Span<char> destination)
    {
        ulong bits = Bits(value);
        if (_names.TryGetValue(bits, out string? text))
        {
            KeyLayout.WriteLiteral(text, destination, 0);
            return;
        }

        long signed = Signed(bits);
        if (signed < 0)
        {
            destination[0] = '-';
            DecimalDigits.WriteRightAligned(0UL - (ulong)signed, destination);
        }
        else
        {
            DecimalDigits.WriteRightAligned(_signed ? (ulong)signed : bits, destination);
        }
    }

    /// <summary>The value sign-extended when the underlying type is signed; only meaningful then.</summary>
    private long Signed(ulong bits)
    {
        if (!_signed)
        {
            return 0;
        }

        int shift = 64 - (8 * Unsafe.SizeOf<TEnum>());
        return (long)(bits << shift) >> shift;
    }

    private static ulong Bits(TEnum value) => Unsafe.SizeOf<TEnum>() switch
    {
        1 => Unsafe.As<TEnum, byte>(ref value),
        2 => Unsafe.As<TEnum, ushort>(ref value),
        4 => Unsafe.As<TEnum, uint>(ref value),
        _ => Unsafe.As<TEnum, ulong>(ref value),
    };
}
