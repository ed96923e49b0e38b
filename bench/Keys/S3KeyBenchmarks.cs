extern alias ns20;

using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using BenchmarkDotNet.Attributes;
using FastText.Benchmarks.Infrastructure;

namespace FastText.Benchmarks.Keys;

/// <summary>
/// The S3 object key of context §1 (the README's) built four ways in one run: a hand-written exact-length
/// string.Create for this one shape (the baseline: the fastest thing a team writes by hand), the service's original
/// code (string[] + Regex + Replace + Join + ToLowerInvariant), a StringBuilder, and FastText's KeyShape (net8.0
/// build, and the netstandard2.0 build through the extern alias). No Utf8.TryWrite row: the key's text rules
/// (whitespace to '_', the allowed set, lower case) are not an interpolation, so it would need the hand-written
/// classification first.
/// </summary>
[MemoryDiagnoser]
[FastJob]
public class S3KeyBenchmarks
{
    private static readonly Guid MessageId = new("0f8fad5b-d9cb-469f-a165-70867728950e");

    private static readonly KeyTextRules Rules = KeyTextRules.None
        .EmptyAs("unknown")
        .ReplaceWhitespace('_', KeyWhitespace.Spaces)
        .Allow(KeyCharacterSet.AsciiLettersDigitsUnderscore, invalidFallback: "invalid")
        .ToLowerInvariant();

    private static readonly KeyShape<string?, string?, string?, DateTime?, Guid> Shape = KeyShape.Join(
        "/",
        KeyPart.Text("product", Rules),
        KeyPart.Text("siteKey", Rules),
        KeyPart.Text("eventName", Rules),
        KeyPart.Optional(KeyPart.DateTime("eventDate", "yyyy/MM/dd/HH")),
        KeyPart.Guid("messageId", "D"),
        suffix: ".json");

    private static readonly ns20::FastText.KeyTextRules RulesNs20 = ns20::FastText.KeyTextRules.None
        .EmptyAs("unknown")
        .ReplaceWhitespace('_', ns20::FastText.KeyWhitespace.Spaces)
        .Allow(ns20::FastText.KeyCharacterSet.AsciiLettersDigitsUnderscore, invalidFallback: "invalid")
        .ToLowerInvariant();

    private static readonly ns20::FastText.KeyShape<string?, string?, string?, DateTime?, Guid> ShapeNs20 = ns20::FastText.KeyShape.Join(
        "/",
        ns20::FastText.KeyPart.Text("product", RulesNs20),
        ns20::FastText.KeyPart.Text("siteKey", RulesNs20),
        ns20::FastText.KeyPart.Text("eventName", RulesNs20),
        ns20::FastText.KeyPart.Optional(ns20::FastText.KeyPart.DateTime("eventDate", "yyyy/MM/dd/HH")),
        ns20::FastText.KeyPart.Guid("messageId", "D"),
        suffix: ".json");

    private string _product = "";
    private string _siteKey = "";
    private string _eventName = "";
    private DateTime? _eventDate;

    /// <summary>example: the context's 84-char key; no-date: the date segment omitted; invalid: fallbacks; long: 200-char parts.</summary>
    [Params("example", "no-date", "fallbacks", "long")]
    public string Case { get; set; } = "example";

    [GlobalSetup]
    public void Setup()
    {
        (_product, _siteKey, _eventName, _eventDate) = Case switch
        {
            "example" => ("My Product", "Site Key", "My Event", new DateTime(2019, 4, 11, 2, 37, 0)),
            "no-date" => ("My Product", "Site Key", "My Event", (DateTime?)null),
            "fallbacks" => ("   ", "site-key!", "My Event", new DateTime(2019, 4, 11, 2, 37, 0)),
            _ => (string.Concat(Enumerable.Repeat("Product Name ", 16)), string.Concat(Enumerable.Repeat("Site_Key ", 22)),
                string.Concat(Enumerable.Repeat("Event ", 33)), new DateTime(2019, 4, 11, 2, 37, 0)),
        };

        string expected = Naive();
        if (StringBuilderVersion() != expected || HandWrittenStringCreate() != expected || FastTextKeyShape() != expected
            || FastTextKeyShapeNetStandard20() != expected)
        {
            throw new InvalidOperationException("The S3 key implementations disagree for case " + Case + ".");
        }
    }

    [Benchmark(Baseline = true)]
    public string HandWrittenStringCreate() => HandWrittenS3Key.Build(_product, _siteKey, _eventName, _eventDate, MessageId);

    [Benchmark]
    public string Naive() => NaiveS3Key.Build(_product, _siteKey, _eventName, _eventDate, MessageId);

    [Benchmark]
    public string StringBuilderVersion() => StringBuilderS3Key.Build(_product, _siteKey, _eventName, _eventDate, MessageId);

    [Benchmark]
    public string FastTextKeyShape() => Shape.Build(_product, _siteKey, _eventName, _eventDate, MessageId);

    [Benchmark]
    public string FastTextKeyShapeNetStandard20() => ShapeNs20.Build(_product, _siteKey, _eventName, _eventDate, MessageId);
}

