using FastText.Samples.TsvCut;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// coreutils 9.11's -w, --whitespace-delimited=trimmed, -F and -O against <see cref="CutReference.CutWhitespace"/>:
/// lines of spaces, tabs and text, with every combination of -s, --complement, -z and the output delimiter, through
/// every input path (tiny buffers, 1-byte reads, mapped, parallel).
/// </summary>
public sealed partial class TsvCutTests
{
    /// <summary>Blanks (space, TAB) and near-blanks (CR, NBSP's 0xa0), text, newlines, NUL; lists that select nothing too.</summary>
    public static class WhitespaceCases
    {
        public static Arbitrary<(byte[] Input, string List, int Options, int BufferSize, int MaxRead)> Cases()
        {
            byte[] alphabet = { (byte)'a', (byte)'b', (byte)' ', (byte)' ', (byte)'\t', (byte)'\t', (byte)'\n', (byte)'\n', 0, (byte)'\r', 0xa0, (byte)',' };
            Gen<(byte[] Input, string List, int Options, int BufferSize, int MaxRead)> cases =
                from length in Gen.Choose(0, 200)
                from picks in Gen.ArrayOf(Gen.Choose(0, alphabet.Length - 1), length)
                from list in Gen.Elements(Lists.Concat(new[] { "1-18446744073709551614", "2-4294967297" }).ToArray())
                from options in Gen.Choose(0, (8 * 4 * 3) - 1)
                from bufferSize in Gen.Elements(1, 2, 3, 16, 33, 1 << 20)
                from maxRead in Gen.Elements(1, 7, int.MaxValue, Mapped, ParallelChunks, ParallelChunks - 6)
                select (picks.Select(p => alphabet[p]).ToArray(), list, options, bufferSize, maxRead);
            return cases.ToArbitrary();
        }
    }

    /// <summary>
    /// Options: bit 0 -s, bit 1 --complement, bit 2 -z; then the form (-w, --whitespace-delimited=trimmed, -F, or
    /// -F with -d ',', which turns -F's -w off) and the output delimiter (the default, -O '&lt;&gt;', or
    /// --output-delimiter= for NUL).
    /// </summary>
    [FastTextProperty(Arbitrary = [typeof(WhitespaceCases)])]
    public void Whitespace_delimited_cutting_matches_the_reference((byte[] Input, string List, int Options, int BufferSize, int MaxRead) c)
    {
        bool onlyDelimited = (c.Options & 1) != 0;
        bool complement = (c.Options & 2) != 0;
        bool zeroTerminated = (c.Options & 4) != 0;
        int form = (c.Options >> 3) % 4;
        int outputForm = (c.Options >> 3) / 4;
        var args = new List<string>();
        byte[] defaultOutput;
        switch (form)
        {
            case 0:
                args.AddRange(new[] { "-w", "-f", c.List });
                defaultOutput = new[] { (byte)'\t' };
                break;
            case 1:
                args.AddRange(new[] { "--whitespace-delimited=trimmed", "-f", c.List });
                defaultOutput = new[] { (byte)'\t' };
                break;
            case 2:
                args.AddRange(new[] { "-F", c.List });
                defaultOutput = new[] { (byte)' ' };
                break;
            default:
                args.AddRange(new[] { "-F", c.List, "-d", "," });
                defaultOutput = new[] { (byte)' ' };
                break;
        }

        byte[] outputDelimiter = outputForm switch
        {
            1 => new[] { (byte)'<', (byte)'>' },
            2 => new byte[] { 0 },
            _ => defaultOutput,
        };
        if (outputForm == 1)
        {
            args.AddRange(new[] { "-O", "<>" });
        }
        else if (outputForm == 2)
        {
            args.Add("--output-delimiter=");
        }

        if (onlyDelimited)
        {
            args.Add("-s");
        }

        if (complement)
        {
            args.Add("--complement");
        }

        if (zeroTerminated)
        {
            args.Add("-z");
        }

        CutFieldList fields = CutFieldList.TryParse(c.List, complement, out _)!;
        byte terminator = zeroTerminated ? (byte)0 : (byte)'\n';
        byte[] expected = form == 3
            ? CutReference.Cut(c.Input, fields, (byte)',', outputDelimiter, onlyDelimited, terminator)
            : CutReference.CutWhitespace(c.Input, fields, trim: form == 1, outputDelimiter, onlyDelimited, terminator);
        byte[] actual = RunCut(args.ToArray(), c.Input, c.BufferSize, c.MaxRead);
        Assert.True(expected.AsSpan().SequenceEqual(actual),
            $"{string.Join(' ', args)} on {Convert.ToHexString(c.Input)}\nexpected {Convert.ToHexString(expected)}\nactual   {Convert.ToHexString(actual)}");
    }

