using System;

namespace FastText;

internal static partial class TsvNumberText
{
    /// <summary>
    /// Always false on netstandard2.0: there Utf8Parser comes from the System.Memory package on .NET Framework and Mono,
    /// whose double parsing is not guaranteed to round correctly, so no fast path could promise its exact results.
    /// </summary>
    private static bool TryParseExactDecimal(ReadOnlySpan<byte> text, out double value)
    {
        value = 0;
        return false;
    }
}
