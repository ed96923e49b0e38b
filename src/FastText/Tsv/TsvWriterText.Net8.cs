using System.Runtime.CompilerServices;

namespace FastText;

internal static partial class TsvWriterText
{
    /// <summary>
    /// Narrows fewer than 16 chars that are all ASCII into <paramref name="destination"/> with the encoder's own
    /// inlined short step (head and tail words or vectors, stored the same way); false at a non-ASCII char.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryNarrowShortAscii(ref char text, nuint length, ref byte destination) =>
        AsciiShort.Narrow(ref text, ref destination, length) == length;
}
