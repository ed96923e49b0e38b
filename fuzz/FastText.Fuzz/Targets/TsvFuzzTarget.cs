using System.Buffers;
using System.IO.Pipelines;
using System.Threading.Tasks;
using FastText.Tests.Infrastructure;
using FastText.Tests.Tsv;

namespace FastText.Fuzz;

/// <summary>
/// The TSV reader against the tests' naive splitter (<see cref="TsvTestSupport.Reference"/>), three ways: one span
/// flush against a no-access page, a multi-segment sequence read incrementally, and the PipeReader driver fed in
/// chunks. Layout: byte 0 option flags, byte 1 max line length, byte 2 the column selection (then one byte per
/// column), byte 3 the segmentation mode (then up to 4 segment-size bytes), byte 4 the pipe chunking, the rest is
/// the file (UTF-8 when valid, else bytes at or above 0x80 read as Latin-1 so the text round-trips).
/// Two more reads throw at random points chosen by the chunking byte: <c>ReadRows</c> with a handler that throws
/// (called again until done: every row must arrive exactly once, a format error must repeat for the same line), and
/// the PipeReader driver over a scripted pipe with a throwing handler (never left mid-read, nothing replayed).
/// </summary>
internal sealed class TsvFuzzTarget : IFuzzTarget
{
    public string Name => "tsv";

    public void Run(ReadOnlySpan<byte> input)
    {
        var reader = new FuzzReader(input);
        byte flags = reader.NextByte();
        byte maxChoice = reader.NextByte();
        int maxLineLength = (maxChoice & 7) == 0 ? 1 + (maxChoice >> 3) : 1 << 20;
        int columnCount = reader.NextByte() % 5;
        int[] columns = new int[columnCount];
        for (int i = 0; i < columns.Length; i++)
        {
            columns[i] = reader.NextByte() % 9;
        }

        byte segmentation = reader.NextByte();
        int[] segmentSizes = new int[segmentation % 5];
        for (int i = 0; i < segmentSizes.Length; i++)
        {
            segmentSizes[i] = reader.NextByte() % 19; // 0 makes an empty segment
        }

        byte chunking = reader.NextByte();
        string text = DecodeText(reader.TakeRest());
        bool bom = (flags & 0x40) != 0;
        if (!bom && text.Length > 0 && text[0] == '\uFEFF')
        {
            // The reader skips a leading BOM by default; the reference sees text after it, so make it explicit.
            bom = true;
            text = text.Substring(1);
        }

        bool hasHeader = (flags & 0x01) != 0;
        string[]? columnNames = hasHeader && (flags & 0x80) != 0 ? PickNames(text, columns) : null;
        var tsv = new TsvCase(
            text,
            bom,
            columns,
            columnNames,
            hasHeader,
            SkipComments: (flags & 0x02) != 0,
            SkipEmptyLines: (flags & 0x04) == 0,
            TrimCarriageReturn: (flags & 0x08) == 0,
            ThrowOnMissing: (flags & 0x10) != 0,
            maxLineLength,
            Seed: segmentation,
            Unescape: (flags & 0x20) != 0);

        List<string> expected = TsvTestSupport.Reference(tsv);
        byte[] bytes = tsv.Bytes;

        // Segmentation bit 6: one reader for all three reads, Reset() between them (reuse after an error or a full read).
        bool reuse = (segmentation & 0x40) != 0;
        TsvReader? shared = reuse ? tsv.CreateReader() : null;
        try
        {
            using (var memory = new GuardedBuffer(bytes.Length + 64))
            {
                Span<byte> flush = memory.Bytes(bytes.Length);
                bytes.CopyTo(flush);
                TsvReader spanReader = Reader(tsv, shared);
                List<string> rows = TsvTestSupport.ReadSpan(spanReader, flush);
                Release(spanReader, shared);
                Compare("span", expected, rows, tsv);
            }

            List<byte[]> segments = Segment(bytes, segmentation, segmentSizes);
            var arrivals = new Random(chunking);
            TsvReader sequenceReader = Reader(tsv, shared);
            List<string> sequenceRows = TsvTestSupport.ReadIncrementally(sequenceReader, TsvTestSupport.ToSequence(segments), arrivals);
            Release(sequenceReader, shared);
            Compare("sequence", expected, sequenceRows, tsv);
            TsvReader pipeReader = Reader(tsv, shared);
            List<string> pipeRows = ReadThroughPipe(pipeReader, bytes, chunking);
            Release(pipeReader, shared);
            Compare("pipe", expected, pipeRows, tsv);
            TsvReader throwingReader = Reader(tsv, shared);
            List<string> throwingRows = ReadRowsWithThrowingHandler(throwingReader, TsvTestSupport.ToSequence(segments), chunking);
            Release(throwingReader, shared);
            Compare("ReadRows with a throwing handler", expected, throwingRows, tsv);
            TsvReader scriptedReader = Reader(tsv, shared);
            List<string> scriptedRows = ReadScriptedPipeWithThrowingHandler(scriptedReader, bytes, chunking);
            Release(scriptedReader, shared);
            Compare("pipe with a throwing handler", expected, scriptedRows, tsv);
        }
        finally
        {
            shared?.Dispose();
        }
    }

