using System;
using System.Runtime.InteropServices;

namespace FastText;

public sealed partial class TsvFileReader
{
    /// <summary>
    /// The same span, rebuilt from its reference and length: a span the reader has just written field by field,
    /// copied as a whole, is loaded 16 bytes wide from two narrower stores, which the CPU cannot forward (a stall on
    /// every row of a foreach, ~5% of a 3-column loop).
    /// </summary>
    private static ReadOnlySpan<byte> Rebuilt(ReadOnlySpan<byte> span) =>
        MemoryMarshal.CreateReadOnlySpan(ref MemoryMarshal.GetReference(span), span.Length);
}
