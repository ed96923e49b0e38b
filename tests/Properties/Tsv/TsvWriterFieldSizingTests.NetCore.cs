using System.IO;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// A long text field grows the writer's buffer for its exact UTF-8 length, not for 3 bytes a char (at 3 bytes a char, a
/// 750M-char ASCII field would be refused with OutOfMemoryException, "would need 2,250,000,016 bytes").
/// </summary>
public sealed class TsvWriterFieldSizingTests
{
    [Fact]
    public void A_long_ASCII_field_rents_about_its_own_length_not_three_times_it()
    {
        const int Length = 40_000_000;
        string text = new('a', Length);
        using var writer = new TsvWriter(Stream.Null);
        writer.WriteField("warm");
        writer.EndRow();
        writer.Flush();

        long before = GC.GetAllocatedBytesForCurrentThread();
        writer.WriteField(text);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // The pool rounds a large rent up to a power of two: 64 MiB for the exact length, 128 MiB for three times it.
        Assert.True(allocated < 2L * Length, $"writing a {Length:N0}-char ASCII field allocated {allocated:N0} bytes");
        writer.EndRow();
    }

    [Theory]
    [InlineData(100_000, "a")]
    [InlineData(100_000, "é")]
    [InlineData(100_000, "€")]
    [InlineData(100_000, "\U0001F600")]
    [InlineData(99_999, "\uD800")]
    [InlineData(33_333, "a\t\\")]
    public void Fields_longer_than_the_buffer_are_written_exactly_whatever_their_UTF8_length(int repeat, string piece)
    {
        string text = string.Concat(Enumerable.Repeat(piece, repeat));
        var output = new MemoryStream();
        using (var writer = new TsvWriter(output, new TsvWriterOptions { BufferSize = 1024, EscapeBackslashes = true }, leaveOpen: true))
        {
            writer.WriteField("x");
            writer.WriteField(text);
            writer.WriteField(text.AsSpan(1));
            writer.EndRow();
        }

        string escaped = text.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("\t", "\\t", StringComparison.Ordinal);
        string expected = "x\t" + escaped + "\t" + escaped.Substring(escaped.StartsWith('\\') ? 2 : 1) + "\n";
        Assert.Equal(Encoding.UTF8.GetBytes(expected), output.ToArray());
    }
}
