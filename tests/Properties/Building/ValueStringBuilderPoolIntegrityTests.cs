using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// With a pool that throws on a double return or a foreign array and poisons what comes back: no sequence of
/// legal calls (and no throwing hole) makes the builder return an array twice, return the caller's buffer, or
/// keep writing into an array it gave back.
/// </summary>
[TrackedPool]
public class ValueStringBuilderPoolIntegrityTests
{
    private static readonly string Long = new('L', 100);

    [Fact]
    public void A_pool_that_throws_on_return_leaves_an_empty_builder_that_returns_nothing_again()
    {
        // Dispose forgets the builder's state before it gives the array back, so a pool that throws there leaves no
        // array behind for a second Dispose, and the builder is empty and usable.
        var pool = new ThrowingReturnPool();
        var builder = new ValueStringBuilder(new char[4], pool);
        builder.Append(Long);
        Exception? thrown = null;
        try
        {
            builder.Dispose();
        }
        catch (InvalidOperationException e)
        {
            thrown = e;
        }

        Assert.NotNull(thrown);
        Assert.Equal(1, pool.ReturnCalls);
        Assert.Equal(0, builder.Length);
        builder.Dispose();
        Assert.Equal(1, pool.ReturnCalls);
        builder.Append("ok");
        Assert.Equal("ok", builder.ToString());
    }

    private sealed class ThrowingReturnPool : System.Buffers.ArrayPool<char>
    {
        public int ReturnCalls { get; private set; }

        public override char[] Rent(int minimumLength) => new char[minimumLength];

        public override void Return(char[] array, bool clearArray = false)
        {
            ReturnCalls++;
            throw new InvalidOperationException("This pool refuses every return.");
        }
    }

    [Fact]
    public void Growth_returns_each_rented_array_once_and_never_the_callers_buffer()
    {
        var pool = new RecordingArrayPool();
        char[] callerBuffer = new char[8];
        var builder = new ValueStringBuilder(callerBuffer, pool);
        var model = new StringBuilder();
        for (int i = 0; i < 200; i++)
        {
            builder.Append(Long.AsSpan(0, i % 37));
            model.Append(Long, 0, i % 37);
        }

        Assert.Equal(model.ToString(), builder.ToString());
        Assert.True(pool.Rents > 3);
        Assert.Equal(pool.Rents - 1, pool.Returns);
        for (int i = 1; i < pool.RequestedLengths.Count; i++)
        {
            Assert.True(pool.RequestedLengths[i] >= 2 * pool.RequestedLengths[i - 1], "growth must at least double");
        }

        builder.Dispose();
        Assert.Equal(0, pool.Outstanding);
        Assert.False(pool.Owns(callerBuffer));
    }

