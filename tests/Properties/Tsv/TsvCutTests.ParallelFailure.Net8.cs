using System.IO;
using System.Threading;
using FastText.Samples.TsvCut;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// A parallel cut whose worker fails: the calling thread gets that failure after the output of every chunk before the
/// failed one, and the same <see cref="ParallelCutter"/> then cuts the next input as if nothing had happened (tsvcut
/// reuses one for all its files). The failure is injected through the per-chunk callback, the one caller code that
/// runs on the workers.
/// </summary>
public sealed partial class TsvCutTests
{
    /// <summary>
    /// Two inputs of lines over a small alphabet, a field list, a chunk length, a worker count, and a number that
    /// places the failure: the input byte whose chunk fails, or which write of the output fails.
    /// </summary>
    public static class ParallelFailureCases
    {
        public static Arbitrary<(byte[] First, byte[] Second, string List, int ChunkLength, int Workers, int Failure)> Cases()
        {
            byte[] alphabet = { (byte)'a', (byte)'b', (byte)'\t', (byte)'\t', (byte)'\n', (byte)'\n', (byte)'\n' };
            Gen<byte[]> inputs =
                from length in Gen.Choose(1, 400)
                from picks in Gen.ArrayOf(Gen.Choose(0, alphabet.Length - 1), length)
                select picks.Select(p => alphabet[p]).ToArray();
            Gen<(byte[] First, byte[] Second, string List, int ChunkLength, int Workers, int Failure)> cases =
                from first in inputs
                from second in inputs
                from list in Gen.Elements(Lists)
                from chunkLength in Gen.Choose(1, 40)
                from workers in Gen.Choose(1, 4)
                from failure in Gen.Choose(0, 399)
                select (first, second, list, chunkLength, workers, failure);
            return cases.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(ParallelFailureCases)])]
    public void A_failed_parallel_cut_writes_the_chunks_before_the_failure_and_leaves_nothing_for_the_next_cut(
        (byte[] First, byte[] Second, string List, int ChunkLength, int Workers, int Failure) c)
    {
        int failAt = c.Failure % c.First.Length;
        CutFieldList fields = CutFieldList.TryParse(c.List, complement: false, out _)!;
        using var output = new MemoryStream();
        var cutOutput = new CutOutput(output, bufferSize: 64);
        PoolThreads.EnsureReady();
        var parallel = new ParallelCutter(CutCommandLine.Parse(new[] { "-f", c.List }), cutOutput, c.Workers, c.ChunkLength);
        var injected = new InvalidOperationException("injected worker failure");
        long failedChunkStart = -1;
        string replay = $"-f {c.List}, chunks of {c.ChunkLength}, {c.Workers} workers, failing at byte {failAt} of {Convert.ToHexString(c.First)}, then {Convert.ToHexString(c.Second)}";

        Exception? thrown = CutRecordingFailure(parallel, c.First, (offset, count) =>
        {
            if (offset <= failAt && failAt < offset + count)
            {
                Interlocked.Exchange(ref failedChunkStart, offset);
                throw injected;
            }
        });

        Assert.True(ReferenceEquals(injected, thrown), $"the worker's failure, not {thrown?.GetType().Name ?? "none"}, reaches the caller: {replay}");
        cutOutput.Flush();
        byte[] beforeFailure = output.ToArray();
        byte[] expectedBefore = ReferenceCut(c.First.AsSpan(0, (int)failedChunkStart).ToArray(), fields);
        Assert.True(expectedBefore.AsSpan().SequenceEqual(beforeFailure),
            $"{replay}\nexpected {Convert.ToHexString(expectedBefore)}\nactual   {Convert.ToHexString(beforeFailure)}");

        AssertNextCutIsExact(parallel, cutOutput, output, c.Second, fields, replay);
    }

    /// <summary>
    /// The output fails (a full disk, a closed pipe) while workers are cutting: the cut ends with that failure, its
    /// workers stopped and joined (no hang), and the next cut through the same cutter writes exactly its own output.
    /// </summary>
    [FastTextProperty(Arbitrary = [typeof(ParallelFailureCases)])]
    public void A_parallel_cut_whose_output_fails_stops_and_the_next_cut_is_exact(
        (byte[] First, byte[] Second, string List, int ChunkLength, int Workers, int Failure) c)
    {
        int failingWrite = 1 + (c.Failure % 12);
        CutFieldList fields = CutFieldList.TryParse(c.List, complement: false, out _)!;
        using var output = new FailingWriteStream(failingWrite);
        var cutOutput = new CutOutput(output, bufferSize: 64);
        PoolThreads.EnsureReady();
        var parallel = new ParallelCutter(CutCommandLine.Parse(new[] { "-f", c.List }), cutOutput, c.Workers, c.ChunkLength);
        string replay = $"-f {c.List}, chunks of {c.ChunkLength}, {c.Workers} workers, write {failingWrite} failing, on {Convert.ToHexString(c.First)}, then {Convert.ToHexString(c.Second)}";

        Exception? thrown = CutRecordingFailure(parallel, c.First, prepareRange: null);

        // A short output may need fewer writes than the failing one: then the cut succeeds.
        Assert.True(thrown is null ? output.Writes < failingWrite : ReferenceEquals(thrown, output.Failure), $"{thrown}: {replay}");
        if (thrown is null)
        {
            cutOutput.Flush();
        }

        output.Disarm();
        AssertNextCutIsExact(parallel, cutOutput, output, c.Second, fields, replay);
    }

    private static unsafe Exception? CutRecordingFailure(ParallelCutter parallel, byte[] input, Action<long, long>? prepareRange)
    {
        fixed (byte* bytes = input)
        {
            byte* start = bytes;
            return Record.Exception(() => parallel.Cut(start, input.Length, (byte)'\n', prepareRange));
        }
    }

    /// <summary>Cuts <paramref name="input"/> with the cutter a failed cut left and checks that it adds exactly the reference cut to <paramref name="output"/>.</summary>
    private static unsafe void AssertNextCutIsExact(ParallelCutter parallel, CutOutput cutOutput, MemoryStream output, byte[] input, CutFieldList fields, string replay)
    {
        long before = output.Length;
        fixed (byte* bytes = input)
        {
            parallel.Cut(bytes, input.Length, (byte)'\n');
        }

        cutOutput.Flush();
        byte[] next = output.ToArray().AsSpan((int)before).ToArray();
        byte[] expected = ReferenceCut(input, fields);
        Assert.True(expected.AsSpan().SequenceEqual(next),
            $"the cut after the failed one: {replay}\nexpected {Convert.ToHexString(expected)}\nactual   {Convert.ToHexString(next)}");
    }

    private static byte[] ReferenceCut(byte[] input, CutFieldList fields) =>
        CutReference.Cut(input, fields, (byte)'\t', new[] { (byte)'\t' }, onlyDelimited: false, (byte)'\n');

    /// <summary>A memory stream whose n-th write (counted from 1) throws, unless disarmed before it.</summary>
    private sealed class FailingWriteStream(int failingWrite) : MemoryStream
    {
        public IOException Failure { get; } = new("injected output failure");

        public int Writes { get; private set; }

        private bool _disarmed;

        /// <summary>No later write fails.</summary>
        public void Disarm() => _disarmed = true;

        public override void Write(byte[] buffer, int offset, int count)
        {
            if (++Writes == failingWrite && !_disarmed)
            {
                throw Failure;
            }

            base.Write(buffer, offset, count);
        }

        // MemoryStream's span overload goes back to the array one in a derived class; one write is counted once.
        public override void Write(ReadOnlySpan<byte> buffer) => Write(buffer.ToArray(), 0, buffer.Length);
    }
}
