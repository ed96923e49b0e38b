using System;
using System.Buffers;

namespace FastText.Samples.TsvCut;

/// <summary>
/// Cuts a large input that is all in memory (a mapped file) on every core, through the library's ordered parallel
/// read (<see cref="TsvFileReader.ParallelProcessChunks{TResult}"/>): it cuts the input into chunks of whole lines,
/// each thread of the read (the worker threads, and this one while the next output is not ready) cuts chunks with a
/// <see cref="FieldCutter"/> of its own into in-memory outputs of its own, and this thread writes those outputs in input
/// order as they complete. The output is byte for byte the sequential cut's,
/// since each line is cut on its own (<see cref="FieldCutter.CutsLinesIndependently"/>). Memory is bounded by the
/// library: about two chunks and two outputs per thread. If writing fails (EPIPE when the reader has gone), the
/// workers stop after the chunk they are on and the error propagates; a worker's failure reaches this thread after
/// the output of every chunk before the failed one.
/// The input goes to the library in windows of at most 1 GiB (a span's limit), each ending at a line terminator: at a
/// line longer than a window the parallel cut stops, after the lines before it, and <see cref="Cut"/> returns where
/// it stopped, for the caller to cut the rest sequentially (which streams the line through:
/// <see cref="FieldCutter.Cut(byte*, long)"/>).
/// </summary>
internal sealed class ParallelCutter
{
    /// <summary>Below this size one thread is as fast (starting threads and splitting costs more than it saves).</summary>
    public const long MinimumLength = 8L << 20;

    /// <summary>
    /// The differential suite's knob: TSVCUT_TEST_CHUNK_BYTES=N cuts every mapped file in chunks of about N bytes,
    /// however small, so chunk boundaries fall at every kind of place in its inputs.
    /// </summary>
    private const string TestChunkLengthVariable = "TSVCUT_TEST_CHUNK_BYTES";

    private const int DefaultChunkLength = 2 << 20;

    /// <summary>The longest window, so the longest line cut in parallel.</summary>
    private const int MaxWindowLength = FieldCutter.MaxMappedWindow;

    private readonly CutCommandLine _settings;
    private readonly CutOutput _output;
    private readonly TsvParallelOptions _parallel;
    private readonly int _chunkLength;
    private readonly int _maxWindowLength;

    /// <param name="maxChunkLength">The longest window (tests pass less than 1 GiB; at least <paramref name="chunkLength"/>).</param>
    public ParallelCutter(CutCommandLine settings, CutOutput output, int workers, int chunkLength, int maxChunkLength = MaxWindowLength)
    {
        _chunkLength = chunkLength;
        _maxWindowLength = Math.Max(maxChunkLength, chunkLength);
        _settings = settings;
        _output = output;
        Workers = Math.Max(workers, 1);
        _parallel = new TsvParallelOptions { MaxDegreeOfParallelism = Workers, ChunkLength = chunkLength };
    }

    public int Workers { get; }

    /// <summary>The chunk length to use (the test knob's when set), or 0 when <paramref name="cutter"/>'s settings and
    /// the input's length do not make parallel cutting worth it.</summary>
    public static int ChunkLengthFor(FieldCutter cutter, long length)
    {
        if (!cutter.CutsLinesIndependently)
        {
            return 0;
        }

        if (int.TryParse(Environment.GetEnvironmentVariable(TestChunkLengthVariable), out int testLength) && testLength > 0)
        {
            return testLength;
        }

        return length >= MinimumLength && Environment.ProcessorCount > 1 ? DefaultChunkLength : 0;
    }

    /// <summary>
    /// Cuts the <paramref name="length"/> bytes at <paramref name="input"/> into the output (flushed) and returns
    /// <paramref name="length"/>, or, when a line longer than a window follows, cuts the lines before it and returns
    /// where it starts: the caller cuts from there on. A worker calls <paramref name="prepareRange"/> (offset, count)
    /// for each chunk before reading it (a mapped file populates its pages), and <paramref name="releaseRange"/> once
    /// it has cut it (a mapped file drops its page-table entries, so the teardown is shared by the workers instead of
    /// done by one thread at the end). A released page may still be read afterwards (the next window's boundary
    /// search): it is read again from the file's cache.
    /// </summary>
    public unsafe long Cut(byte* input, long length, byte terminator, Action<long, long>? prepareRange = null, Action<long, long>? releaseRange = null)
    {
        _output.Flush();
        var chunks = new ChunkPlan(_settings, _output, _chunkLength, terminator, length > 0 && input[length - 1] == terminator, prepareRange, releaseRange);
        long position = 0;
        while (position < length)
        {
            long end = WindowEnd(input, position, length, terminator);
            if (end == position)
            {
                return position;
            }

            CutWindow(input, position, end, end == length, chunks);
            position = end;
        }

        return length;
    }

