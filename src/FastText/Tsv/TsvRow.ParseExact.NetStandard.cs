using System;
using System.Globalization;

namespace FastText;

/// <summary>Format-string date parsing on netstandard2.0, whose DateTime.ParseExact takes only strings: the column is decoded into a temporary one.</summary>
public readonly ref partial struct TsvRow
{
    private static bool TryParseExact(ReadOnlySpan<byte> utf8, string format, DateTimeStyles styles, out DateTime value) =>
        DateTime.TryParseExact(TsvText.Decode(utf8), format, CultureInfo.InvariantCulture, styles, out value);

    private static bool TryParseExact(ReadOnlySpan<byte> utf8, string format, DateTimeStyles styles, out DateTimeOffset value) =>
        DateTimeOffset.TryParseExact(TsvText.Decode(utf8), format, CultureInfo.InvariantCulture, styles, out value);
}
