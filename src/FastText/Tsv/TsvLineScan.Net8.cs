using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace FastText;

internal static partial class TsvLineScan
{
    /// <summary>How far ahead of the chunk being scanned <see cref="PrefetchAhead"/> asks for the data.</summary>
    private const int PrefetchDistance = 4096;

    /// <summary>The path the reader takes: the widest the hardware accelerates.</summary>
    public static TsvScanPath Best =>
        Vector512.IsHardwareAccelerated ? TsvScanPath.Vector512 :
        Vector256.IsHardwareAccelerated ? TsvScanPath.Vector256 :
        Vector128.IsHardwareAccelerated ? TsvScanPath.Vector128 :
        TsvScanPath.Scalar;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool IsSupported(TsvScanPath path) => path switch
    {
        TsvScanPath.Vector512 => Vector512.IsHardwareAccelerated,
        TsvScanPath.Vector256 => Vector256.IsHardwareAccelerated,
        TsvScanPath.Vector128 => Vector128.IsHardwareAccelerated,
        _ => true,
    };

    /// <summary>
    /// The chunk part of <see cref="SelectColumns(ReadOnlySpan{byte}, byte, byte, int[], int[], int[], bool, TsvScanPath, bool, out int, out int)"/> (<paramref name="prefix"/>: <see cref="IsPrefix"/>, a constant at each call): per chunk one mask of separators and one of terminators;
    /// separators past the line's first terminator are dropped, the rest walked bit by bit. After the last
    /// selected column only the terminator mask is computed (and, when counting fields, the separator mask too). True with <paramref name="lineEnd"/> when the line
    /// ends inside the whole chunks; false with position/column/found where the scalar loop resumes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TrySelectColumnsVectorized(
        ReadOnlySpan<byte> data,
        byte separator,
        byte terminator,
        TsvScanPath path,
        int[] sortedColumns,
        int[] starts,
        int[] lengths,
        bool countFields,
        bool prefix,
        ref int position,
        ref int column,
        ref int foundSoFar,
        out int lineEnd,
        out int fieldCount)
    {
        lineEnd = 0;
        fieldCount = 0;
        if (!IsSupported(path))
        {
            return false;
        }

        // The count in a local, copied back at every return: through the ref it would live in memory, a load and a
        // store per field.
        int found = foundSoFar;

        ref byte origin = ref MemoryMarshal.GetReference(data);
        int last = data.Length - ChunkSize;
        int block = position;
        int fieldStart = position;
        int count = sortedColumns.Length;

        // Every write below is at found < count, so one check here replaces two bounds checks per field.
        if (starts.Length < count || lengths.Length < count)
        {
            foundSoFar = found;
            return false;
        }

        ref int startAt = ref MemoryMarshal.GetArrayDataReference(starts);
        ref int lengthAt = ref MemoryMarshal.GetArrayDataReference(lengths);
        if (prefix && found < count)
        {
            // The first `count` columns (all of them selected, the common "every column" case): every separator
            // ends a selected field, so the bit loop needs no column test.
            for (; block <= last; block += ChunkSize)
            {
                ulong separators = Masks(ref origin, block, data.Length, separator, terminator, path, out ulong terminators);
                ulong inLine = separators & BelowLowest(terminators);
                int inChunk = BitOperations.PopCount(inLine);
                if (found + inChunk < count)
                {
                    // None of this chunk's separators ends the last selected field (the usual chunk): no count test
                    // per field. The loop below, with that test, ran 1.3x slower in the processes whose Tier1 code
                    // left it unaligned (about one process in two); RecordFields' loop costs the same wherever it sits.
                    fieldStart = RecordFields(ref startAt, ref lengthAt, found, block, inLine, fieldStart);
                    found += inChunk;
                    inLine = 0;
                }

                while (inLine != 0)
                {
                    int at = block + BitOperations.TrailingZeroCount(inLine);
                    inLine &= inLine - 1;
                    Unsafe.Add(ref startAt, found) = fieldStart;
                    Unsafe.Add(ref lengthAt, found) = at - fieldStart;
                    found++;
                    fieldStart = at + 1;
                    if (found == count)
                    {
                        // inLine holds the line's separators left in this chunk: with the `found` already passed,
                        // the separators counted so far.
                        column = countFields ? found + BitOperations.PopCount(inLine) : found;
                        if (terminators != 0)
                        {
                            lineEnd = block + BitOperations.TrailingZeroCount(terminators);
                            fieldCount = countFields ? column + 1 : 0;
                            foundSoFar = found;
                            return true;
                        }

                        block += ChunkSize;
                        goto AllFound;
                    }
                }

                if (terminators != 0)
                {
                    int at = block + BitOperations.TrailingZeroCount(terminators);
                    Unsafe.Add(ref startAt, found) = fieldStart;
                    Unsafe.Add(ref lengthAt, found) = at - fieldStart;
                    found++;
                    lineEnd = at;
                    fieldCount = countFields ? found : 0;
                    foundSoFar = found;
                    return true;
                }
            }

            column = found;
            position = fieldStart;
            foundSoFar = found;
            return false;
        }

        if (!prefix && found < count)
        {
            int wanted = sortedColumns[found];
            for (; block <= last; block += ChunkSize)
            {
                ulong separators = Masks(ref origin, block, data.Length, separator, terminator, path, out ulong terminators);
                ulong inLine = separators & BelowLowest(terminators);

                // This chunk's separators end fields column, column + 1, ...: when none of them is the wanted one,
                // pass them all in one step instead of walking them bit by bit (the columns between selected ones).
                int inChunk = BitOperations.PopCount(inLine);
                if (column + inChunk <= wanted)
                {
                    column += inChunk;
                    fieldStart = inLine == 0 ? fieldStart : FieldAfterHighest(block, inLine);
                    inLine = 0;
                }

                while (inLine != 0)
                {
                    int at = block + BitOperations.TrailingZeroCount(inLine);
                    inLine &= inLine - 1;
                    if (column == wanted)
                    {
                        Unsafe.Add(ref startAt, found) = fieldStart;
                        Unsafe.Add(ref lengthAt, found) = at - fieldStart;
                        found++;
                        if (found == count)
                        {
                            // Separators so far: the `column + 1` up to this one, and those left in this chunk's line.
                            if (countFields)
                            {
                                column += 1 + BitOperations.PopCount(inLine);
                            }

                            if (terminators != 0)
                            {
                                lineEnd = block + BitOperations.TrailingZeroCount(terminators);
                                fieldCount = countFields ? column + 1 : 0;
                                foundSoFar = found;
                                return true;
                            }

                            block += ChunkSize;
                            goto AllFound;
                        }

                        wanted = sortedColumns[found];
                    }

                    fieldStart = at + 1;
                    column++;
                }

                if (terminators != 0)
                {
                    int at = block + BitOperations.TrailingZeroCount(terminators);
                    if (column == wanted)
                    {
                        Unsafe.Add(ref startAt, found) = fieldStart;
                        Unsafe.Add(ref lengthAt, found) = at - fieldStart;
                        found++;
                    }

                    lineEnd = at;
                    fieldCount = countFields ? column + 1 : 0;
                    foundSoFar = found;
                    return true;
                }
            }

            position = fieldStart;
            foundSoFar = found;
            return false;
        }

    AllFound:
        if (countFields)
        {
            // `column` separators lie before block: each chunk adds its own, up to the line's terminator.
            for (; block <= last; block += ChunkSize)
            {
                ulong separators = Masks(ref origin, block, data.Length, separator, terminator, path, out ulong terminators);
                if (terminators != 0)
                {
                    lineEnd = block + BitOperations.TrailingZeroCount(terminators);
                    fieldCount = column + BitOperations.PopCount(separators & BelowLowest(terminators)) + 1;
                    foundSoFar = found;
                    return true;
                }

                column += BitOperations.PopCount(separators);
            }

            position = block;
            foundSoFar = found;
            return false;
        }

        for (; block <= last; block += ChunkSize)
        {
            ulong terminators = TerminatorMask(ref origin, block, data.Length, terminator, path);
            if (terminators != 0)
            {
                lineEnd = block + BitOperations.TrailingZeroCount(terminators);
                foundSoFar = found;
                return true;
            }
        }

        position = block;
        foundSoFar = found;
        return false;
    }

    /// <summary>
    /// The chunk part of <see cref="AllFields"/> (see <see cref="TrySelectColumnsVectorized"/>). It never grows the
    /// arrays: at a chunk whose fields would not fit it stops with <paramref name="needsRoom"/>, position at the
    /// field it was in, for the caller to grow them and call again. With no call inside the loop, the chunk and field
    /// positions stay in registers.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static bool TryAllFieldsVectorized(
        ReadOnlySpan<byte> data,
        byte separator,
        byte terminator,
        TsvScanPath path,
        int[] starts,
        int[] lengths,
        ref int position,
        ref int count,
        out int lineEnd,
        out bool needsRoom)
    {
        lineEnd = 0;
        needsRoom = false;
        if (!IsSupported(path))
        {
            return false;
        }

        ref byte origin = ref MemoryMarshal.GetReference(data);
        int last = data.Length - ChunkSize;
        int fieldStart = position;
        int n = count;
        int room = Math.Min(starts.Length, lengths.Length);

        // Room is checked per chunk below for every write of that chunk: no bounds check per field.
        ref int startAt = ref MemoryMarshal.GetArrayDataReference(starts);
        ref int lengthAt = ref MemoryMarshal.GetArrayDataReference(lengths);
        for (int block = fieldStart; block <= last; block += ChunkSize)
        {
            ulong separators = Masks(ref origin, block, data.Length, separator, terminator, path, out ulong terminators);
            ulong inLine = separators & BelowLowest(terminators);

            // Every field this chunk can end, the terminator's included.
            int inChunk = BitOperations.PopCount(inLine);
            if (n + inChunk + 1 > room)
            {
                needsRoom = true;
                break;
            }

            fieldStart = RecordFields(ref startAt, ref lengthAt, n, block, inLine, fieldStart);
            n += inChunk;

            if (terminators != 0)
            {
                int at = block + BitOperations.TrailingZeroCount(terminators);
                Unsafe.Add(ref startAt, n) = fieldStart;
                Unsafe.Add(ref lengthAt, n) = at - fieldStart;
                count = n + 1;
                lineEnd = at;
                return true;
            }
        }

        position = fieldStart;
        count = n;
        return false;
    }

    /// <summary>
    /// Records one field per bit of <paramref name="separators"/> (the separators of the chunk at
    /// <paramref name="block"/>, all within the line), the first starting at <paramref name="fieldStart"/>, at slots
    /// from <paramref name="slot"/> on; the caller has checked that they fit. Returns where the next field starts.
    /// A native-sized slot and no test but the bits': 12 instructions per field, short enough that where the JIT
    /// places the loop (32-byte aligned or not) costs little.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int RecordFields(ref int startAt, ref int lengthAt, nint slot, int block, ulong separators, int fieldStart)
    {
        while (separators != 0)
        {
            int at = block + BitOperations.TrailingZeroCount(separators);
            separators &= separators - 1;
            Unsafe.Add(ref startAt, slot) = fieldStart;
            Unsafe.Add(ref lengthAt, slot) = at - fieldStart;
            slot++;
            fieldStart = at + 1;
        }

        return fieldStart;
    }

    /// <summary>
    /// Asks the CPU to start loading the cache line <see cref="PrefetchDistance"/> bytes past the chunk at
    /// <paramref name="block"/>, or the data's last byte when that is nearer; x86 only (.NET has no prefetch for Arm).
    /// </summary>
    /// <remarks>
    /// The scan takes a line per call and starts each line a chunk back, on the chunk that held the last terminator;
    /// on the Intel Xeon VM the hardware prefetcher alone left its loads waiting on memory. In a scratch loop over the
    /// 33-column log, 3 columns of 100 MB took 15.1-15.8 ms without this and 8.1-9.1 ms with it 2 KiB ahead (CsvHelper
    /// 34: 16.8-18.7 ms); 4 KiB ahead did as well or better, 0.5-1 KiB worse. A prefetch is only a hint: it never faults
    /// and changes no result, and the address stays inside the data (<see cref="PrefetchOffset"/>), so no byref ever
    /// points outside the caller's span.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe void PrefetchAhead(ref byte origin, int block, int length)
    {
        if (Sse.IsSupported)
        {
            Sse.Prefetch0(Unsafe.AsPointer(ref Unsafe.Add(ref origin, PrefetchOffset(block, length))));
        }
    }

    /// <summary>
    /// The byte <see cref="PrefetchAhead"/> asks for: <see cref="PrefetchDistance"/> past <paramref name="block"/>, or
    /// the last of <paramref name="length"/> when that is nearer. Always inside the data, for any chunk of it (block
    /// at most length - 64), up to int.MaxValue bytes: neither side of the test can overflow.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int PrefetchOffset(int block, int length) =>
        length - 1 - block <= PrefetchDistance ? length - 1 : block + PrefetchDistance;

    /// <summary>Where the field after the highest separator of <paramref name="separators"/> (not zero) starts.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int FieldAfterHighest(int block, ulong separators) => block + ChunkSize - BitOperations.LeadingZeroCount(separators);

    /// <summary>How many times <paramref name="value"/> occurs (vectorized by the runtime).</summary>
    private static int CountOf(ReadOnlySpan<byte> data, byte value) => data.Count(value);

    /// <summary>The bits below the lowest set bit of <paramref name="mask"/>: all of them when it is zero.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong BelowLowest(ulong mask) => (mask - 1) & ~mask;

    /// <summary>
    /// The separator mask of the 64 bytes at <paramref name="block"/>; the terminator mask in
    /// <paramref name="terminators"/>. <paramref name="length"/> is the data's: see <see cref="PrefetchAhead"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Masks(ref byte origin, int block, int length, byte separator, byte terminator, TsvScanPath path, out ulong terminators)
    {
        PrefetchAhead(ref origin, block, length);

        if (path == TsvScanPath.Vector512 && Vector512.IsHardwareAccelerated)
        {
            Vector512<byte> bytes = Vector512.LoadUnsafe(ref origin, (nuint)block);
            terminators = Vector512.Equals(bytes, Vector512.Create(terminator)).ExtractMostSignificantBits();
            return Vector512.Equals(bytes, Vector512.Create(separator)).ExtractMostSignificantBits();
        }

        if (path == TsvScanPath.Vector256 && Vector256.IsHardwareAccelerated)
        {
            Vector256<byte> low = Vector256.LoadUnsafe(ref origin, (nuint)block);
            Vector256<byte> high = Vector256.LoadUnsafe(ref origin, (nuint)block + 32);
            Vector256<byte> separators256 = Vector256.Create(separator);
            Vector256<byte> terminators256 = Vector256.Create(terminator);
            terminators = Vector256.Equals(low, terminators256).ExtractMostSignificantBits()
                | ((ulong)Vector256.Equals(high, terminators256).ExtractMostSignificantBits() << 32);
            return Vector256.Equals(low, separators256).ExtractMostSignificantBits()
                | ((ulong)Vector256.Equals(high, separators256).ExtractMostSignificantBits() << 32);
        }

        Vector128<byte> separators128 = Vector128.Create(separator);
        Vector128<byte> terminators128 = Vector128.Create(terminator);
        ulong separatorBits = 0;
        ulong terminatorBits = 0;
        for (int i = 0; i < ChunkSize; i += 16)
        {
            Vector128<byte> bytes = Vector128.LoadUnsafe(ref origin, (nuint)(block + i));
            separatorBits |= (ulong)Vector128.Equals(bytes, separators128).ExtractMostSignificantBits() << i;
            terminatorBits |= (ulong)Vector128.Equals(bytes, terminators128).ExtractMostSignificantBits() << i;
        }

        terminators = terminatorBits;
        return separatorBits;
    }

    /// <summary>The terminator mask of the 64 bytes at <paramref name="block"/> (see <see cref="Masks"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong TerminatorMask(ref byte origin, int block, int length, byte terminator, TsvScanPath path)
    {
        PrefetchAhead(ref origin, block, length);
        return ByteMask(ref origin, block, terminator, path);
    }

    /// <summary>
    /// The mask of <paramref name="value"/> in the 64 bytes at <paramref name="block"/> (bit i: byte block + i), on
    /// <paramref name="path"/>: the one compare behind the terminator search here and the field enumerator's walk
    /// (TsvFieldEnumerator.Net8.cs), so a path and its tests serve both. The caller guarantees 64 readable bytes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong ByteMask(ref byte origin, int block, byte value, TsvScanPath path)
    {
        if (path == TsvScanPath.Vector512 && Vector512.IsHardwareAccelerated)
        {
            return Vector512.Equals(Vector512.LoadUnsafe(ref origin, (nuint)block), Vector512.Create(value)).ExtractMostSignificantBits();
        }

        if (path == TsvScanPath.Vector256 && Vector256.IsHardwareAccelerated)
        {
            Vector256<byte> values256 = Vector256.Create(value);
            return Vector256.Equals(Vector256.LoadUnsafe(ref origin, (nuint)block), values256).ExtractMostSignificantBits()
                | ((ulong)Vector256.Equals(Vector256.LoadUnsafe(ref origin, (nuint)block + 32), values256).ExtractMostSignificantBits() << 32);
        }

        Vector128<byte> values128 = Vector128.Create(value);
        ulong bits = 0;
        for (int i = 0; i < ChunkSize; i += 16)
        {
            bits |= (ulong)Vector128.Equals(Vector128.LoadUnsafe(ref origin, (nuint)(block + i)), values128).ExtractMostSignificantBits() << i;
        }

        return bits;
    }
}
