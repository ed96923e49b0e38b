using System;
using System.Runtime.CompilerServices;

namespace FastText;

internal static partial class TsvLineScan
{
    /// <summary>The path the reader takes: scalar (IndexOfAny) on this target.</summary>
    public static TsvScanPath Best => TsvScanPath.Scalar;

    public static bool IsSupported(TsvScanPath path) => path == TsvScanPath.Scalar;

    // netstandard2.0 has no portable intrinsics with a bit mask: IndexOfAny (vectorized by System.Memory) does all the work.
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
        ref int found,
        out int lineEnd,
        out int fieldCount)
    {
        lineEnd = 0;
        fieldCount = 0;
        return false;
    }

    /// <summary>How many times <paramref name="value"/> occurs: field by field with IndexOf (vectorized by System.Memory), never byte by byte.</summary>
    private static int CountOf(ReadOnlySpan<byte> data, byte value)
    {
        int count = 0;
        while (true)
        {
            int at = data.IndexOf(value);
            if (at < 0)
            {
                return count;
            }

            count++;
            data = data.Slice(at + 1);
        }
    }

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
        return false;
    }
}
