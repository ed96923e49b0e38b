using System;
using FsCheck;
using FsCheck.Fluent;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// Runs FsCheck properties from xunit facts. FsCheck.Xunit is not on our package feed, so the [Property] attribute
/// is unavailable; FsCheck's own runner (Check.One with a throwing config) does the generation and shrinking,
/// and a failure surfaces as an exception carrying the shrunk counterexample and the replay seed.
/// </summary>
public static class Properties
{
    /// <summary>
    /// FASTTEXT_PROPERTY_RUNS, when set: the number of generated cases for every property, those with their own count
    /// included (more for a soak run; fewer for the emulated ARM64 legs, eng/test-arm64.sh).
    /// </summary>
    private static readonly int? RunsOverride =
        int.TryParse(Environment.GetEnvironmentVariable("FASTTEXT_PROPERTY_RUNS"), out int runs) && runs > 0 ? runs : null;

    /// <summary>Default number of generated cases: 200, or FASTTEXT_PROPERTY_RUNS.</summary>
    public static int DefaultRuns { get; } = RunsOverride ?? 200;

    public static void ForAll<T>(Gen<T> generator, Action<T> assertion, int? runs = null) =>
        Check.One(Config.QuickThrowOnFailure.WithMaxTest(RunsOverride ?? runs ?? DefaultRuns), Prop.ForAll(generator.ToArbitrary(), assertion));

    public static void ForAll<T>(Arbitrary<T> arbitrary, Action<T> assertion, int? runs = null) =>
        Check.One(Config.QuickThrowOnFailure.WithMaxTest(RunsOverride ?? runs ?? DefaultRuns), Prop.ForAll(arbitrary, assertion));
}
