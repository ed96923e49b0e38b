using System.Text;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Hardness of the builders' ownership promises under the misuse the red-team probe p1 found.
/// D1: an interpolated-string handler's draft never writes into an array after it went back to the pool, however many
/// other handlers complete inside a hole or are alive at once, nested or abandoned after a throwing hole (a bookkeeping
/// of lent arrays once kept 16 records in a ring, so 16 later handlers pushed the outer one's record out).
/// D4: a stale copy of a builder (another copy already returned the array) refuses every read of its chars or bytes,
/// as ToString() always did, instead of reading the next renter's text.
/// </summary>
public class BuilderOwnershipHardnessTests
{
    // ---------------------------------------------------------------------------------------------------------------
    // D1: drafts and arrays given away inside a hole.
    // ---------------------------------------------------------------------------------------------------------------
    [Theory]
    [InlineData(15)]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(100)]
    public void Completed_interpolations_inside_a_hole_never_let_the_draft_write_into_a_returned_array(int interpolations)
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(0, pool);
        builder.Append("start");
        bool threw = false;
        try
        {
            builder.Append($"{Describe(pool, interpolations)}{GrowBy(ref builder, 2000)}AFTER-THE-HOLE");
        }
        catch (InvalidOperationException)
        {
            threw = true; // documented: a hole that changes the builder makes the append throw
        }

        pool.AssertNoWriteAfterReturn();
        Assert.True(threw);
        Assert.Equal("start" + new string('g', 2000), builder.ToString());
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
    }

    [Theory]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(100)]
    public void Completed_interpolations_inside_a_hole_leave_the_next_renter_of_the_spare_array_alone(int interpolations)
    {
        var victim = default(ValueStringBuilder);
        var builder = new ValueStringBuilder(0); // this thread's spare array, or a rent from the shared pool
        builder.Append("start");
        try
        {
            builder.Append($"{DescribeShared(interpolations)}{GrowAndRentVictim(ref builder, ref victim)}XXXXXXXXXXXXXXXXXXXXXXXXXXXXXX");
        }
        catch (InvalidOperationException)
        {
        }

        string victimText = victim.ToString();
        victim.Dispose();
        builder.Dispose();
        Assert.Equal(new string('v', 40), victimText);
    }

    [Theory]
    [InlineData(17)]
    [InlineData(40)]
    [InlineData(100)]
    public void Many_live_handlers_on_other_builders_never_let_the_draft_write_into_a_returned_array(int depth)
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(0, pool);
        builder.Append("start");
        bool threw = false;
        try
        {
            builder.Append($"{NestOthers(ref builder, pool, depth)}AFTER-THE-HOLE");
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        pool.AssertNoWriteAfterReturn();
        Assert.True(threw);
        Assert.Equal("start" + new string('g', 2000), builder.ToString());
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
    }

    [Theory]
    [InlineData(17)]
    [InlineData(40)]
    public void Many_live_handlers_on_the_same_array_never_write_into_it_after_it_went_back(int depth)
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(0, pool);
        builder.Append("start");
        _ = NestSame(ref builder, depth);
        pool.AssertNoWriteAfterReturn();
        Assert.Equal("start" + new string('g', 2000), builder.ToString());
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
    }

    [Fact]
    public void Completing_a_hand_made_handler_twice_leaves_the_outer_draft_safe()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(0, pool);
        builder.Append("start");
        bool threw = false;
        try
        {
            builder.Append($"{CompleteTwiceThenGrow(ref builder)}AFTER-THE-HOLE");
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        pool.AssertNoWriteAfterReturn();
        Assert.True(threw);
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
    }

    [Fact]
    public void Completed_handlers_leave_nothing_behind()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(0, pool);
        var expected = new StringBuilder("a");
        try
        {
            builder.Append('a');
            for (int i = 0; i < 100; i++)
            {
                builder.Append($"[{i}]");
                expected.Append('[').Append(i).Append(']');
            }

            int described = Describe(pool, 100);
            builder.Append($"{Describe(pool, 100)}");
            expected.Append(described);
            Assert.Equal(expected.ToString(), builder.ToString());
        }
        finally
        {
            builder.Dispose();
        }

        Assert.Equal(0, pool.Outstanding);
        pool.AssertNoWriteAfterReturn();
    }

    [Fact]
    public void Builders_abandoned_after_throwing_holes_leave_later_handlers_safe()
    {
        var pool = new RecordingArrayPool();

        // Builders abandoned undisposed after a throwing hole: nothing tells the library their handlers are gone.
        for (int i = 0; i <= 1024; i++)
        {
            AbandonAfterThrowingHole(pool);
        }

        var builder = new ValueStringBuilder(0, pool);
        builder.Append("start");
        bool threw = false;
        try
        {
            builder.Append($"{GrowBy(ref builder, 2000)}AFTER-THE-HOLE");
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        pool.AssertNoWriteAfterReturn();
        Assert.True(threw);
        Assert.Equal("start" + new string('g', 2000), builder.ToString());
        builder.Append($"[{1}]");
        Assert.Equal("start" + new string('g', 2000) + "[1]", builder.ToString());
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
    }

    [FastTextProperty(RunsAtDefault = 100)]
    public void No_mix_of_sequential_and_nested_handlers_in_a_hole_writes_into_a_returned_array(byte sequential, byte depth, bool grow)
    {
        int count = sequential % 120;
        int nest = depth % 40;
        var pool = new RecordingArrayPool();
        int described = Describe(pool, count);
        var builder = new ValueStringBuilder(0, pool);
        builder.Append("start");
        bool threw = false;
        try
        {
            builder.Append($"{Describe(pool, count)}{NestOthers(ref builder, pool, nest, grow)}AFTER-THE-HOLE");
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        pool.AssertNoWriteAfterReturn();
        Assert.Equal(grow, threw); // only a hole that changes the builder makes the append throw
        Assert.Equal(grow ? "start" + new string('g', 2000) : "start" + described + "0AFTER-THE-HOLE", builder.ToString());
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
    }

    [Fact]
    public void Utf8_builder_completed_interpolations_inside_a_hole_never_let_the_draft_write_into_a_returned_array()
    {
        // The UTF-8 builder's drafts check the same per-thread counter before each hole.
        var pool = new RecordingBytePool();
        var builder = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        builder.Append("start");
        try
        {
            builder.Append($"{DescribeUtf8(pool, 100)}{GrowUtf8By(ref builder, 2000)}AFTER-THE-HOLE");
        }
        catch (InvalidOperationException)
        {
        }

        pool.AssertNoWriteAfterReturn();
        builder.Dispose();
        pool.AssertNoWriteAfterReturn();
    }

    private static int Describe(RecordingArrayPool pool, int interpolations)
    {
        var other = new ValueStringBuilder(0, pool);
        try
        {
            for (int i = 0; i < interpolations; i++)
            {
                other.Append($"item {i};");
            }

            return other.Length;
        }
        finally
        {
            other.Dispose();
        }
    }

    private static int DescribeShared(int interpolations)
    {
        // Longer than the spare slot keeps, so disposing it leaves the slot free for the target's old array.
        var other = new ValueStringBuilder(new char[0]);
        other.EnsureCapacity(ValueStringBuilder.SpareArrayMaxLength + 1);
        try
        {
            for (int i = 0; i < interpolations; i++)
            {
                other.Append($"item {i};");
            }

            return other.Length;
        }
        finally
        {
            other.Dispose();
        }
    }

    private static int DescribeUtf8(RecordingBytePool pool, int interpolations)
    {
        var other = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        try
        {
            for (int i = 0; i < interpolations; i++)
            {
                other.Append($"item {i};");
            }

            return other.Length;
        }
        finally
        {
            other.Dispose();
        }
    }

    private static int GrowBy(ref ValueStringBuilder b, int count)
    {
        b.Append('g', count);
        return 0;
    }

    private static int GrowUtf8By(ref Utf8ValueStringBuilder b, int count)
    {
        b.Append('g', count);
        return 0;
    }

    private static int GrowAndRentVictim(ref ValueStringBuilder target, ref ValueStringBuilder victim)
    {
        target.Append('g', 5000); // grows past the spare size: the old array goes back to the spare slot
        victim = new ValueStringBuilder(0); // takes it: the draft must not write into it any more
        victim.Append('v', 40);
        return 0;
    }

    private static int NestOthers(ref ValueStringBuilder target, RecordingArrayPool pool, int depth, bool grow = true)
    {
        if (depth == 0)
        {
            if (grow)
            {
                target.Append('g', 2000); // grows: the previous array is let go
            }

            return 0;
        }

        var other = new ValueStringBuilder(0, pool);
        try
        {
            other.Append('<'); // rents: the handler below drafts in a pooled array
            other.Append($"[{NestOthers(ref target, pool, depth - 1, grow)}]");
            Assert.Equal("<[0]", other.ToString());
            return 0;
        }
        finally
        {
            other.Dispose();
        }
    }

    private static int NestSame(ref ValueStringBuilder builder, int depth)
    {
        if (depth == 0)
        {
            builder.Append('g', 2000);
            return 0;
        }

        try
        {
            builder.Append($"<{NestSame(ref builder, depth - 1)}>");
        }
        catch (InvalidOperationException)
        {
            // Each level's hole changed the builder; the drafts still write '>' after it.
        }

        return 0;
    }

    private static int CompleteTwiceThenGrow(ref ValueStringBuilder builder)
    {
        var handler = new ValueStringBuilder.AppendInterpolatedStringHandler(0, 0, in builder);
        builder.Append(handler);
        builder.Append(handler); // a second completion of an empty handler passes the builder's checks
        builder.Append('g', 2000);
        return 0;
    }

    private static void AbandonAfterThrowingHole(RecordingArrayPool pool)
    {
        var abandoned = new ValueStringBuilder(0, pool);
        abandoned.Append('a');
        try
        {
            abandoned.Append($"{Throw()}");
        }
        catch (InvalidTimeZoneException)
        {
        }

        // Not disposed: its array is never returned.
    }

    private static int Throw() => throw new InvalidTimeZoneException();

    // ---------------------------------------------------------------------------------------------------------------
    // D4: every read of a stale copy checks ownership.
    // ---------------------------------------------------------------------------------------------------------------
    public enum CharRead
    {
        AsSpan,
        AsSpanStart,
        AsSpanStartLength,
        TryCopyTo,
        ToStringAll,
        ToStringRange,
    }

    public enum ByteRead
    {
        WrittenSpan,
        AsSpan,
        TryCopyTo,
        ToArray,
        ToStringAll,
    }

    public static TheoryData<CharRead> CharReads() => new() { CharRead.AsSpan, CharRead.AsSpanStart, CharRead.AsSpanStartLength, CharRead.TryCopyTo, CharRead.ToStringAll, CharRead.ToStringRange };

    public static TheoryData<ByteRead> ByteReads() => new() { ByteRead.WrittenSpan, ByteRead.AsSpan, ByteRead.TryCopyTo, ByteRead.ToArray, ByteRead.ToStringAll };

    [Theory]
    [MemberData(nameof(CharReads))]
    public void A_stale_char_copy_refuses_to_read_the_next_renters_text(CharRead read) =>
        StaleCharCopyRefuses(read, "owner-text", "SECRET-of-next", viaGrowth: false);

    [Theory]
    [MemberData(nameof(CharReads))]
    public void A_stale_char_copy_whose_other_copy_grew_refuses_to_read(CharRead read) =>
        StaleCharCopyRefuses(read, "owner-text", "SECRET-of-next", viaGrowth: true);

    [Theory]
    [MemberData(nameof(ByteReads))]
    public void A_stale_utf8_copy_refuses_to_read_the_next_renters_bytes(ByteRead read) =>
        StaleByteCopyRefuses(read, "owner-text", "SECRET-of-next");

    [FastTextProperty(RunsAtDefault = 100)]
    public void Stale_copies_refuse_every_read_and_owners_read_their_own_text(byte which, string? ownerText, string? nextText, bool viaGrowth)
    {
        string owner = "o" + WithoutSurrogates(ownerText);
        string next = "n" + WithoutSurrogates(nextText);
        StaleCharCopyRefuses((CharRead)(which % 6), owner, next, viaGrowth);
        StaleByteCopyRefuses((ByteRead)(which % 5), owner, next);
    }

    private static string WithoutSurrogates(string? text)
    {
        char[] chars = (text ?? string.Empty).ToCharArray();
        for (int i = 0; i < chars.Length; i++)
        {
            if (char.IsSurrogate(chars[i]))
            {
                chars[i] = '?';
            }
        }

        return new string(chars);
    }

    [Theory]
    [MemberData(nameof(CharReads))]
    public void Copies_over_a_callers_buffer_still_read(CharRead read)
    {
        // No stamp, nothing to check: a copy of a builder that never rented reads the shared buffer as before.
        var a = new ValueStringBuilder(new char[32]);
        a.Append("caller-buffer");
        ValueStringBuilder copy = a;
        a.Dispose();
        Assert.Equal("caller-buffer", Read(ref copy, read));
    }

    private static void StaleCharCopyRefuses(CharRead read, string ownerText, string nextText, bool viaGrowth)
    {
        var pool = new ReusingArrayPool();
        var a = new ValueStringBuilder(0, pool);
        a.Append(ownerText);
        Assert.Equal(ownerText, Read(ref a, read)); // the owner reads
        ValueStringBuilder stale = a; // misuse: a copy
        if (viaGrowth)
        {
            a.Append('x', 5000); // grows: returns the shared array
        }
        else
        {
            a.Dispose(); // returns the array
        }

        var next = new ValueStringBuilder(0, pool); // re-rents the same array
        next.Append(nextText);
        string? leaked = null;
        bool threw = false;
        try
        {
            leaked = Read(ref stale, read);
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        Assert.Equal(nextText, next.ToString());
        next.Dispose();
        stale.Dispose(); // returns nothing, does not throw
        a.Dispose();
        Assert.True(threw, $"{read} of a stale copy returned \"{leaked}\" instead of throwing");
        Assert.Equal(0, pool.Outstanding);
    }

    private static string Read(ref ValueStringBuilder b, CharRead read)
    {
        switch (read)
        {
            case CharRead.AsSpan:
                return b.AsSpan().ToString();
            case CharRead.AsSpanStart:
                return b.AsSpan(0).ToString();
            case CharRead.AsSpanStartLength:
                return b.AsSpan(0, b.Length).ToString();
            case CharRead.TryCopyTo:
                char[] destination = new char[b.Length + 8];
                Assert.True(b.TryCopyTo(destination, out int written));
                return new string(destination, 0, written);
            case CharRead.ToStringAll:
                return b.ToString();
            default:
                return b.ToString(0, b.Length);
        }
    }

    private static void StaleByteCopyRefuses(ByteRead read, string ownerText, string nextText)
    {
        var pool = new ReusingBytePool();
        var a = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        a.Append(ownerText);
        Assert.Equal(Encoding.UTF8.GetBytes(ownerText), Read(ref a, read));
        Utf8ValueStringBuilder stale = a;
        a.Dispose();
        var next = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        next.Append(nextText);
        byte[]? leaked = null;
        bool threw = false;
        try
        {
            leaked = Read(ref stale, read);
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        next.Dispose();
        stale.Dispose();
        Assert.True(threw, $"{read} of a stale UTF-8 copy returned {(leaked is null ? "null" : BitConverter.ToString(leaked))} instead of throwing");
        Assert.Equal(0, pool.Outstanding);
    }

    private static byte[] Read(ref Utf8ValueStringBuilder b, ByteRead read)
    {
        switch (read)
        {
            case ByteRead.WrittenSpan:
                return b.WrittenSpan.ToArray();
            case ByteRead.AsSpan:
                return b.AsSpan().ToArray();
            case ByteRead.TryCopyTo:
                byte[] destination = new byte[b.Length + 8];
                Assert.True(b.TryCopyTo(destination, out int written));
                return destination.AsSpan(0, written).ToArray();
            case ByteRead.ToArray:
                return b.ToArray();
            default:
                return Encoding.UTF8.GetBytes(b.ToString());
        }
    }
}
