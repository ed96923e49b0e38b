using Xunit;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// A fact that expects the runtime's invariant casing to map supplementary-plane letters (U+10400 to U+10428).
/// Mono's casing tables cover the Basic Multilingual Plane only, so string.ToLowerInvariant leaves such pairs
/// unchanged there; the library follows the runtime, which the string.ToLowerInvariant properties check everywhere.
/// </summary>
public sealed class SupplementaryCasingFactAttribute : FactAttribute
{
    public SupplementaryCasingFactAttribute()
    {
        if ("\U00010400".ToLowerInvariant() != "\U00010428")
        {
            Skip = "This runtime's string.ToLowerInvariant leaves supplementary-plane letters unchanged (Mono: BMP-only casing tables); the library matches it, see Lower_casing_equals_ToLowerInvariant_for_any_text.";
        }
    }
}
