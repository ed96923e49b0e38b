using System;
using System.Runtime.CompilerServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// The plain shapes of the common types, parsed by the library with the result the type's own invariant parser
/// (<c>T.TryParse(text, CultureInfo.InvariantCulture, out value)</c>) gives on them, for <see cref="TsvRow.Parse{T}(int, IFormatProvider?)"/>
/// and <see cref="TsvRow.ParseChars{T}(int, IFormatProvider?)"/>: integers as an optional '-' (signed types) and
/// digits, floating point as <see cref="DecimalFloat"/> reads it, decimals as an optional '-', digits and a fraction,
/// bool as "true" or "false" in any case, dates and times in the ISO 8601 forms whose meaning does not depend on the
/// machine's time zone, Guids in the 'D' form. False means "not a plain shape": the caller asks <c>T</c> itself,
/// which also decides every failure, so what is accepted and what it parses to stay exactly the type's own.
/// Each branch is a JIT-time constant for a value type <c>T</c>; the others compile away.
/// </summary>
internal static class TsvPlainParse
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool TryParse<T>(ReadOnlySpan<byte> text, out T value)
    {
        value = default!;
        if (typeof(T) == typeof(double))
        {
            return DecimalFloat.TryParseDouble(text, out Unsafe.As<T, double>(ref value));
        }

        if (typeof(T) == typeof(float))
        {
            return DecimalFloat.TryParseSingle(text, out Unsafe.As<T, float>(ref value));
        }

        if (typeof(T) == typeof(int))
        {
            return TryParseSigned(text, int.MinValue, int.MaxValue, out long parsed) && GenericStore.Into((int)parsed, ref value);
        }

        if (typeof(T) == typeof(long))
        {
            return TsvNumberText.TryParseWholeInt64(text, out Unsafe.As<T, long>(ref value));
        }

        if (typeof(T) == typeof(short))
        {
            return TryParseSigned(text, short.MinValue, short.MaxValue, out long parsed) && GenericStore.Into((short)parsed, ref value);
        }

        if (typeof(T) == typeof(sbyte))
        {
            return TryParseSigned(text, sbyte.MinValue, sbyte.MaxValue, out long parsed) && GenericStore.Into((sbyte)parsed, ref value);
        }

        if (typeof(T) == typeof(ulong))
        {
            return TsvNumberText.TryParseWholeUInt64(text, out Unsafe.As<T, ulong>(ref value));
        }

        if (typeof(T) == typeof(uint))
        {
            return TryParseUnsigned(text, uint.MaxValue, out ulong parsed) && GenericStore.Into((uint)parsed, ref value);
        }

        if (typeof(T) == typeof(ushort))
        {
            return TryParseUnsigned(text, ushort.MaxValue, out ulong parsed) && GenericStore.Into((ushort)parsed, ref value);
        }

        if (typeof(T) == typeof(byte))
        {
            return TryParseUnsigned(text, byte.MaxValue, out ulong parsed) && GenericStore.Into((byte)parsed, ref value);
        }

        if (typeof(T) == typeof(decimal))
        {
            return TsvNumberText.TryParsePlainDecimal(text, out Unsafe.As<T, decimal>(ref value));
        }

        if (typeof(T) == typeof(bool))
        {
            return TsvBooleanText.TryParse(text, out Unsafe.As<T, bool>(ref value));
        }

        if (typeof(T) == typeof(DateTime))
        {
            return TsvRow.TryParseIsoDateTimeWithoutZone(text, out Unsafe.As<T, DateTime>(ref value));
        }

        if (typeof(T) == typeof(DateTimeOffset))
        {
            return TsvRow.TryParseIsoDateTimeOffsetWithZone(text, out Unsafe.As<T, DateTimeOffset>(ref value));
        }

        if (typeof(T) == typeof(DateOnly))
        {
            return TsvRow.TryParseIsoDate(text, out Unsafe.As<T, DateOnly>(ref value));
        }

        if (typeof(T) == typeof(TimeOnly))
        {
            return TsvRow.TryParseIsoTime(text, out Unsafe.As<T, TimeOnly>(ref value));
        }

        if (typeof(T) == typeof(Guid))
        {
            return TsvGuidText.TryParseDashed(text, out Unsafe.As<T, Guid>(ref value));
        }

        return false;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseSigned(ReadOnlySpan<byte> text, long minimum, long maximum, out long value) =>
        TsvNumberText.TryParseShortInteger(text, TsvNumberText.SafeInt64Digits, out value) && value >= minimum && value <= maximum;

    // Digits only: "-0" is a valid unsigned value to the runtime, so any sign is left to it.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryParseUnsigned(ReadOnlySpan<byte> text, ulong maximum, out ulong value) =>
        TsvNumberText.TryParseDigits(text, TsvNumberText.SafeUInt64Digits, out value) && value <= maximum;
}