    /// <summary>
    /// <see cref="Cut"/>, then, if it stopped before a line too long for a window, the rest with
    /// <paramref name="cutter"/> (sequentially, streaming that line): all of the input, in order.
    /// </summary>
    public unsafe void CutAll(byte* input, long length, FieldCutter cutter, Action<long, long>? prepareRange = null, Action<long, long>? releaseRange = null)
    {
        long cut = Cut(input, length, cutter.Terminator, prepareRange, releaseRange);
        if (cut < length)
        {
            // Each line is cut on its own, so a cut may start at any line.
            prepareRange?.Invoke(cut, length - cut);
            cutter.Cut(input + cut, length - cut);
        }
    }

    /// <summary>Where the window from <paramref name="start"/> ends: the input's end, after the last terminator within the longest window, or <paramref name="start"/> when none is there.</summary>
    private unsafe long WindowEnd(byte* input, long start, long length, byte terminator)
    {
        if (length - start <= _maxWindowLength)
        {
            return length;
        }

        int last = new ReadOnlySpan<byte>(input + start, _maxWindowLength).LastIndexOf(terminator);
        return last >= 0 ? start + last + 1 : start;
    }

    /// <summary>One window through the library's parallel read: its chunks cut on the workers, written here in order.</summary>
    private unsafe void CutWindow(byte* input, long start, long end, bool isLastWindow, ChunkPlan plan)
    {
        using var window = new UnmanagedBytes(input + start, (int)(end - start));
        TsvOptions options = TsvOptions.ByteExact.WithLineTerminator(plan.Terminator);
        using TsvFileReader reader = TsvFileReader.From(window.Memory, options);
        foreach (CutOutput chunk in reader.ParallelProcessChunks(() => new ChunkCutter(plan, start, isLastWindow), _parallel))
        {
            _output.WriteThrough(chunk.Buffered);
        }
    }

    /// <summary>What every chunk cutter of one <see cref="Cut"/> shares.</summary>
    private sealed class ChunkPlan(
        CutCommandLine settings, CutOutput output, int chunkLength, byte terminator, bool inputEndsWithTerminator,
        Action<long, long>? prepareRange, Action<long, long>? releaseRange)
    {
        public CutCommandLine Settings { get; } = settings;

        public CutOutput Output { get; } = output;

        public int ChunkLength { get; } = chunkLength;

        public byte Terminator { get; } = terminator;

        public bool InputEndsWithTerminator { get; } = inputEndsWithTerminator;

        public Action<long, long>? PrepareRange { get; } = prepareRange;

        public Action<long, long>? ReleaseRange { get; } = releaseRange;
    }

    /// <summary>A worker's part: its own <see cref="FieldCutter"/> (so its own reader) and outputs, made on its thread.</summary>
    private sealed class ChunkCutter(ChunkPlan plan, long windowStart, bool isLastWindow) : ITsvChunkWorker<CutOutput>
    {
        private readonly FieldCutter _cutter = new(plan.Settings, plan.Output);

        // Made here, on the thread that writes into them, so they come from this thread's allocation context: made by
        // one thread side by side, two workers' per-line updates of their lengths shared cache lines (the two-core cut
        // of the demo file took about 10% more CPU time: bench/results/tsvcut/peers.md).
        public CutOutput CreateResult() => CutOutput.InMemory(Math.Max(plan.ChunkLength / 2, 64));

        public void Process(ReadOnlySpan<byte> lines, long offset, bool isFinal, CutOutput result)
        {
            result.Clear();
            long at = windowStart + offset;
            plan.PrepareRange?.Invoke(at, lines.Length);
            _cutter.CutChunk(lines, isEndOfInput: isFinal && isLastWindow, plan.InputEndsWithTerminator, result);
            plan.ReleaseRange?.Invoke(at, lines.Length);
        }

        public void Dispose() => _cutter.Dispose();
    }

    /// <summary>Memory at an address (a mapped file's window) as a <see cref="Memory{T}"/>; owns nothing.</summary>
    private sealed unsafe class UnmanagedBytes(byte* address, int length) : MemoryManager<byte>
    {
        public override Span<byte> GetSpan() => new(address, length);

        public override MemoryHandle Pin(int elementIndex = 0) => new(address + elementIndex);

        public override void Unpin()
        {
        }

        protected override void Dispose(bool disposing)
        {
        }
    }
}