    [Theory]
    [InlineData("-w -f1", false, false, "\t")]
    [InlineData("--whitespace-delimited=trimmed -f1", true, false, "\t")]
    [InlineData("--whi=t -f1", true, false, "\t")]
    [InlineData("--whitespace-delimited= -f1", true, false, "\t")]
    [InlineData("--whitespace-delimited=trimmed -w -f1", false, false, "\t")]
    [InlineData("-F 1", false, false, " ")]
    [InlineData("-F1 -O :", false, false, ":")]
    [InlineData("--output-delimiter=: -F1", false, false, ":")]
    [InlineData("-swf1", false, true, "\t")]
    public void Whitespace_options_are_parsed_as_in_coreutils_9_11(string line, bool trim, bool onlyDelimited, string output)
    {
        CutCommandLine parsed = CutCommandLine.Parse(line.Split(' '));
        Assert.Equal(CutAction.Cut, parsed.Action);
        Assert.True(parsed.WhitespaceDelimited);
        Assert.Equal(trim, parsed.TrimBlanks);
        Assert.Equal(onlyDelimited, parsed.OnlyDelimited);
        Assert.Equal(output, Encoding.Latin1.GetString(parsed.OutputDelimiter ?? new[] { parsed.Delimiter }));
    }

    [Fact]
    public void A_delimiter_overrides_the_whitespace_of_F_but_not_its_space()
    {
        CutCommandLine parsed = CutCommandLine.Parse(new[] { "-d", ",", "-F", "1" });
        Assert.Equal(CutAction.Cut, parsed.Action);
        Assert.False(parsed.WhitespaceDelimited);
        Assert.Equal((byte)',', parsed.Delimiter);
        Assert.Equal(" ", Encoding.Latin1.GetString(parsed.OutputDelimiter!));
    }

    [Theory]
    [InlineData("-w -d: -f1", "-d and -w are mutually exclusive")]
    [InlineData("-d: -f0 --whitespace-delimited", "-d and -w are mutually exclusive")]
    [InlineData("-F1 -w -d,", "-d and -w are mutually exclusive")]
    [InlineData("-w -d,", "you must specify a list of bytes, characters, or fields")]
    [InlineData("-w -d, -x -f1", "invalid option -- 'x'")]
    [InlineData("-f1 -F2", "only one list may be specified")]
    [InlineData("-F", "option requires an argument -- 'F'")]
    [InlineData("-f1 -O", "option requires an argument -- 'O'")]
    [InlineData("-w1 -f1", "invalid option -- '1'")]
    [InlineData("--whitespace-delimited=x -f1", "invalid argument 'x' for '--whitespace-delimited'\nValid arguments are:\n  - 'trimmed'")]
    public void Whitespace_option_errors_use_cuts_words(string line, string message)
    {
        CutCommandLine parsed = CutCommandLine.Parse(line.Split(' '));
        Assert.Equal(CutAction.Fail, parsed.Action);
        Assert.Equal(message, parsed.Error);
    }
}
