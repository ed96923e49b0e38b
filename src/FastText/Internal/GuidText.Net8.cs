using System;
using System.Diagnostics;

namespace FastText.Internal;

internal static partial class GuidText
{
    /// <summary>Writes <paramref name="value"/> in <paramref name="symbol"/>'s format; <paramref name="destination"/> is exactly <see cref="LengthOf"/> long.</summary>
    internal static void Write(Guid value, char symbol, Span<char> destination)
    {
        // A constant format per branch: Guid.TryFormat inlines and its format switch folds away. A format passed as a
        // span over a char field made that char address-exposed and kept the switch, which cost a third of a key part.
        int written;
        bool formatted = symbol switch
        {
            'N' => value.TryFormat(destination, out written, "N"),
            'D' => value.TryFormat(destination, out written, "D"),
            'B' => value.TryFormat(destination, out written, "B"),
            'P' => value.TryFormat(destination, out written, "P"),
            _ => value.TryFormat(destination, out written, "X"),
        };
        if (!formatted)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(destination));
        }

        Debug.Assert(written == LengthOf(symbol));
    }
}
