using System.Text;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// The UTF-8 builder shares the char builder's memory core and has a spare byte array of its own, but no
/// outgrown-buffer prediction: whatever earlier builders on the thread outgrew, a builder given a buffer starts in it
/// and grows into the spare array (or the pool). Checked over random sequences of builders, and the spare array's
/// hand-over with copies and writers.
/// </summary>
public class Utf8ValueStringBuilderSpareArrayTests
{
    public sealed record Build(int BufferLength, int TextLength)
    {
        public override string ToString() => $"Build(buffer {BufferLength}, text {TextLength})";
    }

    private static readonly int[] BufferLengths = { 0, 1, 4, 16, 255, 256, 257 };

    public static class Inputs
    {
        public static Arbitrary<Build[]> Sequences() =>
            Gen.Choose(1, 14).SelectMany(count =>
                (from buffer in Gen.Elements(BufferLengths)
                 from text in Gen.Frequency(
                     (3, Gen.Choose(0, 20)),
                     (3, Gen.Choose(Math.Max(0, buffer - 1), buffer + 1)),
                     (2, Gen.Choose(buffer + 2, buffer + 600)))
                 select new Build(buffer, text)).ArrayOf(count)).ToArbitrary();
    }

    private static string TextOf(int length) =>
        new(Enumerable.Range(0, length).Select(i => (char)('a' + (i % 26))).ToArray());

    /// <summary>Appends <paramref name="text"/> in pieces of 1 to 7 chars, alternating strings and single chars.</summary>
    private static void AppendInPieces(ref Utf8ValueStringBuilder builder, string text)
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

    private static void OutgrowOnce(int bufferLength)
    {
        var builder = new Utf8ValueStringBuilder(stackalloc byte[bufferLength]);
        builder.Append(TextOf(bufferLength + 1));
        Assert.NotNull(builder.RentedForTests);
        builder.Dispose();
    }

    [FastTextProperty(Arbitrary = [typeof(Inputs)])]
    public void Builders_start_in_their_buffer_after_any_history_and_build_the_same_bytes(Build[] builds) => FreshThread.Run(() =>
    {
        var pool = new RecordingBytePool();
        Utf8ValueStringBuilder.SetPoolForTests(pool);
        for (int step = 0; step < builds.Length; step++)
        {
            Build build = builds[step];
            string text = TextOf(build.TextLength);
            byte[] buffer = Enumerable.Repeat((byte)'#', build.BufferLength).ToArray();

            var builder = new Utf8ValueStringBuilder(buffer);
            Assert.True(builder.RentedForTests is null, $"step {step} ({build}): started past the caller's buffer");
            AppendInPieces(ref builder, text);
            Assert.True(text == Encoding.UTF8.GetString(builder.WrittenSpan.ToArray()), $"step {step} ({build}): the bytes differ");
            bool grew = builder.RentedForTests is not null;
            Assert.True(grew == build.TextLength > build.BufferLength, $"step {step} ({build}): grew {grew}");
            if (!grew)
            {
                Assert.True(text == Encoding.ASCII.GetString(buffer, 0, build.TextLength), $"step {step} ({build}): the caller buffer does not hold the text");
            }

            builder.Dispose();
            Assert.True(pool.Outstanding == 0, $"step {step} ({build}): {pool.Outstanding} arrays not returned");
            pool.AssertNoWriteAfterReturn();
        }
    });

    [Fact]
    public void A_builder_on_an_outgrown_buffer_length_starts_in_its_buffer_and_grows_into_the_spare() => FreshThread.Run(() =>
    {
        string text = TextOf(300);
        var first = new Utf8ValueStringBuilder(stackalloc byte[256]);
        AppendInPieces(ref first, text);
        byte[]? grown = first.RentedForTests;
        first.Dispose();
        Assert.Same(grown, Utf8ValueStringBuilder.SpareArrayForTests);

        var second = new Utf8ValueStringBuilder(stackalloc byte[256]);
        Assert.Null(second.RentedForTests);
        AppendInPieces(ref second, text);
        Assert.Equal(text, second.ToString());
        Assert.Same(grown, second.RentedForTests);
        Assert.Null(Utf8ValueStringBuilder.SpareArrayForTests);
        second.Dispose();
        Assert.Same(grown, Utf8ValueStringBuilder.SpareArrayForTests);
    });

    [Fact]
    public void A_copy_of_a_builder_in_the_spare_returns_it_once_and_the_stale_copy_throws() => FreshThread.Run(() =>
    {
        OutgrowOnce(bufferLength: 16);
        byte[]? spare = Utf8ValueStringBuilder.SpareArrayForTests;
        Assert.NotNull(spare);

        var inSpare = new Utf8ValueStringBuilder(Span<byte>.Empty);
        inSpare.Append("shared");
        Assert.Same(spare, inSpare.RentedForTests);
        Utf8ValueStringBuilder copy = inSpare; // misuse: a by-value copy shares the spare array
        copy.Dispose();
        Assert.Same(spare, Utf8ValueStringBuilder.SpareArrayForTests);

        bool threw = false;
        try
        {
            _ = inSpare.ToString();
        }
        catch (InvalidOperationException)
        {
            threw = true;
        }

        Assert.True(threw, "the stale copy's ToString read the array after its return");
        inSpare.Dispose(); // returns nothing: the copy already gave the array back
        Assert.Same(spare, Utf8ValueStringBuilder.SpareArrayForTests);

        // The array is handed out once: the next builder takes it, and a nested one does not get it too.
        var next = new Utf8ValueStringBuilder(Span<byte>.Empty);
        next.Append('n');
        var nested = new Utf8ValueStringBuilder(Span<byte>.Empty);
        nested.Append('m');
        Assert.Same(spare, next.RentedForTests);
        Assert.NotSame(spare, nested.RentedForTests);
        nested.Dispose();
        next.Dispose();
    });

    [Fact]
    public void A_builder_over_a_writer_gives_the_writer_the_bytes_of_a_spare_it_wrote_into() => FreshThread.Run(() =>
    {
        // The writer's spans are too short, so the builder writes into a rented array: the thread's spare.
        OutgrowOnce(bufferLength: 300);
        byte[]? spare = Utf8ValueStringBuilder.SpareArrayForTests;
        Assert.NotNull(spare);
        var writer = new TinySpanWriter(maxSpan: 8);
        var builder = new Utf8ValueStringBuilder(writer);
        string text = TextOf(100);
        builder.Append(text);
        Assert.Same(spare, builder.RentedForTests);
        builder.Dispose();
        Assert.Equal(text, Encoding.UTF8.GetString(writer.WrittenSpan.ToArray()));
        Assert.Same(spare, Utf8ValueStringBuilder.SpareArrayForTests);
    });
}
