using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// The ownership stamp both builders (<see cref="ValueStringBuilder"/>, <see cref="Utf8ValueStringBuilder"/>) write
/// into the arrays they rent, so that copies of a builder never return a pooled array twice.
/// </summary>
/// <remarks>
/// Copies of a builder (<c>var b2 = b;</c>, a by-value parameter) share its rented array but not its fields, so the
/// only place they can learn that another copy already gave the array back is the array itself. Every array a
/// builder rents carries, in its last <see cref="Bytes"/> bytes (outside the span the builder writes into), a stamp
/// that no other live builder holds; the builder keeps the same stamp in a field. Letting the array go first checks
/// the stamp and then clears it, so of all the copies only the first one to let go returns the array, and any later
/// one finds a different stamp: at worst that of the array's next renter, which is another stamp, never its own. A
/// caller's buffer carries no stamp: the stackalloc path never pays for this. One stamp sequence per thread
/// (<see cref="BuilderThreadState.NextStamp"/>) serves both builders, so no char builder and byte builder share a
/// stamp either.
/// </remarks>
internal static class OwnershipStamp
{
    /// <summary>The bytes at the end of every rented array that hold its stamp.</summary>
    public const int Bytes = sizeof(long);

    /// <summary>Stamps a freshly rented <paramref name="array"/> with this thread's next stamp.</summary>
    /// <returns>The stamp, for the builder to keep.</returns>
    public static long Stamp<T>(T[] array, BuilderThreadState state)
        where T : unmanaged
    {
        long stamp = state.NextStamp();
        Unsafe.WriteUnaligned(ref Slot(array), stamp);
        return stamp;
    }

    /// <summary>Whether <paramref name="array"/> still carries <paramref name="stamp"/>: no copy of its holder let it go.</summary>
    public static bool Holds<T>(T[] array, long stamp)
        where T : unmanaged => Unsafe.ReadUnaligned<long>(ref Slot(array)) == stamp;

    /// <summary>Clears the stamp before the array goes back, so no copy of its holder can return it later.</summary>
    public static void Clear<T>(T[] array)
        where T : unmanaged => Unsafe.WriteUnaligned(ref Slot(array), 0L);

    private static ref byte Slot<T>(T[] array)
        where T : unmanaged => ref Unsafe.As<T, byte>(ref array[array.Length - (Bytes / Unsafe.SizeOf<T>())]);
}
