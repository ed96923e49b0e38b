using System.Globalization;

namespace FastText.Tests.Building;

public delegate void Appender(ref ValueStringBuilder builder);

/// <summary>One formatted append and the runtime's own ToString for it.</summary>
public sealed record FormatCase(string Description, Func<string> Expected, Appender Append)
{
    public override string ToString() => Description;
}

internal static class ValueStringBuilderTestKit
{
    public static readonly CultureInfo[] Cultures =
    {
        CultureInfo.InvariantCulture,
        CultureInfo.GetCultureInfo("en-US"),
        CultureInfo.GetCultureInfo("de-DE"),
        CultureInfo.GetCultureInfo("fr-FR"),
        CultureInfo.GetCultureInfo("sv-SE"), // minus sign U+2212 with ICU
        CultureInfo.GetCultureInfo("ar-SA"), // another calendar
        CultureInfo.GetCultureInfo("ja-JP"),
        CultureInfo.GetCultureInfo("en-GB"),
    };

    /// <summary>Runs <paramref name="append"/> on a builder that starts on a buffer of <paramref name="initialBuffer"/> chars.</summary>
    public static string Build(int initialBuffer, Appender append)
    {
        var builder = new ValueStringBuilder(new char[initialBuffer]);
        try
        {
            append(ref builder);
            return builder.ToString();
        }
        finally
        {
            builder.Dispose();
        }
    }

    /// <summary>The text, or the exception type when it throws, so that throwing cases compare too.</summary>
    public static string Outcome(Func<string> produce)
    {
        try
        {
            return produce();
        }
        catch (Exception e) when (e is FormatException or ArgumentException)
        {
            return "threw " + e.GetType().Name;
        }
    }

    /// <summary>Runs <paramref name="action"/> with the current culture set to <paramref name="culture"/>.</summary>
    public static T WithCurrentCulture<T>(CultureInfo culture, Func<T> action)
    {
        CultureInfo saved = CultureInfo.CurrentCulture;
        CultureInfo.CurrentCulture = culture;
        try
        {
            return action();
        }
        finally
        {
            CultureInfo.CurrentCulture = saved;
        }
    }
}
