using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// <see cref="TsvLineScan.ByteMask"/>, the one compare behind the terminator search and the field enumerator, on
/// every vector path this process can run, against a mask built byte by byte: any 64-byte block of data up to 200
/// bytes, at any offset, for any byte value, with the value at every index of the block.
/// </summary>
public sealed class TsvLineScanByteMaskTests
{
    private const int ChunkSize = 64;

    /// <summary>The vector paths this process runs (none with DOTNET_EnableHWIntrinsic=0, where the reader takes the scalar one).</summary>
    private static IEnumerable<TsvScanPath> VectorPaths => TsvLineScan.Paths.Where(path => path != TsvScanPath.Scalar);

    /// <summary>Data of 64 to 200 bytes drawn mostly from a few values (so the searched one is common), a block of it, and the value.</summary>
    public static class Blocks
    {
        public static Arbitrary<(byte[] Data, int Block, byte Value)> Values() =>
            (from length in Gen.Choose(ChunkSize, 200)
             from value in Gen.Choose(0, 255).Select(v => (byte)v)
             from data in Gen.ArrayOf(Gen.Frequency((3, Gen.Constant((int)value)), (2, Gen.Elements(0, 9, 10, 128, 255)), (5, Gen.Choose(0, 255))).Select(b => (byte)b), length)
             from block in Gen.Choose(0, length - ChunkSize)
             select (data, block, value)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(Blocks)])]
    public void Every_vector_path_marks_exactly_the_bytes_equal_to_the_value((byte[] Data, int Block, byte Value) input)
    {
        (byte[] data, int block, byte value) = input;
        foreach (TsvScanPath path in VectorPaths)
        {
            ulong actual = TsvLineScan.ByteMask(ref data[0], block, value, path);
            Assert.True(actual == Reference(data, block, value),
                $"{path}: value {value}, block {block}, data [{string.Join(",", data)}]: got {actual:x16}, expected {Reference(data, block, value):x16}");
        }
    }

    [Fact]
    public void The_value_at_every_index_of_a_block_sets_that_bit_alone()
    {
        foreach ((TsvScanPath path, byte value) in VectorPaths.SelectMany(path => new byte[] { 0, 9, 10, 0x80, 0xFF }.Select(value => (path, value))))
        {
            for (int offset = 0; offset < 3; offset++)
            {
                for (int at = 0; at < ChunkSize; at++)
                {
                    byte[] data = new byte[ChunkSize + offset];
                    data.AsSpan().Fill((byte)(value ^ 1));
                    data[offset + at] = value;
                    ulong mask = TsvLineScan.ByteMask(ref data[0], offset, value, path);
                    Assert.True(mask == 1UL << at, $"{path}: value {value} at {at} of the block at {offset}: got {mask:x16}");
                }
            }
        }
    }

    private static ulong Reference(byte[] data, int block, byte value)
    {
        ulong mask = 0;
        for (int i = 0; i < ChunkSize; i++)
        {
            if (data[block + i] == value)
            {
                mask |= 1UL << i;
            }
        }

        return mask;
    }
}
