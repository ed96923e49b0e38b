using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Copies a key's value into its composer. netstandard2.0 cannot ask whether a type holds references, so every value
/// is assigned whole (the net8.0 build copies 16-byte values by halves: KeyValueCopy.Net8.cs).
/// </summary>
internal static class KeyValueCopy
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Copy<T>(ref T destination, in T source) => destination = source;
}
