using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace FastText.Benchmarks.Tsv;

/// <summary>Input megabytes (the benchmark's "Megabytes" parameter, 10^6 bytes) divided by the mean time.</summary>
public sealed class MegabytesPerSecondColumn : IColumn
{
    public string Id => nameof(MegabytesPerSecondColumn);

    public string ColumnName => "MB/s";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 0;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => "Input megabytes (10^6 bytes) processed per second of mean time";

    public bool IsAvailable(Summary summary) => true;

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        BenchmarkReport? report = summary[benchmarkCase];
        object? megabytes = benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Megabytes")?.Value;
        if (report?.ResultStatistics is null || megabytes is null)
        {
            return "-";
        }

        double seconds = report.ResultStatistics.Mean / 1e9;
        return (System.Convert.ToDouble(megabytes, System.Globalization.CultureInfo.InvariantCulture) / seconds).ToString("N0", System.Globalization.CultureInfo.InvariantCulture);
    }
}
