using System;
using System.Runtime.CompilerServices;

namespace FastText;

public ref partial struct TsvFieldEnumerator
{
    /// <summary>netstandard2.0 has no portable intrinsics: IndexOf (vectorized by System.Memory) from the current field.</summary>
    private struct SeparatorSearch
    {
        /// <summary>The first separator at or after <paramref name="from"/>, or -1.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public readonly int Next(ReadOnlySpan<byte> line, byte separator, int from)
        {
            int found = line.Slice(from).IndexOf(separator);
            return found < 0 ? -1 : from + found;
        }
    }
}
