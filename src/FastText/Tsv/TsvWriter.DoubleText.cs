using System;
using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Doubles that read back as the same value on every runtime. .NET Core 3.0+ formats the shortest round-trip text
/// (in-box and through the System.Memory package alike), but on .NET Framework and Mono the package's Utf8Formatter
/// formats 'G' with 15 significant digits, which loses the last bits of most doubles. There, and only there, the
/// default format goes through "R" (verified by parsing it back, "G17" when that fails): one string per double.
/// </summary>
public sealed partial class TsvWriter
{
    /// <summary>True where Utf8Formatter's default double text round-trips (no allocation); false on .NET Framework and Mono.</summary>
    internal static bool DoublesRoundTripWithoutAllocation { get; } = Utf8FormatterRoundTripsDoubles();

    private static bool Utf8FormatterRoundTripsDoubles()
    {
        Span<byte> text = stackalloc byte[32];
        const double Probe = 0.30000000000000004; // 0.1 + 0.2: 15 digits say 0.3
        return Utf8Formatter.TryFormat(Probe, text, out int written)
            && Utf8Parser.TryParse(text.Slice(0, written), out double parsed, out int consumed)
            && consumed == written
            && parsed.Equals(Probe);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string RoundTripText(double value)
    {
        string text = value.ToString("R", CultureInfo.InvariantCulture);
        return double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double parsed) && parsed.Equals(value)
            ? text
            : value.ToString("G17", CultureInfo.InvariantCulture);
    }
}
