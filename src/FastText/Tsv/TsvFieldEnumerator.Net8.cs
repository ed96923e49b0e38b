using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText;

public ref partial struct TsvFieldEnumerator
{
    /// <summary>
    /// Yields the separators of a line in order with the reader's own scanner: the 64-byte separator mask of
    /// <see cref="TsvLineScan.ByteMask"/> on <see cref="TsvLineScan.Best"/>, walked with TrailingZeroCount, so a short
    /// field costs a few instructions instead of a call to IndexOf. The bytes after the last whole block are the last
    /// 64 bytes of the line, compared again and shifted past what was walked; a line shorter than a block, and hardware
    /// without SIMD, use IndexOf. Invariant: every separator before _nextBlock has been returned except those still set
    /// in _mask, which lie in [_blockStart, _nextBlock).
    /// </summary>
    private struct SeparatorSearch
    {
        private int _nextBlock;
        private int _blockStart;
        private ulong _mask;

        /// <summary>The next separator's index, or -1 when none is left; <paramref name="from"/> is unused (the state knows where it is).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Next(ReadOnlySpan<byte> line, byte separator, int from)
        {
            while (_mask == 0)
            {
                int next = _nextBlock;
                int remaining = line.Length - next;
                if (TsvLineScan.Best == TsvScanPath.Scalar || remaining == 0 || line.Length < TsvLineScan.ChunkSize)
                {
                    return NextScalar(line, separator);
                }

                ref byte start = ref MemoryMarshal.GetReference(line);
                _blockStart = next;
                if (remaining >= TsvLineScan.ChunkSize)
                {
                    _mask = TsvLineScan.ByteMask(ref start, next, separator, TsvLineScan.Best);
                    _nextBlock = next + TsvLineScan.ChunkSize;
                }
                else
                {
                    // The line's last 64 bytes: the first 64 - remaining (1 to 63) were walked in the block before.
                    _mask = TsvLineScan.ByteMask(ref start, line.Length - TsvLineScan.ChunkSize, separator, TsvLineScan.Best)
                        >> (TsvLineScan.ChunkSize - remaining);
                    _nextBlock = line.Length;
                }
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
