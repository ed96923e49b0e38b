using System.IO;
using System.Text;
using FastText.Samples.TsvCut;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// tsvcut on lines longer than its buffer: such a line is cut as it streams through
/// (FieldCutter.LongLine.cs) from a stream, from a mapped input whose window it outgrows, and after a parallel cut
/// that stops before it. Compared with a naive reference of GNU cut's field mode (every line split whole), for the
/// line-by-line mode and for the one-record mode (delimiter = terminator); buffers of 1 to 64 bytes make nearly
/// every line over-long. Also the byte-exact command line: raw argument bytes, 8-bit delimiters, file name quoting.
/// </summary>
public sealed class TsvCutStreamingTests
{
    private const int StreamMode = 0;
    private const int MappedMode = 1;
    private const int ParallelMode = 2;

    private static readonly string[] Lists =
    {
        "1", "2", "3", "1,3", "2-", "1-", "3-", "-2", "2,4-", "1,2,11", "5", "2-3", "1-18446744073709551614", "4294967297",
    };

    /// <summary>Cuts <paramref name="input"/> with a buffer (or mapped window, or chunk limit) of <paramref name="size"/> bytes.</summary>
    private static unsafe byte[] Cut(string[] args, byte[] input, int mode, int size, int maxRead)
    {
        CutCommandLine commandLine = CutCommandLine.Parse(args);
        Assert.True(commandLine.Action == CutAction.Cut, commandLine.Error);
        using var output = new MemoryStream();
        var cutOutput = new CutOutput(output, bufferSize: 64);
        using (var cutter = new FieldCutter(commandLine, cutOutput, bufferSize: size, mappedWindow: size))
        {
            fixed (byte* bytes = input)
            {
                if (mode == StreamMode)
                {
                    using Stream source = CutInput.Open(new ChunkedStream(input, maxRead));
                    cutter.Cut(source);
                }
                else if (mode == MappedMode || !cutter.CutsLinesIndependently)
                {
                    cutter.Cut(bytes, input.Length);
                }
                else
                {
                    // Chunks of up to 'size' bytes, lines longer than that cut sequentially after the parallel cut stops.
                    PoolThreads.EnsureReady();
                    var parallel = new ParallelCutter(commandLine, cutOutput, workers: 3, chunkLength: Math.Max(1, size / 2), maxChunkLength: size);
                    parallel.CutAll(bytes, input.Length, cutter);
                }
            }
        }

        cutOutput.Flush();
        return output.ToArray();
    }

    /// <summary>Lines of random length (most longer than the small buffers), over an alphabet that is mostly delimiters and terminators.</summary>
    private static Gen<byte[]> Inputs(byte[] alphabet) =>
        from lineCount in Gen.Choose(0, 6)
        from lines in Gen.ArrayOf(
            from length in Gen.OneOf(Gen.Choose(0, 8), Gen.Choose(0, 200))
            from picks in Gen.ArrayOf(Gen.Choose(0, alphabet.Length - 1), length)
            select picks.Select(p => alphabet[p]).ToArray(), lineCount)
        from terminated in Gen.Elements(true, false)
        select lines.SelectMany((line, i) => i < lines.Length - 1 || terminated ? line.Append((byte)'\n') : line).ToArray();

