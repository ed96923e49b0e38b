using FsCheck;
using FsCheck.Fluent;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// LineTerminator '#' (the comment marker) with SkipCommentLines: no line can start with '#' (that byte ends it), so
/// no line is a comment, and an empty line is a row unless SkipEmptyLines drops it.
/// </summary>
public sealed class TsvCommentMarkerTerminatorTests
{
    [Theory]
    [InlineData(false, new[] { "1:a", "2:", "3:b" })]
    [InlineData(true, new[] { "1:a", "3:b" })]
    public void An_empty_line_is_not_a_comment_when_the_terminator_is_the_comment_marker(bool skipEmpty, string[] expected)
    {
        var options = new TsvOptions { LineTerminator = (byte)'#', SkipCommentLines = true, SkipEmptyLines = skipEmpty };
        Assert.Equal(expected, ViaSpan("a##b"u8.ToArray(), options));
        Assert.Equal(expected, ViaFileReader("a##b"u8.ToArray(), options));
    }

    public sealed record HashCase(string[] Lines, bool FinalTerminator, bool SkipComments, bool SkipEmpty, bool TrimCarriageReturn)
    {
        public byte[] Input => Encoding.UTF8.GetBytes(string.Join("#", Lines) + (FinalTerminator && Lines.Length > 0 ? "#" : string.Empty));

        public TsvOptions Options => new()
        {
            LineTerminator = (byte)'#',
            SkipCommentLines = SkipComments,
            SkipEmptyLines = SkipEmpty,
            TrimCarriageReturn = TrimCarriageReturn,
        };

        public override string ToString() =>
            $"input={string.Join("#", Lines).Replace("\r", "\\r").Replace("\t", "\\t")} final={FinalTerminator} comments={SkipComments} skipEmpty={SkipEmpty} trim={TrimCarriageReturn}";
    }

    public static class HashCases
    {
        public static Arbitrary<HashCase> Cases()
        {
            Gen<string> line = Gen.Elements(string.Empty, string.Empty, "a", "b\tc", "\r", "x\r", "\t");
            Gen<HashCase> cases =
                from count in Gen.Choose(0, 8)
                from lines in Gen.ArrayOf(line, count)
                from final in Gen.Elements(true, false)
                from comments in Gen.Elements(true, true, false)
                from skipEmpty in Gen.Elements(true, false)
                from trim in Gen.Elements(true, false)
                select new HashCase(lines, final, comments, skipEmpty, trim);
            return cases.ToArbitrary();
        }
    }

    /// <summary>The naive reader: split on '#'; with that terminator no line is a comment.</summary>
    private static List<string> Model(HashCase c)
    {
        var rows = new List<string>();
        for (int i = 0; i < c.Lines.Length; i++)
        {
            string line = c.Lines[i];
            if (i == c.Lines.Length - 1 && line.Length == 0 && !c.FinalTerminator)
            {
                // "a#" + "" unterminated: the input ends with the terminator, no last line.
                break;
            }

            if (c.TrimCarriageReturn && line.EndsWith("\r", StringComparison.Ordinal))
            {
                line = line.Substring(0, line.Length - 1);
            }

            if (line.Length == 0 && c.SkipEmpty)
            {
                continue;
            }

            rows.Add((i + 1) + ":" + line);
        }

        return rows;
    }

    [FastTextProperty(Arbitrary = [typeof(HashCases)], RunsAtDefault = 200)]
    public void With_the_comment_marker_as_terminator_every_line_is_read_as_the_naive_split(HashCase c)
    {
        List<string> expected = Model(c);
        Assert.Equal(expected, ViaSpan(c.Input, c.Options));
        Assert.Equal(expected, ViaFileReader(c.Input, c.Options));
    }

    private static List<string> ViaSpan(byte[] bytes, TsvOptions options)
    {
        using var reader = new TsvReader(options);
        ReadOnlySpan<byte> input = bytes;
        var rows = new List<string>();
        while (reader.TryReadRow(ref input, isFinalBlock: true, out TsvRow row))
        {
            rows.Add(row.LineNumber + ":" + Encoding.UTF8.GetString(row.Line.ToArray()));
        }

        return rows;
    }

    private static List<string> ViaFileReader(byte[] bytes, TsvOptions options)
    {
        using TsvFileReader reader = TsvFileReader.From(bytes, options);
        var rows = new List<string>();
        foreach (TsvRow row in reader)
        {
            rows.Add(row.LineNumber + ":" + Encoding.UTF8.GetString(row.Line.ToArray()));
        }

        return rows;
    }
}
