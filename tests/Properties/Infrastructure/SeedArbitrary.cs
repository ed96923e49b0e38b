using FsCheck;
using FsCheck.Fluent;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// The arbitrary of properties that take an <c>int seed</c> for a <see cref="Random"/> which builds the whole case
/// (any non-negative int; no shrinking, a seed has no smaller form). Register with
/// <c>[FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]</c>.
/// </summary>
public static class SeedArbitrary
{
    public static Arbitrary<int> Seed() => Gen.Choose(0, int.MaxValue).ToArbitrary();
}
