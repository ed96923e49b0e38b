using System.Runtime.CompilerServices;

namespace FastText.Internal;

/// <summary>
/// The last step of a parse generic over its result type: a branch that has tested <c>typeof(T) == typeof(TValue)</c>
/// (a JIT-time constant) stores its <c>TValue</c> into the caller's <c>T</c> without a box, and returns true so the
/// branch reads as one expression (<c>TryParse(...) &amp;&amp; GenericStore.Into(...)</c>).
/// </summary>
internal static class GenericStore
{
    /// <summary>Writes <paramref name="value"/> into <paramref name="destination"/>, whose type is <typeparamref name="TValue"/>; true.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static bool Into<TValue, T>(TValue value, ref T destination)
    {
        Unsafe.As<T, TValue>(ref destination) = value;
        return true;
    }
}
