using System.Globalization;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>WriteFormatted&lt;T&gt; for IUtf8SpanFormattable values on net8.0.</summary>
public sealed class TsvWriterFormattableTests
{
    /// <summary>Formats as a run of 'z' of a given length, so the writer has to retry with more room.</summary>
    private readonly record struct LongText(int Length) : IUtf8SpanFormattable
    {
        public bool TryFormat(Span<byte> utf8Destination, out int bytesWritten, ReadOnlySpan<char> format, IFormatProvider? provider)
        {
            if (utf8Destination.Length < Length)
            {
                bytesWritten = 0;
                return false;
            }

            utf8Destination.Slice(0, Length).Fill((byte)'z');
            bytesWritten = Length;
            return true;
        }
    }

    [Fact]
    public void Values_are_formatted_with_their_format_and_the_invariant_culture_by_default()
    {
        var output = new TsvWriterRoundTripTests.ShortSpanBufferWriter(int.MaxValue);
        using (var writer = new TsvWriter(output, new TsvWriterOptions { BufferSize = 16 }))
        {
            writer.WriteFormatted(new DateOnly(2026, 1, 2), "yyyy-MM-dd");
            writer.WriteFormatted(1234.5, "F2");
            writer.WriteFormatted(1234.5, "F2", new NumberFormatInfo { NumberDecimalSeparator = "," });
            writer.WriteFormatted((Half)1.5);
            writer.WriteFormatted(new LongText(5000));
            writer.WriteFormatted(new LongText(0));
            writer.EndRow();
        }

        Assert.Equal("2026-01-02\t1234.50\t1234,50\t1.5\t" + new string('z', 5000) + "\t\n", Encoding.ASCII.GetString(output.WrittenSpan.ToArray()));
    }

    [Fact]
    public void A_formatted_value_holding_a_special_byte_is_escaped_or_refused()
    {
        var output = new TsvWriterRoundTripTests.ShortSpanBufferWriter(int.MaxValue);
        using (var writer = new TsvWriter(output, new TsvWriterOptions { EscapeBackslashes = true }))
        {
            writer.WriteFormatted(new DateOnly(2026, 1, 2), "yyyy'\t'MM");
            writer.EndRow();
        }

        Assert.Equal("2026\\t01\n", Encoding.ASCII.GetString(output.WrittenSpan.ToArray()));
        using var raw = new TsvWriter(new TsvWriterRoundTripTests.ShortSpanBufferWriter(int.MaxValue));
        raw.WriteField("a");
        TsvFormatException error = Assert.Throws<TsvFormatException>(() => raw.WriteFormatted(new DateOnly(2026, 1, 2), "yyyy'\n'MM"));
        Assert.Equal(1, error.Column);
        Assert.Equal(1, raw.FieldCount);
    }

    [Fact]
    public void WriteFormatted_allocates_nothing_per_value()
    {
        var output = new TsvWriterRoundTripTests.ShortSpanBufferWriter(int.MaxValue);
        using var writer = new TsvWriter(output);
        for (int i = 0; i < 100; i++)
        {
            writer.WriteFormatted(i);
            writer.WriteFormatted(new DateOnly(2026, 1, 2), "yyyy-MM-dd");
            writer.EndRow();
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1000; i++)
        {
            writer.WriteFormatted(i);
            writer.WriteFormatted(new DateOnly(2026, 1, 2), "yyyy-MM-dd");
            writer.EndRow();
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }
}
