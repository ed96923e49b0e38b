using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// What the row-shape check (<see cref="TsvOptions.ColumnCountCheck"/>, on by default when a header is read) costs:
/// the same headered TSV read with the check off (the Baseline of each category) and on. Projected reads switch to
/// the counting kernel when the check is on, so they are where it can cost; a reader without a selection counts the
/// separators of every line, where it otherwise looks only for the line's end. Each method sums the lengths of the
/// fields it reads, so both variants of a category do the same work and return the same sum.
/// </summary>
[MemoryDiagnoser]
[Config(typeof(TsvThroughputConfig))]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class TsvColumnCountCheckBenchmarks
{
    private static readonly string[] ProjectedNames = { "c0", "c1", "c10" };
    private static readonly int[] AllColumnIndices = Enumerable.Range(0, 25).ToArray();

    private byte[] _data = Array.Empty<byte>();
    private TsvOptions _unchecked = TsvOptions.Default;
    private TsvOptions _checked = TsvOptions.Default;

    /// <summary>Input size in MB (10^6 bytes), read by the MB/s column.</summary>
    [Params(1, 100)]
    public int Megabytes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        byte[] sample = TsvBenchmarkData.Generate(10_000);
        int lastLineEnd = Array.LastIndexOf(sample, (byte)'\n') + 1;
        int columns = sample.AsSpan(0, Array.IndexOf(sample, (byte)'\n')).Count((byte)'\t') + 1;
        byte[] header = Encoding.ASCII.GetBytes(string.Join('\t', Enumerable.Range(0, columns).Select(c => "c" + c)) + "\n");
        long target = Megabytes * 1_000_000L;
        using var data = new MemoryStream((int)target + sample.Length);
        data.Write(header);
        while (data.Length + lastLineEnd <= target)
        {
            data.Write(sample, 0, lastLineEnd);
        }

        int remainder = (int)(target - data.Length);
        data.Write(sample, 0, Array.LastIndexOf(sample, (byte)'\n', Math.Max(0, remainder - 1)) + 1);

        _data = data.ToArray();
        var headered = new TsvOptions { HasHeader = true };
        _unchecked = headered.WithColumnCountCheck(TsvColumnCountCheck.None);
        _checked = headered.WithColumnCountCheck(TsvColumnCountCheck.WhenHeader);

        long[] sums = { ProjectedUnchecked(), ProjectedChecked(), AllColumnsUnchecked(), AllColumnsChecked(), FieldsUnchecked(), FieldsChecked() };
        if (sums[0] != sums[1] || sums[2] != sums[3] || sums[4] != sums[5] || sums[2] != sums[4] || sums[0] == 0 || sums[2] <= sums[0])
        {
            throw new InvalidOperationException("The variants disagree: " + string.Join(", ", sums));
        }
    }

    [BenchmarkCategory("3 of 25 columns by name"), Benchmark(Baseline = true)]
    public long ProjectedUnchecked() => Projected(_unchecked);

    [BenchmarkCategory("3 of 25 columns by name"), Benchmark]
    public long ProjectedChecked() => Projected(_checked);

    [BenchmarkCategory("all 25 columns by index"), Benchmark(Baseline = true)]
    public long AllColumnsUnchecked() => AllColumns(_unchecked);

    [BenchmarkCategory("all 25 columns by index"), Benchmark]
    public long AllColumnsChecked() => AllColumns(_checked);

    [BenchmarkCategory("no selection, row.Fields"), Benchmark(Baseline = true)]
    public long FieldsUnchecked() => Fields(_unchecked);

    [BenchmarkCategory("no selection, row.Fields"), Benchmark]
    public long FieldsChecked() => Fields(_checked);

    private long Projected(TsvOptions options)
    {
        long sum = 0;
        using var reader = new TsvReader(ProjectedNames, options);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            sum += row[0].Length + row[1].Length + row[2].Length;
        }

        return sum;
    }

    private long AllColumns(TsvOptions options)
    {
        long sum = 0;
        using var reader = new TsvReader(AllColumnIndices, options);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            for (int i = 0; i < row.ColumnCount; i++)
            {
                sum += row[i].Length;
            }
        }

        return sum;
    }

    private long Fields(TsvOptions options)
    {
        long sum = 0;
        using var reader = new TsvReader(options);
        ReadOnlySpan<byte> buffer = _data;
        while (reader.TryReadRow(ref buffer, true, out TsvRow row))
        {
            foreach (ReadOnlySpan<byte> field in row.Fields)
            {
                sum += field.Length;
            }
        }

        return sum;
    }
}
