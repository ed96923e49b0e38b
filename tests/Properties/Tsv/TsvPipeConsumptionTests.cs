using System.Buffers;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// What a PipeReader is told is consumed: only the bytes of rows handed out. Reading stops at a random row (a break
/// and Dispose of a foreach); the pipe must then be exactly after that row, and a second reader of the same pipe must
/// get every other row once.
/// </summary>
public sealed class TsvPipeConsumptionTests
{
    private sealed record Input(byte[] Bytes, List<string> DataLines, List<long> StartOfDataLine, List<long> EndOfDataLine, TsvOptions Options, string Replay);

    private static Input CreateInput(int seed)
    {
        var random = new Random(seed);
        bool comments = random.Next(2) == 0;
        bool skipEmpty = random.Next(2) == 0;
        bool trimCarriageReturn = random.Next(2) == 0;
        var text = new StringBuilder();
        var dataLines = new List<string>();
        var starts = new List<long>();
        var ends = new List<long>();
        int lines = random.Next(0, 40);
        string[] alphabet = { "a", "7", "é", "€", " ", "-", "xyz" };
        for (int i = 0; i < lines; i++)
        {
            int kind = random.Next(6);
            string line;
            bool isData = true;
            if (kind == 0 && comments)
            {
                line = "#" + alphabet[random.Next(alphabet.Length)];
                isData = false;
            }
            else if (kind == 1 && skipEmpty)
            {
                line = string.Empty;
                isData = false;
            }
            else
            {
                int fields = random.Next(1, 5);
                var parts = new string[fields];
                for (int f = 0; f < fields; f++)
                {
                    // Long fields too, so that lines straddle the pipe's segments and the reader's fills.
                    int length = random.Next(4) == 0 ? random.Next(0, 200) : random.Next(1, 6);
                    parts[f] = string.Concat(Enumerable.Range(0, length).Select(_ => alphabet[random.Next(alphabet.Length)]));
                }

                // Never empty: an empty line is skipped (SkipEmptyLines) or a row of one empty field, not what this test is about.
                line = string.Join("\t", parts);
                if (line.Length == 0)
                {
                    line = "a";
                }
            }

            bool last = i == lines - 1;
            string terminator = last && random.Next(2) == 0 ? string.Empty : trimCarriageReturn && random.Next(2) == 0 ? "\r\n" : "\n";
            if (last && terminator.Length == 0 && line.Length == 0)
            {
                terminator = "\n";
            }

            long start = Encoding.UTF8.GetByteCount(text.ToString());
            text.Append(line).Append(terminator);
            if (isData)
            {
                dataLines.Add(line);
                starts.Add(start);
                ends.Add(Encoding.UTF8.GetByteCount(text.ToString()));
            }
        }

        var options = new TsvOptions { SkipCommentLines = comments, SkipEmptyLines = skipEmpty, TrimCarriageReturn = trimCarriageReturn };
        string replay = $"seed={seed} comments={comments} skipEmpty={skipEmpty} trimCR={trimCarriageReturn} text={TsvCase.Escape(text.ToString())}";
        return new Input(Encoding.UTF8.GetBytes(text.ToString()), dataLines, starts, ends, options, replay);
    }

