using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Finds the fields of the line at the front of a buffer in one left-to-right pass that looks for the separator
/// and the line terminator together: the scanner behind every <see cref="TsvReader"/> read. The vectorized part
/// (TsvLineScan.Net8.cs) takes whole 64-byte chunks; this file holds the scalar part, which finishes what the
/// vectors leave (the bytes after the last whole chunk) and is the whole scanner without SIMD.
/// </summary>
/// <remarks>
/// Results: the index of the line terminator; <c>data.Length</c> when the data ends without one and
/// <c>isFinal</c> says no more follows (the last line); -1 when it ends without one and more may follow (the
/// recorded fields are then meaningless). Only bytes inside <c>data</c> are read.
/// </remarks>
internal static partial class TsvLineScan
{
    // One 64-bit mask per byte value covers a chunk, so a chunk is one word to walk with TrailingZeroCount.
    internal const int ChunkSize = 64;

    /// <summary>Every path this process can run, for the tests (the scalar one always).</summary>
    public static TsvScanPath[] Paths
    {
        get
        {
            var paths = new System.Collections.Generic.List<TsvScanPath> { TsvScanPath.Scalar };
            if (IsSupported(TsvScanPath.Vector128))
            {
                paths.Add(TsvScanPath.Vector128);
            }

            if (IsSupported(TsvScanPath.Vector256))
            {
                paths.Add(TsvScanPath.Vector256);
            }

            if (IsSupported(TsvScanPath.Vector512))
            {
                paths.Add(TsvScanPath.Vector512);
            }

            return paths.ToArray();
        }
    }