    [Fact]
    public void Double_Dispose_returns_once()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(10, pool);
        builder.Append(Long);
        builder.Dispose();
        builder.Dispose();
        Assert.Equal(pool.Rents, pool.Returns);
        Assert.Equal(0, builder.Length);
        Assert.Equal(0, builder.Capacity);
    }

    [Fact]
    public void Use_after_Dispose_is_an_empty_builder_that_rents_again()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(new char[4], pool);
        builder.Append("abcdefgh");
        builder.Dispose();
        Assert.Equal(string.Empty, builder.ToString());
        builder.Append("again");
        builder.Append(12345);
        Assert.Equal("again12345", builder.ToString());
        builder.Dispose();
        builder.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void Dispose_on_the_callers_buffer_returns_nothing()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(new char[64], pool);
        builder.Append("fits");
        builder.Dispose();
        Assert.Equal(0, pool.Rents);
        Assert.Equal(0, pool.Returns);
    }

    [Fact]
    public void ToString_does_not_dispose()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(4, pool);
        builder.Append(Long);
        Assert.Equal(Long, builder.ToString());
        Assert.Equal(1, pool.Outstanding);
        builder.Append('!');
        Assert.Equal(Long + "!", builder.ToString());
        builder.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    public static TheoryData<int, bool> ThrowingHoleCases => new()
    {
        // initial buffer, whether the builder already rented before the interpolated append
        { 4, false }, { 4, true }, { 512, false }, { 512, true }, { 0, false },
    };

    [Theory]
    [MemberData(nameof(ThrowingHoleCases))]
    public void A_throwing_span_formattable_hole_appends_nothing_and_corrupts_no_pool(int initial, bool builderRentedFirst)
    {
        AssertThrowingHoleIsSafe(initial, builderRentedFirst, spanFormattable: true);
    }

    [Theory]
    [MemberData(nameof(ThrowingHoleCases))]
    public void A_throwing_formattable_hole_appends_nothing_and_corrupts_no_pool(int initial, bool builderRentedFirst)
    {
        AssertThrowingHoleIsSafe(initial, builderRentedFirst, spanFormattable: false);
    }

    private static void AssertThrowingHoleIsSafe(int initial, bool builderRentedFirst, bool spanFormattable)
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(new char[initial], pool);
        string before = builderRentedFirst ? new string('b', initial + 10) : "b";
        builder.Append(before);
        int rentsBefore = pool.Rents;
        try
        {
            // The long literal makes the handler's draft outgrow the builder's buffer before the hole throws.
            if (spanFormattable)
            {
                builder.Append($"{Long}{Long}{Long}{Long}{Long}{Long}{new ThrowingSpanFormattable()}");
            }
            else
            {
                builder.Append($"{Long}{Long}{Long}{Long}{Long}{Long}{new ThrowingFormattable()}");
            }

            Assert.Fail("the hole should have thrown");
        }
        catch (FormatException)
        {
        }

        // Nothing appended; the builder still owns what it owned and can keep going through more growth.
        Assert.Equal(before, builder.ToString());
        Assert.True(pool.Rents > rentsBefore, "the draft should have grown into its own array");
        for (int i = 0; i < 50; i++)
        {
            builder.Append(Long);
            builder.Append($"{i}");
        }

        var expected = new StringBuilder(before);
        for (int i = 0; i < 50; i++)
        {
            expected.Append(Long).Append(i);
        }

        Assert.Equal(expected.ToString(), builder.ToString());
        builder.Dispose();
        builder.Dispose();

        // Never returned, so never returned twice: the draft's array. The builder's own arrays went back once each
        // (the draft never writes into an array after it went back: nothing here gives memory away mid-string).
        Assert.Equal(1, pool.Outstanding);
    }

    [Fact]
    public void Growth_inside_a_handler_moves_ownership_exactly_once()
    {
        foreach (bool builderRentedFirst in new[] { false, true })
        {
            var pool = new RecordingArrayPool();
            var builder = new ValueStringBuilder(new char[16], pool);
            string before = builderRentedFirst ? new string('b', 20) : "b";
            builder.Append(before);
            char[]? rentedBefore = builderRentedFirst ? GetOutstandingSingle(pool) : null;

            builder.Append($"{Long}{12345}{Long}{-1.5}{Long}");
            Assert.Equal(before + Long + "12345" + Long + (-1.5).ToString() + Long, builder.ToString());
            if (rentedBefore is not null)
            {
                Assert.False(pool.Owns(rentedBefore), "the builder's previous array goes back after adoption");
            }

            Assert.Equal(1, pool.Outstanding);
            builder.Append(Long);
            builder.Dispose();
            Assert.Equal(0, pool.Outstanding);
            Assert.Equal(pool.Rents, pool.Returns);
        }
    }

    [Fact]
    public void Changing_the_builder_inside_a_hole_throws_and_appends_nothing()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(new char[8], pool);
        builder.Append("start");
        try
        {
            builder.Append($"{Long}{Sneak(ref builder)}");
            Assert.Fail("expected InvalidOperationException");
        }
        catch (InvalidOperationException)
        {
        }

        Assert.Equal("start" + Long + Long, builder.ToString());
        builder.Dispose();
        Assert.True(pool.Outstanding <= 1);

        static int Sneak(ref ValueStringBuilder b)
        {
            b.Append(Long);
            b.Append(Long);
            return 0;
        }
    }

    private static char[] GetOutstandingSingle(RecordingArrayPool pool)
    {
        Assert.Equal(1, pool.Outstanding);
        var probe = typeof(RecordingArrayPool).GetField("_outstanding", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!;
        return ((HashSet<char[]>)probe.GetValue(pool)!).Single();
    }
}
