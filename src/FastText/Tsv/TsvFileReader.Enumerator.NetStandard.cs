using System;

namespace FastText;

public sealed partial class TsvFileReader
{
    // The span itself: System.Memory's portable span (.NET Framework, Mono) would keep the reference of
    // MemoryMarshal.CreateReadOnlySpan as an address the GC does not update.
    private static ReadOnlySpan<byte> Rebuilt(ReadOnlySpan<byte> span) => span;
}
