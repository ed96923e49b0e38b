using System;
using System.Diagnostics;

namespace FastText;

internal sealed partial class GuidKeyPart
{
    private static void WriteFormatted(Guid value, char format, Span<char> destination)
    {
        bool formatted = value.TryFormat(destination, out int written, new ReadOnlySpan<char>(in format));
        Debug.Assert(formatted && written == destination.Length);
    }
}
