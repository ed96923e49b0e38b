using System;

namespace FastText;

/// <summary>A DateOnly part in a fixed-width custom format of date fields only, invariant culture (see <see cref="KeyDateFormat"/>).</summary>
internal sealed class DateOnlyKeyPart : KeyPart<DateOnly>
{
    private readonly KeyDateFormat _format;

    internal DateOnlyKeyPart(string name, string format)
        : this(name, KeyDateFormat.Compile(format, allowOffset: false, name, KeyDateFields.Date))
    {
    }

    private DateOnlyKeyPart(string name, KeyDateFormat format)
        : base(name, format.Length) => _format = format;

    internal override KeyPart<DateOnly> WithFormat(string format) => new DateOnlyKeyPart(Name, format);

    internal override int Measure(DateOnly value, out int plan)
    {
        plan = 0;
        return _format.Length;
    }

    internal override void Write(DateOnly value, int plan, Span<char> destination) =>
        _format.Write(value.ToDateTime(TimeOnly.MinValue), TimeSpan.Zero, destination);
}
