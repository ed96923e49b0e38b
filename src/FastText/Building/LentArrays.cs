using System;

namespace FastText;

/// <summary>
/// The pooled arrays an interpolated-string handler is writing into on this thread. A builder that grows or is
/// disposed while a handler still writes into its array (only possible when a hole changes the builder, or with a
/// hand-made handler) must not give that array back to the pool, or the handler would write into memory another
/// renter owns: it leaves it to the garbage collector instead.
/// </summary>
/// <remarks>
/// <para>Thread-static is exact here: a builder and its handlers are ref structs, so they live on one thread's stack.
/// Only handlers over a rented array register (one that writes into a caller's buffer has nothing to protect), so
/// the common stackalloc case never touches this.</para>
/// <para>Every live handler holds one record of its own (a slot and a serial number, its ticket), and only that
/// handler's completion frees it: a record is never overwritten or pushed out by other handlers, however many
/// complete inside a hole, and completing the same (hand-made) handler twice frees nothing the second time. A
/// handler whose hole threw never completes; its record stays until the builder lets the array go (which then goes
/// to the garbage collector). Letting an array go drops every record of it.</para>
/// <para>When no slot is free, records of the same array are merged into one that no completion frees (the array
/// then stays protected until its builder lets it go), and if that frees nothing the table doubles, up to
/// <see cref="MaximumCapacity"/> slots. Past that (thousands of handlers alive at once, or of builders abandoned
/// undisposed after a throwing hole) the thread is saturated for good: from then on every char array a builder on
/// this thread lets go is left to the garbage collector, never returned to the pool, since any of them might still be
/// lent.</para>
/// </remarks>
internal static class LentArrays
{
    /// <summary>The slots a thread starts with.</summary>
    internal const int InitialCapacity = 16;

    /// <summary>The most slots a thread's table grows to before it saturates.</summary>
    internal const int MaximumCapacity = 1024;

    [ThreadStatic]
    private static Table? t_table;

    /// <summary>The test hook: whether this thread's table overflowed for good (every released array goes to the GC).</summary>
    internal static bool SaturatedForTests => t_table?.Saturated ?? false;

    /// <summary>The test hook: the records this thread holds.</summary>
    internal static int RecordsForTests => t_table?.Used ?? 0;

    /// <summary>The test hook: forgets this thread's records and saturation (only between tests, with no handler alive).</summary>
    internal static void ResetForTests() => t_table = null;

    /// <summary>Records that a handler writes into <paramref name="array"/>.</summary>
    /// <param name="array">The builder's rented array.</param>
    /// <param name="slot">The record's slot, for <see cref="Unlend"/>.</param>
    /// <returns>The record's serial (its ticket, for <see cref="Unlend"/>); 0 when the thread is saturated.</returns>
    public static int Lend(char[] array, out int slot)
    {
        Table table = t_table ??= new Table();
        char[]?[] arrays = table.Arrays;
        int free = -1;
        if (table.Used < arrays.Length)
        {
            for (int i = 0; i < arrays.Length; i++)
            {
                if (arrays[i] is null)
                {
                    free = i;
                    break;
                }
            }
        }

        if (free < 0)
        {
            free = table.MakeRoom();
            if (free < 0)
            {
                slot = -1;
                return 0;
            }

            arrays = table.Arrays;
        }

        int serial = ++table.LastSerial;
        if (serial <= 0)
        {
            serial = table.LastSerial = 1;
        }

        arrays[free] = array;
        table.Serials[free] = serial;
        table.Used++;
        slot = free;
        return serial;
    }

    /// <summary>Frees the record a completed handler got from <see cref="Lend"/>, if it is still its own.</summary>
    /// <param name="array">The array the handler was lent.</param>
    /// <param name="slot">The slot <see cref="Lend"/> gave.</param>
    /// <param name="serial">The serial <see cref="Lend"/> returned.</param>
    public static void Unlend(char[] array, int slot, int serial)
    {
        Table? table = t_table;
        if (serial == 0 || table is null || (uint)slot >= (uint)table.Arrays.Length)
        {
            return;
        }

        if (table.Serials[slot] == serial && ReferenceEquals(table.Arrays[slot], array))
        {
            table.Arrays[slot] = null;
            table.Serials[slot] = 0;
            table.Used--;
        }
    }

    /// <summary>Drops every record of <paramref name="array"/>, which its builder is letting go.</summary>
    /// <returns>Whether the array may still be lent to a handler, so it must not go back to the pool.</returns>
    public static bool Forget(char[] array)
    {
        Table? table = t_table;
        if (table is null)
        {
            return false;
        }

        bool found = false;
        if (table.Used != 0)
        {
            char[]?[] arrays = table.Arrays;
            for (int i = 0; i < arrays.Length; i++)
            {
                if (ReferenceEquals(arrays[i], array))
                {
                    arrays[i] = null;
                    table.Serials[i] = 0;
                    table.Used--;
                    found = true;
                }
            }
        }

        return found || table.Saturated;
    }

    private sealed class Table
    {
        public char[]?[] Arrays = new char[]?[InitialCapacity];

        // The ticket of each slot's record; 0 for a merged record, which only Forget drops.
        public int[] Serials = new int[InitialCapacity];

        public int Used;

        public int LastSerial;

        public bool Saturated;

        /// <summary>Frees a slot by merging records of the same array, or by doubling the table.</summary>
        /// <returns>A free slot, or -1 when the table is saturated.</returns>
        public int MakeRoom()
        {
            if (Saturated)
            {
                return -1;
            }

            int free = -1;
            for (int i = 0; i < Arrays.Length; i++)
            {
                char[]? array = Arrays[i];
                if (array is null)
                {
                    continue;
                }

                for (int j = i + 1; j < Arrays.Length; j++)
                {
                    if (ReferenceEquals(Arrays[j], array))
                    {
                        Arrays[j] = null;
                        Serials[j] = 0;
                        Serials[i] = 0; // merged: only letting the array go drops it
                        Used--;
                        if (free < 0)
                        {
                            free = j;
                        }
                    }
                }
            }

            if (free >= 0)
            {
                return free;
            }

            if (Arrays.Length >= MaximumCapacity)
            {
                Saturated = true;
                return -1;
            }

            int length = Arrays.Length;
            Array.Resize(ref Arrays, length * 2);
            Array.Resize(ref Serials, length * 2);
            return length;
        }
    }
}
