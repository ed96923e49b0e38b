using System;

namespace FastText;

/// <summary>A string part normalized by <see cref="KeyTextRules"/>.</summary>
internal sealed class TextKeyPart : KeyPart<string?>
{
    private readonly KeyTextNormalizer _normalizer;

    internal TextKeyPart(string name, KeyTextNormalizer normalizer)
        : base(name) => _normalizer = normalizer;

    internal override int Measure(string? value, out int plan) => _normalizer.Measure(value.AsSpan(), Name, out plan);

    internal override void Write(string? value, int plan, Span<char> destination) =>
        _normalizer.Write(value.AsSpan(), plan, destination, Name);
}
