using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace FastText;

public sealed partial class TsvReader
{
    /// <summary>
    /// Finds the selected columns a vector block at a time: one compare per block yields a bit mask of every tab
    /// and '\n' in it, and the bits are walked with TrailingZeroCount, so a short field costs a few instructions
    /// instead of a call to IndexOfAny. Stops at the line end (returns true), after the last selected column, or
    /// at the last whole block; then position/column/found say where the scalar loop resumes (no delimiter lies in
    /// [position, the block end), so resuming there is exact). Never reads past <paramref name="data"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryScanColumnsVectorized(ReadOnlySpan<byte> data, ref int position, ref int column, ref int found, out int lineEnd)
    {
        lineEnd = 0;
        if (!Vector128.IsHardwareAccelerated)
        {
            return false;
        }

        int[] sortedColumns = _sortedColumns;
        int[] starts = _starts;
        int[] lengths = _lengths;
        if (found >= sortedColumns.Length)
        {
            return false;
        }

        int blockSize = Vector256.IsHardwareAccelerated ? Vector256<byte>.Count : Vector128<byte>.Count;
        ref byte start = ref MemoryMarshal.GetReference(data);
        int fieldStart = position;
        int wanted = sortedColumns[found];
        byte terminator = _lineTerminator;
        Vector256<byte> separators256 = Vector256.Create(_separator);
        Vector256<byte> terminators256 = Vector256.Create(terminator);
        Vector128<byte> separators128 = Vector128.Create(_separator);
        Vector128<byte> terminators128 = Vector128.Create(terminator);
        for (int block = 0; block <= data.Length - blockSize; block += blockSize)
        {
            ulong mask;
            if (Vector256.IsHardwareAccelerated)
            {
                Vector256<byte> bytes = Vector256.LoadUnsafe(ref start, (nuint)block);
                mask = (Vector256.Equals(bytes, separators256) | Vector256.Equals(bytes, terminators256)).ExtractMostSignificantBits();
            }
            else
            {
                Vector128<byte> bytes = Vector128.LoadUnsafe(ref start, (nuint)block);
                mask = (Vector128.Equals(bytes, separators128) | Vector128.Equals(bytes, terminators128)).ExtractMostSignificantBits();
            }

            while (mask != 0)
            {
                int at = block + BitOperations.TrailingZeroCount(mask);
                mask &= mask - 1;
                if (column == wanted)
                {
                    starts[found] = fieldStart;
                    lengths[found] = at - fieldStart;
                    found++;
                }

                if (Unsafe.Add(ref start, at) == terminator)
                {
                    lineEnd = at;
                    return true;
                }

                fieldStart = at + 1;
                column++;
                if (found == sortedColumns.Length)
                {
                    position = fieldStart;
                    return false;
                }

                wanted = sortedColumns[found];
            }
        }

        position = fieldStart;
        return false;
    }
}
