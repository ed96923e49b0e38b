using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastText.Internal;

/// <summary>
/// Copies of a few chars (separators, labels, short words) without a call to the general memmove, which for a
/// 2-to-16-char copy costs more in the call and its size dispatch than in the moves. Up to 16 chars are at most four
/// 8-byte moves: the first and the last bytes of the run, overlapping in the middle, so every length takes one branch
/// and no loop. Every load happens before any store, so the source may overlap the destination (an append of the
/// builder's own chars), as with memmove.
/// </summary>
internal static class ShortCopy
{
    /// <summary>The longest run <see cref="Chars"/> copies.</summary>
    internal const int MaxChars = 16;

    /// <summary>
    /// Copies <paramref name="source"/> to the start of <paramref name="destination"/>: up to <see cref="MaxChars"/>
    /// chars with <see cref="Chars"/>, longer runs (or a destination too short, which throws) with the span copy.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void To(ReadOnlySpan<char> source, Span<char> destination)
    {
        if (source.Length <= MaxChars && source.Length <= destination.Length)
        {
            Chars(ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), source.Length);
        }
        else
        {
            source.CopyTo(destination);
        }
    }

    /// <summary>
    /// Copies <paramref name="length"/> chars (0 to <see cref="MaxChars"/>) from <paramref name="source"/> to
    /// <paramref name="destination"/>; the caller guarantees both runs lie inside their spans.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Chars(ref char source, ref char destination, int length)
    {
        ref byte from = ref Unsafe.As<char, byte>(ref source);
        ref byte to = ref Unsafe.As<char, byte>(ref destination);
        nint bytes = (nint)length * sizeof(char);
        if (bytes >= 2 * sizeof(ulong))
        {
            ulong first = Unsafe.ReadUnaligned<ulong>(ref from);
            ulong second = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref from, sizeof(ulong)));
            ulong secondLast = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref from, bytes - (2 * sizeof(ulong))));
            ulong last = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref from, bytes - sizeof(ulong)));
            Unsafe.WriteUnaligned(ref to, first);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, sizeof(ulong)), second);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, bytes - (2 * sizeof(ulong))), secondLast);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, bytes - sizeof(ulong)), last);
        }
        else if (bytes >= sizeof(ulong))
        {
            ulong first = Unsafe.ReadUnaligned<ulong>(ref from);
            ulong last = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref from, bytes - sizeof(ulong)));
            Unsafe.WriteUnaligned(ref to, first);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, bytes - sizeof(ulong)), last);
        }
        else if (bytes >= sizeof(uint))
        {
            uint first = Unsafe.ReadUnaligned<uint>(ref from);
            uint last = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref from, bytes - sizeof(uint)));
            Unsafe.WriteUnaligned(ref to, first);
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, bytes - sizeof(uint)), last);
        }
        else if (bytes != 0)
        {
            Unsafe.WriteUnaligned(ref to, Unsafe.ReadUnaligned<ushort>(ref from));
        }
    }
}
