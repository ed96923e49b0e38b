using System.Globalization;
using FsCheck;
using FsCheck.Fluent;

namespace FastText.Tests.Keys;

/// <summary>Generators for key-part text that reach every rule's edge: null, empty, whitespace-only, non-ASCII, surrogates, long.</summary>
internal static class KeyGenerators
{
    private static readonly string[] AsciiKeyTokens = ["A", "Z", "a", "z", "0", "9", "_", " ", "Mx", "q7"];
    private static readonly string[] AsciiOtherTokens = ["-", ".", "/", ":", "\t", "\n", "\r", "!", "\u007F", "\0", "{", "~"];
    private static readonly string[] WhitespaceTokens = [" ", "\t", "\n", "\r", "\u000B", "\u000C", "\u0085", "\u00A0", "\u1680", "\u2000", "\u2028", "\u2029", "\u3000"];
    private static readonly string[] NonAsciiTokens = ["\u00E9", "\u00C9", "\u00DF", "\u0130", "\u0131", "\u03A3", "\u03C2", "\u00C5", "\u212A", "\u00B5", "\u0400", "\u1E9E", "\u2C2F", "\uA77D", "\uFF21"];
    private static readonly string[] SurrogateTokens = ["\U00010400", "\U0001F600", "\U0001E900", "\U000104B0", "\U00016E40", "\uD800", "\uDC00", "\uDBFF"];

    internal static readonly Gen<string> Token = Gen.Frequency(
        (6, Gen.Elements(AsciiKeyTokens)),
        (2, Gen.Elements(AsciiOtherTokens)),
        (2, Gen.Elements(WhitespaceTokens)),
        (2, Gen.Elements(NonAsciiTokens)),
        (1, Gen.Elements(SurrogateTokens)));

    private static Gen<string> Concat(Gen<string> token, int min, int max) =>
        Gen.Choose(min, max).SelectMany(n => Gen.ArrayOf(token, n)).Select(string.Concat);

    /// <summary>Any part text, including null.</summary>
    internal static readonly Gen<string?> Text = Gen.Frequency(
        (1, Gen.Constant<string?>(null)),
        (1, Gen.Constant<string?>(string.Empty)),
        (2, Concat(Gen.Elements(WhitespaceTokens), 1, 6).Select(s => (string?)s)),
        (6, Concat(Gen.Elements(AsciiKeyTokens), 1, 12).Select(s => (string?)s)),
        (6, Concat(Token, 1, 20).Select(s => (string?)s)),
        (1, Concat(Token, 100, 600).Select(s => (string?)s)),
        // Long texts of one kind, so the vectorized measuring (24 chars and up) meets all-allowed, all-blank and
        // all-ASCII text too, not only mixtures.
        (2, Concat(Gen.Elements(AsciiKeyTokens), 20, 150).Select(s => (string?)s)),
        (1, Concat(Gen.Elements(WhitespaceTokens), 20, 60).Select(s => (string?)s)),
        (1, Concat(Gen.Elements(AsciiKeyTokens), 20, 80).SelectMany(s => Gen.Elements(NonAsciiTokens)
            .SelectMany(bad => Gen.Choose(0, s.Length).Select(at => (string?)s.Insert(at, bad))))));

    internal static readonly Gen<DateTime> Date = Gen.Choose(0, int.MaxValue).Two().Select(t =>
        new DateTime((long)((ulong)(uint)t.Item1 << 31 | (uint)t.Item2) % (DateTime.MaxValue.Ticks + 1)));

    internal static readonly Gen<Guid> Guid = Gen.Choose(int.MinValue, int.MaxValue).Four().Select(t =>
        new Guid(t.Item1, (short)t.Item2, (short)(t.Item2 >> 16), (byte)t.Item3, (byte)(t.Item3 >> 8), (byte)(t.Item3 >> 16),
            (byte)(t.Item3 >> 24), (byte)t.Item4, (byte)(t.Item4 >> 8), (byte)(t.Item4 >> 16), (byte)(t.Item4 >> 24)));

    internal static readonly Gen<long> Int64 = Gen.Frequency(
        (3, Gen.Choose(int.MinValue, int.MaxValue).Two().Select(t => ((long)t.Item1 << 32) | (uint)t.Item2)),
        (3, Gen.Choose(-1000, 1000).Select(i => (long)i)),
        (1, Gen.Elements(long.MinValue, long.MaxValue, 0L, -1L, 9L, 10L, 99L, 100L, 9999L, 10000L)));

    internal static string Show(string? text) =>
        text is null ? "null" : "\"" + string.Concat(text.Select(c => c is >= ' ' and < '\u007F' ? c.ToString() : "\\u" + ((int)c).ToString("X4", CultureInfo.InvariantCulture))) + "\"";
}

/// <summary><see cref="KeyGenerators.Text"/> as an FsCheck arbitrary (for <c>[FastTextProperty(Arbitrary = [...])]</c>).</summary>
internal static class KeyTexts
{
    public static Arbitrary<string?> Text() => KeyGenerators.Text.ToArbitrary();
}

/// <summary><see cref="KeyGenerators.Date"/> as an FsCheck arbitrary.</summary>
internal static class KeyDates
{
    public static Arbitrary<DateTime> Date() => KeyGenerators.Date.ToArbitrary();
}

/// <summary><see cref="KeyGenerators.Guid"/> as an FsCheck arbitrary.</summary>
internal static class KeyGuids
{
    public static Arbitrary<Guid> Guid() => KeyGenerators.Guid.ToArbitrary();
}

/// <summary><see cref="KeyGenerators.Int64"/> as an FsCheck arbitrary.</summary>
internal static class KeyInt64s
{
    public static Arbitrary<long> Int64() => KeyGenerators.Int64.ToArbitrary();
}
