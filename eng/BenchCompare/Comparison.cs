namespace FastText.BenchCompare;

/// <summary>One line of a comparison: a method against its reference (the base build's same method, or a peer).</summary>
internal sealed record ComparisonRow(
    string Type,
    string Method,
    string Parameters,
    string Group,
    string Reference,
    double Nanoseconds,
    double ReferenceNanoseconds,
    MedianInterval Ratio,
    double PValue,
    string Verdict,
    long? Allocated,
    long? ReferenceAllocated);

/// <summary>
/// Turns alternated runs into ratios. Each ratio is formed within a pair of measurements taken next to each other
/// (the same process for a peer, the same round for a base build), so a slow period of the machine moves both sides of
/// it; the reported ratio is the median over the pairs, with its order-statistic interval.
/// </summary>
internal static class Comparison
{
    public const double Significance = 0.05;

    /// <summary>Every method the base and the head builds both ran, head over base, paired by round.</summary>
    public static List<ComparisonRow> AgainstBase(IReadOnlyList<RunReports> runs, double threshold)
    {
        var rows = new List<ComparisonRow>();
        var baseRuns = runs.Where(run => run.Label == "base").ToDictionary(run => run.Round);
        var headRuns = runs.Where(run => run.Label == "head").ToDictionary(run => run.Round);
        var names = headRuns.Values.SelectMany(run => run.Results.Keys).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal);
        foreach (string name in names)
        {
            var pairs = new List<(CaseResult Base, CaseResult Head)>();
            foreach ((int round, RunReports head) in headRuns)
            {
                if (baseRuns.TryGetValue(round, out RunReports? baseRun)
                    && baseRun.Results.TryGetValue(name, out CaseResult? before) && head.Results.TryGetValue(name, out CaseResult? after))
                {
                    pairs.Add((before, after));
                }
            }

            if (pairs.Count == 0)
            {
                continue;
            }

            CaseResult last = pairs[^1].Head;
            string group = headRuns.Values.Select(run => run.Roles.GetValueOrDefault(name)?.Group).FirstOrDefault(g => g is not null) ?? last.Parameters;
            rows.Add(Row(last, group, "base build", pairs.Select(pair => (pair.Head, pair.Base)).ToList(), threshold));
        }

        return rows;
    }

    /// <summary>
    /// Every method of FastText's (per the roles report) against the fastest peer of its group (category and
    /// parameters): the peer with the lowest median time over the runs, ratios formed within each run. A floor (the
    /// workload without any library) is compared the same way, so its ratio is the least any library could reach.
    /// </summary>
    public static List<ComparisonRow> AgainstPeers(IReadOnlyList<RunReports> runs, double threshold)
    {
        var roles = runs.SelectMany(run => run.Roles.Values).GroupBy(role => role.FullName, StringComparer.Ordinal)
            .Select(group => group.First()).ToList();
        if (roles.Count == 0)
        {
            throw new InvalidDataException("no roles report in the runs: the head build's bench/Program.cs adds CompareRolesExporter");
        }

        var rows = new List<ComparisonRow>();
        foreach (var group in roles.GroupBy(role => (role.Type, role.Group)).OrderBy(g => g.Key.Type, StringComparer.Ordinal).ThenBy(g => g.Key.Group, StringComparer.Ordinal))
        {
            var peers = group.Where(role => !role.Ours && !role.Floor).ToList();
            if (peers.Count == 0)
            {
                continue;
            }

            CaseRole fastestPeer = peers.MinBy(peer => MedianTime(runs, peer.FullName))!;
            foreach (CaseRole ours in group.Where(role => role.Ours || role.Floor))
            {
                var pairs = new List<(CaseResult Ours, CaseResult Peer)>();
                foreach (RunReports run in runs)
                {
                    if (run.Results.TryGetValue(ours.FullName, out CaseResult? mine) && run.Results.TryGetValue(fastestPeer.FullName, out CaseResult? theirs))
                    {
                        pairs.Add((mine, theirs));
                    }
                }

                if (pairs.Count > 0)
                {
                    rows.Add(Row(pairs[^1].Ours, group.Key.Group, fastestPeer.Method, pairs, threshold));
                }
            }
        }

        return rows;
    }

    private static double MedianTime(IReadOnlyList<RunReports> runs, string fullName)
    {
        var times = runs.Select(run => run.Results.GetValueOrDefault(fullName)?.NanosecondsPerOperation).OfType<double>().ToList();
        return times.Count == 0 ? double.PositiveInfinity : Statistics.Median(times);
    }

    private static ComparisonRow Row(CaseResult subject, string group, string reference, List<(CaseResult Subject, CaseResult Reference)> pairs, double threshold)
    {
        var subjectTimes = pairs.Select(pair => pair.Subject.NanosecondsPerOperation).ToList();
        var referenceTimes = pairs.Select(pair => pair.Reference.NanosecondsPerOperation).ToList();
        MedianInterval ratio = Statistics.MedianWithInterval(pairs.Select(pair => pair.Subject.NanosecondsPerOperation / pair.Reference.NanosecondsPerOperation).ToList());
        double p = Statistics.MannWhitneyPValue(subjectTimes, referenceTimes);
        return new ComparisonRow(
            subject.Type, subject.Method, subject.Parameters, group, reference,
            Statistics.Median(subjectTimes), Statistics.Median(referenceTimes), ratio, p, Verdict(ratio, p, threshold),
            pairs[^1].Subject.AllocatedBytes, pairs[^1].Reference.AllocatedBytes);
    }

    // Faster or slower only when both hold: the test rejects "same distribution" at the 5 % level and the median
    // ratio is further from 1 than the threshold (a real but tiny difference is reported as the same).
    private static string Verdict(MedianInterval ratio, double p, double threshold)
    {
        if (double.IsNaN(p) || p >= Significance || Math.Abs(ratio.Median - 1) < threshold)
        {
            return "same";
        }

        return ratio.Median < 1 ? "faster" : "slower";
    }
}
