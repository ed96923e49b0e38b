using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// The scan's prefetch (x86) has no effect a test can see, so what is tested is its address: for every chunk of data
/// up to int.MaxValue bytes, the byte asked for lies inside the data, 4 KiB past the chunk or at the data's last byte,
/// whichever is nearer. A reference written the obvious way, in 64-bit arithmetic.
/// </summary>
public sealed class TsvLineScanPrefetchTests
{
    private const int ChunkSize = 64;
    private const long Distance = 4096;

    /// <summary>Data lengths from one chunk to int.MaxValue, and a chunk of each: the first, the last, near the clamp, anywhere.</summary>
    public static class Chunks
    {
        public static Arbitrary<(int Block, int Length)> Values()
        {
            Gen<int> length = Gen.OneOf(
                Gen.Choose(ChunkSize, 64 * 1024),
                Gen.Elements(ChunkSize, ChunkSize + 1, 4096, 4096 + ChunkSize, 4096 + ChunkSize + 1, int.MaxValue, int.MaxValue - 1),
                Gen.Choose(int.MaxValue - (64 * 1024), int.MaxValue),
                Gen.Choose(ChunkSize, int.MaxValue));
            Gen<(int, int)> pairs =
                from n in length
                from block in Gen.OneOf(
                    Gen.Constant(0),
                    Gen.Constant(n - ChunkSize),
                    Gen.Choose(Math.Max(0, n - ChunkSize - 4200), n - ChunkSize),
                    Gen.Choose(0, n - ChunkSize))
                select (block, n);
            return pairs.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(Chunks)], RunsAtDefault = 2000)]
    public void The_byte_asked_for_is_inside_the_data_and_as_far_ahead_as_it_allows((int Block, int Length) chunk)
    {
        (int block, int length) = chunk;
        long expected = Math.Min(block + Distance, length - 1L);
        int offset = TsvLineScan.PrefetchOffset(block, length);
        Assert.True(offset == expected, $"block {block}, length {length}: asked for {offset}, expected {expected}");
        Assert.InRange(offset, 0, length - 1);
    }
}
