using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using Perfolizer.Horology;

namespace FastText.Benchmarks.Infrastructure;

/// <summary>
/// A quick but stable job for whole-suite runs: one launch, 3 warmups, 8 measured iterations of ~120 ms each,
/// memory diagnoser on. About 2-3 s per case instead of BenchmarkDotNet's default ~15-20 s, so a run of ~170
/// cases takes about ten minutes; the error columns still show when a ratio is too noisy to trust.
/// Use it on a class with <c>[FastJob]</c>; a <c>--job</c> given on the command line replaces it.
/// </summary>
public sealed class FastJobConfig : ManualConfig
{
    public static Job Job { get; } = Job.Default
        .WithLaunchCount(1)
        .WithWarmupCount(3)
        .WithIterationCount(8)
        .WithIterationTime(TimeInterval.FromMilliseconds(120))
        .WithId("Fast");

    public FastJobConfig()
    {
        AddJob(Job.AsDefault());
        AddDiagnoser(MemoryDiagnoser.Default);
        AddColumn(StatisticColumn.Median);
        HideColumns(Column.Job, Column.LaunchCount, Column.WarmupCount, Column.IterationCount, Column.IterationTime);
    }
}

/// <summary>Applies <see cref="FastJobConfig"/> to a benchmark class.</summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Assembly, AllowMultiple = false)]
public sealed class FastJobAttribute : Attribute, IConfigSource
{
    public IConfig Config { get; } = new FastJobConfig();
}
