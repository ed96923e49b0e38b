namespace FastText.Tests.Building;

public partial class ValueStringBuilderAllocationTests
{
    // net8.0 formats every supported type in place, floating point and decimal included.
    private static void AppendTargetSpecificMix(ref ValueStringBuilder b)
    {
        b.Append(3.14159);
        b.Append(-2.5f, "F3");
        b.Append(12.50m);
        b.Append(1e300, "E2");
        b.Append(new WideSpanFormattable(40));
        b.Append($"{0.1} {2.5m} {1.5f}");
    }
}
