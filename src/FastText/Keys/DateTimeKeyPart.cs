using System;

namespace FastText;

/// <summary>A DateTime part in a fixed-width custom format, invariant culture (see <see cref="KeyDateFormat"/>).</summary>
internal sealed class DateTimeKeyPart : KeyPart<DateTime>
{
    private readonly KeyDateFormat _format;

    internal DateTimeKeyPart(string name, string format)
        : this(name, KeyDateFormat.Compile(format, allowOffset: false, name))
    {
    }

    private DateTimeKeyPart(string name, KeyDateFormat format)
        : base(name, format.Length) => _format = format;

    internal override KeyPart<DateTime> WithFormat(string format) => new DateTimeKeyPart(Name, format);

    internal override int Measure(DateTime value, out int plan)
    {
        plan = 0;
        return _format.Length;
    }

    internal override void Write(DateTime value, int plan, Span<char> destination) =>
        _format.Write(value, TimeSpan.Zero, destination);
}
