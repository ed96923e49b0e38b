using System;

namespace FastText;

public static partial class KeyPart
{
    /// <summary>A DateOnly part in a fixed-width custom format of date fields (yyyy yy MM dd and literals), invariant
    /// culture; the output equals <c>value.ToString(format, CultureInfo.InvariantCulture)</c>. net8.0 build only.</summary>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="format">The format, e.g. <c>yyyy-MM-dd</c>.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException">The format is invalid, not fixed-width, or uses a time field (the message names the part).</exception>
    public static KeyPart<DateOnly> DateOnly(string name, string format) => new DateOnlyKeyPart(name, format);

    /// <summary>A TimeOnly part in a fixed-width custom format of time fields (HH hh mm ss f..fffffff tt and literals),
    /// invariant culture; the output equals <c>value.ToString(format, CultureInfo.InvariantCulture)</c>. net8.0 build only.</summary>
    /// <param name="name">The part's name, used in exception messages.</param>
    /// <param name="format">The format, e.g. <c>HH:mm:ss</c>.</param>
    /// <returns>The part.</returns>
    /// <exception cref="ArgumentException">The format is invalid, not fixed-width, or uses a date field (the message names the part).</exception>
    public static KeyPart<TimeOnly> TimeOnly(string name, string format) => new TimeOnlyKeyPart(name, format);
}
