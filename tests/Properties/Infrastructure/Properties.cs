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
    /// <summary>Default number of generated cases; FASTTEXT_PROPERTY_RUNS scales every property up for a soak run.</summary>
    public static int DefaultRuns { get; } =
        int.TryParse(Environment.GetEnvironmentVariable("FASTTEXT_PROPERTY_RUNS"), out int runs) && runs > 0 ? runs : 200;

    public static void ForAll<T>(Gen<T> generator, Action<T> assertion, int? runs = null) =>
        Check.One(Config.QuickThrowOnFailure.WithMaxTest(runs ?? DefaultRuns), Prop.ForAll(generator.ToArbitrary(), assertion));

    public static void ForAll<T>(Arbitrary<T> arbitrary, Action<T> assertion, int? runs = null) =>
        Check.One(Config.QuickThrowOnFailure.WithMaxTest(runs ?? DefaultRuns), Prop.ForAll(arbitrary, assertion));
}
