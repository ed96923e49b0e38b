using System.Runtime.CompilerServices;

namespace FastText.Internal;

/// <summary>
/// The one check on a count reported by a caller's formatter (<c>TryFormat</c> of <c>ISpanFormattable</c> or
/// <c>IUtf8SpanFormattable</c>): it must lie within the destination the formatter was given. A larger count would
/// move a builder or writer past bytes nobody wrote (and, where a later step scans them unchecked, past its
/// buffer); a negative one would silently cut what was written before.
/// </summary>
internal static class FormatterCount
{
    /// <summary><paramref name="written"/>, once it is known to be within 0..<paramref name="available"/>.</summary>
    /// <exception cref="System.InvalidOperationException">It is not: names the value's type and both counts.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Checked<T>(T value, int written, int available, string unit)
    {
        if ((uint)written > (uint)available)
        {
            ThrowHelper.ThrowFormatterMiscounted(value, written, available, unit);
        }

        return written;
    }
}
