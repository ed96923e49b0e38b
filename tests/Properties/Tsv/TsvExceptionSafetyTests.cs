using System.Buffers;
using System.Text;
using System.IO;
using System.IO.Pipelines;
using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// After any exception (a handler's, a format error, the stream's or the pipe's) the state is exactly as documented:
/// the caller's buffer or pipe is past exactly the delivered rows (a row whose handler threw counts as delivered),
/// nothing is replayed or skipped, the pipe is never left mid-read, and the reader goes on (or, after the input
/// itself failed, reads a new input after Reset).
/// </summary>
public sealed class TsvExceptionSafetyTests
{
    private sealed class HandlerFailure : Exception
    {
    }

    /// <summary>Records every row it is given, then throws for the rows the script picks.</summary>
    private struct ThrowingHandler : ITsvRowHandler
    {
        public List<string> Rows;
        public Random Random;
        public int OneIn;

        public void OnRow(in TsvRow row)
        {
            Rows.Add(TsvTestSupport.Render(row));
            if (OneIn > 0 && Random.Next(OneIn) == 0)
            {
                throw new HandlerFailure();
            }
        }
    }

    [Fact]
    public void ReadRows_does_not_replay_a_row_after_its_handler_threw()
    {
        byte[] input = Encoding.ASCII.GetBytes("r1\nr2\nr3\n");
        using var reader = new TsvReader(new[] { 0 });
        var buffer = new ReadOnlySequence<byte>(input);
        var handler = new FailOnSecond { Rows = new List<string>() };
        Assert.Throws<HandlerFailure>(() => reader.ReadRows(ref buffer, true, ref handler));
        Assert.Equal(3, buffer.Length);
        reader.ReadRows(ref buffer, true, ref handler);
        Assert.Equal(new[] { "1|[r1]", "2|[r2]", "3|[r3]" }, handler.Rows);
        Assert.Equal(0, buffer.Length);
    }

    private struct FailOnSecond : ITsvRowHandler
    {
        public List<string> Rows;

