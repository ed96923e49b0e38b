using System.IO;

namespace FastText.Tests.Building;

// netstandard2.0 formats float, double and decimal through ToString (documented), so the measured runs leave them out.
public partial class BuilderOneCallAllocationTests
{
    private static string SixteenTargetSpecificText() => "";

    private static void AppendSixteenTargetSpecific(ref ValueStringBuilder b)
    {
    }

    private static void AppendSixteenTargetSpecific(ref Utf8ValueStringBuilder b)
    {
    }

    private static string TargetSpecificWriteText() => "";

    private static void WriteTargetSpecific(TextWriter writer)
    {
    }
}
