using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Copies a key's value into its composer. A 16-byte value without references (a Guid, a DateTimeOffset) arrives in
/// two 8-byte registers, which the method's frame spills as two 8-byte stores; copied as a whole it is one 16-byte
/// load, which the processor cannot forward from two pending stores, so it waits until they reach the cache. Copied
/// as two 8-byte halves, each load is forwarded from its store.
/// </summary>
internal static class KeyValueCopy
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Copy<T>(ref T destination, in T source)
    {
        // Both tests are constants for each value type the JIT compiles this for; reference types take the assignment.
        if (!RuntimeHelpers.IsReferenceOrContainsReferences<T>() && Unsafe.SizeOf<T>() == 2 * sizeof(ulong))
        {
            ref ulong to = ref Unsafe.As<T, ulong>(ref destination);
            ref ulong from = ref Unsafe.As<T, ulong>(ref Unsafe.AsRef(in source));
            to = from;
            Unsafe.Add(ref to, 1) = Unsafe.Add(ref from, 1);
        }
        else
        {
            destination = source;
        }
    }
}