    /// <summary>The shared reader reset for another input, or a fresh one.</summary>
    private static TsvReader Reader(TsvCase tsv, TsvReader? shared)
    {
        if (shared is null)
        {
            return tsv.CreateReader();
        }

        shared.Reset();
        return shared;
    }

    private static void Release(TsvReader reader, TsvReader? shared)
    {
        if (reader != shared)
        {
            reader.Dispose();
        }
    }

    private static string DecodeText(ReadOnlySpan<byte> data)
    {
        try
        {
            return new UTF8Encoding(false, throwOnInvalidBytes: true).GetString(data.ToArray());
        }
        catch (ArgumentException)
        {
            return Encoding.Latin1.GetString(data);
        }
    }

    /// <summary>Names from the first line's fields (so most selections resolve), plus one that never matches.</summary>
    private static string[] PickNames(string text, int[] choices)
    {
        string firstLine = text.Split('\n')[0].TrimEnd('\r');
        string[] fields = firstLine.Split('\t');
        return choices.Select(c => c < fields.Length ? fields[c] : "no such column").ToArray();
    }

    private static List<byte[]> Segment(byte[] bytes, byte mode, int[] sizes)
    {
        var segments = new List<byte[]>();
        if (mode % 5 == 0 || (mode % 5 != 1 && sizes.All(s => s == 0)))
        {
            segments.Add(bytes);
            if ((mode & 0x80) != 0)
            {
                segments.Insert(0, Array.Empty<byte>());
                segments.Add(Array.Empty<byte>());
            }

            return segments;
        }

        int position = 0;
        for (int i = 0; position < bytes.Length; i++)
        {
            int size = mode % 5 == 1 ? 1 : Math.Min(sizes[i % sizes.Length], bytes.Length - position);
            segments.Add(bytes.AsSpan(position, size).ToArray());
            position += size;
        }

        if (segments.Count == 0)
        {
            segments.Add(Array.Empty<byte>());
        }

        return segments;
    }

    /// <summary>The PipeReader driver over a pipe whose reader continues inline on each flush, so chunk boundaries are exactly the reads.</summary>
    private static List<string> ReadThroughPipe(TsvReader reader, byte[] bytes, byte chunking)
    {
        var pipe = new Pipe(new PipeOptions(
            readerScheduler: PipeScheduler.Inline, writerScheduler: PipeScheduler.Inline, pauseWriterThreshold: 0, useSynchronizationContext: false));
        var handler = new RowCollector(new List<string>());
        ValueTask<RowCollector> reading = reader.ReadRowsAsync(pipe.Reader, handler);
        var random = new Random(chunking);
        int maxChunk = 1 + (chunking % 9 == 0 ? 1 : random.Next(1, 40));
        try
        {
            int position = 0;
            while (position < bytes.Length && !reading.IsCompleted)
            {
                int size = Math.Min(bytes.Length - position, random.Next(1, maxChunk + 1));
                pipe.Writer.Write(bytes.AsSpan(position, size));
                pipe.Writer.FlushAsync().GetAwaiter().GetResult();
                position += size;
            }

            pipe.Writer.Complete();
            reading.GetAwaiter().GetResult();
        }
        catch (TsvFormatException error)
        {
            handler.Rows.Add("error@" + error.LineNumber);
        }

        return handler.Rows;
    }

