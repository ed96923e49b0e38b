using System;

namespace FastText;

/// <summary>
/// The pooled arrays an interpolated-string handler is writing into on this thread. A builder that grows or is
/// disposed while a handler still writes into its array (only possible when a hole changes the builder, or with a
/// hand-made handler) must not give that array back to the pool, or the handler would write into memory another
/// renter owns: it leaves it to the garbage collector instead.
/// </summary>
/// <remarks>
/// Thread-static is exact here: a builder and its handlers are ref structs, so they live on one thread's stack.
/// Only handlers over a rented array register (one that writes into a caller's buffer has nothing to protect), so
/// the common stackalloc case never touches this. A handler whose hole threw never unregisters; its entry is
/// dropped when the builder lets the array go or when newer entries push it out of the fixed ring (which then
/// only means that array may go back to the pool, as it would have without the handler).
/// </remarks>
internal static class LentArrays
{
    private const int Capacity = 16;

    [ThreadStatic]
    private static char[]?[]? t_lent;

    [ThreadStatic]
    private static int t_next;

    [ThreadStatic]
    private static int t_count;

    /// <summary>Records that a handler writes into <paramref name="array"/> (nesting records it again).</summary>
    public static void Lend(char[] array)
    {
        char[]?[] lent = t_lent ??= new char[]?[Capacity];
        int slot = t_next;
        if (lent[slot] is null)
        {
            t_count++;
        }

        lent[slot] = array;
        t_next = (slot + 1) % Capacity;
    }

    /// <summary>Forgets one record of <paramref name="array"/>, if any.</summary>
    /// <returns>Whether a record was found.</returns>
    public static bool TryUnlend(char[] array)
    {
        if (t_count == 0)
        {
            return false;
        }

        char[]?[] lent = t_lent!;
        for (int i = 0; i < lent.Length; i++)
        {
            if (ReferenceEquals(lent[i], array))
            {
                lent[i] = null;
                t_count--;
                return true;
            }
        }

        return false;
    }
}
