using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Perfolizer.Metrology;
using Pragmastat;

namespace FastText.BenchCompare;

/// <summary>A median with the interval that holds the true median with (at least) the stated confidence.</summary>
internal readonly record struct MedianInterval(double Median, double Low, double High, double Confidence, int Count);

/// <summary>
/// The few statistics the comparison needs, all distribution-free: run times are skewed and bimodal (a process that
/// lands in a slow mode stays there), so means and normal intervals would mislead.
/// </summary>
internal static class Statistics
{
    /// <summary>The confidence the intervals aim for; with five runs the widest interval (min..max) gives 93.75 %.</summary>
    public const double TargetConfidence = 0.90;

    public static double Median(IReadOnlyCollection<double> values)
    {
        double[] sorted = [.. values.Order()];
        int middle = sorted.Length / 2;
        return sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /// <summary>
    /// The median and the order-statistic interval [x(k), x(n-k+1)] for it: it misses the true median only when at
    /// least n-k+1 values fall on one side of it, a binomial(n, 1/2) tail, so its confidence is
    /// 1 - 2 P(B &lt;= k-1). The narrowest such interval with at least <see cref="TargetConfidence"/> is taken; with
    /// fewer than five values no interval reaches it and the widest one is returned with its lower confidence.
    /// </summary>
    public static MedianInterval MedianWithInterval(IReadOnlyCollection<double> values)
    {
        double[] sorted = [.. values.Order()];
        int n = sorted.Length;
        int k = 1;
        while (k + 1 <= (n + 1) / 2 && Coverage(n, k + 1) >= TargetConfidence)
        {
            k++;
        }

        return new MedianInterval(Median(sorted), sorted[k - 1], sorted[n - k], Coverage(n, k), n);
    }

    /// <summary>The two-sided p-value of the Mann-Whitney U test that the two samples come from one distribution.</summary>
    public static double MannWhitneyPValue(IReadOnlyList<double> x, IReadOnlyList<double> y)
    {
        if (x.Count < 2 || y.Count < 2)
        {
            return double.NaN;
        }

        var test = MannWhitneyTest.Instance.Perform(new Sample([.. x]), new Sample([.. y]), AlternativeHypothesis.TwoSides, Threshold.Zero);
        return test.PValue.Value;
    }

    // 1 - 2 P(Binomial(n, 1/2) <= k - 1).
    private static double Coverage(int n, int k)
    {
        double tail = 0;
        double choose = 1;
        for (int i = 0; i <= k - 1; i++)
        {
            if (i > 0)
            {
                choose = choose * (n - i + 1) / i;
            }

            tail += choose;
        }

        return 1 - (2 * tail / Math.Pow(2, n));
    }
}
