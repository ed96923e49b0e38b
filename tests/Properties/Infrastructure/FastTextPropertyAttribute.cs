using FsCheck.Xunit;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// An FsCheck property (FsCheck.Xunit's <see cref="PropertyAttribute"/>): FsCheck generates the method's arguments
/// from the <see cref="PropertyAttribute.Arbitrary"/> classes named on it, runs it for each, shrinks a failing input
/// (where the arbitrary has a shrinker) and reports "Falsifiable, after N tests (M shrinks) (seed,gamma)" with the
/// original and shrunk input; <c>Replay = "(seed,gamma)"</c> on the attribute runs the same cases again.
/// <para>
/// The case count is the suite's one switch: <see cref="Runs"/> (FASTTEXT_PROPERTY_RUNS, 200 by default) for every
/// property, so an emulated ARM64 leg can run fewer cases and a soak run more. A property that needs more or fewer
/// cases than the others says how many it runs at the default switch (<see cref="RunsAtDefault"/>); its count scales
/// with the switch like every other one.
/// </para>
/// </summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public class FastTextPropertyAttribute : PropertyAttribute
{
    /// <summary>The case count when FASTTEXT_PROPERTY_RUNS is not set.</summary>
    public const int DefaultRuns = 200;

    private int _runsAtDefault = DefaultRuns;

    public FastTextPropertyAttribute() => MaxTest = Runs;

    /// <summary>Cases per property: FASTTEXT_PROPERTY_RUNS when it is a positive number, else <see cref="DefaultRuns"/>.</summary>
    public static int Runs { get; } =
        int.TryParse(Environment.GetEnvironmentVariable("FASTTEXT_PROPERTY_RUNS"), out int runs) && runs > 0 ? runs : DefaultRuns;

    /// <summary>
    /// The cases this property runs when the switch is at its default (200); the count is scaled by
    /// <see cref="Runs"/> / <see cref="DefaultRuns"/> (at least one case). <c>RunsAtDefault = 600</c> runs three
    /// times the switch's count.
    /// </summary>
    public int RunsAtDefault
    {
        get => _runsAtDefault;
        set
        {
            _runsAtDefault = value;
            MaxTest = Scaled(value);
        }
    }

    /// <summary>A count given for the default switch, scaled to the current one.</summary>
    public static int Scaled(int runsAtDefault) => (int)Math.Max(1, (long)runsAtDefault * Runs / DefaultRuns);
}

/// <summary>A property that needs guard pages; skipped, with the reason, where the OS cannot make them.</summary>
public sealed class GuardedPropertyAttribute : FastTextPropertyAttribute
{
    public GuardedPropertyAttribute()
    {
        if (!GuardedBuffer.IsSupported)
        {
            Skip = GuardedBuffer.SkipReason;
        }
    }
}
