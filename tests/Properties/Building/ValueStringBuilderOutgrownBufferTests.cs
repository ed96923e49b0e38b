using System.Reflection;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// A thread whose builders outgrow a caller buffer of some length starts the next builder given a buffer of that
/// length in its spare array (given the tracked pool, in an array of that pool), until such a builder ends short
/// enough to have fit. Checked against a naive model of that prediction: after every
/// build, the text, where the builder started (the caller's buffer or an array), that a skipped caller buffer is
/// left untouched, and that every rented array goes back once.
/// </summary>
[TrackedPool]
public class ValueStringBuilderOutgrownBufferTests
{
    /// <summary>One builder: the caller's buffer length, the text appended (in pieces), and whether it is disposed.</summary>
    public sealed record Build(int BufferLength, int TextLength)
    {
        public override string ToString() => $"Build(buffer {BufferLength}, text {TextLength})";
    }

    private static readonly int[] BufferLengths = { 0, 1, 4, 16, 255, 256, 257 };

    private static readonly Gen<Build> Builds =
        from buffer in Gen.Elements(BufferLengths)
        from text in Gen.Frequency(
            (3, Gen.Choose(0, 20)),
            (3, Gen.Choose(Math.Max(0, buffer - 1), buffer + 1)),
            (2, Gen.Choose(buffer + 2, buffer + 600)))
        select new Build(buffer, text);

    public static class Inputs
    {
        public static Arbitrary<Build[]> Sequences() =>
            Gen.Choose(1, 14).SelectMany(count => Builds.ArrayOf(count)).ToArbitrary();
    }

    /// <summary>The naive reference: the last caller buffer length outgrown, -1 when none is remembered.</summary>
    private sealed class Model
    {
        public int Outgrown { get; private set; } = -1;

        /// <summary>Given a pool, a remembered length always moves the builder into an array of it.</summary>
        public bool StartsPast(int bufferLength) => Outgrown == bufferLength;

        public void Ended(Build build, bool startedPast)
        {
            if (startedPast)
            {
                if (build.TextLength <= build.BufferLength && Outgrown == build.BufferLength)
                {
                    Outgrown = -1;
                }
            }
            else if (build.TextLength > build.BufferLength && build.BufferLength != 0)
            {
                Outgrown = build.BufferLength;
            }
        }
    }

    private static string TextOf(int length)
    {
        var chars = new char[length];
        for (int i = 0; i < length; i++)
        {
            chars[i] = (char)('a' + (i % 26));
        }

        return new string(chars);
    }

    /// <summary>Appends <paramref name="text"/> in pieces of 1 to 7 chars, alternating strings and single chars.</summary>
    private static void AppendInPieces(ref ValueStringBuilder builder, string text)
    {
        int at = 0;
        for (int piece = 1; at < text.Length; piece = piece % 7 + 1)
        {
            if (piece % 2 == 0)
            {
                builder.Append(text[at]);
                at++;
            }
            else
            {
                int length = Math.Min(piece, text.Length - at);
                builder.Append(text.Substring(at, length));
                at += length;
            }
        }
    }

    /// <summary>A builder on a caller buffer of <paramref name="bufferLength"/> chars outgrows it and is disposed.</summary>
    private static void OutgrowOnce(int bufferLength)
    {
        var builder = new ValueStringBuilder(stackalloc char[bufferLength]);
        builder.Append(TextOf(bufferLength + 1));
        Assert.NotNull(builder.RentedForTests);
        builder.Dispose();
    }

    [FastTextProperty(Arbitrary = [typeof(Inputs)])]
    public void Builders_start_where_the_model_says_and_build_the_same_text(Build[] builds)
    {
        TrackedPoolAttribute.RunCase(MethodBase.GetCurrentMethod()!, () =>
        {
            var model = new Model();
            for (int step = 0; step < builds.Length; step++)
            {
                Build build = builds[step];
                string text = TextOf(build.TextLength);
                char[] buffer = Enumerable.Repeat('#', build.BufferLength).ToArray();
                bool expectedPast = model.StartsPast(build.BufferLength);

                var builder = ValueStringBuilder.StartedForTests(buffer, TrackedPoolAttribute.Current);
                bool startedPast = builder.RentedForTests is not null;
                Assert.True(expectedPast == startedPast, $"step {step} ({build}): started past the buffer {startedPast}, the model says {expectedPast}");
                if (startedPast)
                {
                    Assert.True(builder.Capacity > build.BufferLength, $"step {step} ({build}): capacity {builder.Capacity}");
                }

                AppendInPieces(ref builder, text);
                Assert.True(text == builder.ToString(), $"step {step} ({build}): the text differs");
                if (startedPast)
                {
                    Assert.True(buffer.All(c => c == '#'), $"step {step} ({build}): the skipped caller buffer was written");
                }
                else if (build.TextLength <= build.BufferLength)
                {
                    Assert.True(text == new string(buffer, 0, build.TextLength), $"step {step} ({build}): the caller buffer does not hold the text");
                }
                else
                {
                    // Outgrown: the pieces that fitted before the growth are there, the rest is untouched.
                    int written = buffer.TakeWhile(c => c != '#').Count();
                    Assert.True(text.Substring(0, written) == new string(buffer, 0, written) && buffer.Skip(written).All(c => c == '#'), $"step {step} ({build}): the caller buffer holds more than the text's start");
                }

                builder.Dispose();
                model.Ended(build, startedPast);
            }
        });
    }

