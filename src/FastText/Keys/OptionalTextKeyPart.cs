using System;

namespace FastText;

/// <summary>A string part whose null value omits its segment; any other value, empty included, follows the rules.</summary>
internal sealed class OptionalTextKeyPart : KeyPart<string?>
{
    private readonly KeyTextNormalizer _normalizer;

    internal OptionalTextKeyPart(string name, KeyTextNormalizer normalizer)
        : base(name) => _normalizer = normalizer;

    internal override int Measure(string? value, out int plan)
    {
        if (value is null)
        {
            plan = 0;
            return -1;
        }

        return _normalizer.Measure(value.AsSpan(), Name, out plan);
    }

    internal override void Write(string? value, int plan, Span<char> destination) =>
        _normalizer.Write(value.AsSpan(), plan, destination, Name);
}