/// <summary>What the service ran before: every step allocates.</summary>
internal static class NaiveS3Key
{
    internal static string Build(string? product, string? siteKey, string? eventName, DateTime? eventDate, Guid messageId)
    {
        string[] parts = eventDate.HasValue ? new string[5] : new string[4];
        parts[0] = Clean(product);
        parts[1] = Clean(siteKey);
        parts[2] = Clean(eventName);
        if (eventDate.HasValue)
        {
            parts[3] = eventDate.Value.ToString("yyyy/MM/dd/HH", CultureInfo.InvariantCulture);
        }

        parts[^1] = messageId.ToString() + ".json";
        return string.Join("/", parts).ToLowerInvariant();
    }

    private static string Clean(string? part)
    {
        if (string.IsNullOrWhiteSpace(part))
        {
            return "unknown";
        }

        part = part.Replace(" ", "_");
        return Regex.IsMatch(part, "^[a-zA-Z0-9_]+$") ? part : "invalid";
    }
}

/// <summary>A StringBuilder per key: parts checked and appended char by char, date and Guid appended as strings.</summary>
internal static class StringBuilderS3Key
{
    internal static string Build(string? product, string? siteKey, string? eventName, DateTime? eventDate, Guid messageId)
    {
        var key = new StringBuilder(128);
        AppendPart(key, product).Append('/');
        AppendPart(key, siteKey).Append('/');
        AppendPart(key, eventName).Append('/');
        if (eventDate.HasValue)
        {
            key.Append(eventDate.Value.ToString("yyyy/MM/dd/HH", CultureInfo.InvariantCulture)).Append('/');
        }

        return key.Append(messageId.ToString()).Append(".json").ToString();
    }

    private static StringBuilder AppendPart(StringBuilder key, string? part)
    {
        if (string.IsNullOrWhiteSpace(part))
        {
            return key.Append("unknown");
        }

        foreach (char c in part)
        {
            if (!char.IsAsciiLetterOrDigit(c) && c != '_' && c != ' ')
            {
                return key.Append("invalid");
            }
        }

        foreach (char c in part)
        {
            key.Append(c == ' ' ? '_' : char.ToLowerInvariant(c));
        }

        return key;
    }
}

/// <summary>
/// The hand-written version a team writes for this one shape: classify each part once, compute the exact length,
/// then string.Create with a static SpanAction writing straight into the string.
/// </summary>
internal static class HandWrittenS3Key
{
    private const int Valid = 0;
    private const int Unknown = 1;
    private const int Invalid = 2;

    private static readonly SpanAction<char, State> WriteKey = static (span, state) =>
    {
        int position = WritePart(span, state.Product, state.ProductKind);
        span[position++] = '/';
        position += WritePart(span.Slice(position), state.SiteKey, state.SiteKeyKind);
        span[position++] = '/';
        position += WritePart(span.Slice(position), state.EventName, state.EventNameKind);
        span[position++] = '/';
        if (state.EventDate.HasValue)
        {
            state.EventDate.Value.TryFormat(span.Slice(position), out int dateWritten, "yyyy/MM/dd/HH", CultureInfo.InvariantCulture);
            position += dateWritten;
            span[position++] = '/';
        }

        state.MessageId.TryFormat(span.Slice(position), out int idWritten);
        position += idWritten;
        ".json".AsSpan().CopyTo(span.Slice(position));
    };

    internal static string Build(string? product, string? siteKey, string? eventName, DateTime? eventDate, Guid messageId)
    {
        var state = new State(product, Classify(product), siteKey, Classify(siteKey), eventName, Classify(eventName), eventDate, messageId);
        int length = PartLength(product, state.ProductKind) + PartLength(siteKey, state.SiteKeyKind)
            + PartLength(eventName, state.EventNameKind) + (eventDate.HasValue ? 14 : 0) + 3 + 36 + 5;
        return string.Create(length, state, WriteKey);
    }

    private static int Classify(string? part)
    {
        if (string.IsNullOrWhiteSpace(part))
        {
            return Unknown;
        }

        foreach (char c in part)
        {
            if (!char.IsAsciiLetterOrDigit(c) && c != '_' && c != ' ')
            {
                return Invalid;
            }
        }

        return Valid;
    }

    private static int PartLength(string? part, int kind) => kind == Valid ? part!.Length : 7;

    private static int WritePart(Span<char> span, string? part, int kind)
    {
        if (kind != Valid)
        {
            (kind == Unknown ? "unknown" : "invalid").AsSpan().CopyTo(span);
            return 7;
        }

        for (int i = 0; i < part!.Length; i++)
        {
            char c = part[i];
            span[i] = c == ' ' ? '_' : char.ToLowerInvariant(c);
        }

        return part.Length;
    }

    private readonly record struct State(
        string? Product, int ProductKind, string? SiteKey, int SiteKeyKind, string? EventName, int EventNameKind, DateTime? EventDate, Guid MessageId);
}
