using System.Threading;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>
/// A caller's <see cref="ReadOnlyMemory{T}"/> text is read twice (measure, then write). Whatever happens to it in
/// between, a build gives a key or throws; it never reads or writes outside the spans it was given.
/// </summary>
public class KeyCallerMemoryMutationTests
{
    private static readonly KeyTextRules Lowered = KeyTextRules.None.ToLowerInvariant();

    private static readonly KeyTextRules Replacing = KeyTextRules.None.ReplaceWhitespace('_', KeyWhitespace.All);

    private static readonly KeyTextRules[] EveryPlan =
    [
        KeyTextRules.None,
        Lowered,
        Replacing,
        KeyTextRules.None.EmptyAs("none").ReplaceWhitespace('_').Allow(KeyCharacterSet.AsciiLettersDigitsUnderscore, "bad").ToLowerInvariant(),
        KeyTextRules.None.Allow(KeyCharacterSet.Create("abcAB_ \u00E9"), invalidFallback: null),
    ];

    private static string Build(KeyTextRules rules, ReadOnlyMemory<char> text) =>
        KeyShape.Join("/", KeyPart.MemoryText("slice", rules), KeyPart.Int32("n")).Build(text, 7);

    [Theory]
    [InlineData("\uFFFF\uFFFF\uFFFF")]
    [InlineData("ab\u0080")]
    [InlineData("\u00E9bc")]
    public void Ascii_measured_text_that_turns_non_ascii_before_the_write_throws(string later)
    {
        // Measure sees ASCII, so the write takes the table path; before the fix it indexed the 128-entry table with
        // the new char (up to 65535) and copied whatever lay beyond it into the key.
        var memory = new ShiftingMemory("ABC", later);

        InvalidOperationException e = Assert.Throws<InvalidOperationException>(() => Build(Lowered, memory.Text));

        Assert.Contains("'slice'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Memory_that_grows_before_the_write_is_read_at_its_measured_length()
    {
        // ReadOnlyMemory<char>.Span slices every read to the length the memory was created with.
        var memory = new ShiftingMemory("AB", "abcdefghijklmnopqrstuvwxyz");

        Assert.Equal("ab/7", Build(Lowered, memory.Text));
    }

    [Fact]
    public void Memory_that_shrinks_before_the_write_throws_from_the_runtime_slice()
    {
        var memory = new ShiftingMemory("abcdef", "ab");

        Assert.Throws<ArgumentOutOfRangeException>(() => Build(Lowered, memory.Text));
    }

    [Theory]
    [InlineData(KeyTextNormalizer.PlanAscii)]
    [InlineData(KeyTextNormalizer.PlanText)]
    [InlineData(KeyTextNormalizer.PlanCopy)]
    public void The_write_step_rechecks_the_text_length_against_the_measured_one(int plan)
    {
        // No public path hands the write a text of another length today (see the two facts above), but the write
        // must not rely on it: a shorter text would leave chars of the key unwritten, a longer one would write past it.
        var normalizer = new KeyTextNormalizer(Lowered);
        char[] destination = new char[4];

        Assert.Throws<InvalidOperationException>(() => normalizer.Write("abcdefgh".AsSpan(), plan, destination, "slice"));
        Assert.Throws<InvalidOperationException>(() => normalizer.Write("ab".AsSpan(), plan, destination, "slice"));
        normalizer.Write("ABCD".AsSpan(), plan, destination, "slice");
        Assert.Equal(plan == KeyTextNormalizer.PlanCopy ? "ABCD" : "abcd", new string(destination));
    }

    [Fact]
    public void A_change_the_write_cannot_see_gives_a_key_of_the_measured_length()
    {
        // Same length, still ASCII: the write has no way to tell, and the key shows the text as it is now. The
        // contract only promises memory safety and a key of the measured shape.
        var memory = new ShiftingMemory("ABC", "XYZ");

        Assert.Equal("xyz/7", Build(Lowered, memory.Text));
    }

    [Fact]
    public void Fallback_plans_ignore_a_change_after_measuring()
    {
        var memory = new ShiftingMemory("not valid!", new string('\uFFFF', 10));
        KeyTextRules rules = KeyTextRules.None.Allow(KeyCharacterSet.AsciiLettersDigitsUnderscore, "bad");

        Assert.Equal("bad/7", Build(rules, memory.Text));
    }

    [Fact]
    public void A_second_thread_flipping_chars_never_breaks_a_build()
    {
        // Chars chosen to move every text across the measure-time decisions: ASCII/non-ASCII, allowed/not, blank/not,
        // upper/lower, and a surrogate half.
        char[] alphabet = ['a', 'B', ' ', '\t', '_', '\u00E9', '\u00C9', '\uFFFF', '\uD83D', '!'];
        char[] buffer = new char[40];
        for (int i = 0; i < buffer.Length; i++)
        {
            buffer[i] = 'a';
        }

        using var stop = new CancellationTokenSource();
        var flipper = new Thread(() =>
        {
            uint state = 2463534242;
            while (!stop.IsCancellationRequested)
            {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                buffer[state % (uint)buffer.Length] = alphabet[(state >> 8) % (uint)alphabet.Length];
            }
        })
        { IsBackground = true };
        flipper.Start();
        try
        {
            int keys = 0, changes = 0;
            for (int iteration = 0; iteration < 20_000; iteration++)
            {
                KeyTextRules rules = EveryPlan[iteration % EveryPlan.Length];
                int start = iteration % 7;
                var slice = new ReadOnlyMemory<char>(buffer, start, buffer.Length - start - (iteration % 5));
                try
                {
                    string key = Build(rules, slice);
                    keys++;
                    Assert.EndsWith("/7", key, StringComparison.Ordinal);
                    Assert.True(key.Length <= slice.Length + 2 || key.Length <= "none/7".Length, key);
                }
                catch (InvalidOperationException e)
                {
                    changes++;
                    Assert.Contains("'slice'", e.Message, StringComparison.Ordinal);
                }
                catch (ArgumentException e)
                {
                    // Strict mode rejecting a char the flipper wrote is the documented outcome for such text.
                    Assert.Equal("slice", e.ParamName);
                }
            }

            Assert.True(keys > 0, "no build finished");
        }
        finally
        {
            stop.Cancel();
            flipper.Join();
        }
    }
}
