using System.Text.Json;

namespace FastText.BenchCompare;

/// <summary>One benchmark case as one run measured it: the median time per operation of its measured iterations.</summary>
internal sealed record CaseResult(string FullName, string Type, string Method, string Parameters, double NanosecondsPerOperation, long? AllocatedBytes);

/// <summary>What the roles report (bench/Infrastructure/CompareRolesExporter.cs) says of a case.</summary>
internal sealed record CaseRole(string FullName, string Type, string Method, string Parameters, string Group, bool Baseline, bool Ours, bool Floor);

/// <summary>
/// The reports of one process of the benchmark host: a folder holding BenchmarkDotNet's <c>results/</c> with the
/// full JSON report (the measurements) and, from builds that have it, the roles report.
/// </summary>
internal sealed class RunReports
{
    private RunReports(string label, int round, Dictionary<string, CaseResult> results, Dictionary<string, CaseRole> roles)
    {
        Label = label;
        Round = round;
        Results = results;
        Roles = roles;
    }

    /// <summary>"base" or "head": which build ran.</summary>
    public string Label { get; }

    /// <summary>1 for the first A B pair, 2 for the second, ...: runs of one round ran next to each other.</summary>
    public int Round { get; }

    public IReadOnlyDictionary<string, CaseResult> Results { get; }

    public IReadOnlyDictionary<string, CaseRole> Roles { get; }

    /// <summary>Reads every run folder named LABEL-ROUND under <paramref name="runsFolder"/>.</summary>
    public static List<RunReports> LoadAll(string runsFolder)
    {
        var runs = new List<RunReports>();
        foreach (string folder in Directory.GetDirectories(runsFolder).Order(StringComparer.Ordinal))
        {
            string name = Path.GetFileName(folder);
            int dash = name.LastIndexOf('-');
            if (dash <= 0 || !int.TryParse(name.AsSpan(dash + 1), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out int round))
            {
                continue;
            }

            runs.Add(Load(folder, name[..dash], round));
        }

        return runs;
    }

    private static RunReports Load(string folder, string label, int round)
    {
        var results = new Dictionary<string, CaseResult>(StringComparer.Ordinal);
        var roles = new Dictionary<string, CaseRole>(StringComparer.Ordinal);
        string resultsFolder = Path.Combine(folder, "results");
        if (!Directory.Exists(resultsFolder))
        {
            throw new InvalidDataException($"{folder}: no results folder (did the run fail? see {folder}/run.log)");
        }

        foreach (string file in Directory.GetFiles(resultsFolder, "*-report-full-compressed.json"))
        {
            using JsonDocument document = JsonDocument.Parse(File.ReadAllBytes(file));
            foreach (JsonElement benchmark in document.RootElement.GetProperty("Benchmarks").EnumerateArray())
            {
                CaseResult? result = ReadResult(benchmark);
                if (result is not null)
                {
                    results[result.FullName] = result;
                }
            }
        }

        foreach (string file in Directory.GetFiles(resultsFolder, "*-compare-roles.json"))
        {
            using JsonDocument document = JsonDocument.Parse(File.ReadAllBytes(file));
            foreach (JsonElement role in document.RootElement.GetProperty("Cases").EnumerateArray())
            {
                var caseRole = new CaseRole(
                    role.GetProperty("FullName").GetString()!, role.GetProperty("Type").GetString()!,
                    role.GetProperty("Method").GetString()!, role.GetProperty("Parameters").GetString()!,
                    role.GetProperty("Group").GetString()!, role.GetProperty("Baseline").GetBoolean(), role.GetProperty("Ours").GetBoolean(),
                    role.TryGetProperty("Floor", out JsonElement floor) && floor.GetBoolean());
                roles[caseRole.FullName] = caseRole;
            }
        }

        return new RunReports(label, round, results, roles);
    }

    // The per-run value of a case is the median of its measured ("Result") iterations: one slow iteration (a GC, the
    // other core's work) does not move it, and the spread between runs is what the intervals describe.
    private static CaseResult? ReadResult(JsonElement benchmark)
    {
        if (!benchmark.TryGetProperty("Measurements", out JsonElement measurements))
        {
            return null;
        }

        var perOperation = new List<double>();
        foreach (JsonElement measurement in measurements.EnumerateArray())
        {
            if (measurement.GetProperty("IterationMode").GetString() == "Workload"
                && measurement.GetProperty("IterationStage").GetString() == "Result")
            {
                perOperation.Add(measurement.GetProperty("Nanoseconds").GetDouble() / measurement.GetProperty("Operations").GetDouble());
            }
        }

        if (perOperation.Count == 0)
        {
            return null;
        }

        long? allocated = benchmark.TryGetProperty("Memory", out JsonElement memory)
            && memory.TryGetProperty("BytesAllocatedPerOperation", out JsonElement bytes) ? bytes.GetInt64() : null;
        return new CaseResult(
            benchmark.GetProperty("FullName").GetString()!, benchmark.GetProperty("Type").GetString()!,
            benchmark.GetProperty("Method").GetString()!, benchmark.GetProperty("Parameters").GetString() ?? string.Empty,
            Statistics.Median(perOperation), allocated);
    }
}
