using System;
using FastText.Internal;

namespace FastText;

internal static partial class TsvNumberText
{
    // The runtime's own double and float parsing is correctly rounded on .NET Core 3.0 and later, so the library's
    // correctly rounded parser gives its results on the shapes the parser takes.
    private static bool TryParseFast(ReadOnlySpan<byte> text, out double value) => DecimalFloat.TryParseDouble(text, out value);

    private static bool TryParseFast(ReadOnlySpan<byte> text, out float value) => DecimalFloat.TryParseSingle(text, out value);
}
