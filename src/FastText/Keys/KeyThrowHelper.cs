using System;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>The exceptions key building throws, kept out of line so the hot paths stay small.</summary>
internal static class KeyThrowHelper
{
    /// <summary>The caller's text changed between measuring and writing (another thread wrote to the memory, or a
    /// <see cref="System.Buffers.MemoryManager{T}"/> returned different content): the key cannot be written as measured.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ThrowPartChanged(string partName) =>
        throw new InvalidOperationException(
            string.Format(CultureInfo.InvariantCulture,
                "Key part '{0}' changed while the key was being built (its memory was written to between measuring and writing).",
                partName));

    /// <summary>A custom part wrote a different number of chars than it measured.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ThrowPartWroteOtherLength(string partName, int measured, int written) =>
        throw new InvalidOperationException(
            string.Format(CultureInfo.InvariantCulture,
                "Key part '{0}' measured {1} chars but wrote {2}; its measure and write steps must agree.",
                partName, measured, written));

    /// <summary>A custom part measured a negative length or one no key can hold.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ThrowPartMeasuredOutOfRange(string partName, int measured) =>
        throw new InvalidOperationException(
            string.Format(CultureInfo.InvariantCulture,
                "Key part '{0}' measured {1} chars; a part measures 0 to {2}.", partName, measured, KeyLayout.MaxKeyLength));
}
