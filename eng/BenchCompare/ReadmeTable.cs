using System.Globalization;
using System.Text;
using System.Text.Json;

namespace FastText.BenchCompare;

/// <summary>
/// The README's benchmark table, made from recorded comparisons so that every figure in it is a median with its
/// interval and number of runs, and a reader can open the file it came from. The manifest (tab-separated, '#'
/// comments) has one line per table row: the workload as the README names it, the recorded comparison (a .json
/// that <c>analyze</c> wrote, relative to the repository), and the row's class, method and group. The table sits
/// between the markers <c>&lt;!-- benchmarks:begin --&gt;</c> and <c>&lt;!-- benchmarks:end --&gt;</c>.
/// </summary>
internal static class ReadmeTable
{
    private const string Begin = "<!-- benchmarks:begin -->";
    private const string End = "<!-- benchmarks:end -->";

    public static int Rewrite(string manifestPath, string readmePath)
    {
        string root = Path.GetDirectoryName(Path.GetFullPath(readmePath))!;
        var table = new StringBuilder();
        table.AppendLine(Begin);
        table.AppendLine("| Workload | FastText / fastest peer | Interval (confidence) | Runs | Peer | Results |");
        table.AppendLine("|---|---:|---|---:|---|---|");
        var loaded = new Dictionary<string, RecordedComparison>(StringComparer.Ordinal);
        foreach (string line in File.ReadLines(manifestPath))
        {
            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            string[] fields = line.Split('\t');
            if (fields.Length != 5)
            {
                throw new InvalidDataException($"{manifestPath}: a row needs 5 tab-separated fields (workload, results, class, method, group): {line}");
            }

            string results = fields[1];
            if (!loaded.TryGetValue(results, out RecordedComparison? comparison))
            {
                comparison = JsonSerializer.Deserialize<RecordedComparison>(File.ReadAllText(Path.Combine(root, results)), Program.JsonOptions)
                    ?? throw new InvalidDataException($"{results}: empty");
                loaded[results] = comparison;
            }

            ComparisonRow row = comparison.Rows.SingleOrDefault(r => r.Type == fields[2] && r.Method == fields[3] && r.Group == fields[4])
                ?? throw new InvalidDataException($"{results}: no row for {fields[2]}.{fields[3]} in group '{fields[4]}'");
            string markdown = Path.ChangeExtension(results, ".md");
            table.AppendLine(CultureInfo.InvariantCulture,
                $"| {fields[0]} | **{row.Ratio.Median:0.00}x** | {row.Ratio.Low:0.00}x-{row.Ratio.High:0.00}x ({row.Ratio.Confidence:P0}) | {row.Ratio.Count} | {row.Reference} | [{Path.GetFileName(markdown)}]({markdown}) |");
        }

        table.Append(End);
        string readme = File.ReadAllText(readmePath);
        int begin = readme.IndexOf(Begin, StringComparison.Ordinal);
        int end = readme.IndexOf(End, StringComparison.Ordinal);
        if (begin < 0 || end < begin)
        {
            throw new InvalidDataException($"{readmePath}: no '{Begin}' ... '{End}' block");
        }

        File.WriteAllText(readmePath, string.Concat(readme.AsSpan(0, begin), table.ToString(), readme.AsSpan(end + End.Length)));
        Console.WriteLine($"  {readmePath}: benchmark table rewritten from {manifestPath} ({loaded.Count} comparison files)");
        return 0;
    }
}
