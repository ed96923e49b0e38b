using System.Globalization;
using System.Text;
using System.Text.Json;

namespace FastText.BenchCompare;

/// <summary>
/// The README's benchmark tables, made from recorded comparisons so that every figure in them is a median with its
/// interval and number of runs, and a reader can open the file it came from. The manifest (tab-separated, '#'
/// comments) has one line per table row: the workload as the README names it, the recorded comparison (a .json
/// that <c>analyze</c> wrote, relative to the repository), and the row's class, method and group; a line
/// <c>[NAME]</c> starts the rows of the table between the README's markers <c>&lt;!-- benchmarks:NAME:begin --&gt;</c>
/// and <c>&lt;!-- benchmarks:NAME:end --&gt;</c>.
/// </summary>
internal static class ReadmeTable
{
    public static int Rewrite(string manifestPath, string readmePath)
    {
        string root = Path.GetDirectoryName(Path.GetFullPath(readmePath))!;
        var tables = new List<(string Name, StringBuilder Rows)>();
        var loaded = new Dictionary<string, RecordedComparison>(StringComparer.Ordinal);
        foreach (string line in File.ReadLines(manifestPath))
        {
            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            if (line[0] == '[' && line[^1] == ']')
            {
                tables.Add((line[1..^1], new StringBuilder()));
                continue;
            }

            string[] fields = line.Split('\t');
            if (fields.Length != 5 || tables.Count == 0)
            {
                throw new InvalidDataException($"{manifestPath}: a row needs a [table] line before it and 5 tab-separated fields (workload, results, class, method, group): {line}");
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
            tables[^1].Rows.AppendLine(CultureInfo.InvariantCulture,
                $"| {fields[0]} | **{row.Ratio.Median:0.00}x** | {row.Ratio.Low:0.00}x-{row.Ratio.High:0.00}x ({row.Ratio.Confidence:P0}) | {row.Ratio.Count} | {Program.Time(row.Nanoseconds)} / {row.Reference} {Program.Time(row.ReferenceNanoseconds)} | [{Path.GetFileName(markdown)}]({markdown}) |");
        }

        string readme = File.ReadAllText(readmePath);
        foreach ((string name, StringBuilder rows) in tables)
        {
            string begin = $"<!-- benchmarks:{name}:begin -->";
            string end = $"<!-- benchmarks:{name}:end -->";
            int from = readme.IndexOf(begin, StringComparison.Ordinal);
            int to = readme.IndexOf(end, StringComparison.Ordinal);
            if (from < 0 || to < from)
            {
                throw new InvalidDataException($"{readmePath}: no '{begin}' ... '{end}' block");
            }

            string table = begin + "\n| Workload | FastText / fastest peer | Interval (confidence) | Runs | Times: FastText / peer | Results |\n"
                + "|---|---:|---|---:|---|---|\n" + rows + end;
            readme = string.Concat(readme.AsSpan(0, from), table, readme.AsSpan(to + end.Length));
        }

        File.WriteAllText(readmePath, readme);
        Console.WriteLine($"  {readmePath}: {tables.Count} benchmark tables rewritten from {manifestPath} ({loaded.Count} comparison files)");
        return 0;
    }
}
