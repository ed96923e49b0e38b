using System;
using System.Runtime.CompilerServices;
using System.Text;

namespace FastText;

/// <summary>
/// Equality on net8.0: the runtime's <see cref="Ascii"/> compares with Vector128/256/512 and is already load-bound,
/// so this build calls it (the netstandard2.0 build has its own Vector&lt;T&gt; implementation).
/// </summary>
internal static class AsciiEquality
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equals(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, bool ignoreCase) =>
        ignoreCase ? Ascii.EqualsIgnoreCase(left, right) : Ascii.Equals(left, right);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equals(ReadOnlySpan<byte> left, ReadOnlySpan<char> right, bool ignoreCase) =>
        ignoreCase ? Ascii.EqualsIgnoreCase(left, right) : Ascii.Equals(left, right);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Equals(ReadOnlySpan<char> left, ReadOnlySpan<char> right, bool ignoreCase) =>
        ignoreCase ? Ascii.EqualsIgnoreCase(left, right) : Ascii.Equals(left, right);
}
