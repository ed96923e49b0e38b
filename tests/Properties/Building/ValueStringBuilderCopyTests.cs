using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Copies of a builder (<c>var b2 = b;</c>, a by-value parameter) share its rented array (issue #10): however the
/// copies are grown, appended to, converted and disposed, each rented array goes back to the pool at most once,
/// and a copy whose array another copy returned throws on growth, ToString and interpolated appends and returns
/// nothing on Dispose. Checked against a model that knows which copy holds which rent, with a pool that re-rents
/// returned arrays (so a stale copy meets its old array in another builder's hands) and fails on a double return;
/// and on the shared pool, where this thread's spare first array must never be held by two live builders at once
/// (issue #13), whatever copies and nested builders do.
/// </summary>
[TrackedPool]
public class ValueStringBuilderCopyTests
{
    private static readonly string Long = new('L', 600);

    public enum OpKind
    {
        Copy, Append, Grow, Dispose, ToString, AppendInterpolated,
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
            (5, Gen.Constant(OpKind.Append)),
            (2, Gen.Constant(OpKind.Grow)),
            (3, Gen.Constant(OpKind.Dispose)),
            (2, Gen.Constant(OpKind.ToString)),
            (2, Gen.Constant(OpKind.AppendInterpolated)))
        from target in Gen.Choose(0, 2)
        from source in Gen.Choose(0, 2)
        from count in Gen.Frequency((4, Gen.Choose(0, 8)), (2, Gen.Choose(9, 300)), (1, Gen.Elements(251, 252, 253, 507, 508, 509)))
        select new Op(kind, target, source, count);

    /// <summary>The naive reference: which rent each copy holds and which rents went back to the pool.</summary>
    private sealed class Model
    {
        public int?[] Held { get; } = new int?[3];

        public HashSet<int> Returned { get; } = new();

        public int Rents { get; set; }

        public bool IsStale(int slot) => Held[slot] is int rent && Returned.Contains(rent);

        /// <summary>A growth of a live copy: its rent (if any) goes back, a new one comes in.</summary>
        public void Grow(int slot)
        {
            if (Held[slot] is int rent)
            {
                Returned.Add(rent);
            }

            Held[slot] = Rents++;
        }
    }

    /// <summary>Up to 40 operations of <see cref="Ops"/>; a failing sequence shrinks by dropping operations.</summary>
    public static class OpSequences
    {
        public static Arbitrary<Op[]> Sequence() => Arb.From(Gen.Choose(0, 40).SelectMany(n => Gen.ArrayOf(Ops, n)), Shrinks.ByRemoval);
    }

    [FastTextProperty(Arbitrary = [typeof(OpSequences)], RunsAtDefault = 400)]
    public void No_interleaving_of_copies_returns_an_array_twice(Op[] ops) =>
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () => Run(ops, new ReusingArrayPool()));

    [FastTextProperty(Arbitrary = [typeof(OpSequences)], RunsAtDefault = 400)]
    public void No_interleaving_of_copies_and_nested_builders_shares_the_spare_first_array(Op[] ops) =>
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            Run(ops, null);
        });

    /// <summary>Runs <paramref name="ops"/> on three builder variables; <paramref name="pool"/> null means the shared pool.</summary>
    private static void Run(Op[] ops, ReusingArrayPool? pool)
    {
        var model = new Model();
        var slot0 = new ValueStringBuilder(Span<char>.Empty, pool);
        var slot1 = new ValueStringBuilder(new char[4], pool);
        var slot2 = new ValueStringBuilder(Span<char>.Empty, pool);
        AssertLiveRentsAreDistinct(slot0, slot1, slot2, model, -1);
        for (int step = 0; step < ops.Length; step++)
        {
            Op op = ops[step];
            if (op.Kind == OpKind.Copy)
            {
                ValueStringBuilder source = op.Source switch { 0 => slot0, 1 => slot1, _ => slot2 };
                switch (op.Target)
                {
                    case 0: slot0 = source; break;
                    case 1: slot1 = source; break;
                    default: slot2 = source; break;
                }

                model.Held[op.Target] = model.Held[op.Source];
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

        slot0.Dispose();
        ReleaseInModel(model, 0);
        slot1.Dispose();
        ReleaseInModel(model, 1);
        slot2.Dispose();
        ReleaseInModel(model, 2);

        if (pool is not null)
        {
            Assert.Equal(model.Rents, pool.Rents);
            Assert.Equal(model.Returned.Count, pool.Returns);
        }
    }

    /// <summary>Copies holding a rent no copy returned yet use that rent's array; no other live rent, and not this thread's spare, may be the same array.</summary>
    private static void AssertLiveRentsAreDistinct(ValueStringBuilder slot0, ValueStringBuilder slot1, ValueStringBuilder slot2, Model model, int step)
    {
        char[]?[] arrays = { slot0.RentedForTests, slot1.RentedForTests, slot2.RentedForTests };
        for (int i = 0; i < 3; i++)
        {
            if (model.Held[i] is not int rent || model.Returned.Contains(rent))
            {
                continue;
            }

            Assert.NotNull(arrays[i]);
            Assert.False(ReferenceEquals(arrays[i], ValueStringBuilder.SpareArrayForTests), $"step {step}: slot{i} holds the spare first array");
            for (int j = 0; j < 3; j++)
            {
                if (model.Held[j] is int other && other != rent && !model.Returned.Contains(other))
                {
                    Assert.False(ReferenceEquals(arrays[i], arrays[j]), $"step {step}: slot{i} and slot{j} hold different rents in one array");
                }
            }
        }
    }

    private static void ReleaseInModel(Model model, int slot)
    {
        if (model.Held[slot] is int rent)
        {
            model.Returned.Add(rent);
        }

        model.Held[slot] = null;
    }

    private static void Apply(ref ValueStringBuilder builder, Op op, Model model, int step)
    {
        int slot = op.Target;
        bool stale = model.IsStale(slot);
        bool grows = op.Count > builder.Capacity - builder.Length;
        bool expectThrow;
        Action<Model> onSuccess;
        switch (op.Kind)
        {
            case OpKind.Append:
                expectThrow = grows && stale;
                onSuccess = m =>
                {
                    if (grows)
                    {
                        m.Grow(slot);
                    }
                };
                break;
            case OpKind.Grow:
                grows = true;
                expectThrow = stale;
                onSuccess = m => m.Grow(slot);
                break;
            case OpKind.Dispose:
                expectThrow = false;
                onSuccess = m => ReleaseInModel(m, slot);
                break;
            case OpKind.ToString:
                expectThrow = stale;
                onSuccess = _ => { };
                break;
            default:
                // A stale copy is refused when the handler is created, before its draft writes or rents anything.
                expectThrow = stale;

                onSuccess = m =>
                {
                    if (grows)
                    {
                        m.Grow(slot);
                    }
                };
                break;
        }

        int lengthBefore = builder.Length;
        InvalidOperationException? thrown = null;
        try
        {
            switch (op.Kind)
            {
                case OpKind.Append: builder.Append(Long.AsSpan(0, op.Count)); break;
                case OpKind.Grow: builder.EnsureCapacity(builder.Capacity + 1 + op.Count); break;
                case OpKind.Dispose: builder.Dispose(); break;
                case OpKind.ToString: Assert.Equal(builder.Length, builder.ToString().Length); break;
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
        }
        else
        {
            Assert.False(expectThrow, $"step {step}: {op} on a copy whose array another copy returned did not throw");
            onSuccess(model);
        }
    }

    [Fact]
    public void A_builder_made_with_capacity_0_takes_its_first_array_up_front_and_copies_return_it_once()
    {
        var pool = new ReusingArrayPool();
        var original = new ValueStringBuilder(0, pool);
        Assert.Equal(1, pool.Rents);
        Assert.True(original.Capacity >= ValueStringBuilder.MinimumRentLength - ValueStringBuilder.StampLength);
        ValueStringBuilder copy = original;
        copy.Dispose();
        bool threw = false;
        try
        {
            _ = original.ToString();
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        Assert.True(threw, "ToString on a copy whose array another copy returned must throw");
        original.Dispose();
        Assert.Equal(pool.Rents, pool.Returns);
    }

    [Fact]
    public void Disposing_both_copies_returns_the_array_once_without_throwing()
    {
        var pool = new ReusingArrayPool();
        var original = new ValueStringBuilder(Span<char>.Empty, pool);
        original.Append(Long);
        ValueStringBuilder copy = original;
        copy.Dispose();
        original.Dispose();
        Assert.Equal(1, pool.Rents);
        Assert.Equal(1, pool.Returns);
    }

    [Fact]
    public void A_by_value_parameter_that_grows_leaves_the_caller_a_copy_that_refuses_to_grow_or_convert()
    {
        var pool = new ReusingArrayPool();
        var caller = new ValueStringBuilder(Span<char>.Empty, pool);
        caller.Append("abc");
        AppendByValue(caller);
        Assert.Equal(2, pool.Rents);
        Assert.Equal(2, pool.Returns); // the callee returned the shared array on growth and its own on Dispose

        Assert.Contains("copied", ToStringFailure(caller), StringComparison.Ordinal);
        Assert.Contains("copied", GrowFailure(caller, 1000), StringComparison.Ordinal);
        Assert.Equal(3, caller.Length);

        caller.Dispose(); // returns nothing, throws nothing
        Assert.Equal(2, pool.Returns);

        // Disposed, the caller is an empty builder again and rents afresh.
        caller.Append(Long);
        Assert.Equal(Long, caller.ToString());
        caller.Dispose();
        Assert.Equal(pool.Rents, pool.Returns);

        static void AppendByValue(ValueStringBuilder b)
        {
            b.Append(Long);
            b.Dispose();
        }

        static string ToStringFailure(ValueStringBuilder b)
        {
            try
            {
                return "returned " + b.ToString();
            }
            catch (InvalidOperationException e)
            {
                return e.Message;
            }
        }

        static string GrowFailure(ValueStringBuilder b, int count)
        {
            try
            {
                b.Append('x', count);
                return "grew";
            }
            catch (InvalidOperationException e)
            {
                return e.Message;
            }
        }
    }

    [Fact]
    public void A_stale_copy_never_returns_the_array_its_next_renter_holds()
    {
        var pool = new ReusingArrayPool();
        var a = new ValueStringBuilder(Span<char>.Empty, pool);
        a.Append("a");
        ValueStringBuilder stale = a;
        a.Dispose();

        var next = new ValueStringBuilder(Span<char>.Empty, pool);
        next.Append("next"); // re-rents the array `stale` still points to
        Assert.Equal(2, pool.Rents);
        Assert.Equal(1, pool.Outstanding);

        stale.Dispose();
        Assert.Equal(1, pool.Outstanding);
        Assert.Equal("next", next.ToString());
        next.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void A_stale_interpolated_append_throws_and_appends_nothing()
    {
        var pool = new ReusingArrayPool();
        var a = new ValueStringBuilder(Span<char>.Empty, pool);
        a.Append("a");
        ValueStringBuilder stale = a;
        a.Append(Long); // grows: returns the shared array
        Assert.Contains("copied", AppendInterpolatedFailure(stale, 1), StringComparison.Ordinal);
        Assert.Contains("copied", AppendInterpolatedFailure(stale, 600), StringComparison.Ordinal);
        Assert.Equal(1, stale.Length);
        a.Dispose();
        stale.Dispose();
        Assert.Equal(pool.Rents, pool.Returns); // refused before its draft rented anything

        static string AppendInterpolatedFailure(ValueStringBuilder b, int count)
        {
            try
            {
                b.Append($"{new string('i', count)}");
                return "appended";
            }
            catch (InvalidOperationException e)
            {
                return e.Message;
            }
        }
    }

    [Fact]
    public void Copies_on_the_callers_buffer_rent_and_stamp_nothing()
    {
        var pool = new ReusingArrayPool();
        char[] buffer = new char[64];
        var a = new ValueStringBuilder(buffer, pool);
        a.Append("abc");
        ValueStringBuilder copy = a;
        copy.Append("def");
        a.Dispose();
        copy.Dispose();
        Assert.Equal(0, pool.Rents);
        Assert.Equal(64, buffer.Length);
        Assert.Equal("abcdef", new string(buffer, 0, 6));
        Assert.All(buffer.Skip(6), c => Assert.Equal('\0', c));
    }

    [Fact]
    public void The_stamp_lives_past_the_capacity_so_writes_never_reach_it()
    {
        var pool = new RecordingArrayPool();
        var builder = new ValueStringBuilder(10, pool);
        Assert.Equal(10 + ValueStringBuilder.StampLength, pool.RequestedLengths.Single());
        int capacity = builder.Capacity;
        builder.Append('x', capacity);
        Assert.Equal(capacity, builder.Length);
        Assert.Equal(new string('x', capacity), builder.ToString()); // the stamp still matches
        builder.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void Nested_builders_never_share_the_spare_first_array() => FreshThread.Run(() =>
    {
        SeedSpare();
        var outer = new ValueStringBuilder(Span<char>.Empty);
        outer.Append('o');
        var inner = new ValueStringBuilder(Span<char>.Empty);
        inner.Append('i');
        char[]? outerArray = outer.RentedForTests;
        Assert.NotNull(outerArray);
        Assert.NotSame(outerArray, inner.RentedForTests);
        Assert.Null(ValueStringBuilder.SpareArrayForTests); // outer holds it, or it was empty to begin with

        outer.Dispose();
        Assert.Same(outerArray, ValueStringBuilder.SpareArrayForTests);
        Assert.Equal("i", inner.ToString());
        char[]? innerArray = inner.RentedForTests;
        inner.Dispose(); // the slot keeps the longer of the two arrays; the other goes to the shared pool
        Assert.Same(innerArray!.Length > outerArray!.Length ? innerArray : outerArray, ValueStringBuilder.SpareArrayForTests);
    });

    [Fact]
    public void A_builder_that_outgrows_its_stack_buffer_reuses_the_spare_on_the_next_pass() => FreshThread.Run(() =>
    {
        SeedSpare();
        string text = new string('x', 300);
        char[]? grownFirst = null;
        Span<char> stackBuffer = stackalloc char[16];
        for (int pass = 0; pass < 3; pass++)
        {
            var builder = new ValueStringBuilder(stackBuffer);
            builder.Append(text);
            char[]? grown = builder.RentedForTests;
            Assert.NotNull(grown);
            Assert.True(grown!.Length >= 300 + ValueStringBuilder.StampLength, $"pass {pass}: {grown.Length} chars");
            if (pass == 0)
            {
                // The seeded 256-char spare is too short for 300 chars: the first pass rents from the shared pool.
                Assert.NotEqual(ValueStringBuilder.MinimumRentLength, grown.Length);
                grownFirst = grown;
            }
            else
            {
                Assert.Same(grownFirst, grown); // no rent from the shared pool after the first pass
            }

            Assert.Equal(text, builder.ToString());
            builder.Dispose();
            Assert.Same(grownFirst, ValueStringBuilder.SpareArrayForTests); // it displaced the shorter seeded spare
        }
    });

    [Fact]
    public void The_spare_slot_keeps_no_array_longer_than_its_limit() => FreshThread.Run(() =>
    {
        SeedSpare();
        char[]? seeded = ValueStringBuilder.SpareArrayForTests;
        var builder = new ValueStringBuilder(stackalloc char[16]);
        builder.Append(new string('y', ValueStringBuilder.SpareArrayMaxLength));
        char[]? grown = builder.RentedForTests;
        Assert.True(grown!.Length > ValueStringBuilder.SpareArrayMaxLength);
        builder.Dispose();
        Assert.Same(seeded, ValueStringBuilder.SpareArrayForTests);
    });

    [Fact]
    public void A_stale_copy_cannot_put_the_spare_back_while_another_builder_holds_it() => FreshThread.Run(() =>
    {
        SeedSpare();
        var a = new ValueStringBuilder(Span<char>.Empty);
        a.Append('a');
        ValueStringBuilder stale = a;
        a.Dispose();
        char[]? spare = ValueStringBuilder.SpareArrayForTests;
        Assert.NotNull(spare);

        var next = new ValueStringBuilder(Span<char>.Empty);
        next.Append("next");
        Assert.Same(spare, next.RentedForTests);
        Assert.Null(ValueStringBuilder.SpareArrayForTests);

        stale.Dispose();
        Assert.Null(ValueStringBuilder.SpareArrayForTests);
        var other = new ValueStringBuilder(Span<char>.Empty);
        other.Append("other");
        Assert.NotSame(spare, other.RentedForTests);
        Assert.Equal("next", next.ToString());
        other.Dispose();
        next.Dispose();
    });

    /// <summary>
    /// Runs a test of the per-thread spare array on a thread of its own. The spare and the lent-array ring are
    /// thread-static, and the test runner reuses threads, so an earlier test on the same thread (one that leaves the
    /// spare with a builder it never disposes, or lends it to a handler whose hole threw) would decide what these
    /// tests see.
    /// </summary>
    /// <summary>
    /// Puts an array of exactly the first rent's size in this thread's slot. The shared pool may answer a first rent
    /// of 256 chars with a longer array when its 256 bucket is empty (Mono's ArrayPool takes the next bucket up), and
    /// the slot keeps the longest array returned so far, so the tests start from a known slot, not from the pool.
    /// </summary>
    private static void SeedSpare() =>
        BuilderThreadState.Current.SpareChars = new char[ValueStringBuilder.MinimumRentLength];
}
