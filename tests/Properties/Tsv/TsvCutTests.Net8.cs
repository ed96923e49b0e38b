using System.IO;
using System.Threading;
using System.IO.Compression;
using FastText.Samples.TsvCut;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// tsvcut's cut logic in process: against a naive reference of GNU cut's field mode (split every line, pick the
/// fields), against GNU cut itself where it is installed, with tiny buffers and 1-byte reads so lines straddle every
/// refill. The whole program is compared with GNU cut by samples/TsvCut/tests/differential.sh.
/// </summary>
public sealed partial class TsvCutTests
{
    private static readonly string[] Lists = { "1", "2", "1,2,11", "2,1", "1-3,30-", "-5", "33", "5-", "1-", "3,3,1-2", "40-", "2-4,9", "1,3-" };

    private const int Mapped = -1;

    /// <summary>maxRead values below this: the input in memory, cut by ParallelCutter in chunks of (ParallelChunks - maxRead) bytes.</summary>
    private const int ParallelChunks = -2;

    private static byte[] RunCut(string[] args, byte[] input, int bufferSize = 1 << 20, int maxRead = int.MaxValue, bool guarded = false, bool coverChunks = true)
    {
        if (guarded && maxRead <= Mapped)
        {
            // The pointer modes over input that ends at a no-access page: a read past its end crashes the test run.
            using var guard = new GuardedBuffer(Math.Max(1, input.Length));
            Span<byte> flush = guard.Bytes(input.Length);
            input.CopyTo(flush);
            unsafe
            {
                fixed (byte* bytes = flush)
                {
                    return RunCutAt(args, bytes, input.Length, bufferSize, maxRead, coverChunks: coverChunks);
                }
            }
        }

        unsafe
        {
            fixed (byte* bytes = input)
            {
                return RunCutAt(args, maxRead <= Mapped ? bytes : null, input.Length, bufferSize, maxRead, coverChunks, input);
            }
        }
    }

    private static unsafe byte[] RunCutAt(string[] args, byte* bytes, int length, int bufferSize, int maxRead, bool coverChunks, byte[]? streamInput = null)
    {
        CutCommandLine commandLine = CutCommandLine.Parse(args);
        Assert.True(commandLine.Action == CutAction.Cut, commandLine.Error);
        using var output = new MemoryStream();
        var cutOutput = new CutOutput(output, bufferSize: 64);
        using (var cutter = new FieldCutter(commandLine, cutOutput, bufferSize))
        {
            if (maxRead <= ParallelChunks)
            {
                PoolThreads.EnsureReady();
                var parallel = new ParallelCutter(commandLine, cutOutput, workers: 3, chunkLength: ParallelChunks - maxRead + 1);
                if (cutter.CutsLinesIndependently)
                {
                    var prepared = new List<(long, long)>();
                    parallel.Cut(bytes, length, cutter.Terminator, (offset, count) => { lock (prepared) { prepared.Add((offset, count)); } });
                    if (coverChunks)
                    {
                        AssertChunksCoverInput(prepared, length);
                    }
                }
                else
                {
                    cutter.Cut(bytes, length);
                }
            }
            else if (maxRead == Mapped)
            {
                // As for a mapped file: the whole input at once, through the pointer overload.
                cutter.Cut(bytes, length);
            }
            else
            {
                using Stream source = CutInput.Open(new ChunkedStream(streamInput!, maxRead));
                cutter.Cut(source);
            }
        }

        cutOutput.Flush();
        return output.ToArray();
    }

    /// <summary>The chunks a parallel cut prepared are the whole input, each byte once.</summary>
    private static void AssertChunksCoverInput(List<(long Offset, long Count)> chunks, long length)
    {
        long next = 0;
        foreach ((long offset, long count) in chunks.OrderBy(c => c.Offset))
        {
            Assert.Equal(next, offset);
            Assert.True(count > 0);
            next = offset + count;
        }

        Assert.Equal(length, next);
    }

