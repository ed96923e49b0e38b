using System.Globalization;
using System.Text;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Sep's float workload (its comparison benchmarks' FloatsTestData) as TSV: a header of 20 ground-truth feature
/// names (GT_Feature0 ...) and 20 result names (RE_Feature0 ...), then rows of 40 random floats in [0, 1), each
/// written as .NET writes a float by default (its shortest round-trip text, e.g. 0.35143244). The same seed gives
/// the same bytes, for every class that reads it.
/// </summary>
public static class FloatRowsData
{
    /// <summary>Ground-truth features per row (and as many result ones).</summary>
    public const int FeatureCount = 20;

    public static readonly string[] GroundTruthNames = Enumerable.Range(0, FeatureCount).Select(i => "GT_Feature" + i.ToString(CultureInfo.InvariantCulture)).ToArray();

    public static readonly string[] ResultNames = Enumerable.Range(0, FeatureCount).Select(i => "RE_Feature" + i.ToString(CultureInfo.InvariantCulture)).ToArray();

    /// <summary>The file index of ground-truth feature <paramref name="feature"/>.</summary>
    public static int GroundTruthColumn(int feature) => feature;

    /// <summary>The file index of result feature <paramref name="feature"/>.</summary>
    public static int PredictedColumn(int feature) => FeatureCount + feature;

    /// <summary>The header line and <paramref name="rows"/> rows, UTF-8, each line ending with '\n'.</summary>
    public static byte[] Generate(int rows)
    {
        var random = new Random(42);
        var text = new StringBuilder(rows * FeatureCount * 2 * 11);
        text.AppendJoin('\t', GroundTruthNames.Concat(ResultNames)).Append('\n');
        for (int row = 0; row < rows; row++)
        {
            for (int column = 0; column < 2 * FeatureCount; column++)
            {
                if (column > 0)
                {
                    text.Append('\t');
                }

                text.Append(random.NextSingle().ToString(CultureInfo.InvariantCulture));
            }

            text.Append('\n');
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }

    /// <summary>About <paramref name="bytes"/> bytes of <see cref="Generate"/>'s rows (whole rows: a little more).</summary>
    public static byte[] GenerateToSize(long bytes)
    {
        const int SampleRows = 1_000;
        int perRow = (Generate(SampleRows).Length / SampleRows) + 1;
        return Generate((int)Math.Max(1, (bytes + perRow - 1) / perRow));
    }

    /// <summary>The workload's per-row result: the mean squared error between the ground truth and the results.</summary>
    public static double MeanSquaredError(ReadOnlySpan<float> groundTruth, ReadOnlySpan<float> results)
    {
        double sum = 0;
        for (int i = 0; i < groundTruth.Length; i++)
        {
            double difference = (double)groundTruth[i] - results[i];
            sum += difference * difference;
        }

        return sum / groundTruth.Length;
    }
}
