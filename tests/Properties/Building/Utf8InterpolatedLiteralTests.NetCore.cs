using System.Globalization;
using System.Text;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// The UTF-8 handler's literals, which a short ASCII literal takes inline: any sequence of literals and holes, after
/// any text already in the builder (a lone high surrogate left pending included), must give the bytes of
/// Encoding.UTF8 for the whole text, from buffers too small for the literal, exactly large enough, and large.
/// Compile-time literals cannot vary, so the handler is driven by hand as the compiler drives it.
/// </summary>
public class Utf8InterpolatedLiteralTests
{
    private static readonly Gen<char> Chars = Gen.Frequency(
        (6, Gen.Choose(32, 126).Select(c => (char)c)),
        (1, Gen.Elements('é', '€', '\u0080', '\u07FF', '\u0800')),
        (2, Gen.Elements('\uD800', '\uDBFF', '\uD83D')),
        (2, Gen.Elements('\uDC00', '\uDFFF', '\uDE00')));

    /// <summary>One literal (Text) or, when Hole is set, one formatted int.</summary>
    public sealed record Piece(string Text, int? Hole)
    {
        public override string ToString() =>
            Hole is int hole ? $"{{{hole}}}" : "\"" + string.Concat(Text.Select(c => c < 127 && c >= 32 ? c.ToString() : $"\\u{(int)c:X4}")) + "\"";
    }

    public sealed record Case(int BufferLength, string Prefix, Piece[] Pieces)
    {
        public override string ToString() => $"buffer {BufferLength}, prefix {new Piece(Prefix, null)}, pieces [{string.Join(", ", Pieces.Select(p => p.ToString()))}]";
    }

    public static class Cases
    {
        private static readonly Gen<string> Texts = Gen.Frequency(
            (8, Gen.Choose(0, 18).SelectMany(n => Gen.ArrayOf(Chars, n)).Select(a => new string(a))),
            (1, Gen.Choose(19, 80).SelectMany(n => Gen.ArrayOf(Chars, n)).Select(a => new string(a))));

        private static readonly Gen<Piece> Pieces = Gen.Frequency(
            (5, Texts.Select(text => new Piece(text, null))),
            (1, Gen.Choose(-5000, 5000).Select(hole => new Piece(string.Empty, hole))));

        public static Arbitrary<Case> Case() => Arb.From(
            from buffer in Gen.Elements(0, 1, 3, 8, 16, 17, 40, 1024)
            from prefix in Texts
            from count in Gen.Choose(1, 6)
            from pieces in Gen.ArrayOf(Pieces, count)
            select new Case(buffer, prefix, pieces));
    }

    [FastTextProperty(Arbitrary = [typeof(Cases)], RunsAtDefault = 3000)]
    public void Literals_and_holes_give_the_bytes_of_Encoding_UTF8_for_the_whole_text(Case c)
    {
        var builder = new Utf8ValueStringBuilder(new byte[c.BufferLength]);
        try
        {
            builder.Append(c.Prefix);
            var handler = new Utf8ValueStringBuilder.AppendInterpolatedStringHandler(c.Pieces.Sum(p => p.Text.Length), c.Pieces.Count(p => p.Hole is not null), in builder);
            var expected = new StringBuilder(c.Prefix);
            foreach (Piece piece in c.Pieces)
            {
                if (piece.Hole is int hole)
                {
                    handler.AppendFormatted(hole);
                    expected.Append(hole.ToString(CultureInfo.InvariantCulture));
                }
                else
                {
                    handler.AppendLiteral(piece.Text);
                    expected.Append(piece.Text);
                }
            }

            builder.Append(handler);
            byte[] want = Encoding.UTF8.GetBytes(expected.ToString());
            byte[] got = builder.AsSpan().ToArray();
            Assert.True(want.AsSpan().SequenceEqual(got), $"{c}: expected {Convert.ToHexString(want)}, got {Convert.ToHexString(got)}");
        }
        finally
        {
            builder.Dispose();
        }
    }

    /// <summary>
    /// The short path reads only the chars it was given and writes only the bytes it reports: chars that end at a
    /// no-access page, into a builder whose buffer ends at another, at every length up to 20 and with the text
    /// filling the buffer exactly (an over-read or over-write crashes the test host).
    /// </summary>
    [GuardedFact]
    public void Short_text_neither_reads_nor_writes_past_its_spans()
    {
        using var source = new GuardedBuffer(64);
        using var target = new GuardedBuffer(64);
        for (int length = 0; length <= 20; length++)
        {
            foreach (bool ascii in new[] { true, false })
            {
                Span<char> chars = source.Chars(length);
                for (int i = 0; i < length; i++)
                {
                    chars[i] = (char)('a' + i);
                }

                if (!ascii && length > 0)
                {
                    chars[length - 1] = 'é';
                }

                int byteLength = Encoding.UTF8.GetByteCount(chars);
                var builder = new Utf8ValueStringBuilder(target.Bytes(byteLength));
                Assert.Null(builder.RentedForTests);
                builder.Append(chars);
                Assert.Equal(Encoding.UTF8.GetBytes(chars.ToArray()), builder.AsSpan().ToArray());
                builder.Dispose();
            }
        }
    }

    /// <summary>
    /// A handler made with <c>default</c> (safe code can) has an empty draft: its literals, short or not, write
    /// nothing outside memory it owns, and completing it into a builder is refused with nothing appended.
    /// </summary>
    [Fact]
    public void A_default_handler_takes_literals_without_writing_anywhere_and_is_refused()
    {
        Utf8ValueStringBuilder.AppendInterpolatedStringHandler handler = default;
        handler.AppendLiteral(string.Empty);
        handler.AppendLiteral("abc");
        handler.AppendLiteral(new string('x', 40));
        var builder = new Utf8ValueStringBuilder(new byte[16]);
        builder.Append("kept");
        Type? thrown = null;
        try
        {
            builder.Append(handler);
        }
        catch (InvalidOperationException e)
        {
            thrown = e.GetType();
        }

        Assert.Equal(typeof(InvalidOperationException), thrown);
        Assert.Equal("kept", builder.ToString());
        builder.Dispose();
    }
}