    /// <summary>
    /// <see cref="SelectColumns(ReadOnlySpan{byte}, byte, byte, int[], int[], int[], bool, TsvScanPath, out int)"/> on <see cref="Best"/>: what the reader calls, once per line. A call of its own so
    /// that the reader's fast path stays small enough to inline into a caller's row loop (inlined, the scan made
    /// Dynamic PGO compile such a loop with the row constructor and Span.Slice out of line), while the kernel inlines
    /// here with the path a constant, so no chunk tests it.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int SelectColumnsOnBestPath(
        ReadOnlySpan<byte> data, byte separator, byte terminator, int[] sortedColumns, int[] starts, int[] lengths, bool isFinal, out int found) =>
        SelectColumns(data, separator, terminator, sortedColumns, starts, lengths, isFinal, Best, out found);

    /// <summary>
    /// <see cref="SelectColumnsOnBestPath"/> that also counts the line's fields (<paramref name="fieldCount"/>: its
    /// separators plus one), for <see cref="TsvOptions.ColumnCountCheck"/>. A kernel of its own, so a reader that
    /// checks nothing runs the scan above unchanged: with the flag a constant, the JIT drops every counting step there.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int SelectColumnsCountingOnBestPath(
        ReadOnlySpan<byte> data, byte separator, byte terminator, int[] sortedColumns, int[] starts, int[] lengths, bool isFinal, out int found, out int fieldCount) =>
        SelectColumns(data, separator, terminator, sortedColumns, starts, lengths, isFinal, Best, countFields: true, out found, out fieldCount);

    /// <summary><see cref="AllFields"/> on <see cref="Best"/>, a call of its own (see <see cref="SelectColumnsOnBestPath"/>).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static int AllFieldsOnBestPath(
        ReadOnlySpan<byte> data, byte separator, byte terminator, ref int[] starts, ref int[] lengths, bool isFinal, out int count) =>
        AllFields(data, separator, terminator, ref starts, ref lengths, isFinal, Best, out count);

    /// <summary>
    /// Records the fields at the ascending file columns <paramref name="sortedColumns"/> (starts and lengths, in
    /// that order, the first <paramref name="found"/> of them present) and stops looking for separators after the
    /// last one: the rest of the line is searched for the terminator alone.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int SelectColumns(
        ReadOnlySpan<byte> data,
        byte separator,
        byte terminator,
        int[] sortedColumns,
        int[] starts,
        int[] lengths,
        bool isFinal,
        TsvScanPath path,
        out int found) =>
        SelectColumns(data, separator, terminator, sortedColumns, starts, lengths, isFinal, path, countFields: false, out found, out _);

    /// <summary>
    /// <see cref="SelectColumns(ReadOnlySpan{byte}, byte, byte, int[], int[], int[], bool, TsvScanPath, out int)"/>;
    /// with <paramref name="countFields"/> (a constant at every call) also the line's field count in
    /// <paramref name="fieldCount"/> (0 without it). Counting rides on the scan: up to the last selected column the
    /// scan already knows the column it is in; after it, the chunks compute the separator mask beside the
    /// terminator mask and add its population count (one compare and one popcnt per 64 bytes), and the scalar tail
    /// counts the separators of what is left of the line with one vectorized count.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int SelectColumns(
        ReadOnlySpan<byte> data,
        byte separator,
        byte terminator,
        int[] sortedColumns,
        int[] starts,
        int[] lengths,
        bool isFinal,
        TsvScanPath path,
        bool countFields,
        out int found,
        out int fieldCount) =>
        IsPrefix(sortedColumns)
            ? SelectColumns(data, separator, terminator, sortedColumns, starts, lengths, isFinal, path, countFields, prefix: true, out found, out fieldCount)
            : SelectColumns(data, separator, terminator, sortedColumns, starts, lengths, isFinal, path, countFields, prefix: false, out found, out fieldCount);

    /// <summary>
    /// True when <paramref name="sortedColumns"/> (ascending, distinct) are the first columns of the line, 0 to
    /// Length - 1: every separator up to the last of them ends a selected field, so the chunks need no column test.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool IsPrefix(int[] sortedColumns) => sortedColumns.Length > 0 && sortedColumns[sortedColumns.Length - 1] == sortedColumns.Length - 1;

    // The kernel with the selection's shape a constant at each call: each shape compiles to its own loop, so neither
    // carries the other's variables (with both in one loop, the sparse walk kept its masks and column in memory).
    // The whole method is instantiated twice, scalar tail included: doubling only the kernel call, with the tail's
    // locals shared by both instances, left the int + double read at 5.6-6.4 ms against 4.0 ms in a scratch loop.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int SelectColumns(
        ReadOnlySpan<byte> data,
        byte separator,
        byte terminator,
        int[] sortedColumns,
        int[] starts,
        int[] lengths,
        bool isFinal,
        TsvScanPath path,
        bool countFields,
        bool prefix,
        out int found,
        out int fieldCount)
    {
        // A local, not the out parameter, so the loop below keeps it in a register instead of memory (a store and a
        // load per field otherwise); it is copied out at every return.
        int recorded = 0;
        int position = 0;
        int column = 0;
        fieldCount = 0;
        if (path != TsvScanPath.Scalar && TrySelectColumnsVectorized(data, separator, terminator, path, sortedColumns, starts, lengths, countFields, prefix, ref position, ref column, ref recorded, out int lineEnd, out fieldCount))
        {
            found = recorded;
            return lineEnd;
        }

        // Resume where the chunks stopped: no separator or terminator lies in [position, the last chunk's end)
        // that has not been accounted for, so the field at position is column `column` (with countFields, also
        // after the last selected column: `column` separators precede position).
        while (true)
        {
            if (recorded == sortedColumns.Length)
            {
                int rest = data.Slice(position).IndexOf(terminator);
                int end = rest >= 0 ? position + rest : isFinal ? data.Length : -1;
                if (countFields && end >= 0)
                {
                    fieldCount = column + CountOf(data.Slice(position, end - position), separator) + 1;
                }

                found = recorded;
                return end;
            }

            int length = data.Slice(position).IndexOfAny(separator, terminator);
            if (length < 0)
            {
                if (!isFinal)
                {
                    found = recorded;
                    return -1;
                }

                if (column == sortedColumns[recorded])
                {
                    starts[recorded] = position;
                    lengths[recorded] = data.Length - position;
                    recorded++;
                }

                if (countFields)
                {
                    fieldCount = column + 1;
                }

                found = recorded;
                return data.Length;
            }

            if (column == sortedColumns[recorded])
            {
                starts[recorded] = position;
                lengths[recorded] = length;
                recorded++;
            }

            int stop = position + length;
            if (data[stop] == terminator)
            {
                if (countFields)
                {
                    fieldCount = column + 1;
                }

                found = recorded;
                return stop;
            }

            position = stop + 1;
            column++;
        }
    }

    /// <summary>
    /// Records every field of the line (field i at index i), growing <paramref name="starts"/> and
    /// <paramref name="lengths"/> when the line has more fields than they hold; <paramref name="count"/> is the
    /// field count (an empty line has one empty field).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int AllFields(
        ReadOnlySpan<byte> data,
        byte separator,
        byte terminator,
        ref int[] starts,
        ref int[] lengths,
        bool isFinal,
        TsvScanPath path,
        out int count)
    {
        int position = 0;
        int recorded = 0;
        if (path != TsvScanPath.Scalar)
        {
            while (true)
            {
                if (TryAllFieldsVectorized(data, separator, terminator, path, starts, lengths, ref position, ref recorded, out int lineEnd, out bool needsRoom))
                {
                    count = recorded;
                    return lineEnd;
                }

                if (!needsRoom)
                {
                    break;
                }

                // Room for a whole chunk's fields (at most one per byte) and the terminator's.
                Grow(ref starts, ref lengths, recorded + ChunkSize + 1);
            }
        }

        while (true)
        {
            int length = data.Slice(position).IndexOfAny(separator, terminator);
            if (length < 0 && !isFinal)
            {
                count = recorded;
                return -1;
            }

            int stop = length < 0 ? data.Length : position + length;
            EnsureCapacity(ref starts, ref lengths, recorded + 1);
            starts[recorded] = position;
            lengths[recorded] = stop - position;
            recorded++;
            if (length < 0 || data[stop] == terminator)
            {
                count = recorded;
                return stop;
            }

            position = stop + 1;
        }
    }

    private static void EnsureCapacity(ref int[] starts, ref int[] lengths, int needed)
    {
        if (needed > starts.Length)
        {
            Grow(ref starts, ref lengths, needed);
        }
    }

    private static void Grow(ref int[] starts, ref int[] lengths, int needed)
    {
        int grown = Math.Max(Math.Max(16, needed), starts.Length * 2);
        Array.Resize(ref starts, grown);
        Array.Resize(ref lengths, grown);
    }
}