    /// <summary>An input, a field list, option bits, a cutter mode, a buffer size and a largest read.</summary>
    public static class StreamingCases
    {
        public static Arbitrary<(byte[] Input, string List, int Options, int Mode, int Size, int MaxRead)> Cases()
        {
            byte[] alphabet = { (byte)'a', (byte)'b', (byte)'x', (byte)'\t', (byte)'\t', (byte)',', 0, (byte)'\n', 0xff };
            return (from input in Inputs(alphabet)
                    from list in Gen.Elements(Lists)
                    from options in Gen.Choose(0, 127)
                    from mode in Gen.Elements(StreamMode, MappedMode, ParallelMode)
                    from size in Gen.Elements(1, 2, 3, 5, 8, 16, 64)
                    from maxRead in Gen.Elements(1, 3, 7, int.MaxValue)
                    select (input, list, options, mode, size, maxRead)).ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(StreamingCases)], RunsAtDefault = 2000)]
    public void Over_long_lines_stream_to_the_references_output_from_streams_maps_and_parallel_cuts(
        (byte[] Input, string List, int Options, int Mode, int Size, int MaxRead) c)
    {
        bool onlyDelimited = (c.Options & 1) != 0;
        bool complement = (c.Options & 2) != 0;
        bool zeroTerminated = (c.Options & 4) != 0;
        byte terminator = zeroTerminated ? (byte)0 : (byte)'\n';

        // Delimiter: tab, comma, or (one case in four) the terminator itself, where the input is one record.
        byte delimiter = (c.Options & 64) != 0 && (c.Options & 8) != 0 ? terminator : (c.Options & 8) != 0 ? (byte)',' : (byte)'\t';
        byte[]? outputDelimiter = (c.Options & 16) != 0 ? new[] { (byte)'<', (byte)'>' } : (c.Options & 32) != 0 ? new[] { delimiter } : null;
        var args = new List<string> { "-f", c.List, "-d", delimiter == 0 ? "" : ((char)delimiter).ToString() };
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

        if (outputDelimiter is not null)
        {
            args.Add("--output-delimiter=" + (outputDelimiter[0] == 0 ? "" : Encoding.Latin1.GetString(outputDelimiter)));
        }

        CutFieldList fields = CutFieldList.TryParse(c.List, complement, out _)!;
        byte[] expected = CutReference.Cut(c.Input, fields, delimiter, outputDelimiter ?? new[] { delimiter }, onlyDelimited, terminator);
        byte[] actual = Cut(args.ToArray(), c.Input, c.Mode, c.Size, c.MaxRead);
        Assert.True(expected.AsSpan().SequenceEqual(actual),
            $"{string.Join(' ', args)} mode {c.Mode} size {c.Size} maxRead {c.MaxRead} on {Convert.ToHexString(c.Input)}\nexpected {Convert.ToHexString(expected)}\nactual   {Convert.ToHexString(actual)}");
    }

    [Fact]
    public void A_line_far_longer_than_the_buffer_streams_with_the_buffer_unchanged()
    {
        // 3 MiB of field 1 and 1 MiB of field 2 through a 4 KiB buffer: output as the reference, and the input
        // buffer (the only one that could grow with the line) never grows.
        byte[] line = Enumerable.Repeat((byte)'x', 3 << 20).Append((byte)'\t').Concat(Enumerable.Repeat((byte)'y', 1 << 20)).ToArray();
        byte[] input = "a\tb\n"u8.ToArray().Concat(line).Concat("\nc\td\n"u8.ToArray()).ToArray();
        foreach (string list in new[] { "1", "2", "2-", "1,3" })
        {
            CutFieldList fields = CutFieldList.TryParse(list, complement: false, out _)!;
            byte[] expected = CutReference.Cut(input, fields, (byte)'\t', new[] { (byte)'\t' }, onlyDelimited: false, (byte)'\n');
            Assert.True(expected.AsSpan().SequenceEqual(Cut(new[] { "-f", list }, input, StreamMode, 4096, 65536)), "-f " + list);
            Assert.True(expected.AsSpan().SequenceEqual(Cut(new[] { "-f", list }, input, MappedMode, 4096, 0)), "-f " + list + " mapped");
        }
    }

    [Fact]
    public void Cutting_an_endless_line_allocates_nothing_that_grows_with_it()
    {
        // coreutils' bounded-memory.sh in process: 64 MiB of one line (no terminator, no tab) through a 64 KiB
        // buffer, for the lists it checks (-f1, -s -f2) and two more. The first read allocates the buffer; nothing
        // after may grow with the line (a buffer that doubled to hold the whole line would reach 128 MiB).
        foreach (string[] args in new[] { new[] { "-f1" }, new[] { "-s", "-f2" }, new[] { "-f1-" }, new[] { "-s", "-f2-", "--output-delimiter=XY" } })
        {
            CutCommandLine commandLine = CutCommandLine.Parse(args);
            var output = new CutOutput(System.IO.Stream.Null);
            using var cutter = new FieldCutter(commandLine, output, 1 << 16);
            long before = GC.GetAllocatedBytesForCurrentThread();
            cutter.Cut(new EndlessLine(64 << 20));
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.True(allocated < 1 << 20, $"{string.Join(' ', args)}: {allocated:N0} bytes allocated for a 64 MiB line");
        }
    }

    [Fact]
    public void Arguments_are_taken_from_the_command_line_bytes_when_they_match_the_managed_ones()
    {
        // argv as the kernel holds it; then the managed strings .NET decodes from it (invalid UTF-8 as U+FFFD).
        byte[] commandLine = Encoding.Latin1.GetBytes("tsvcut\0-d\0\u00ff\0--output-delimiter=\u00b7\0f\u00e9\0\0");
        string[] managed = { "-d", "\uFFFD", "--output-delimiter=\uFFFD", "f\uFFFD", "" };
        byte[][]? raw = CommandLineBytes.FromCommandLine(commandLine, managed);
        Assert.NotNull(raw);
        Assert.Equal(new byte[] { 0xff }, raw![1]);
        Assert.Equal(new byte[] { (byte)'f', 0xe9 }, raw[3]);
        Assert.Empty(raw[4]);

        // Another layout than expected (a launcher's arguments changed, a different argument): the managed strings.
        Assert.Null(CommandLineBytes.FromCommandLine(commandLine, new[] { "-d", "x", "--output-delimiter=\uFFFD", "f\uFFFD", "" }));
        Assert.Null(CommandLineBytes.FromCommandLine(Encoding.Latin1.GetBytes("a\0"), managed));
        Assert.Null(CommandLineBytes.FromCommandLine(Encoding.Latin1.GetBytes("a"), new[] { "a" }));
        Assert.Equal(new[] { 0x61 }, CommandLineBytes.Get(new[] { "a" })[0].Select(b => (int)b).ToArray());
    }

    [Fact]
    public void Eight_bit_delimiters_output_delimiters_and_file_names_stay_bytes()
    {
        // coreutils' 8bit-delim: -d '\255' --out=_ -f2,3 on "a\255b\255c\n" gives "b_c\n".
        CutCommandLine parsed = CutCommandLine.Parse(new[] { new byte[] { (byte)'-', (byte)'d', 0xad }, "--out=_"u8.ToArray(), "-f2,3"u8.ToArray(), new byte[] { (byte)'f', 0xff } });
        Assert.Equal(CutAction.Cut, parsed.Action);
        Assert.Equal(0xad, parsed.Delimiter);
        Assert.Equal("\u00ff", parsed.Files[0][1..]);
        var output = new MemoryStream();
        var cutOutput = new CutOutput(output);
        using (var cutter = new FieldCutter(parsed, cutOutput))
        {
            cutter.Cut(new MemoryStream(new byte[] { (byte)'a', 0xad, (byte)'b', 0xad, (byte)'c', (byte)'\n' }));
        }

        cutOutput.Flush();
        Assert.Equal("b_c\n"u8.ToArray(), output.ToArray());

        CutCommandLine outputDelimiter = CutCommandLine.Parse(new[] { new byte[] { (byte)'-', (byte)'-', (byte)'o', (byte)'u', (byte)'t', (byte)'=', 0xb7 }, "-f1"u8.ToArray() });
        Assert.Equal(new byte[] { 0xb7 }, outputDelimiter.OutputDelimiter);

        // Two bytes are two characters to cut, whether or not they are one UTF-8 character.
        Assert.Equal("the delimiter must be a single character", CutCommandLine.Parse(new[] { new byte[] { (byte)'-', (byte)'d', 0xc3, 0xa9 }, "-f1"u8.ToArray() }).Error);
        Assert.Equal("invalid field value '\\377'", CutCommandLine.Parse(new[] { new byte[] { (byte)'-', (byte)'f', (byte)'1', 0xff } }).Error);
    }

    [Theory]
    [InlineData("plain.txt", "plain.txt")]
    [InlineData("x~y", "x~y")]
    [InlineData("~x", "'~x'")]
    [InlineData("a b", "'a b'")]
    [InlineData("it's", "\"it's\"")]
    [InlineData("a\"b'c", "'a\"b'\\''c'")]
    [InlineData("no\u00ffsuch", "'no'$'\\377''such'")]
    [InlineData("\u00ffab", "''$'\\377''ab'")]
    [InlineData("a\u00ff\u0001b", "'a'$'\\377\\001''b'")]
    [InlineData("a\nb", "'a'$'\\n''b'")]
    [InlineData("it's\n", "'''it'\\''s'$'\\n'")]
    [InlineData("it's\nmissing", "'it'\\''s'$'\\n''missing'")]
    public void File_names_are_quoted_as_cut_quotes_them(string name, string quoted)
    {
        // Outputs of GNU cut 9.1 (LC_ALL=C) for a missing file of that name.
        Assert.Equal(quoted, CutText.QuoteFileName(name));
    }

    /// <summary>A line of <c>length</c> 'x' bytes and no terminator, as /dev/zero gives one (without storing it).</summary>
    private sealed class EndlessLine : System.IO.Stream
    {
        private long _left;

        public EndlessLine(long length) => _left = length;

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count)
        {
            int n = (int)Math.Min(count, _left);
            buffer.AsSpan(offset, n).Fill((byte)'x');
            _left -= n;
            return n;
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }

    /// <summary>Returns at most maxRead bytes per Read, as a pipe may.</summary>
    private sealed class ChunkedStream : MemoryStream
    {
        private readonly int _maxRead;

        public ChunkedStream(byte[] bytes, int maxRead)
            : base(bytes)
        {
            _maxRead = maxRead;
        }

        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, _maxRead));

        public override int Read(Span<byte> buffer) => base.Read(buffer.Slice(0, Math.Min(buffer.Length, _maxRead)));
    }
}