    [Fact]
    public void The_next_builder_on_an_outgrown_buffer_length_starts_in_the_spare_and_leaves_the_buffer_alone() => FreshThread.Run(() =>
    {
        string text = TextOf(300);
        var first = new ValueStringBuilder(stackalloc char[256]);
        AppendInPieces(ref first, text);
        char[]? grown = first.RentedForTests;
        first.Dispose();
        Assert.Same(grown, ValueStringBuilder.SpareArrayForTests);

        char[] buffer = Enumerable.Repeat('#', 256).ToArray();
        var second = new ValueStringBuilder(buffer);
        Assert.Same(grown, second.RentedForTests);
        Assert.Null(ValueStringBuilder.SpareArrayForTests);
        AppendInPieces(ref second, text);
        Assert.Equal(text, second.ToString());
        Assert.Same(grown, second.RentedForTests); // no growth: the spare was long enough
        Assert.All(buffer, c => Assert.Equal('#', c));
        second.Dispose();
        Assert.Same(grown, ValueStringBuilder.SpareArrayForTests);

        // Another length was never outgrown: its builder writes into its buffer.
        var other = new ValueStringBuilder(stackalloc char[255]);
        Assert.Null(other.RentedForTests);
        other.Dispose();
    });

    [Fact]
    public void A_builder_that_would_have_fit_ends_the_prediction() => FreshThread.Run(() =>
    {
        OutgrowOnce(bufferLength: 16);

        var predicted = new ValueStringBuilder(stackalloc char[16]);
        Assert.NotNull(predicted.RentedForTests);
        predicted.Append(TextOf(16)); // fits the skipped buffer
        predicted.Dispose();

        var next = new ValueStringBuilder(stackalloc char[16]);
        Assert.Null(next.RentedForTests);
        next.Append(TextOf(10));
        Assert.Equal(TextOf(10), next.ToString());
        next.Dispose();
    });

    [Fact]
    public void A_nested_builder_finds_the_spare_taken_and_writes_into_its_own_buffer() => FreshThread.Run(() =>
    {
        OutgrowOnce(bufferLength: 32);

        var outer = new ValueStringBuilder(stackalloc char[32]);
        Assert.NotNull(outer.RentedForTests);
        char[] innerBuffer = new char[32];
        var inner = new ValueStringBuilder(innerBuffer);
        Assert.Null(inner.RentedForTests);
        inner.Append("inner");
        outer.Append("outer");
        Assert.Equal("inner", new string(innerBuffer, 0, 5));
        Assert.Equal("inner", inner.ToString());
        Assert.Equal("outer", outer.ToString());
        inner.Dispose();
        outer.Dispose();
    });

    [Fact]
    public void A_spare_too_short_for_the_grown_capacity_is_left_in_its_slot() => FreshThread.Run(() =>
    {
        OutgrowOnce(bufferLength: 256);
        var shortSpare = new char[ValueStringBuilder.MinimumRentLength];
        BuilderThreadState.Current.SpareChars = shortSpare; // less than the 508 chars a 256-char buffer grows to

        var builder = new ValueStringBuilder(stackalloc char[256]);
        Assert.Null(builder.RentedForTests);
        Assert.Same(shortSpare, ValueStringBuilder.SpareArrayForTests);
        builder.Append("fits");
        Assert.Equal("fits", builder.ToString());
        builder.Dispose();
    });

    [Fact]
    public void A_copy_of_a_predicted_builder_returns_the_spare_once_and_the_stale_copy_throws() => FreshThread.Run(() =>
    {
        OutgrowOnce(bufferLength: 16);
        char[]? spare = ValueStringBuilder.SpareArrayForTests;
        Assert.NotNull(spare);

        var predicted = new ValueStringBuilder(stackalloc char[16]);
        Assert.Same(spare, predicted.RentedForTests);
        predicted.Append("shared");
        ValueStringBuilder copy = predicted; // misuse: a by-value copy shares the spare array
        copy.Dispose();
        Assert.Same(spare, ValueStringBuilder.SpareArrayForTests);

        bool threw = false;
        try
        {
            _ = predicted.ToString();
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        Assert.True(threw, "the stale copy's ToString read the array after its return");
        predicted.Dispose(); // returns nothing: the copy already gave the array back
        Assert.Same(spare, ValueStringBuilder.SpareArrayForTests);

        // The array is handed out once: the next builder takes it, and a nested one does not get it too.
        var next = new ValueStringBuilder(Span<char>.Empty);
        next.Append('n');
        var nested = new ValueStringBuilder(Span<char>.Empty);
        nested.Append('m');
        Assert.Same(spare, next.RentedForTests);
        Assert.NotSame(spare, nested.RentedForTests);
        nested.Dispose();
        next.Dispose();
    });

    [Fact]
    public void A_predicted_builder_left_undisposed_loses_only_the_spare() => FreshThread.Run(() =>
    {
        OutgrowOnce(bufferLength: 8);

        var undisposed = new ValueStringBuilder(stackalloc char[8]);
        Assert.NotNull(undisposed.RentedForTests);
        undisposed.Append("abc");
        Assert.Equal("abc", undisposed.ToString());

        // The spare went with it (to the garbage collector): the next builder writes into its own buffer.
        Assert.Null(ValueStringBuilder.SpareArrayForTests);
        char[] buffer = new char[8];
        var next = new ValueStringBuilder(buffer);
        Assert.Null(next.RentedForTests);
        next.Append("xyz");
        Assert.Equal("xyz", new string(buffer, 0, 3));
        next.Dispose();
    });
}
