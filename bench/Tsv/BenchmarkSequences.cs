using System.Buffers;

namespace FastText.Benchmarks.Tsv;

/// <summary>Builds multi-segment sequences the way a pipe delivers them.</summary>
public static class BenchmarkSequences
{
    public static ReadOnlySequence<byte> Segmented(byte[] data, int segmentSize)
    {
        Segment? first = null;
        Segment? last = null;
        for (int offset = 0; offset < data.Length; offset += segmentSize)
        {
            var memory = new ReadOnlyMemory<byte>(data, offset, Math.Min(segmentSize, data.Length - offset));
            last = last is null ? first = new Segment(memory, 0) : last.Append(memory);
        }

        return first is null ? ReadOnlySequence<byte>.Empty : new ReadOnlySequence<byte>(first, 0, last!, last!.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
