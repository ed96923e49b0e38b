using System;
using System.Buffers;
using System.Runtime.CompilerServices;

namespace FastText;

internal static class SequenceSpans
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ReadOnlySpan<byte> First(ReadOnlySequence<byte> sequence) => sequence.FirstSpan;
}
