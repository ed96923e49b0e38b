namespace FastText.BenchCompare;

/// <summary>
/// The statistics checked against values worked out by hand, so a change to them cannot quietly change every figure
/// the README quotes (the build runs this after building the tool).
/// </summary>
internal static class SelfTest
{
    public static int Run()
    {
        var failures = new List<string>();
        Check(failures, "median of 5", Statistics.Median([5, 1, 3, 2, 4]) == 3);
        Check(failures, "median of 4", Statistics.Median([4, 1, 3, 2]) == 2.5);

        // n = 5: only min..max reaches 90 %: 1 - 2/32 = 0.9375.
        MedianInterval five = Statistics.MedianWithInterval([0.9, 0.8, 1.1, 0.85, 0.95]);
        Check(failures, "n=5 interval", five is { Median: 0.9, Low: 0.8, High: 1.1, Count: 5 } && Math.Abs(five.Confidence - 0.9375) < 1e-12);

        // n = 10: x(2)..x(9) covers 1 - 2 * 11/1024 = 0.978515625; x(3)..x(8) only 0.890625.
        MedianInterval ten = Statistics.MedianWithInterval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        Check(failures, "n=10 interval", ten is { Low: 2, High: 9 } && Math.Abs(ten.Confidence - 0.978515625) < 1e-12);

        // Five against five, completely separated: the exact two-sided p is 2 / C(10, 5) = 2 / 252.
        double separated = Statistics.MannWhitneyPValue([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]);
        Check(failures, "separated p", Math.Abs(separated - (2.0 / 252)) < 1e-6);
        double interleaved = Statistics.MannWhitneyPValue([1, 3, 5, 7, 9], [2, 4, 6, 8, 10]);
        Check(failures, "interleaved p", interleaved > 0.5);

        foreach (string failure in failures)
        {
            Console.Error.WriteLine($"  BenchCompare self-test FAILED: {failure}");
        }

        Console.WriteLine(failures.Count == 0 ? "  BenchCompare self-test: medians, intervals and Mann-Whitney p-values as worked out by hand" : "");
        return failures.Count == 0 ? 0 : 1;
    }

    private static void Check(List<string> failures, string name, bool ok)
    {
        if (!ok)
        {
            failures.Add(name);
        }
    }
}
