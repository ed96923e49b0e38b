using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace FastText;

public ref partial struct TsvFieldEnumerator
{
    /// <summary>
    /// Yields the separators of a line in order. A block of bytes is compared against the separator once and the
    /// resulting bit mask is walked with TrailingZeroCount, so a short field costs a few instructions instead of a
    /// call to IndexOf. The bytes after the last whole block, and hardware without SIMD, use IndexOf. Invariant:
    /// every separator before _nextBlock has been returned except those still set in _mask, which lie in
    /// [_blockStart, _nextBlock).
    /// </summary>
    private struct SeparatorSearch
    {
        private int _nextBlock;
        private int _blockStart;
        private ulong _mask;

        private static int BlockSize =>
            Vector256.IsHardwareAccelerated ? Vector256<byte>.Count :
            Vector128.IsHardwareAccelerated ? Vector128<byte>.Count :
            int.MaxValue;

        /// <summary>The next separator's index, or -1 when none is left; <paramref name="from"/> is unused (the state knows where it is).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Next(ReadOnlySpan<byte> line, byte separator, int from)
        {
            while (_mask == 0)
            {
                int next = _nextBlock;
                if (line.Length - next < BlockSize)
                {
                    return NextScalar(line, separator);
                }

                ref byte start = ref MemoryMarshal.GetReference(line);
                _mask = Vector256.IsHardwareAccelerated
                    ? Vector256.Equals(Vector256.LoadUnsafe(ref start, (nuint)next), Vector256.Create(separator)).ExtractMostSignificantBits()
                    : Vector128.Equals(Vector128.LoadUnsafe(ref start, (nuint)next), Vector128.Create(separator)).ExtractMostSignificantBits();
                _blockStart = next;
                _nextBlock = next + BlockSize;
            }

            int at = _blockStart + BitOperations.TrailingZeroCount(_mask);
            _mask &= _mask - 1;
            return at;
        }

        private int NextScalar(ReadOnlySpan<byte> line, byte separator)
        {
            int next = _nextBlock;
            int found = line.Slice(next).IndexOf(separator);
            if (found < 0)
            {
                _nextBlock = line.Length;
                return -1;
            }

            _nextBlock = next + found + 1;
            return next + found;
        }
    }
}
