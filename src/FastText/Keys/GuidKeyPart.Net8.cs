using System;
using System.Diagnostics;

namespace FastText;

internal sealed partial class GuidKeyPart
{
    private static void WriteFormatted(Guid value, char format, Span<char> destination)
    {
        // A constant format per branch: Guid.TryFormat inlines and its format switch folds away. A format passed as a
        // span over a char field made that char address-exposed and kept the switch, which cost a third of the part.
        int written;
        bool formatted = format switch
        {
            'N' => value.TryFormat(destination, out written, "N"),
            'D' => value.TryFormat(destination, out written, "D"),
            'B' => value.TryFormat(destination, out written, "B"),
            'P' => value.TryFormat(destination, out written, "P"),
            _ => value.TryFormat(destination, out written, "X"),
        };
        Debug.Assert(formatted && written == destination.Length);
    }
}
