using System;

namespace FastText;

/// <summary>A <see cref="ReadOnlyMemory{T}"/> text part normalized by <see cref="KeyTextRules"/> (a slice of a larger buffer, no substring).</summary>
internal sealed class MemoryTextKeyPart : KeyPart<ReadOnlyMemory<char>>
{
    private readonly KeyTextNormalizer _normalizer;

    internal MemoryTextKeyPart(string name, KeyTextNormalizer normalizer)
        : base(name) => _normalizer = normalizer;

    internal override int Measure(ReadOnlyMemory<char> value, out int plan) => _normalizer.Measure(value.Span, Name, out plan);

    internal override void Write(ReadOnlyMemory<char> value, int plan, Span<char> destination) =>
        _normalizer.Write(value.Span, plan, destination, Name);
}
