using System.Buffers;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Copies of a UTF-8 builder (<c>var b2 = b;</c>, a by-value parameter) share its rented array, as copies of the
/// char builder do (ValueStringBuilderCopyTests): however copies over a buffer or over a writer are grown, flushed,
/// read and disposed, each rented array goes back to the pool at most once and is never written while it is there,
/// and a copy whose array another copy returned throws on growth, Flush, ToString, ToArray, TryCopyTo and
/// interpolated appends and returns (and advances) nothing on Dispose. Checked against a model that knows which copy
/// holds which rent, with a pool that re-rents returned arrays (so a stale copy meets its old array in another
/// builder's hands), fails on a double or foreign return and checks its poison on every re-rent.
/// </summary>
public class Utf8ValueStringBuilderCopyTests
{
    private static readonly string Long = new('L', 600);

    public enum OpKind
    {
        Copy, AppendText, AppendBytes, Grow, Dispose, Read, Flush, AppendInterpolated,
    }

    public sealed record Op(OpKind Kind, int Target, int Source, int Count)
    {
        public override string ToString() => Kind == OpKind.Copy
            ? $"slot{Target} = slot{Source}"
            : $"{Kind}(slot{Target}, {Count})";
    }

    private static readonly Gen<Op> Ops =
        from kind in Gen.Frequency(
            (3, Gen.Constant(OpKind.Copy)),
            (3, Gen.Constant(OpKind.AppendText)),
            (2, Gen.Constant(OpKind.AppendBytes)),
            (2, Gen.Constant(OpKind.Grow)),
            (3, Gen.Constant(OpKind.Dispose)),
            (2, Gen.Constant(OpKind.Read)),
            (1, Gen.Constant(OpKind.Flush)),
            (2, Gen.Constant(OpKind.AppendInterpolated)))
        from target in Gen.Choose(0, 2)
        from source in Gen.Choose(0, 2)
        from count in Gen.Frequency((4, Gen.Choose(0, 8)), (2, Gen.Choose(9, 300)), (1, Gen.Elements(247, 248, 249, 503, 504, 505)))
        select new Op(kind, target, source, count);

    /// <summary>
    /// The naive reference: which rent each copy holds, which rents went back, and which copies write into a writer.
    /// The first live copy to let a rent go (observed as its array or stamp changing: the pool may hand the same
    /// array straight back) returns it, and every other copy holding it is stale from then on.
    /// </summary>
    private sealed class Model
    {
        public int?[] Held { get; } = new int?[3];

        public bool[] OverWriter { get; } = new bool[3];

        public List<(byte[] Array, long Stamp)> Rents { get; } = new();

        public HashSet<int> Returned { get; } = new();

        public bool IsStale(int slot) => Held[slot] is int rent && Returned.Contains(rent);

        /// <summary>After an operation on a live copy: a changed rent means the held one went back and (if any) a new one came in.</summary>
        public void Observe(int slot, (byte[]? Array, long Stamp) before, (byte[]? Array, long Stamp) after)
        {
            if (ReferenceEquals(before.Array, after.Array) && before.Stamp == after.Stamp)
            {
                return;
            }

            if (Held[slot] is int rent)
            {
                Assert.Same(Rents[rent].Array, before.Array);
                Returned.Add(rent);
            }

            Held[slot] = null;
            if (after.Array is not null)
            {
                Assert.DoesNotContain(Rents, r => r.Stamp == after.Stamp); // every rent gets a stamp no other rent had
                Held[slot] = Rents.Count;
                Rents.Add((after.Array, after.Stamp));
            }
        }
    }

    /// <summary>Up to 40 operations of <see cref="Ops"/>; a failing sequence shrinks by dropping operations.</summary>
    public static class OpSequences
    {
        public static Arbitrary<Op[]> Sequence() => Arb.From(Gen.Choose(0, 40).SelectMany(n => Gen.ArrayOf(Ops, n)), Shrinks.ByRemoval);
    }

    [FastTextProperty(Arbitrary = [typeof(OpSequences)], RunsAtDefault = 500)]
    public void No_interleaving_of_copies_returns_an_array_twice_or_writes_into_a_returned_one(Op[] ops) => Run(ops);

