using System;

namespace FastText;

/// <summary>A char part written as the char itself.</summary>
internal sealed class CharKeyPart : KeyPart<char>
{
    internal CharKeyPart(string name)
        : base(name, 1)
    {
    }

    internal override int Measure(char value, out int plan)
    {
        plan = 0;
        return 1;
    }

    internal override void Write(char value, int plan, Span<char> destination) => destination[0] = value;
}
