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

    /// <summary>A <see cref="KeyPart.MemoryText"/> value lies in the memory the key is being written to: writing would
    /// overwrite the text while it is read.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ThrowDestinationOverlapsPart(string partName, string paramName) =>
        throw new ArgumentException(
            string.Format(CultureInfo.InvariantCulture,
                "The destination overlaps the memory of key part '{0}'; write the key into a buffer the part does not read.", partName),
            paramName);

    /// <summary>The key's UTF-8 form is longer than any span or buffer writer can take.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ThrowUtf8TooLong(long byteCount) =>
        throw new ArgumentOutOfRangeException(
            null,
            string.Format(CultureInfo.InvariantCulture,
                "The key's UTF-8 form would be {0} bytes, more than int.MaxValue.", byteCount));
}
