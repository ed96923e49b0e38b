using System;
using System.Buffers.Binary;

namespace FastText.Samples.TsvService;

/// <summary>One row of <see cref="GeneratedRows"/>: a value of each kind <see cref="TsvWriter"/> writes.</summary>
/// <param name="Id">The row's 0-based number.</param>
/// <param name="Number">Any Int32.</param>
/// <param name="Amount">Written with three decimals ("F3").</param>
/// <param name="Text">From a fixed table: ASCII, accents, CJK, an emoji, a lone surrogate and, when escapes are on,
/// tabs, line breaks and backslashes.</param>
/// <param name="Time">UTC or unspecified, written round-trip ("O").</param>
/// <param name="Key">Any Guid.</param>
/// <param name="Flag">Written as True or False.</param>
/// <param name="Utf8">UTF-8 bytes from a fixed table, written as they are.</param>
public readonly record struct GeneratedRow(long Id, int Number, double Amount, string Text, DateTime Time, Guid Key, bool Flag, byte[] Utf8);

/// <summary>
/// The rows <c>GET /rows</c> streams: a deterministic sequence from a seed (SplitMix64), so a client can check every
/// byte. Making a row allocates nothing: texts come from fixed tables.
/// </summary>
public struct GeneratedRows
{
    // Safe with every separator GET /rows accepts (tab , ; | 0x1F) when nothing is escaped.
    private static readonly string[] PlainTexts =
    [
        "", "a", "plain", "GET", "/index.html", "naïve café", "日本語のテキスト", "emoji 😀 ok", "quote \"x\" 'y'", "#not a comment",
        "back\\slash without escapes", "lone \uD800 surrogate", new string('w', 300),
    ];

    private static readonly string[] EscapedTexts =
    [
        .. PlainTexts, "tab\there", "line\nfeed", "carriage\rreturn", "\t\n\r\\", "\\t is not a tab",
    ];

    private static readonly byte[][] Utf8Values =
    [
        [], "utf8"u8.ToArray(), "h\u00E9llo w\u00F6rld"u8.ToArray(), [0xFF, 0xFE, 0x41], "\u20AC100"u8.ToArray(),
    ];

    private static readonly byte[][] EscapedUtf8Values = [.. Utf8Values, "a\tb\\c\nd"u8.ToArray()];

    private readonly string[] _texts;
    private readonly byte[][] _utf8;
    private ulong _state;
    private long _next;

    /// <summary>The sequence of <paramref name="seed"/>.</summary>
    /// <param name="seed">Any value.</param>
    /// <param name="escapes">Include texts that only an escaping writer can write (tab, LF, CR; only with a tab separator).</param>
    public GeneratedRows(ulong seed, bool escapes)
    {
        _state = seed;
        _next = 0;
        _texts = escapes ? EscapedTexts : PlainTexts;
        _utf8 = escapes ? EscapedUtf8Values : Utf8Values;
    }

    /// <summary>The next row.</summary>
    /// <returns>The row numbered by how many came before it.</returns>
    public GeneratedRow Next()
    {
        ulong a = NextBits(), b = NextBits(), c = NextBits();
        Span<byte> key = stackalloc byte[16];
        BinaryPrimitives.WriteUInt64LittleEndian(key, b);
        BinaryPrimitives.WriteUInt64LittleEndian(key[8..], c);

        // Mostly amounts of a shop; one in eight any double (NaN, infinities and 300-digit numbers included).
        double amount = (a & 7) == 0 ? BitConverter.UInt64BitsToDouble(c) : ((long)(b % 2_000_000_000) - 1_000_000_000) / 1000.0;
        var time = new DateTime((long)(c % (ulong)DateTime.MaxValue.Ticks), (a & 8) == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified);
        return new GeneratedRow(
            _next++,
            (int)(a >> 32),
            amount,
            _texts[(int)((a >> 8) % (ulong)_texts.Length)],
            time,
            new Guid(key),
            (a & 16) != 0,
            _utf8[(int)((a >> 16) % (ulong)_utf8.Length)]);
    }

    private ulong NextBits()
    {
        ulong z = _state += 0x9E3779B97F4A7C15UL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }
}
