using System.Text;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// The UTF-8 builder shares the char builder's memory core without its per-thread spare array and outgrown-buffer
/// prediction: whatever earlier builders on the thread outgrew, a builder given a buffer starts in it, and every array
/// it grows into goes back to the pool. Checked over random sequences of builders.
/// </summary>
public class Utf8ValueStringBuilderStartTests
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

    [FastTextProperty(Arbitrary = [typeof(Inputs)])]
    public void Builders_start_in_their_buffer_after_any_history_and_build_the_same_bytes(Build[] builds) => FreshThread.Run(() =>
    {
        var pool = new RecordingBytePool();
        for (int step = 0; step < builds.Length; step++)
        {
            Build build = builds[step];
            string text = TextOf(build.TextLength);
            byte[] buffer = Enumerable.Repeat((byte)'#', build.BufferLength).ToArray();

            var builder = new Utf8ValueStringBuilder(buffer, pool);
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
}
