using System;
using FastText.Internal;

namespace FastText;

/// <summary>A Guid part in one of the standard formats N, D, B, P or X (lower-case hex), as <see cref="Guid.ToString(string)"/>.</summary>
internal sealed class GuidKeyPart : KeyPart<Guid>
{
    private readonly char _format;
    private readonly int _length;

    internal GuidKeyPart(string name, string? format)
        : base(name, LengthOf(format))
    {
        _format = GuidText.Symbol(format);
        _length = LengthOf(format);
        if (_length < 0)
        {
            ThrowHelper.ThrowKeyPartArgument(nameof(format), name, "a Guid format must be one of N, D, B, P or X.");
        }
    }

    private static int LengthOf(string? format)
    {
        char symbol = GuidText.Symbol(format);
        return symbol == '\0' ? -1 : GuidText.LengthOf(symbol);
    }

    internal override KeyPart<Guid> WithFormat(string format) => new GuidKeyPart(Name, format);

    internal override int Measure(Guid value, out int plan)
    {
        plan = 0;
        return _length;
    }

    internal override void Write(Guid value, int plan, Span<char> destination) => GuidText.Write(value, _format, destination);
}
