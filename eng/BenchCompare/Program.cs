using System.Globalization;
using System.Text;
using System.Text.Json;

namespace FastText.BenchCompare;

/// <summary>
/// <c>analyze RUNS --mode base|peers --title TITLE --markdown FILE --json FILE [--threshold 0.03]</c>: the comparison
/// of the runs under RUNS (folders base-1, head-1, base-2, ... or head-1, head-2, ...), printed and written.
/// <c>readme MANIFEST README</c>: rewrites the README's benchmark table from the comparisons MANIFEST names.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        try
        {
            return args.FirstOrDefault() switch
            {
                "analyze" => Analyze(args[1..]),
                "readme" when args.Length == 3 => ReadmeTable.Rewrite(args[1], args[2]),
                "selftest" => SelfTest.Run(),
                _ => Usage(),
            };
        }
        catch (Exception exception) when (exception is InvalidDataException or IOException or JsonException or KeyNotFoundException or FormatException)
        {
            Console.Error.WriteLine($"bench compare: {exception.Message}");
            return 1;
        }
    }

    private static int Usage()
    {
        Console.Error.WriteLine("usage: BenchCompare analyze RUNS --mode base|peers --title TITLE --markdown FILE --json FILE [--threshold 0.03]");
        Console.Error.WriteLine("       BenchCompare readme MANIFEST README");
        return 2;
    }

    private static int Analyze(string[] args)
    {
        string runsFolder = args[0];
        var options = new Dictionary<string, string>(StringComparer.Ordinal);
        for (int i = 1; i + 1 < args.Length; i += 2)
        {
            options[args[i]] = args[i + 1];
        }

        string mode = options["--mode"];
        double threshold = double.Parse(options.GetValueOrDefault("--threshold", "0.03"), CultureInfo.InvariantCulture);
        List<RunReports> runs = RunReports.LoadAll(runsFolder);
        if (runs.Count == 0)
        {
            throw new InvalidDataException($"{runsFolder}: no run folders");
        }

        List<ComparisonRow> rows = mode == "base" ? Comparison.AgainstBase(runs, threshold) : Comparison.AgainstPeers(runs, threshold);
        int rounds = runs.Select(run => run.Round).Distinct().Count();
        string markdown = Markdown(options["--title"], mode, rounds, threshold, rows);
        Console.Write(markdown);
        File.WriteAllText(options["--markdown"], markdown);
        File.WriteAllText(options["--json"], JsonSerializer.Serialize(new RecordedComparison(options["--title"], mode, rounds, rows), JsonOptions));
        return 0;
    }

    internal static readonly JsonSerializerOptions JsonOptions = new() { WriteIndented = true, NumberHandling = System.Text.Json.Serialization.JsonNumberHandling.AllowNamedFloatingPointLiterals };

    private static string Markdown(string title, string mode, int rounds, double threshold, List<ComparisonRow> rows)
    {
        var text = new StringBuilder();
        string against = mode == "base" ? "the base build's same method (head / base)" : "the fastest peer of the method's group (FastText / peer)";
        text.AppendLine(CultureInfo.InvariantCulture, $"{title}: each ratio is against {against}, the median over {rounds} alternated runs, each ratio");
        text.AppendLine("formed within one pair of adjacent measurements; the interval holds the true median with the confidence shown");
        text.AppendLine(CultureInfo.InvariantCulture, $"(order statistics); p is Mann-Whitney's two-sided test of the two sides' run times; a verdict other than");
        text.AppendLine(CultureInfo.InvariantCulture, $"'same' needs p < {Comparison.Significance} and a median ratio more than {threshold:P0} from 1.");
        if (rows.Any(row => row.Method.StartsWith("Floor", StringComparison.Ordinal)))
        {
            text.AppendLine("A method named Floor... is the workload with no library (the transport alone): no library's ratio can be lower than its.");
        }

        text.AppendLine();
        text.AppendLine("| Class | Method | Group | Time | Against | Ratio | Interval | Conf. | Runs | p | Verdict | Allocated |");
        text.AppendLine("|---|---|---|---:|---|---:|---|---:|---:|---:|---|---:|");
        foreach (ComparisonRow row in rows)
        {
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {row.Type} | {row.Method} | {Escape(row.Group)} | {Time(row.Nanoseconds)} | {row.Reference} ({Time(row.ReferenceNanoseconds)}) | " +
                $"{row.Ratio.Median:0.00}x | {row.Ratio.Low:0.00}-{row.Ratio.High:0.00} | {row.Ratio.Confidence:P0} | {row.Ratio.Count} | " +
                $"{row.PValue:0.000} | {row.Verdict} | {Bytes(row.Allocated)} / {Bytes(row.ReferenceAllocated)} |");
        }

        return text.ToString();
    }

    private static string Escape(string text) => text.Replace("|", "\\|", StringComparison.Ordinal);

    private static string Bytes(long? bytes) => bytes is null ? "?" : string.Create(CultureInfo.InvariantCulture, $"{bytes:N0} B");

    internal static string Time(double nanoseconds) => nanoseconds switch
    {
        >= 1e9 => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds / 1e9:0.000} s"),
        >= 1e6 => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds / 1e6:0.000} ms"),
        >= 1e3 => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds / 1e3:0.000} us"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{nanoseconds:0.00} ns"),
    };
}

/// <summary>What <c>analyze</c> records beside its markdown, for the README's table.</summary>
internal sealed record RecordedComparison(string Title, string Mode, int Rounds, List<ComparisonRow> Rows);
