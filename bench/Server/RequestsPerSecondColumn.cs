using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace FastText.Benchmarks.Server;

/// <summary>Requests per second of the mean time (one request per operation).</summary>
public sealed class RequestsPerSecondColumn : IColumn
{
    public string Id => nameof(RequestsPerSecondColumn);

    public string ColumnName => "req/s";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 1;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => "Requests per second of mean time (one request per operation)";

    public bool IsAvailable(Summary summary) => true;

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        BenchmarkReport? report = summary[benchmarkCase];
        return report?.ResultStatistics is { Mean: > 0 } statistics
            ? (1e9 / statistics.Mean).ToString("N1", System.Globalization.CultureInfo.InvariantCulture)
            : "-";
    }
}
