using System;

namespace FastText;

internal static partial class TsvNumberText
{
    // Always false on netstandard2.0: there Utf8Parser comes from the System.Memory package on .NET Framework and Mono,
    // whose floating-point parsing is not correctly rounded, so no fast path could promise its results.
    private static bool TryParseFast(ReadOnlySpan<byte> text, out double value)
    {
        value = 0;
        return false;
    }

    private static bool TryParseFast(ReadOnlySpan<byte> text, out float value)
    {
        value = 0;
        return false;
    }
}