    private static string Fields(in TsvRow row) => Encoding.UTF8.GetString(row.Line.ToArray());

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 300)]
    public void A_foreach_over_a_pipe_consumes_exactly_the_rows_it_read_and_a_second_reader_gets_the_rest(int seed)
    {
        Input input = CreateInput(seed);
        var random = new Random(seed ^ 0x51F0);
        var pipe = new ScriptedPipeReader(input.Bytes, random.Next(1, 120), random.Next(1, 40));
        int stopAfter = random.Next(1, input.DataLines.Count + 2);
        var first = new List<string>();
        using (TsvFileReader reader = TsvFileReader.From(pipe, input.Options))
        {
            foreach (TsvRow row in reader)
            {
                first.Add(Fields(row));
                if (first.Count == stopAfter)
                {
                    break;
                }
            }
        }

        Assert.False(pipe.IsReading, "Dispose left the pipe's read open: " + input.Replay);
        long expectedConsumed = first.Count == input.DataLines.Count && stopAfter > first.Count ? input.Bytes.Length : first.Count == 0 ? 0 : input.EndOfDataLine[first.Count - 1];
        Assert.True(expectedConsumed == pipe.Consumed, $"consumed {pipe.Consumed}, expected {expectedConsumed} after {first.Count} rows: {input.Replay}");

        var rest = new List<string>();
        using (TsvFileReader reader = TsvFileReader.From(pipe, input.Options))
        {
            foreach (TsvRow row in reader)
            {
                rest.Add(Fields(row));
            }
        }

        Assert.True(input.DataLines.SequenceEqual(first.Concat(rest)), $"rows lost or repeated: {input.Replay}");
        Assert.Equal(input.Bytes.Length, pipe.Consumed);
    }

    private struct StopAfter : ITsvRowHandler
    {
        public List<string> Rows;
        public int Limit;
        public PipeReader Pipe;

        public void OnRow(in TsvRow row)
        {
            Rows.Add(Fields(row));
            if (Rows.Count == Limit)
            {
                Pipe.CancelPendingRead();
            }
        }
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 200)]
    public void ReadRowsAsync_stopped_by_CancelPendingRead_consumes_only_the_rows_it_handled(int seed)
    {
        Input input = CreateInput(seed);
        var random = new Random(seed ^ 0x2A2A);
        var pipe = new ScriptedPipeReader(input.Bytes, random.Next(1, 120), random.Next(1, 40));
        using var reader = new TsvReader(input.Options);
        StopAfter handler = reader.ReadRowsAsync(pipe, new StopAfter { Rows = new List<string>(), Limit = random.Next(1, input.DataLines.Count + 2), Pipe = pipe })
            .AsTask().GetAwaiter().GetResult();
        Assert.False(pipe.IsReading, "the driver left the pipe's read open: " + input.Replay);
        int handled = handler.Rows.Count;
        // After its last row the driver may have skipped the comment and empty lines that follow, never a row.
        long least = handled == 0 ? 0 : input.EndOfDataLine[handled - 1];
        long most = handled == input.DataLines.Count ? input.Bytes.Length : input.StartOfDataLine[handled];
        Assert.True(least <= pipe.Consumed && pipe.Consumed <= most, $"consumed {pipe.Consumed}, expected {least}..{most} after {handled} rows: {input.Replay}");
        handler.Limit = -1;
        handler = reader.ReadRowsAsync(pipe, handler).AsTask().GetAwaiter().GetResult();
        Assert.True(input.DataLines.SequenceEqual(handler.Rows), $"rows lost or repeated: {input.Replay}");
    }

    [Fact]
    public async Task After_a_break_the_rows_left_in_a_live_pipe_are_read_at_once_not_after_new_bytes()
    {
        // The writer stays open: a read that waited for new bytes would never complete.
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(Encoding.ASCII.GetBytes("a\nb\nc\npartial"));
        using (TsvFileReader reader = TsvFileReader.From(pipe.Reader))
        {
            foreach (TsvRow row in reader)
            {
                break;
            }
        }

        ValueTask<ReadResult> next = pipe.Reader.ReadAsync();
        Assert.True(next.IsCompleted, "the pipe's next read waits for new bytes although rows are left in it");
        ReadResult rest = await next;
        Assert.Equal("b\nc\npartial", Encoding.ASCII.GetString(rest.Buffer.ToArray()));
        pipe.Reader.AdvanceTo(rest.Buffer.Start, rest.Buffer.End);
        await pipe.Writer.CompleteAsync();
    }

    [Fact]
    public async Task Dispose_after_the_pipe_was_completed_by_its_owner_does_not_throw()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(Encoding.ASCII.GetBytes("a\nb\n"));
        TsvFileReader reader = TsvFileReader.From(pipe.Reader);
        Assert.True(reader.TryReadRow(out _));
        await pipe.Reader.CompleteAsync();
        reader.Dispose();
    }

    /// <summary>
    /// A PipeReader that lies: its second read returns a shorter buffer than the bytes it was told were not consumed.
    /// Before that read it writes the rest of the input itself, so the reads do not depend on timing.
    /// </summary>
    private sealed class ForgetfulPipeReader : PipeReader
    {
        private readonly Pipe _pipe;
        private readonly byte[] _rest;
        private int _reads;

        public ForgetfulPipeReader(Pipe pipe, byte[] rest)
        {
            _pipe = pipe;
            _rest = rest;
        }

        public override void AdvanceTo(SequencePosition consumed) => _pipe.Reader.AdvanceTo(consumed);

        public override void AdvanceTo(SequencePosition consumed, SequencePosition examined) => _pipe.Reader.AdvanceTo(consumed, examined);

        public override void CancelPendingRead() => _pipe.Reader.CancelPendingRead();

        public override void Complete(Exception? exception = null) => _pipe.Reader.Complete(exception);

        public override async ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default)
        {
            if (++_reads == 2)
            {
                await _pipe.Writer.WriteAsync(_rest, cancellationToken);
                await _pipe.Writer.CompleteAsync();
            }

            ReadResult result = await _pipe.Reader.ReadAsync(cancellationToken);
            return _reads == 1 ? result : new ReadResult(result.Buffer.Slice(0, Math.Min(1, result.Buffer.Length)), result.IsCanceled, result.IsCompleted);
        }

        public override bool TryRead(out ReadResult result) => throw new NotSupportedException();
    }

    [Fact]
    public async Task A_pipe_that_forgets_unconsumed_bytes_is_an_error_not_a_wrong_row()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(Encoding.ASCII.GetBytes("first\nunfinished"));
        var forgetful = new ForgetfulPipeReader(pipe, Encoding.ASCII.GetBytes(" line\n"));
        using var reader = new TsvReader(new TsvOptions());
        var rows = new List<string>();
        InvalidOperationException error = await Assert.ThrowsAsync<InvalidOperationException>(async () =>
            await reader.ReadRowsAsync(forgetful, new StopAfter { Rows = rows, Limit = -1, Pipe = forgetful }));
        Assert.Contains("not consumed", error.Message);
        Assert.Equal(new[] { "first" }, rows);
    }
}
