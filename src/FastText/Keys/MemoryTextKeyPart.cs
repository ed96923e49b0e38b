using System;

namespace FastText;

/// <summary>A <see cref="ReadOnlyMemory{T}"/> text part normalized by <see cref="KeyTextRules"/> (a slice of a larger buffer, no substring).</summary>
internal sealed class MemoryTextKeyPart : KeyPart<ReadOnlyMemory<char>>
{
    private readonly KeyTextNormalizer _normalizer;

    internal MemoryTextKeyPart(string name, KeyTextNormalizer normalizer)
        : base(name) => _normalizer = normalizer;

    internal override int Measure(ReadOnlyMemory<char> value, out int plan) => _normalizer.Measure(value.Span, Name, out plan);

    internal override void Write(ReadOnlyMemory<char> value, int plan, Span<char> destination)
    {
        // TryFormat may be handed the very buffer this memory lies in; the rules' writers read the text as they write.
        ReadOnlySpan<char> text = value.Span;
        if (text.Overlaps(destination))
        {
            KeyThrowHelper.ThrowDestinationOverlapsPart(Name, nameof(destination)); // the name TryFormat gives its span too
        }

        _normalizer.Write(text, plan, destination, Name);
    }
}
