using System;

namespace FastText;

/// <summary>A DateTimeOffset part in a fixed-width custom format, invariant culture: the clock time as stored, and zzz its offset.</summary>
internal sealed class DateTimeOffsetKeyPart : KeyPart<DateTimeOffset>
{
    private readonly KeyDateFormat _format;

    internal DateTimeOffsetKeyPart(string name, string format)
        : this(name, KeyDateFormat.Compile(format, allowOffset: true, name))
    {
    }

    private DateTimeOffsetKeyPart(string name, KeyDateFormat format)
        : base(name, format.Length) => _format = format;

    internal override KeyPart<DateTimeOffset> WithFormat(string format) => new DateTimeOffsetKeyPart(Name, format);

    internal override int Measure(DateTimeOffset value, out int plan)
    {
        plan = 0;
        return _format.Length;
    }

    internal override void Write(DateTimeOffset value, int plan, Span<char> destination) =>
        _format.Write(value.DateTime, value.Offset, destination);
}