    /// <summary>Runs <paramref name="ops"/> on three builder variables: no buffer, a 4-byte buffer, a writer that hands out 3-byte spans.</summary>
    private static void Run(Op[] ops)
    {
        var pool = new ReusingBytePool();
        var writer = new ThreeByteSpanWriter();
        var model = new Model();
        var slot0 = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        var slot1 = new Utf8ValueStringBuilder(new byte[4], pool);
        var slot2 = new Utf8ValueStringBuilder(writer, pool);
        model.OverWriter[2] = true;
        for (int step = 0; step < ops.Length; step++)
        {
            Op op = ops[step];
            if (op.Kind == OpKind.Copy)
            {
                Utf8ValueStringBuilder source = op.Source switch { 0 => slot0, 1 => slot1, _ => slot2 };
                switch (op.Target)
                {
                    case 0: slot0 = source; break;
                    case 1: slot1 = source; break;
                    default: slot2 = source; break;
                }

                model.Held[op.Target] = model.Held[op.Source];
                model.OverWriter[op.Target] = model.OverWriter[op.Source];
                continue;
            }

            switch (op.Target)
            {
                case 0: Apply(ref slot0, op, model, step); break;
                case 1: Apply(ref slot1, op, model, step); break;
                default: Apply(ref slot2, op, model, step); break;
            }

            AssertLiveRentsAreDistinct(slot0, slot1, slot2, model, step);
        }

        var dispose = new Op(OpKind.Dispose, 0, 0, 0);
        Apply(ref slot0, dispose, model, ops.Length);
        Apply(ref slot1, dispose with { Target = 1 }, model, ops.Length);
        Apply(ref slot2, dispose with { Target = 2 }, model, ops.Length);

        pool.AssertNoWriteWhileFree();
        Assert.Equal(model.Rents.Count, pool.Rents);
        Assert.Equal(model.Returned.Count, pool.Returns); // a rent whose every holder was overwritten by a copy stays out (a leak, not a double return)
    }

    private static void Apply(ref Utf8ValueStringBuilder builder, Op op, Model model, int step)
    {
        int slot = op.Target;
        bool stale = model.IsStale(slot);
        bool overWriter = model.OverWriter[slot];
        int free = builder.FreeForTests;
        bool grows;
        bool expectThrow;
        switch (op.Kind)
        {
            case OpKind.AppendText:
            case OpKind.AppendBytes:
                grows = op.Count > free;
                if (stale && !grows)
                {
                    return; // documented: plain appends that fit do not check, and write into the returned array
                }

                expectThrow = stale;
                break;
            case OpKind.Grow:
                expectThrow = stale;
                break;
            case OpKind.Dispose:
                expectThrow = false;
                break;
            case OpKind.Read:
                if (overWriter)
                {
                    return; // the writer owns the bytes: reading throws for that reason, stale or not
                }

                expectThrow = stale;
                break;
            case OpKind.Flush:
                expectThrow = stale && overWriter;
                break;
            default:
                expectThrow = stale; // refused when the handler is made, before its draft writes anything
                break;
        }

        int lengthBefore = builder.Length;
        byte[]? before = builder.RentedForTests;
        long stampBefore = builder.StampForTests;
        InvalidOperationException? thrown = null;
        try
        {
            switch (op.Kind)
            {
                case OpKind.AppendText: builder.Append(Long.AsSpan(0, op.Count)); break;
                case OpKind.AppendBytes: builder.Append(new byte[op.Count].AsSpan()); break;
                case OpKind.Grow: builder.Append('g', free + 1 + op.Count); break;
                case OpKind.Dispose: builder.Dispose(); break;
                case OpKind.Flush: builder.Flush(); break;
                case OpKind.Read: Read(ref builder, op.Count % 3); break;
                default: builder.Append($"{Long.Substring(0, op.Count)}"); break;
            }
        }
        catch (InvalidOperationException e)
        {
            thrown = e;
        }

        if (thrown is not null)
        {
            Assert.True(expectThrow, $"step {step}: {op} threw unexpectedly: {thrown.Message}");
            Assert.Contains("copied", thrown.Message, StringComparison.Ordinal);
            Assert.Equal(lengthBefore, builder.Length);
            Assert.Same(before, builder.RentedForTests);
            return;
        }

        Assert.False(expectThrow, $"step {step}: {op} on a copy whose array another copy returned did not throw");
        if (op.Kind == OpKind.Dispose)
        {
            model.OverWriter[slot] = false;
        }

        if (stale)
        {
            // Only Dispose (and Flush over a buffer) succeed on a stale copy; Dispose forgets the array, returning nothing.
            Assert.True(op.Kind is OpKind.Dispose or OpKind.Flush, $"step {step}: {op} succeeded on a stale copy");
            if (op.Kind == OpKind.Dispose)
            {
                Assert.Null(builder.RentedForTests);
                model.Held[slot] = null;
            }

            return;
        }

        model.Observe(slot, (before, stampBefore), (builder.RentedForTests, builder.StampForTests));
    }

    private static void Read(ref Utf8ValueStringBuilder builder, int which)
    {
        switch (which)
        {
            case 0:
                Assert.Equal(builder.Length, Encoding.UTF8.GetByteCount(builder.ToString()));
                break;
            case 1:
                Assert.Equal(builder.Length, builder.ToArray().Length);
                break;
            default:
                byte[] destination = new byte[builder.Length];
                Assert.True(builder.TryCopyTo(destination, out int written));
                Assert.Equal(builder.Length, written);
                break;
        }
    }

