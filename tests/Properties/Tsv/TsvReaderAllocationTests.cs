using System.Buffers;
using System.IO.Pipelines;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

public sealed class TsvReaderAllocationTests
{
    private const long Budget = 64 * 1024;

    private static byte[] TenThousandRows()
    {
        var text = new StringBuilder();
        for (int row = 0; row < 10_000; row++)
        {
            for (int column = 0; column < 25; column++)
            {
                text.Append(column == 0 ? "" : "\t").Append("r").Append(row).Append('c').Append(column);
            }

            text.Append(row % 3 == 0 ? "\r\n" : "\n");
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }

    private static long ReadThreeColumns(TsvReader reader, ReadOnlySequence<byte> input)
    {
        long checksum = 0;
        while (reader.TryReadRow(ref input, true, out TsvRow row))
        {
            checksum += row[0].Length + row[1].Length + row[2].Length;
        }

        return checksum;
    }

    [Fact]
    public void Ten_thousand_rows_of_three_span_columns_allocate_under_64_KB_single_and_multi_segment()
    {
        byte[] bytes = TenThousandRows();
        var inputs = new[]
        {
            new ReadOnlySequence<byte>(bytes),
            TsvTestSupport.ToSequence(Enumerable.Range(0, (bytes.Length + 4095) / 4096)
                .Select(i => bytes.AsSpan(i * 4096, Math.Min(4096, bytes.Length - (i * 4096))).ToArray()).ToList()),
        };
        foreach (ReadOnlySequence<byte> input in inputs)
        {
            using var reader = new TsvReader(new[] { 0, 1, 10 });
            long expected = ReadThreeColumns(reader, input);
            reader.Reset();
            long before = GC.GetAllocatedBytesForCurrentThread();
            long checksum = ReadThreeColumns(reader, input);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.Equal(expected, checksum);
            Assert.True(allocated < Budget, $"{allocated} bytes allocated reading 10,000 rows (single segment: {input.IsSingleSegment}).");
            Assert.Equal(10_000, reader.LineNumber);
        }
    }

    private struct CountingHandler : ITsvRowHandler
    {
        public long Checksum;

        public void OnRow(in TsvRow row) => Checksum += row[0].Length + row[1].Length + row[2].Length;
    }

    [Fact]
    public void The_pipe_driver_allocates_under_64_KB_for_ten_thousand_rows()
    {
        byte[] bytes = TenThousandRows();
        (long Checksum, long Allocated) Run()
        {
            var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, useSynchronizationContext: false));
            pipe.Writer.WriteAsync(bytes).AsTask().GetAwaiter().GetResult();
            pipe.Writer.Complete();
            using var reader = new TsvReader(new[] { 0, 1, 10 });
            long before = GC.GetAllocatedBytesForCurrentThread();
            long checksum = reader.ReadRowsAsync(pipe.Reader, new CountingHandler()).AsTask().GetAwaiter().GetResult().Checksum;
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            pipe.Reader.Complete();
            return (checksum, allocated);
        }

        // The driver rents its 64 KiB buffer from the shared pool, which tests running in parallel may have emptied
        // for a moment: the least of three runs is the driver's own cost. An allocation per row shows in every run.
        var runs = new[] { Run(), Run(), Run() };
        Assert.All(runs, run => Assert.Equal(runs[0].Checksum, run.Checksum));
        long least = runs.Min(run => run.Allocated);
        Assert.True(least < Budget, $"{string.Join(", ", runs.Select(run => run.Allocated))} bytes allocated by the pipe driver for 10,000 rows.");
    }
}
