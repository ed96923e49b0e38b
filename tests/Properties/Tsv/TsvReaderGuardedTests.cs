using FastText;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

public sealed class TsvReaderGuardedTests
{
    [GuardedFact]
    public void The_contiguous_reader_never_reads_past_input_that_ends_at_a_guard_page()
    {
        Properties.ForAll(Gen.Choose(0, int.MaxValue), seed =>
        {
            TsvCase tsv = TsvTestSupport.CreateCase(seed);
            byte[] bytes = tsv.Bytes;
            using var guarded = new GuardedBuffer(Math.Max(1, bytes.Length));
            Span<byte> flush = guarded.Bytes(bytes.Length);
            bytes.CopyTo(flush);
            using TsvReader reader = tsv.CreateReader();
            List<string> actual = TsvTestSupport.ReadSpan(reader, flush);
            Assert.True(TsvTestSupport.Reference(tsv).SequenceEqual(actual), tsv.ToString());
        }, runs: 150);
    }

    [GuardedFact]
    public void Conversions_never_read_past_a_column_that_ends_at_a_guard_page()
    {
        foreach (string value in new[] { "1", "-42", "3.25", "true", "2019-12-04T21:02:31.0000000Z", "é€", "abc" })
        {
            byte[] bytes = Encoding.UTF8.GetBytes("x\t" + value);
            using var guarded = new GuardedBuffer(bytes.Length);
            Span<byte> flush = guarded.Bytes(bytes.Length);
            bytes.CopyTo(flush);
            using var reader = new TsvReader(new[] { 1 });
            ReadOnlySpan<byte> input = flush;
            Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
            Assert.Equal(value, row.GetString(0));
            try
            {
                _ = row.GetInt64(0);
                _ = row.GetDouble(0);
            }
            catch (TsvFormatException)
            {
            }
        }
    }
}