    /// <summary>Copies holding a rent no copy returned yet use that rent's array; no other live rent may be the same array.</summary>
    private static void AssertLiveRentsAreDistinct(Utf8ValueStringBuilder slot0, Utf8ValueStringBuilder slot1, Utf8ValueStringBuilder slot2, Model model, int step)
    {
        byte[]?[] arrays = { slot0.RentedForTests, slot1.RentedForTests, slot2.RentedForTests };
        for (int i = 0; i < 3; i++)
        {
            if (model.Held[i] is not int rent || model.Returned.Contains(rent))
            {
                continue;
            }

            Assert.Same(model.Rents[rent].Array, arrays[i]);
            for (int j = 0; j < 3; j++)
            {
                if (model.Held[j] is int other && other != rent && !model.Returned.Contains(other))
                {
                    Assert.False(ReferenceEquals(arrays[i], arrays[j]), $"step {step}: slot{i} and slot{j} hold different rents in one array");
                }
            }
        }
    }

    [Fact]
    public void Copy_then_grow_both_returns_the_shared_array_once_and_the_second_growth_throws()
    {
        var pool = new ReusingBytePool();
        var original = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        original.Append("abc");
        Utf8ValueStringBuilder copy = original;
        original.Append(Long); // grows: returns the array both copies hold
        Assert.Contains("copied", Failure(copy, static (ref Utf8ValueStringBuilder b) => b.Append(Long)), StringComparison.Ordinal);
        Assert.Contains("copied", Failure(copy, static (ref Utf8ValueStringBuilder b) => b.Append(new byte[300].AsSpan())), StringComparison.Ordinal);
        Assert.Contains("copied", Failure(copy, static (ref Utf8ValueStringBuilder b) => b.Append('x', 1000)), StringComparison.Ordinal);
        Assert.Equal(3, copy.Length);
        Assert.Equal(2, pool.Rents);
        Assert.Equal(1, pool.Returns);

        copy.Dispose(); // returns nothing, throws nothing
        Assert.Equal(1, pool.Returns);
        Assert.Equal("abc" + Long, original.ToString());
        original.Dispose();
        Assert.Equal(0, pool.Outstanding);
        pool.AssertNoWriteWhileFree();
    }

    [Fact]
    public void Copy_then_dispose_both_returns_the_array_once_without_throwing()
    {
        var pool = new ReusingBytePool();
        var original = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        original.Append(Long);
        Utf8ValueStringBuilder copy = original;
        copy.Dispose();
        original.Dispose();
        Assert.Equal(1, pool.Rents);
        Assert.Equal(1, pool.Returns);
        pool.AssertNoWriteWhileFree();
    }

    [Fact]
    public void A_copy_used_after_another_copy_was_disposed_throws_and_never_touches_the_next_renters_array()
    {
        var pool = new ReusingBytePool();
        var a = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        a.Append("a");
        Utf8ValueStringBuilder stale = a;
        a.Dispose();

        var next = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        next.Append("next"); // re-rents the array `stale` still points to
        Assert.Same(stale.RentedForTests, next.RentedForTests);
        Assert.Equal(2, pool.Rents);

        Assert.Contains("copied", Failure(stale, static (ref Utf8ValueStringBuilder b) => b.ToString()), StringComparison.Ordinal);
        Assert.Contains("copied", Failure(stale, static (ref Utf8ValueStringBuilder b) => b.ToArray()), StringComparison.Ordinal);
        Assert.Contains("copied", Failure(stale, static (ref Utf8ValueStringBuilder b) => b.TryCopyTo(new byte[16], out _)), StringComparison.Ordinal);
        Assert.Contains("copied", Failure(stale, static (ref Utf8ValueStringBuilder b) => b.Append(Long)), StringComparison.Ordinal);
        Assert.Contains("copied", Failure(stale, static (ref Utf8ValueStringBuilder b) => b.Append($"{1}")), StringComparison.Ordinal);
        Assert.Contains("copied", Failure(stale, static (ref Utf8ValueStringBuilder b) => b.Append($"{Long}")), StringComparison.Ordinal);
        Assert.Equal(2, pool.Rents); // the refused interpolations drafted nothing
        Assert.Equal(1, stale.Length);

        stale.Dispose();
        Assert.Equal(1, pool.Outstanding);
        Assert.Equal("next", next.ToString());
        next.Dispose();
        Assert.Equal(0, pool.Outstanding);
        pool.AssertNoWriteWhileFree();
    }