        public void OnRow(in TsvRow row)
        {
            Rows.Add(TsvTestSupport.Render(row));
            if (Rows.Count == 2)
            {
                throw new HandlerFailure();
            }
        }
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 400)]
    public void ReadRows_with_a_handler_throwing_at_random_delivers_every_row_once(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        var random = new Random(seed ^ 0x1234567);
        List<string> expected = TsvTestSupport.Reference(tsv);
        ReadOnlySequence<byte> buffer = TsvTestSupport.ToSequence(TsvTestSupport.Split(tsv.Bytes, random));
        var handler = new ThrowingHandler { Rows = new List<string>(), Random = random, OneIn = random.Next(1, 5) };
        using TsvReader reader = tsv.CreateReader();
        long? failedLine = null;
        for (int attempt = 0; attempt < 10_000; attempt++)
        {
            try
            {
                reader.ReadRows(ref buffer, true, ref handler);
                break;
            }
            catch (HandlerFailure)
            {
            }
            catch (TsvFormatException error)
            {
                // Reported again, for the same line, on the next call: never skipped.
                long length = buffer.Length;
                var again = Assert.Throws<TsvFormatException>(() => reader.ReadRows(ref buffer, true, ref handler));
                Assert.Equal(error.LineNumber, again.LineNumber);
                Assert.Equal(length, buffer.Length);
                failedLine = error.LineNumber;
                break;
            }
        }

        List<string> actual = handler.Rows;
        if (failedLine is not null)
        {
            actual = actual.Append("error@" + failedLine).ToList();
        }

        TsvTestSupport.AssertRows(expected, actual, $"{tsv}");
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 300)]
    public void The_pipe_driver_advances_the_pipe_before_a_handler_exception_leaves_it(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        var random = new Random(seed ^ 0x7654321);
        List<string> expected = TsvTestSupport.Reference(tsv);
        var pipe = new ScriptedPipeReader(tsv.Bytes, random.Next(1, 40), random.Next(1, 30));
        var handler = new ThrowingHandler { Rows = new List<string>(), Random = random, OneIn = random.Next(1, 5) };
        using TsvReader reader = tsv.CreateReader();
        List<string> actual = handler.Rows;
        for (int attempt = 0; attempt < 10_000; attempt++)
        {
            try
            {
                reader.ReadRowsAsync(pipe, handler).AsTask().GetAwaiter().GetResult();
                break;
            }
            catch (HandlerFailure)
            {
                Assert.False(pipe.IsReading, "the driver left the pipe mid-read");
            }
            catch (TsvFormatException error)
            {
                Assert.False(pipe.IsReading, "the driver left the pipe mid-read");
                actual = actual.Append("error@" + error.LineNumber).ToList();
                break;
            }
        }

        TsvTestSupport.AssertRows(expected, actual, $"{tsv}");
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)], RunsAtDefault = 300)]
    public void A_failing_pipe_or_stream_leaves_a_prefix_of_the_rows_and_the_reader_reads_again_after_Reset(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed);
        var random = new Random(seed ^ 0x3C3C3C3);
        List<string> expected = TsvTestSupport.Reference(tsv);
        byte[] bytes = tsv.Bytes;
        using TsvReader reader = tsv.CreateReader();
        var handler = new ThrowingHandler { Rows = new List<string>() };
        bool viaStream = random.Next(2) == 0;
        try
        {
            if (viaStream)
            {
                var stream = new ChunkedStream(bytes, random.Next(1, 40)) { ThrowAt = random.Next(0, bytes.Length + 1) };
                reader.ReadRowsAsync(stream, handler).AsTask().GetAwaiter().GetResult();
            }
            else
            {
                var pipe = new ScriptedPipeReader(bytes, random.Next(1, 40), random.Next(1, 30)) { ThrowOnRead = random.Next(1, 8) };
                reader.ReadRowsAsync(pipe, handler).AsTask().GetAwaiter().GetResult();
            }
        }
        catch (IOException)
        {
        }
        catch (TsvFormatException error)
        {
            handler.Rows.Add("error@" + error.LineNumber);
        }

        Assert.True(handler.Rows.Count <= expected.Count && expected.Take(handler.Rows.Count).SequenceEqual(handler.Rows), tsv.ToString());

        reader.Reset();
        var again = new ThrowingHandler { Rows = new List<string>() };
        try
        {
            reader.ReadRowsAsync(new ScriptedPipeReader(bytes, random.Next(1, 40), random.Next(1, 30)), again).AsTask().GetAwaiter().GetResult();
        }
        catch (TsvFormatException error)
        {
            again.Rows.Add("error@" + error.LineNumber);
        }

        Assert.True(expected.SequenceEqual(again.Rows), "after Reset: " + tsv);
    }

    [Fact]
    public async Task A_real_pipe_can_be_read_after_the_handler_threw()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(Encoding.ASCII.GetBytes("a\nb\nc"));
        await pipe.Writer.CompleteAsync();
        using var reader = new TsvReader(new[] { 0 });
        var handler = new FailOnSecond { Rows = new List<string>() };
        await Assert.ThrowsAsync<HandlerFailure>(async () => await reader.ReadRowsAsync(pipe.Reader, handler));
        ReadResult rest = await pipe.Reader.ReadAsync();
        Assert.Equal("c", Encoding.ASCII.GetString(rest.Buffer.ToArray()));
        // Nothing consumed; examined up to where the driver had examined (System.IO.Pipelines' package build, on Mono
        // and .NET Framework, refuses an examined position before the previous one).
        pipe.Reader.AdvanceTo(rest.Buffer.Start, rest.Buffer.End);
        FailOnSecond done = await reader.ReadRowsAsync(pipe.Reader, new FailOnSecond { Rows = new List<string>() });
        Assert.Equal(new[] { "3|[c]" }, done.Rows);
    }

    private struct CancelPendingReadOnRow : ITsvRowHandler
    {
        public List<string> Rows;
        public PipeReader Pipe;
        public int Every;

        public void OnRow(in TsvRow row)
        {
            Rows.Add(TsvTestSupport.Render(row));
            if (Rows.Count % Every == 0)
            {
                Pipe.CancelPendingRead();
            }
        }
    }

    [FastTextProperty(Arbitrary = [typeof(SeedArbitrary)])]
    public void CancelPendingRead_is_a_clean_stop_and_calling_again_continues(int seed)
    {
        TsvCase tsv = TsvTestSupport.CreateCase(seed, allowErrors: false);
        var random = new Random(seed);
        List<string> expected = TsvTestSupport.Reference(tsv);
        var pipe = new ScriptedPipeReader(tsv.Bytes, random.Next(1, 40), random.Next(1, 30));
        var handler = new CancelPendingReadOnRow { Rows = new List<string>(), Pipe = pipe, Every = random.Next(1, 4) };
        using TsvReader reader = tsv.CreateReader();
        int stops = 0;
        while (pipe.Consumed < tsv.Bytes.Length || stops == 0)
        {
            try
            {
                handler = reader.ReadRowsAsync(pipe, handler).AsTask().GetAwaiter().GetResult();
            }
            catch (TsvFormatException error)
            {
                // The handler's rows so far were recorded by reference (its list).
                handler.Rows.Add("error@" + error.LineNumber);
                break;
            }

            Assert.False(pipe.IsReading);
            if (++stops > 100_000)
            {
                break;
            }
        }

        Assert.True(expected.SequenceEqual(handler.Rows), tsv.ToString());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_format_error_leaves_the_buffer_at_the_bad_line_past_the_lines_skipped_before_it(bool sequence)
    {
        // Comments and empty lines before the bad line are consumed with it counted; the bad line is not. Reading
        // again fails on the same line, with the same line number, and the rest is still there.
        TsvOptions options = TsvOptions.Default.WithSkipCommentLines(true).WithThrowOnMissingColumns(true);
        byte[] bytes = Encoding.ASCII.GetBytes("a\tb\tc\n#note\n\nshort\nd\te\tf\n");
        using var reader = new TsvReader(new[] { 0, 2 }, options);
        var segments = new ReadOnlySequence<byte>(bytes);
        int spanOffset = 0;
        bool Read(out TsvRow row)
        {
            if (sequence)
            {
                return reader.TryReadRow(ref segments, true, out row);
            }

            ReadOnlySpan<byte> rest = bytes.AsSpan(spanOffset);
            try
            {
                return reader.TryReadRow(ref rest, true, out row);
            }
            finally
            {
                spanOffset = bytes.Length - rest.Length;
            }
        }

        string Rest() => Encoding.ASCII.GetString(sequence ? segments.ToArray() : bytes.AsSpan(spanOffset).ToArray());

        Assert.True(Read(out TsvRow first));
        Assert.Equal(1, first.LineNumber);
        for (int attempt = 0; attempt < 2; attempt++)
        {
            TsvFormatException error = Assert.Throws<TsvFormatException>(() => Read(out _));
            Assert.Equal(4, error.LineNumber);
            Assert.Equal("short\nd\te\tf\n", Rest());
        }
    }

    [Fact]
    public void A_header_without_a_wanted_name_leaves_the_buffer_at_the_header()
    {
        TsvOptions options = new TsvOptions { HasHeader = true }.WithSkipCommentLines(true);
        byte[] bytes = Encoding.ASCII.GetBytes("#note\na\tb\n1\t2\n");
        using var reader = new TsvReader(new[] { "x" }, options);
        int offset = 0;
        for (int attempt = 0; attempt < 2; attempt++)
        {
            TsvFormatException error = Assert.Throws<TsvFormatException>(() =>
            {
                ReadOnlySpan<byte> rest = bytes.AsSpan(offset);
                try
                {
                    reader.TryReadRow(ref rest, true, out _);
                }
                finally
                {
                    offset = bytes.Length - rest.Length;
                }
            });
            Assert.Equal(2, error.LineNumber);
            Assert.Equal("a\tb\n1\t2\n", Encoding.ASCII.GetString(bytes, offset, bytes.Length - offset));
        }
    }

    [Fact]
    public void The_inner_exception_constructor_says_no_column()
    {
        var inner = new FormatException("x");
        var error = new TsvFormatException("message", inner);
        Assert.Equal(-1, error.Column);
        Assert.Equal(0, error.LineNumber);
        Assert.Same(inner, error.InnerException);
        Assert.Equal(-1, new TsvFormatException("message").Column);
        Assert.Equal(-1, new TsvFormatException().Column);
    }
}
