using System;

namespace FastText;

/// <summary>A bool part written as one of two declared texts (by default "true" and "false").</summary>
internal sealed class BooleanKeyPart : KeyPart<bool>
{
    private readonly string _trueText;
    private readonly string _falseText;

    internal BooleanKeyPart(string name, string trueText, string falseText)
        : base(name, trueText.Length == falseText.Length ? trueText.Length : -1)
    {
        _trueText = trueText;
        _falseText = falseText;
    }

    internal override int Measure(bool value, out int plan)
    {
        plan = 0;
        return value ? _trueText.Length : _falseText.Length;
    }

    internal override void Write(bool value, int plan, Span<char> destination) =>
        KeyLayout.WriteLiteral(value ? _trueText : _falseText, destination, 0);
}
