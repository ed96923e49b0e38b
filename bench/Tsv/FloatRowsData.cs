using System.Globalization;
using System.Text;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// Sep's float workload (its FloatsReaderBench) as TSV: a header, then per row three text columns (<c>Set</c>,
/// <c>FileName</c>, <c>DataSplit</c>) and <see cref="FeatureCount"/> ground-truth features (<c>GT_Feature0</c>...)
/// followed by as many predicted ones (<c>RE_Feature0</c>...), random floats in [0, 1) written with the invariant
/// culture's shortest round-trip form. Seeded: the same rows for every run and every class that uses it.
/// </summary>
public static class FloatRowsData
{
    /// <summary>Ground-truth features per row (and as many predicted ones).</summary>
    public const int FeatureCount = 20;

    /// <summary>The text columns before the features.</summary>
    public const int TextColumnCount = 3;

    private static readonly string[] Splits = { "Train", "Test", "Validation" };

    /// <summary>The file index of ground-truth feature <paramref name="feature"/>.</summary>
    public static int GroundTruthColumn(int feature) => TextColumnCount + feature;

    /// <summary>The file index of predicted feature <paramref name="feature"/>.</summary>
    public static int PredictedColumn(int feature) => TextColumnCount + FeatureCount + feature;

    /// <summary>The header line and <paramref name="rows"/> rows, UTF-8, each line ending with '\n'.</summary>
    public static byte[] Generate(int rows, int seed = 17)
    {
        var random = new Random(seed);
        var text = new StringBuilder(rows * 520);
        text.Append("Set\tFileName\tDataSplit");
        for (int i = 0; i < FeatureCount; i++)
        {
            text.Append("\tGT_Feature").Append(i.ToString(CultureInfo.InvariantCulture));
        }

        for (int i = 0; i < FeatureCount; i++)
        {
            text.Append("\tRE_Feature").Append(i.ToString(CultureInfo.InvariantCulture));
        }

        text.Append('\n');
        for (int row = 0; row < rows; row++)
        {
            text.Append("Set").Append((char)('A' + random.Next(3)), random.Next(20, 100)).Append('\t');
            text.Append((char)('a' + random.Next(26)), random.Next(50, 120)).Append(".png\t");
            text.Append(Splits[random.Next(Splits.Length)]);
            for (int i = 0; i < 2 * FeatureCount; i++)
            {
                text.Append('\t').Append(random.NextSingle().ToString("R", CultureInfo.InvariantCulture));
            }

            text.Append('\n');
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }

    /// <summary>About <paramref name="bytes"/> bytes of <see cref="Generate"/>'s rows (whole rows: a little more).</summary>
    public static byte[] GenerateToSize(long bytes, int seed = 17)
    {
        const int SampleRows = 1_000;
        int perRow = (Generate(SampleRows, seed).Length / SampleRows) + 1;
        return Generate((int)Math.Max(1, (bytes + perRow - 1) / perRow), seed);
    }

    /// <summary>The mean squared error of a row's predicted features against its ground truth (the per-row work).</summary>
    public static double MeanSquaredError(ReadOnlySpan<float> groundTruth, ReadOnlySpan<float> predicted)
    {
        double sum = 0;
        for (int i = 0; i < groundTruth.Length; i++)
        {
            double difference = (double)groundTruth[i] - predicted[i];
            sum += difference * difference;
        }

        return sum / groundTruth.Length;
    }
}
