namespace FastText.Tests.Keys;

/// <summary>The two documented scenarios, declared exactly as docs/readme-keys.md shows them.</summary>
internal static class KeyExamples
{
    // Context §1: empty/whitespace -> unknown; spaces -> '_'; ^[a-zA-Z0-9_]+ else invalid; lower-case.
    internal static readonly KeyTextRules S3Rules = KeyTextRules.None
        .EmptyAs("unknown")
        .ReplaceWhitespace('_', KeyWhitespace.Spaces)
        .Allow(KeyCharacterSet.AsciiLettersDigitsUnderscore, invalidFallback: "invalid")
        .ToLowerInvariant();

    internal static readonly KeyShape<string?, string?, string?, DateTime?, Guid> S3ObjectKey = KeyShape.Join(
        "/",
        KeyPart.Text("product", S3Rules),
        KeyPart.Text("siteKey", S3Rules),
        KeyPart.Text("eventName", S3Rules),
        KeyPart.Optional(KeyPart.DateTime("eventDate", "yyyy/MM/dd/HH")),
        KeyPart.Guid("messageId", "D"),
        suffix: ".json");

    internal static readonly KeyShape<string?, Guid, int> CacheKey = KeyShape.Format(
        "tenant:{0}:user:{1}:v{2}",
        KeyPart.Text("tenantId", KeyTextRules.None),
        KeyPart.Guid("userId", "N"),
        KeyPart.Int32("version"));
}