    private static List<string> ReadRowsWithThrowingHandler(TsvReader reader, ReadOnlySequence<byte> buffer, byte chunking)
    {
        var handler = new ThrowingCollector(new List<string>(), new Random(chunking), 1 + (chunking & 3));
        for (int attempt = 0; attempt < 1_000_000; attempt++)
        {
            try
            {
                reader.ReadRows(ref buffer, true, ref handler);
                return handler.Rows;
            }
            catch (HandlerFailure)
            {
            }
            catch (TsvFormatException error)
            {
                long length = buffer.Length;
                try
                {
                    reader.ReadRows(ref buffer, true, ref handler);
                    throw new FuzzMismatchException("tsv ReadRows: a format error was not reported again");
                }
                catch (TsvFormatException again) when (again.LineNumber == error.LineNumber && buffer.Length == length)
                {
                }

                handler.Rows.Add("error@" + error.LineNumber);
                return handler.Rows;
            }
        }

        throw new FuzzMismatchException("tsv ReadRows: no progress after a million handler failures");
    }

    private static List<string> ReadScriptedPipeWithThrowingHandler(TsvReader reader, byte[] bytes, byte chunking)
    {
        var random = new Random(chunking * 31 + 7);
        var pipe = new ScriptedPipeReader(bytes, random.Next(1, 64), random.Next(1, 40));
        var handler = new ThrowingCollector(new List<string>(), random, 1 + ((chunking >> 2) & 3));
        for (int attempt = 0; attempt < 1_000_000; attempt++)
        {
            try
            {
                reader.ReadRowsAsync(pipe, handler).AsTask().GetAwaiter().GetResult();
                return handler.Rows;
            }
            catch (HandlerFailure)
            {
            }
            catch (TsvFormatException error)
            {
                handler.Rows.Add("error@" + error.LineNumber);
                return handler.Rows;
            }
            finally
            {
                if (pipe.IsReading)
                {
                    throw new FuzzMismatchException("tsv pipe driver: an exception left the pipe mid-read");
                }
            }
        }

        throw new FuzzMismatchException("tsv pipe driver: no progress after a million handler failures");
    }

    private sealed class HandlerFailure : Exception
    {
    }

    /// <summary>Records every row, then throws for about one row in <c>oneIn</c>.</summary>
    private readonly struct ThrowingCollector : ITsvRowHandler
    {
        private readonly Random _random;
        private readonly int _oneIn;

        public ThrowingCollector(List<string> rows, Random random, int oneIn)
        {
            Rows = rows;
            _random = random;
            _oneIn = oneIn;
        }

        public List<string> Rows { get; }

        public void OnRow(in TsvRow row)
        {
            Rows.Add(TsvTestSupport.Render(row));
            if (_random.Next(_oneIn) == 0)
            {
                throw new HandlerFailure();
            }
        }
    }

    private static void Compare(string how, List<string> expected, List<string> actual, TsvCase tsv)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new FuzzMismatchException(
                $"tsv {how}: {tsv}\n expected: {string.Join(" ; ", expected)}\n actual:   {string.Join(" ; ", actual)}");
        }
    }

    private readonly struct RowCollector : ITsvRowHandler
    {
        private static readonly CommunityToolkit.HighPerformance.Buffers.StringPool Pool = new(64);

        public RowCollector(List<string> rows) => Rows = rows;

        public List<string> Rows { get; }

        public void OnRow(in TsvRow row)
        {
            Rows.Add(TsvTestSupport.Render(row));

            // The string conversions too: the ASCII widen fast path and the UTF-8 fallback, plain and pooled.
            for (int i = 0; i < row.ColumnCount; i++)
            {
                if (row.TryGetColumn(i, out ReadOnlySpan<byte> value))
                {
                    string expected = Encoding.UTF8.GetString(value);
                    if (row.GetString(i) != expected || row.GetString(i, Pool) != expected)
                    {
                        throw new FuzzMismatchException($"tsv GetString({i}) on line {row.LineNumber} differs from Encoding.UTF8");
                    }
                }
            }
        }
    }
}
