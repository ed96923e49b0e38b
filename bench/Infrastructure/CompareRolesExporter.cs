using System.Globalization;
using System.Text;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace FastText.Benchmarks.Infrastructure;

/// <summary>
/// Writes, beside BenchmarkDotNet's own reports, what the comparison tool (eng/BenchCompare, run by
/// <c>./build.sh bench compare</c>) needs and the full JSON report does not say: for each case, the group it is
/// compared within (its categories and parameter values), whether it is the group's Baseline,
/// and whether it is FastText's own code or a peer. A method is FastText's when its name starts with "FastText" or
/// "Ours" (the convention of every class in bench/); every other method (a peer library, the runtime, a hand-written
/// or naive loop) is a peer, except a method whose name starts with "Floor": what the workload costs with no library
/// at all (an end-to-end benchmark's transport alone), compared with the fastest peer like FastText's methods but never
/// a peer itself, so a table shows how much of a time any library can remove. The measurements themselves are read from the full JSON report (<c>--exporters json</c>),
/// keyed by the same full name, so a build without this exporter (an older commit) can still be compared.
/// </summary>
public sealed class CompareRolesExporter : ExporterBase
{
    /// <summary>The one instance Program adds to every run.</summary>
    public static readonly CompareRolesExporter Instance = new();

    /// <inheritdoc/>
    protected override string FileExtension => "json";

    /// <inheritdoc/>
    protected override string FileCaption => "compare-roles";

    /// <summary>True when <paramref name="methodName"/> names FastText's own code rather than a peer.</summary>
    public static bool IsOurs(string methodName) =>
        methodName.StartsWith("FastText", StringComparison.Ordinal) || methodName.StartsWith("Ours", StringComparison.Ordinal);

    /// <summary>True when <paramref name="methodName"/> names a workload's floor (no library), neither ours nor a peer.</summary>
    public static bool IsFloor(string methodName) => methodName.StartsWith("Floor", StringComparison.Ordinal);

    /// <inheritdoc/>
    public override void ExportToLog(Summary summary, ILogger logger)
    {
        var json = new StringBuilder();
        json.Append("{\"Cases\":[");
        bool first = true;
        foreach (BenchmarkCase benchmark in summary.BenchmarksCases)
        {
            json.Append(first ? "\n" : ",\n");
            first = false;
            string method = benchmark.Descriptor.WorkloadMethod.Name;
            json.Append("{\"FullName\":").Append(Quote(FullNameProvider.GetBenchmarkName(benchmark)))
                .Append(",\"Type\":").Append(Quote(benchmark.Descriptor.Type.Name))
                .Append(",\"Method\":").Append(Quote(method))
                .Append(",\"Parameters\":").Append(Quote(benchmark.Parameters.DisplayInfo))
                .Append(",\"Group\":").Append(Quote(Group(benchmark)))
                .Append(",\"Baseline\":").Append(summary.IsBaseline(benchmark) ? "true" : "false")
                .Append(",\"Ours\":").Append(IsOurs(method) ? "true" : "false")
                .Append(",\"Floor\":").Append(IsFloor(method) ? "true" : "false")
                .Append('}');
        }

        json.Append("\n]}\n");
        logger.Write(json.ToString());
    }

    // Methods are compared within one workload: the same categories and the same parameter values (not the job, which
    // is the same for every case of a comparison run).
    private static string Group(BenchmarkCase benchmark)
    {
        string categories = string.Join(",", benchmark.Descriptor.Categories);
        string parameters = benchmark.Parameters.DisplayInfo;
        return categories.Length == 0 ? parameters : parameters.Length == 0 ? categories : categories + " " + parameters;
    }

    private static string Quote(string text)
    {
        var quoted = new StringBuilder(text.Length + 2);
        quoted.Append('"');
        foreach (char c in text)
        {
            _ = c switch
            {
                '"' => quoted.Append("\\\""),
                '\\' => quoted.Append("\\\\"),
                < ' ' => quoted.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture)),
                _ => quoted.Append(c),
            };
        }

        return quoted.Append('"').ToString();
    }
}
