using System;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace FastText.Samples.TsvCut;

/// <summary>
/// Cuts a large input that is all in memory (a mapped file) on every core: the input is split into chunks of
/// whole lines, worker threads cut chunks (each with its own <see cref="FieldCutter"/>, so its own reader) into
/// in-memory outputs, and the calling thread writes those outputs in input order as they complete. The output is
/// byte for byte the sequential cut's, since each line is cut on its own (<see cref="FieldCutter.CutsLinesIndependently"/>).
/// Memory is bounded: each worker has two output slots of its own and waits while both hold unwritten chunks.
/// If writing fails (EPIPE when the reader has gone), the workers stop before their next chunk and the error
/// propagates; a worker's failure stops the others and is rethrown on the calling thread.
/// A chunk holds at most 1 GiB (a span's limit): at a longer line the parallel cut stops, after the lines before
/// it, and <see cref="Cut"/> returns where it stopped, for the caller to cut the rest sequentially (which streams
/// the line through: <see cref="FieldCutter.Cut(byte*, long)"/>).
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

    /// <summary>The longest chunk (a span's limit), so the longest line cut in parallel.</summary>
    private const int MaxChunkLength = FieldCutter.MaxMappedWindow;
    private const int MaxWorkers = 8;

    // Each worker cuts into slots of its own (SlotsPerWorker * worker onwards), so an output buffer is only ever written
    // by one thread and stays in that core's cache; one ring of slots shared by all workers passed each buffer from
    // core to core.
    private const int SlotsPerWorker = 2;

    private readonly CutCommandLine _settings;
    private readonly CutOutput _output;
    private readonly object _gate = new();

    // Per slot: its output (made by its worker), the chunk it holds (or that is being cut into it), -1 when free; and
    // whether that chunk is done.
    private readonly CutOutput?[] _slotOutputs;
    private readonly long[] _slotChunk;
    private readonly bool[] _slotDone;

    private Action<long, long>? _prepareRange;
    private Action<long, long>? _releaseRange;
    private unsafe byte* _input;
    private long _length;

    // Where chunking ends: the input's length, or the start of a line too long for a chunk.
    private long _chunkedLength;
    private byte _terminator;
    private bool _endsWithTerminator;
    private long _nextChunkStart;
    private long _nextChunk;
    private bool _stopped;
    private Exception? _workerFailure;
    private long _failedChunk;

    private readonly int _chunkLength;
    private readonly int _maxChunkLength;

    /// <param name="maxChunkLength">The longest chunk (tests pass less than 1 GiB; at least <paramref name="chunkLength"/>).</param>
    public ParallelCutter(CutCommandLine settings, CutOutput output, int workers, int chunkLength, int maxChunkLength = MaxChunkLength)
    {
        _chunkLength = chunkLength;
        _maxChunkLength = Math.Max(maxChunkLength, chunkLength);
        _settings = settings;
        _output = output;
        Workers = Math.Clamp(workers, 1, MaxWorkers);
        int slots = SlotsPerWorker * Workers;
        _slotOutputs = new CutOutput[slots];
        _slotChunk = new long[slots];
        _slotDone = new bool[slots];
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
    /// <paramref name="length"/>, or, when a line longer than a chunk may be follows, cuts the lines before it and
    /// returns where it starts: the caller cuts from there on. A worker calls <paramref name="prepareRange"/>
    /// (offset, count) for each chunk before reading it (a mapped file populates its pages), and
    /// <paramref name="releaseRange"/> once it has cut it (a mapped file drops its page-table entries, so the
    /// teardown is shared by the workers instead of done by one thread at the end). A released page may still be
    /// read afterwards (a neighbouring chunk's boundary search): it is read again from the file's cache.
    /// </summary>
    public unsafe long Cut(byte* input, long length, byte terminator, Action<long, long>? prepareRange = null, Action<long, long>? releaseRange = null)
    {
        _prepareRange = prepareRange;
        _releaseRange = releaseRange;
        _input = input;
        _length = length;
        _chunkedLength = length;
        _terminator = terminator;
        _endsWithTerminator = _length > 0 && _input[_length - 1] == terminator;
        _nextChunkStart = 0;
        _nextChunk = 0;
        _stopped = false;
        _workerFailure = null;
        _failedChunk = long.MaxValue;
        Array.Fill(_slotChunk, -1);
        Array.Clear(_slotDone);

        var threads = new Thread[Workers];
        for (int i = 0; i < threads.Length; i++)
        {
            threads[i] = new Thread(Work) { IsBackground = true, Name = "tsvcut worker " + i };
            threads[i].Start(i);
        }

        try
        {
            _output.Flush();
            WriteChunksInOrder();
        }
        finally
        {
            lock (_gate)
            {
                _stopped = true;
                Monitor.PulseAll(_gate);
            }

            foreach (Thread thread in threads)
            {
                thread.Join();
            }
        }

        return _chunkedLength;
    }

    /// <summary>
    /// <see cref="Cut"/>, then, if it stopped before a line too long for a chunk, the rest with
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

    private void WriteChunksInOrder()
    {
        for (long chunk = 0; ; chunk++)
        {
            int slot;
            lock (_gate)
            {
                while (true)
                {
                    slot = Array.IndexOf(_slotChunk, chunk);
                    if (slot >= 0 && _slotDone[slot])
                    {
                        break;
                    }

                    // Every chunk before the failed one is written first, as the sequential cut would have.
                    if (_failedChunk <= chunk)
                    {
                        ExceptionDispatchInfo.Throw(_workerFailure!);
                    }

                    if (_nextChunkStart == _chunkedLength && _nextChunk <= chunk)
                    {
                        return;
                    }

                    Monitor.Wait(_gate);
                }
            }

            // A slot holding a done chunk has its output: its worker made it before taking a chunk.
            CutOutput done = _slotOutputs[slot]!;
            _output.WriteThrough(done.Buffered);
            done.Clear();
            lock (_gate)
            {
                _slotChunk[slot] = -1;
                _slotDone[slot] = false;
                Monitor.PulseAll(_gate);
            }
        }
    }

    private void Work(object? worker)
    {
        int firstSlot = SlotsPerWorker * (int)worker!;
        long chunk = -1;
        try
        {
            // Made here, on the thread that writes into them, so they come from this thread's allocation context:
            // made by the main thread, the slots' outputs sat side by side, and the two workers' per-line updates of
            // their lengths shared cache lines (the two-core cut of the demo file took about 10% more CPU time:
            // bench/results/tsvcut/peers.md).
            // Cleared, because a cut that failed left the outputs of the chunks it never wrote (those after the failed
            // one, and the failed one's part) in their slots, and the next cut would have written them first.
            for (int slot = firstSlot; slot < firstSlot + SlotsPerWorker; slot++)
            {
                (_slotOutputs[slot] ??= CutOutput.InMemory(Math.Max(_chunkLength / 2, 64))).Clear();
            }

            using var cutter = new FieldCutter(_settings, _output);
            while (TryTakeChunk(firstSlot, out chunk, out long start, out long end, out int slot))
            {
                CutChunk(cutter, start, end, _slotOutputs[slot]!);
                lock (_gate)
                {
                    _slotDone[slot] = true;
                    Monitor.PulseAll(_gate);
                }
            }
        }
        catch (Exception e)
        {
            lock (_gate)
            {
                // A failure before any chunk was taken counts as one at the next chunk.
                long failed = chunk >= 0 ? chunk : _nextChunk;
                if (failed < _failedChunk)
                {
                    _failedChunk = failed;
                    _workerFailure = e;
                }

                _stopped = true;
                Monitor.PulseAll(_gate);
            }
        }
    }

    private unsafe void CutChunk(FieldCutter cutter, long start, long end, CutOutput into)
    {
        _prepareRange?.Invoke(start, end - start);
        var lines = new ReadOnlySpan<byte>(_input + start, (int)(end - start));
        cutter.CutChunk(lines, isEndOfInput: end == _length, _endsWithTerminator, into);
        _releaseRange?.Invoke(start, end - start);
    }

    /// <summary>
    /// The next chunk: from where the last one ended to the first terminator at or after the chunk length on
    /// (inclusive), or to the end of the input, and a free slot of the worker's. Waits while none of its slots is free.
    /// </summary>
    private unsafe bool TryTakeChunk(int firstSlot, out long chunk, out long start, out long end, out int slot)
    {
        lock (_gate)
        {
            while (true)
            {
                chunk = _nextChunk;
                slot = FreeSlot(firstSlot);
                start = _nextChunkStart;
                if (_stopped || start == _chunkedLength)
                {
                    end = start;
                    return false;
                }

                if (slot >= 0)
                {
                    break;
                }

                Monitor.Wait(_gate);
            }

            end = FindChunkEnd(start);
            if (end == start)
            {
                // A line too long for a chunk starts here: chunking ends, the caller cuts the rest.
                _chunkedLength = start;
                Monitor.PulseAll(_gate);
                return false;
            }

            _nextChunkStart = end;
            _nextChunk = chunk + 1;
            _slotChunk[slot] = chunk;
            _slotDone[slot] = false;
            Monitor.PulseAll(_gate);
            return true;
        }
    }

    /// <summary>A free slot of the worker whose slots start at <paramref name="firstSlot"/>, or -1.</summary>
    private int FreeSlot(int firstSlot)
    {
        for (int slot = firstSlot; slot < firstSlot + SlotsPerWorker; slot++)
        {
            if (_slotChunk[slot] == -1)
            {
                return slot;
            }
        }

        return -1;
    }

    /// <summary>Where the chunk from <paramref name="start"/> ends; <paramref name="start"/> itself when the line there is longer than a chunk may be.</summary>
    private unsafe long FindChunkEnd(long start)
    {
        long probe = start + _chunkLength;
        while (probe < _length && probe - start <= _maxChunkLength)
        {
            int window = (int)Math.Min(_length - probe, _chunkLength);
            int found = new ReadOnlySpan<byte>(_input + probe, window).IndexOf(_terminator);
            if (found >= 0)
            {
                long end = probe + found + 1;
                if (end - start <= _maxChunkLength)
                {
                    return end;
                }

                break;
            }

            probe += window;
        }

        if (probe >= _length && _length - start <= _maxChunkLength)
        {
            return _length;
        }

        // A line too long for a chunk follows: the lines before it make a chunk of their own; chunking stops at it.
        int lastEnd = new ReadOnlySpan<byte>(_input + start, _chunkLength).LastIndexOf(_terminator);
        return lastEnd >= 0 ? start + lastEnd + 1 : start;
    }
}