    [Fact]
    public void A_stale_copy_over_a_writer_refuses_to_flush_and_gives_the_writer_nothing_on_Dispose()
    {
        var pool = new ReusingBytePool();
        var writer = new TinySpanWriter(3);
        var builder = new Utf8ValueStringBuilder(writer, pool);
        builder.Append("hello world"); // longer than the writer's spans: written into a rented array
        Assert.NotNull(builder.RentedForTests);
        Utf8ValueStringBuilder copy = builder;
        builder.Flush(); // copies the array into the writer and returns it
        Assert.Equal("hello world", Encoding.UTF8.GetString(writer.WrittenSpan.ToArray()));

        Assert.Contains("copied", Failure(copy, static (ref Utf8ValueStringBuilder b) => b.Flush()), StringComparison.Ordinal);
        Assert.Contains("copied", Failure(copy, static (ref Utf8ValueStringBuilder b) => b.Append(Long)), StringComparison.Ordinal);
        Assert.Contains("copied", Failure(copy, static (ref Utf8ValueStringBuilder b) => b.Append($"{Long}")), StringComparison.Ordinal);
        copy.Dispose();
        Assert.Equal("hello world", Encoding.UTF8.GetString(writer.WrittenSpan.ToArray()));

        builder.Append("!");
        builder.Dispose();
        Assert.Equal("hello world!", Encoding.UTF8.GetString(writer.WrittenSpan.ToArray()));
        Assert.Equal(1, pool.Rents);
        Assert.Equal(1, pool.Returns);
        pool.AssertNoWriteWhileFree();
    }

    [Fact]
    public void A_hole_that_disposes_a_copy_makes_the_append_throw_without_writing_into_the_returned_array()
    {
        var pool = new ReusingBytePool();
        var builder = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        builder.Append("abc");
        try
        {
            builder.Append($"{DisposeACopy(builder)}{Long}");
            Assert.Fail("The append did not throw.");
        }
        catch (InvalidOperationException e)
        {
            Assert.Contains("copied", e.Message, StringComparison.Ordinal);
        }

        pool.AssertNoWriteWhileFree();
        Assert.Equal(3, builder.Length);
        builder.Dispose(); // stale: returns nothing
        Assert.Equal(pool.Rents - 1, pool.Returns); // the draft's own array went to the garbage collector
        pool.AssertNoWriteWhileFree();

        static string DisposeACopy(Utf8ValueStringBuilder copy)
        {
            copy.Dispose();
            return "x";
        }
    }

    [Fact]
    public void Copies_on_the_callers_buffer_rent_and_stamp_nothing()
    {
        var pool = new ReusingBytePool();
        byte[] buffer = new byte[64];
        var a = new Utf8ValueStringBuilder(buffer, pool);
        a.Append("abc");
        Utf8ValueStringBuilder copy = a;
        copy.Append("def");
        Assert.Equal("abc", a.ToString());
        Assert.Equal("abcdef", copy.ToString());
        a.Dispose();
        copy.Dispose();
        Assert.Equal(0, pool.Rents);
        Assert.Equal("abcdef", Encoding.UTF8.GetString(buffer, 0, 6));
        Assert.All(buffer.Skip(6), b => Assert.Equal(0, b));
    }

    [Fact]
    public void The_stamp_lives_past_the_writable_bytes_and_growth_doubles_the_whole_array()
    {
        var pool = new ReusingBytePool();
        var builder = new Utf8ValueStringBuilder(Span<byte>.Empty, pool);
        builder.Append('x');
        byte[] first = builder.RentedForTests!;
        Assert.Equal(Utf8ValueStringBuilder.MinimumRentLength, pool.RequestedLengths.Single());
        int free = builder.FreeForTests;
        Assert.Equal(first.Length - Utf8ValueStringBuilder.StampLength - 1, free);
        builder.Append('y', free);
        Assert.Equal("x" + new string('y', free), builder.ToString()); // the stamp still matches

        builder.Append('z');
        Assert.Equal(2 * first.Length, pool.RequestedLengths[1]);
        builder.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    /// <summary>Runs <paramref name="action"/> on (a copy of) <paramref name="builder"/> and returns the InvalidOperationException's message.</summary>
    private static string Failure(Utf8ValueStringBuilder builder, Utf8Action action)
    {
        try
        {
            action(ref builder);
            return "did not throw";
        }
        catch (InvalidOperationException e)
        {
            return e.Message;
        }
    }

    private delegate void Utf8Action(ref Utf8ValueStringBuilder builder);

    /// <summary>
    /// Hands out 3-byte spans whatever the size hint (so the builder rents for anything longer) and accepts any
    /// advance: copies that share a writer span advance it twice, which garbles the output but is not the pool's
    /// concern, and must not fail the property for the wrong reason.
    /// </summary>
    private sealed class ThreeByteSpanWriter : IBufferWriter<byte>
    {
        public void Advance(int count) => Assert.InRange(count, 0, 3);

        public Memory<byte> GetMemory(int sizeHint = 0) => new byte[3];

        public Span<byte> GetSpan(int sizeHint = 0) => new byte[3];
    }
}
