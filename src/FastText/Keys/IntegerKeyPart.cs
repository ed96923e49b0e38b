using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// An integer part written in invariant decimal ('-' sign, no separators), as <c>value.ToString(CultureInfo.InvariantCulture)</c>.
/// The type tests fold away when the JIT specializes this class for each value type, so there is no boxing.
/// </summary>
internal sealed class IntegerKeyPart<T> : KeyPart<T>
    where T : unmanaged
{
    internal IntegerKeyPart(string name)
        : base(name)
    {
    }

    internal override int Measure(T value, out int plan)
    {
        plan = 0;
        bool negative = Split(value, out ulong magnitude);
        return DecimalDigits.Count(magnitude) + (negative ? 1 : 0);
    }

    internal override void Write(T value, int plan, Span<char> destination)
    {
        if (Split(value, out ulong magnitude))
        {
            destination[0] = '-';
        }

        DecimalDigits.WriteRightAligned(magnitude, destination);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool Split(T value, out ulong magnitude)
    {
        long signed;
        if (typeof(T) == typeof(byte))
        {
            magnitude = Unsafe.As<T, byte>(ref value);
            return false;
        }

        if (typeof(T) == typeof(ushort))
        {
            magnitude = Unsafe.As<T, ushort>(ref value);
            return false;
        }

        if (typeof(T) == typeof(uint))
        {
            magnitude = Unsafe.As<T, uint>(ref value);
            return false;
        }

        if (typeof(T) == typeof(ulong))
        {
            magnitude = Unsafe.As<T, ulong>(ref value);
            return false;
        }

        if (typeof(T) == typeof(nuint))
        {
            magnitude = Unsafe.As<T, nuint>(ref value);
            return false;
        }

        if (typeof(T) == typeof(sbyte))
        {
            signed = Unsafe.As<T, sbyte>(ref value);
        }
        else if (typeof(T) == typeof(short))
        {
            signed = Unsafe.As<T, short>(ref value);
        }
        else if (typeof(T) == typeof(int))
        {
            signed = Unsafe.As<T, int>(ref value);
        }
        else if (typeof(T) == typeof(long))
        {
            signed = Unsafe.As<T, long>(ref value);
        }
        else
        {
            signed = Unsafe.As<T, nint>(ref value);
        }

        // Negating in unsigned arithmetic keeps long.MinValue exact.
        magnitude = signed < 0 ? 0UL - (ulong)signed : (ulong)signed;
        return signed < 0;
    }
}
