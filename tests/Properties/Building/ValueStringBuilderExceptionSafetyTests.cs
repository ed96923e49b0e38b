using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;
using H = FastText.ValueStringBuilder.AppendInterpolatedStringHandler;

namespace FastText.Tests.Building;

/// <summary>
/// Exception safety as a property (issue #10): a hole or composite-format argument that throws at a random point,
/// after random growth, leaves the builder exactly as documented: the text it had, usable afterwards, no array
/// returned twice, nothing written into a returned array, and at most the documented arrays left to the GC.
/// </summary>
[TrackedPool]
public class ValueStringBuilderExceptionSafetyTests
{
    public sealed record Scenario(int Buffer, string Prefix, string[] Holes, int ThrowAt, bool SpanFormattable)
    {
        public override string ToString() =>
            $"buffer {Buffer}, prefix {Prefix.Length}, holes [{string.Join(",", Holes.Select(h => h.Length))}], throw at {ThrowAt}, span {SpanFormattable}";
    }

    private static readonly Gen<Scenario> Scenarios =
        from buffer in Gen.Elements(0, 1, 4, 64, 255, 256, 1000)
        from prefixLength in Gen.Choose(0, 400)
        from holeCount in Gen.Choose(1, 6)
        from holeLengths in Gen.ArrayOf(Gen.Choose(0, 300), holeCount)
        from throwAt in Gen.Choose(0, holeCount - 1)
        from span in Gen.Elements(false, true)
        select new Scenario(
            buffer,
            new string('p', prefixLength),
            holeLengths.Select((n, i) => new string((char)('a' + i), n)).ToArray(),
            throwAt,
            span);

    /// <summary><see cref="Scenarios"/> as an FsCheck arbitrary.</summary>
    public static class ScenarioArbitrary
    {
        public static Arbitrary<Scenario> Generated() => Scenarios.ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(ScenarioArbitrary)])]
    [LeavesArraysToTheGc]
    public void A_hole_that_throws_anywhere_appends_nothing_and_keeps_the_pool_intact(Scenario scenario)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var pool = new RecordingArrayPool();
            var builder = scenario.Buffer == 1000 ? new ValueStringBuilder(scenario.Buffer, pool) : new ValueStringBuilder(new char[scenario.Buffer], pool);
            builder.Append(scenario.Prefix);
            bool hadRentedArray = pool.Outstanding == 1;
            bool threw = false;
            try
            {
                // Exactly what the compiler emits for $"{a}-{b}-...{thrower}..." on this builder.
                var handler = new H(scenario.Holes.Length, scenario.Holes.Length + 1, in builder);
                for (int i = 0; i < scenario.Holes.Length; i++)
                {
                    if (i == scenario.ThrowAt)
                    {
                        if (scenario.SpanFormattable)
                        {
                            handler.AppendFormatted(new ThrowingSpanFormattable());
                        }
                        else
                        {
                            handler.AppendFormatted(new ThrowingFormattable());
                        }
                    }

                    handler.AppendFormatted(scenario.Holes[i]);
                    handler.AppendLiteral("-");
                }

                builder.Append(handler);
            }
            catch (FormatException)
            {
                threw = true;
            }

            Assert.True(threw);
            Assert.Equal(scenario.Prefix, builder.ToString());
            pool.AssertNoWriteAfterReturn();

            // Usable afterwards, through growth.
            builder.Append($"{scenario.Holes[0]}|{42}");
            builder.Append(new string('z', 700));
            Assert.Equal(scenario.Prefix + scenario.Holes[0] + "|42" + new string('z', 700), builder.ToString());
            builder.Dispose();
            builder.Dispose();
            pool.AssertNoWriteAfterReturn();

            // Left to the GC, never returned (so never returned twice): the draft's own array if it grew, and the
            // builder's array the draft was writing into.
            Assert.InRange(pool.Outstanding, 0, hadRentedArray ? 2 : 1);
        });
    }

    [FastTextProperty(Arbitrary = [typeof(ScenarioArbitrary)])]
    public void A_composite_format_argument_that_throws_anywhere_appends_nothing_and_returns_every_array(Scenario scenario)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var pool = new RecordingArrayPool();
            var builder = new ValueStringBuilder(new char[scenario.Buffer], pool);
            builder.Append(scenario.Prefix);
            object?[] args = scenario.Holes.Select((h, i) => i == scenario.ThrowAt
                ? (scenario.SpanFormattable ? new ThrowingSpanFormattable() : new ThrowingFormattable())
                : (object)h).ToArray();
            string format = string.Concat(Enumerable.Range(0, args.Length).Select(i => $"{{{i},3}}-"));
            bool threw = false;
            try
            {
                builder.AppendFormat(format, args);
            }
            catch (FormatException)
            {
                threw = true;
            }

            Assert.True(threw);
            Assert.Equal(scenario.Prefix, builder.ToString());
            builder.AppendFormat("{0}|{1:D3}", scenario.Holes[0], 7);
            Assert.Equal(scenario.Prefix + scenario.Holes[0] + "|007", builder.ToString());
            builder.Dispose();
            pool.AssertNoWriteAfterReturn();
            Assert.Equal(0, pool.Outstanding);
        });
    }

    [Fact]
    public void An_invalid_composite_format_appends_nothing()
    {
        foreach (string bad in new[] { "{", "}", "x{0", "{0,}", "{a}", "{0:{}", "{0,-}", "{1}", "{0}}" + "{" })
        {
            var builder = ValueStringBuilder.StartedForTests(new char[4], TrackedPoolAttribute.Current);
            builder.Append("keep");
            Assert.Throws<FormatException>(() => string.Format(bad, 1));
            bool threw = false;
            try
            {
                builder.AppendFormat(bad, 1);
            }
            catch (FormatException)
            {
                threw = true;
            }

            Assert.True(threw, bad);
            Assert.Equal("keep", builder.ToString());
            builder.Dispose();
        }
    }
}