    /// <summary>Inputs over tabs, newlines, CR, NUL, commas and 0xFF; every field list, option set, buffer size and read limit.</summary>
    public static class CutterCases
    {
        public static Arbitrary<(byte[] Input, string List, int Options, int BufferSize, int MaxRead)> Cases()
        {
            byte[] alphabet = { (byte)'a', (byte)'b', (byte)'\t', (byte)'\t', (byte)'\n', (byte)'\n', (byte)'\r', 0, (byte)',', 0xff };
            Gen<(byte[] Input, string List, int Options, int BufferSize, int MaxRead)> cases =
                from length in Gen.Choose(0, 300)
                from picks in Gen.ArrayOf(Gen.Choose(0, alphabet.Length - 1), length)
                from list in Gen.Elements(Lists.Concat(new[] { "1-18446744073709551614", "4294967297", "2-4294967297" }).ToArray())
                from options in Gen.Choose(0, 63)
                from bufferSize in Gen.Elements(1, 2, 3, 16, 31, 32, 33, 64, 1 << 20)
                from maxRead in Gen.Elements(1, 7, 64, int.MaxValue, Mapped, ParallelChunks, ParallelChunks - 1, ParallelChunks - 6, ParallelChunks - 40)
                select (picks.Select(p => alphabet[p]).ToArray(), list, options, bufferSize, maxRead);
            return cases.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(CutterCases)])]
    public void Cutter_matches_the_reference_on_random_inputs_options_and_buffer_sizes((byte[] Input, string List, int Options, int BufferSize, int MaxRead) c)
    {
        bool onlyDelimited = (c.Options & 1) != 0;
        bool complement = (c.Options & 2) != 0;
        bool zeroTerminated = (c.Options & 4) != 0;
        byte delimiter = (c.Options & 8) != 0 ? (byte)',' : (byte)'\t';
        byte[]? outputDelimiter = (c.Options & 16) != 0 ? new[] { (byte)'<', (byte)'>' } : (c.Options & 32) != 0 ? new[] { delimiter } : null;
        var args = new List<string> { "-f", c.List, "-d", ((char)delimiter).ToString() };
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
            args.Add("--output-delimiter=" + Encoding.Latin1.GetString(outputDelimiter));
        }

        CutFieldList fields = CutFieldList.TryParse(c.List, complement, out _)!;
        byte[] expected = CutReference.Cut(c.Input, fields, delimiter, outputDelimiter ?? new[] { delimiter }, onlyDelimited, zeroTerminated ? (byte)0 : (byte)'\n');
        byte[] actual = RunCut(args.ToArray(), c.Input, c.BufferSize, c.MaxRead);
        Assert.True(expected.AsSpan().SequenceEqual(actual),
            $"{string.Join(' ', args)} on {Convert.ToHexString(c.Input)}\nexpected {Convert.ToHexString(expected)}\nactual   {Convert.ToHexString(actual)}");
    }

    [Fact]
    public void Input_changed_by_another_thread_never_breaks_the_pointer_cuts()
    {
        // A mapped file another process writes to: any output is acceptable, an exception or a crash is not (a chunk
        // whose terminator vanished after the split leaves its last line uncut, which is allowed).
        byte[] flips = { (byte)'\t', (byte)'\n', 0, (byte)'x' };
        var random = new Random(20261123);
        for (int round = 0; round < 40; round++)
        {
            byte[] input = new byte[random.Next(1, 3000)];
            for (int i = 0; i < input.Length; i++)
            {
                input[i] = flips[random.Next(flips.Length)];
            }

            using var stop = new CancellationTokenSource();
            int seed = random.Next();
            var flipper = new Thread(() =>
            {
                var flipRandom = new Random(seed);
                while (!stop.IsCancellationRequested)
                {
                    input[flipRandom.Next(input.Length)] = flips[flipRandom.Next(flips.Length)];
                }
            });
            flipper.Start();
            try
            {
                foreach (string list in new[] { "1", "2-", "1,3" })
                {
                    foreach (int mode in new[] { Mapped, ParallelChunks - 6, ParallelChunks - 63 })
                    {
                        _ = RunCut(new[] { "-f", list }, input, maxRead: mode, coverChunks: false);
                    }
                }
            }
            finally
            {
                stop.Cancel();
                flipper.Join();
            }
        }
    }

    /// <summary>Inputs over tabs, newlines and NUL, for the pointer (mapped and parallel) cuts.</summary>
    public static class GuardedCutCases
    {
        public static Arbitrary<(byte[] Input, string List, int Options, int MaxRead)> Cases()
        {
            byte[] alphabet = { (byte)'a', (byte)'\t', (byte)'\t', (byte)'\n', (byte)'\n', 0 };
            Gen<(byte[] Input, string List, int Options, int MaxRead)> cases =
                from length in Gen.Choose(0, 200)
                from picks in Gen.ArrayOf(Gen.Choose(0, alphabet.Length - 1), length)
                from list in Gen.Elements("1", "2", "2-", "1,3", "9")
                from options in Gen.Choose(0, 3)
                from maxRead in Gen.Elements(Mapped, ParallelChunks, ParallelChunks - 1, ParallelChunks - 6, ParallelChunks - 63)
                select (picks.Select(p => alphabet[p]).ToArray(), list, options, maxRead);
            return cases.ToArbitrary();
        }
    }

    [GuardedProperty(Arbitrary = [typeof(GuardedCutCases)], RunsAtDefault = 300)]
    public void Pointer_cuts_never_read_past_input_that_ends_at_a_guard_page((byte[] Input, string List, int Options, int MaxRead) c)
    {
        var args = new List<string> { "-f", c.List };
        if ((c.Options & 1) != 0)
        {
            args.Add("-s");
        }

        if ((c.Options & 2) != 0)
        {
            args.Add("-z");
        }

        byte[] expected = RunCut(args.ToArray(), c.Input, maxRead: int.MaxValue);
        byte[] actual = RunCut(args.ToArray(), c.Input, maxRead: c.MaxRead, guarded: true);
        Assert.True(expected.AsSpan().SequenceEqual(actual), $"{string.Join(' ', args)} on {Convert.ToHexString(c.Input)}");
    }

    [Theory]
    [InlineData("", "1", "")]
    [InlineData("a", "1", "a\n")]
    [InlineData("a", "2", "a\n")]
    [InlineData("a\n", "1", "a\n")]
    [InlineData("a\n", "2", "\n")]
    [InlineData("a\nb\nc\n", "2,3", "b\nc\n")]
    [InlineData("a\nb\nc", "1,3", "a\nc\n")]
    [InlineData("a\n\n", "2", "\n")]
    public void Delimiter_equal_to_the_terminator_makes_the_input_one_record(string input, string list, string expected)
    {
        byte[] actual = RunCut(new[] { "-d", "\n", "-f", list }, Encoding.UTF8.GetBytes(input), bufferSize: 2, maxRead: 1);
        Assert.Equal(expected, Encoding.UTF8.GetString(actual));
        Assert.Equal(expected, Encoding.UTF8.GetString(RunCut(new[] { "-d", "\n", "-f", list }, Encoding.UTF8.GetBytes(input), maxRead: Mapped)));
    }

    [Fact]
    public void Delimiter_equal_to_the_terminator_follows_cuts_only_delimited_rules()
    {
        Assert.Equal("", Encoding.UTF8.GetString(RunCut(new[] { "-s", "-d", "\n", "-f", "1" }, "a"u8.ToArray())));
        Assert.Equal("a\n", Encoding.UTF8.GetString(RunCut(new[] { "-s", "-d", "\n", "-f", "1" }, "a\n"u8.ToArray())));
        Assert.Equal("", Encoding.UTF8.GetString(RunCut(new[] { "-s", "-d", "\n", "-f", "2" }, "a\n"u8.ToArray())));
        Assert.Equal("b\0", Encoding.UTF8.GetString(RunCut(new[] { "-z", "-d", "", "-f", "2" }, "a\0b"u8.ToArray())));
    }

    /// <summary>Field lists of one to five items (N, N-M, N-, -N), complemented or not, with ten fields to probe.</summary>
    public static class FieldListCases
    {
        public static Arbitrary<(string List, bool Complement, ulong[] Probes)> Cases()
        {
            Gen<(string List, bool Complement, ulong[] Probes)> cases =
                from count in Gen.Choose(1, 5)
                from items in Gen.ArrayOf(Gen.OneOf(
                    Gen.Choose(1, 12).Select(n => n.ToString()),
                    Gen.Choose(1, 12).SelectMany(a => Gen.Choose(a, 14).Select(b => a + "-" + b)),
                    Gen.Choose(1, 12).Select(n => n + "-"),
                    Gen.Choose(1, 12).Select(n => "-" + n)), count)
                from complement in Gen.Elements(false, true)
                from probes in Gen.ArrayOf(Gen.Choose(1, 20).Select(n => (ulong)n), 10)
                select (string.Join(",", items), complement, probes);
            return cases.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(FieldListCases)])]
    public void Field_lists_match_a_membership_reference((string List, bool Complement, ulong[] Probes) c)
    {
        CutFieldList list = CutFieldList.TryParse(c.List, c.Complement, out string error) ?? throw new InvalidOperationException(error);
        foreach (ulong field in c.Probes.Append(ulong.MaxValue - 1))
        {
            bool selected = c.List.Split(',').Any(item =>
            {
                string[] ends = item.Split('-');
                ulong low = ends[0].Length == 0 ? 1 : ulong.Parse(ends[0]);
                ulong high = ends.Length == 1 ? low : ends[1].Length == 0 ? ulong.MaxValue : ulong.Parse(ends[1]);
                return field >= low && field <= high;
            });
            Assert.Equal(selected != c.Complement, list.IsSelected(field));
        }

        for (int i = 1; i < list.Lows.Length; i++)
        {
            Assert.True(list.Lows[i] > list.Highs[i - 1] + 1, "ranges are sorted, disjoint and not adjacent");
        }
    }

    [Fact]
    public void Huge_field_numbers_cost_one_range()
    {
        CutFieldList list = CutFieldList.TryParse("1-18446744073709551614,4294967297", complement: false, out _)!;
        Assert.Single(list.Lows);
        Assert.Equal(18446744073709551614UL, list.Highs[0]);
        Assert.Equal("x\n", Encoding.UTF8.GetString(RunCut(new[] { "-f", "18446744073709551614" }, "x\n"u8.ToArray())));
        Assert.Equal("\n", Encoding.UTF8.GetString(RunCut(new[] { "-f", "2147483648" }, "x\ty\n"u8.ToArray())));
    }

    [Theory]
    [InlineData("0", "fields are numbered from 1")]
    [InlineData("", "fields are numbered from 1")]
    [InlineData("1,", "fields are numbered from 1")]
    [InlineData("0-3", "fields are numbered from 1")]
    [InlineData("3-1", "invalid decreasing range")]
    [InlineData("-0", "invalid decreasing range")]
    [InlineData("-", "invalid range with no endpoint: -")]
    [InlineData("1-2-3", "invalid field range")]
    [InlineData("a", "invalid field value 'a'")]
    [InlineData("1x,2", "invalid field value 'x,2'")]
    [InlineData("1\u0001", "invalid field value '\\001'")]
    [InlineData("18446744073709551615", "field number '18446744073709551615' is too large")]
    [InlineData("1-99999999999999999999,2", "field number '99999999999999999999' is too large")]
    public void Bad_lists_are_rejected_in_cuts_words(string list, string message)
    {
        Assert.Null(CutFieldList.TryParse(list, complement: false, out string error));
        Assert.Equal(message, error);
    }

    [Theory]
    [InlineData("-sf1", "1", true, false)]
    [InlineData("--fie=2 --only", "2", true, false)]
    [InlineData("-zf 3", "3", false, true)]
    [InlineData("FILE -f 1 -n", "1", false, false)]
    public void Command_lines_are_parsed_like_getopt_long(string line, string field, bool onlyDelimited, bool zeroTerminated)
    {
        CutCommandLine parsed = CutCommandLine.Parse(line.Split(' '));
        Assert.Equal(CutAction.Cut, parsed.Action);
        Assert.True(parsed.Fields.IsSelected(ulong.Parse(field)));
        Assert.Equal(onlyDelimited, parsed.OnlyDelimited);
        Assert.Equal(zeroTerminated, parsed.ZeroTerminated);
    }

    [Theory]
    [InlineData("-f1 -f2", "only one list may be specified")]
    [InlineData("-s", "you must specify a list of bytes, characters, or fields")]
    [InlineData("-f", "option requires an argument -- 'f'")]
    [InlineData("-x -f1", "invalid option -- 'x'")]
    [InlineData("-C -f1", "invalid option -- 'C'")]
    [InlineData("--c", "option '--c' is ambiguous; possibilities: '--characters' '--complement'")]
    [InlineData("--foo=1", "unrecognized option '--foo=1'")]
    [InlineData("--fields", "option '--fields' requires an argument")]
    [InlineData("--compl=1", "option '--complement' doesn't allow an argument")]
    [InlineData("-dab -f0", "the delimiter must be a single character")]
    public void Command_line_errors_use_cuts_words(string line, string message)
    {
        CutCommandLine parsed = CutCommandLine.Parse(line.Split(' '));
        Assert.Equal(CutAction.Fail, parsed.Action);
        Assert.Equal(message, parsed.Error);
    }

    [Fact]
    public void Gzip_input_is_recognised_by_a_valid_header_and_checked_to_the_end()
    {
        byte[] plain = Encoding.UTF8.GetBytes("a\tb\tc\nd\te\r\nno tab\n1\t2");
        byte[] compressed = Gzip(plain);
        Assert.Equal("b\ne\r\nno tab\n2\n", Encoding.UTF8.GetString(RunCut(new[] { "-f2" }, compressed, maxRead: 3)));
        Assert.Equal("b\ne\r\nno tab\n2\nb\n", Encoding.UTF8.GetString(RunCut(new[] { "-f2" }, Gzip(plain.Concat("\n"u8.ToArray()).ToArray()).Concat(Gzip("a\tb\n"u8.ToArray())).ToArray())));
        Assert.Equal("\u001f\n", Encoding.UTF8.GetString(RunCut(new[] { "-f2" }, new byte[] { 0x1f })));

        // Starts like gzip (1f 8b) but is no gzip header: plain text.
        byte[] lookalike = { 0x1f, 0x8b, (byte)'\t', (byte)'x', (byte)'\n', (byte)'a', (byte)'\t', (byte)'b', (byte)'\t', (byte)'c', (byte)'\n' };
        Assert.Equal("x\nb\n", Encoding.Latin1.GetString(RunCut(new[] { "-f2" }, lookalike)));

        Assert.Contains("end of file", CutError(compressed[..^5]));
        Assert.Contains("garbage", CutError(compressed.Concat(new byte[] { 0, 0, 0 }).ToArray()));
        byte[] corrupt = (byte[])compressed.Clone();
        corrupt[^6] ^= 0xff;
        Assert.Contains("invalid compressed data", CutError(corrupt));
    }

    [Fact]
    public void Lines_longer_than_the_buffer_are_cut_whole()
    {
        string longField = new string('x', 700_000);
        byte[] input = Encoding.UTF8.GetBytes("a\t" + longField + "\tz\nshort\tline\n");
        Assert.Equal(longField + "\tz\nline\n", Encoding.UTF8.GetString(RunCut(new[] { "-f", "2-" }, input, bufferSize: 1024)));
    }

    [TsvCutFact]
    public void Tsvcut_matches_gnu_cut_on_the_cloudfront_logs()
    {
        foreach (string file in Directory.GetFiles(Path.Combine(AppContext.BaseDirectory, "TestData", "cloudfront"), "*.txt"))
        {
            byte[] bytes = File.ReadAllBytes(file);
            foreach (string list in Lists)
            {
                byte[] expected = GnuCut.Run("-f " + list, file);
                Assert.True(expected.AsSpan().SequenceEqual(RunCut(new[] { "-f", list }, bytes, bufferSize: 4096)), $"-f {list} on {file}");
            }
        }
    }

    private static string CutError(byte[] input)
    {
        CutInputException error = Assert.Throws<CutInputException>(() => RunCut(new[] { "-f1" }, input));
        return error.Message;
    }

    private static byte[] Gzip(byte[] plain)
    {
        using var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(plain, 0, plain.Length);
        }

        return compressed.ToArray();
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
