using System.Runtime.CompilerServices;

namespace FastText;

internal static partial class TsvWriterText
{
    /// <summary>Narrows fewer than 16 chars that are all ASCII into <paramref name="destination"/> with the encoder's word step; false at a non-ASCII char.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool TryNarrowShortAscii(ref char text, nuint length, ref byte destination) =>
        AsciiUInt64.Narrow(ref text, ref destination, length) == length;
}
