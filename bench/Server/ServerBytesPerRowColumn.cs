using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace FastText.Benchmarks.Server;

/// <summary>
/// The server's allocations per row (<see cref="ServerAllocations"/>), written by the benchmark process's cleanup and
/// read here, in the host process that prints the table; a file older than this process is a previous run's and is
/// not shown.
/// </summary>
public sealed class ServerBytesPerRowColumn : IColumn
{
    private static readonly DateTime HostStarted = System.Diagnostics.Process.GetCurrentProcess().StartTime.ToUniversalTime();

    public string Id => nameof(ServerBytesPerRowColumn);

    public string ColumnName => "Server B/row";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 2;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => "Bytes the whole process allocated during a request divided by its rows (median of the later half of the requests)";

    public bool IsAvailable(Summary summary) => true;

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        object? megabytes = benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Megabytes")?.Value;
        if (megabytes is not int size)
        {
            return "-";
        }

        string file = Path.Combine(ServerAllocations.Directory, ServerAllocations.FileName(benchmarkCase.Descriptor.WorkloadMethod.Name, size));
        return File.Exists(file) && File.GetLastWriteTimeUtc(file) >= HostStarted ? File.ReadAllText(file).Trim() : "-";
    }
}
