using System.Globalization;
using System.IO;

namespace FastText.Tests.Building;

// net8.0: item formats, sixteen doubles and the CompositeFormat overloads format in place too, and so do the writers'
// doubles and spans.
public partial class BuilderOneCallAllocationTests
{
    private const string SixteenWithFormats = "{0}{1,3}{2:D3}{3:X}{4}|{5}{6}{7}{8,-4}{9}{10}{11}{12}{13}{14}{15:X8}";

    private static readonly CompositeFormat SixteenShape = CompositeFormat.Parse(SixteenWithFormats);

    private static string SixteenTargetSpecificText() =>
        string.Format(CultureInfo.InvariantCulture, SixteenWithFormats, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
        + string.Format(CultureInfo.InvariantCulture, SixteenShape, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
        + string.Format(CultureInfo.InvariantCulture, "{0}{1}{2:F2}{3}{4}{5}{6}{7}{8}{9}{10}{11}{12}{13}{14}{15:E1}", 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5);

    private static void AppendSixteenTargetSpecific(ref ValueStringBuilder b)
    {
        b.AppendFormat(SixteenWithFormats, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        b.AppendFormat(CultureInfo.InvariantCulture, SixteenShape, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        b.AppendFormat("{0}{1}{2:F2}{3}{4}{5}{6}{7}{8}{9}{10}{11}{12}{13}{14}{15:E1}", 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5);
    }

    private static void AppendSixteenTargetSpecific(ref Utf8ValueStringBuilder b)
    {
        b.AppendFormat(SixteenWithFormats, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        b.AppendFormat(CultureInfo.InvariantCulture, SixteenShape, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        b.AppendFormat("{0}{1}{2:F2}{3}{4}{5}{6}{7}{8}{9}{10}{11}{12}{13}{14}{15:E1}", 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5);
    }

    private static string TargetSpecificWriteText() => "2.5" + "1.25" + "span";

    private static void WriteTargetSpecific(TextWriter writer)
    {
        writer.Write(2.5);
        writer.Write(1.25m);
        writer.Write("span".AsSpan());
    }
}
