namespace FastText;

/// <summary>Which fields a date format may use: DateOnly has no clock, TimeOnly no calendar (their ToString throws on the others).</summary>
internal enum KeyDateFields
{
    All,
    Date,
    Time,
}
