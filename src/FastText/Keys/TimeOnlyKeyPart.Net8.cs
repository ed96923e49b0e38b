using System;

namespace FastText;

/// <summary>A TimeOnly part in a fixed-width custom format of time fields only, invariant culture (see <see cref="KeyDateFormat"/>).</summary>
internal sealed class TimeOnlyKeyPart : KeyPart<TimeOnly>
{
    private readonly KeyDateFormat _format;

    internal TimeOnlyKeyPart(string name, string format)
        : this(name, KeyDateFormat.Compile(format, allowOffset: false, name, KeyDateFields.Time))
    {
    }

    private TimeOnlyKeyPart(string name, KeyDateFormat format)
        : base(name, format.Length) => _format = format;

    internal override KeyPart<TimeOnly> WithFormat(string format) => new TimeOnlyKeyPart(Name, format);

    internal override int Measure(TimeOnly value, out int plan)
    {
        plan = 0;
        return _format.Length;
    }

    internal override void Write(TimeOnly value, int plan, Span<char> destination) =>
        _format.Write(new DateTime(value.Ticks), TimeSpan.Zero, destination);
}
