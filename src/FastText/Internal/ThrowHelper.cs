using System;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Runtime.CompilerServices;

namespace FastText.Internal;

/// <summary>
/// Every throw in the library goes through here so the callers' hot paths stay small enough to inline:
/// the JIT keeps the throw block out of line and the caller only pays a compare and a call.
/// </summary>
internal static class ThrowHelper
{
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentNull(string paramName) => throw new ArgumentNullException(paramName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentOutOfRange(string paramName) => throw new ArgumentOutOfRangeException(paramName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgumentOutOfRange(string paramName, string message) =>
        throw new ArgumentOutOfRangeException(paramName, message);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowArgument(string paramName, string message) => throw new ArgumentException(message, paramName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowInvalidOperation(string message) => throw new InvalidOperationException(message);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowObjectDisposed(string objectName, string message) => throw new ObjectDisposedException(objectName, message);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowNonAsciiChar(string paramName, int index, char value) =>
        throw new ArgumentException(
            string.Format(CultureInfo.InvariantCulture,
                "The text is not ASCII: the char at index {0} is U+{1:X4}.", index, (int)value),
            paramName);

    /// <summary>What Encoding.UTF8.GetByteCount throws for a result above int.MaxValue (.NET 10 and .NET Framework alike): an ArgumentException without a parameter name.</summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
#pragma warning disable MA0015 // Deliberate: Encoding.UTF8.GetByteCount throws this ArgumentException without a parameter name.
    public static void ThrowUtf8ByteCountOverflow() =>
        throw new ArgumentException("The UTF-8 form of the text would be longer than int.MaxValue bytes.");
#pragma warning restore MA0015

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
#pragma warning disable MA0012 // Deliberate: a size past the largest array is what the runtime reports as OutOfMemoryException.
    public static void ThrowOutOfMemory(string message) => throw new OutOfMemoryException(message);
#pragma warning restore MA0012

    /// <summary>
    /// A formatter (TryFormat of a caller's type) reported a count outside the destination it was given: the library
    /// never believes a count it cannot check (a larger one would make later code read or commit bytes nobody wrote).
    /// </summary>
    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowFormatterMiscounted<T>(T value, int written, int available, string unit) =>
        throw new InvalidOperationException(
            string.Format(CultureInfo.InvariantCulture,
                "{0}.TryFormat reported {1} {3} written into a destination of {2} {3}; the value was not appended.",
                (value?.GetType() ?? typeof(T)).ToString(), written, available, unit));

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowKeyPartInvalid(string partName) =>
        throw new ArgumentException(
            string.Format(CultureInfo.InvariantCulture,
                "Key part '{0}' is empty or contains a char outside its allowed set (strict mode).", partName),
            partName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowKeyTooLong(string partName) =>
        throw new ArgumentException(
            string.Format(CultureInfo.InvariantCulture,
                "The key would exceed the maximum string length once key part '{0}' is added.", partName),
            partName);

    [DoesNotReturn, MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowKeyPartArgument(string paramName, string partName, string problem) =>
        throw new ArgumentException(
            string.Format(CultureInfo.InvariantCulture, "Key part '{0}': {1}", partName, problem), paramName);
}
