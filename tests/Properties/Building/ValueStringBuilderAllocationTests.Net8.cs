using System.Globalization;

namespace FastText.Tests.Building;

public partial class ValueStringBuilderAllocationTests
{
    private static readonly CompositeFormat Shape = CompositeFormat.Parse("<{0,4}|{1:F1}|{2:N}>");

    // net8.0 formats every supported type in place, floating point and decimal included; composite formats and
    // nullable values too. (Enums are not here: System.Enum implements ISpanFormattable on the class, so an enum
    // value is boxed to reach it, 24 B per append, as it is for any generic caller outside the runtime.)
    private static void AppendTargetSpecificMix(ref ValueStringBuilder b)
    {
        b.Append(3.14159);
        b.Append(-2.5f, "F3");
        b.Append(12.50m);
        b.Append(1e300, "E2");
        b.Append(new WideSpanFormattable(40));
        b.Append($"{0.1} {2.5m} {1.5f}");
        b.AppendFormat("{0}|{1:X4}|{2,8:F2}|{{}}", 42, 255, 3.5);
        b.AppendFormat(CultureInfo.InvariantCulture, "{0,-6}|{1:yyyy-MM-dd}", -7L, Time);
        b.AppendFormat(CultureInfo.InvariantCulture, Shape, 1, 2.5, Id);
        b.Append((int?)5);
        b.Append((int?)null);
        b.AppendLine(7, "D3");
        b.Insert(0, '#', 3);
        b.Replace("|", "||");
    }
}
