using FastText;
using FastText.Tests.Ascii;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// Every field length from 0 to past two 32-byte vectors, with each special byte at every index (and none), through
/// both field overloads, with several separators (tab, comma, 0x00, a letter), both escaping modes and buffer sizes
/// that put fields on both sides of the writer's inlined-path limit: the output equals a naive writer's, and a refused
/// field throws and writes nothing.
/// </summary>
public sealed class TsvWriterFieldLengthTests
{
    private const int MaxLength = 70;

    private static bool IsRefused(byte[] field, byte separator, bool escape) =>
        field.Any(b => (b == separator && !(escape && separator == (byte)'\t')) || (!escape && b is (byte)'\n' or (byte)'\r'));

    /// <summary>The naive writer for one field: backslash escapes for tab (a tab separator only), LF, CR and backslash.</summary>
    private static IEnumerable<byte> Escaped(byte[] field, byte separator, bool escape)
    {
        foreach (byte b in field)
        {
            byte? escapeLetter = !escape ? null : b switch
            {
                (byte)'\t' when separator == (byte)'\t' => (byte)'t',
                (byte)'\n' => (byte)'n',
                (byte)'\r' => (byte)'r',
                (byte)'\\' => (byte)'\\',
                _ => null,
            };
            if (escapeLetter is byte letter)
            {
                yield return (byte)'\\';
                yield return letter;
            }
            else
            {
                yield return b;
            }
        }
    }

    private static IEnumerable<byte[]> Fields(byte separator)
    {
        byte[] specials = { separator, (byte)'\n', (byte)'\r', (byte)'\\', (byte)'\t' };
        for (int length = 0; length <= MaxLength; length++)
        {
            byte[] clean = Enumerable.Range(0, length).Select(i => (byte)('A' + (i % 26))).ToArray();
            yield return clean;
            for (int index = 0; index < length; index++)
            {
                foreach (byte special in specials.Distinct())
                {
                    byte[] field = (byte[])clean.Clone();
                    field[index] = special;
                    yield return field;
                }
            }
        }
    }

    [Theory]
    [InlineData((byte)'\t')]
    [InlineData((byte)',')]
    [InlineData((byte)0)]
    [InlineData((byte)'A')]
    public void Every_length_with_a_special_byte_at_every_index_matches_the_naive_writer(byte separator)
    {
        foreach (bool escape in new[] { false, true })
        {
            foreach (int bufferSize in new[] { 16, 17, 18, 33, 50, 4096 })
            {
                foreach (bool asText in new[] { false, true })
                {
                    var output = new TestBufferWriter<byte>();
                    var expected = new List<byte>();
                    using (var writer = new TsvWriter(output, new TsvWriterOptions { Separator = separator, EscapeBackslashes = escape, BufferSize = bufferSize }))
                    {
                        int row = 0;
                        foreach (byte[] field in Fields(separator))
                        {
                            // A first field of varying length moves the test field across the buffer's end.
                            byte[] first = Enumerable.Repeat((byte)'x', row % 23).ToArray();
                            Write(writer, first, asText);
                            if (IsRefused(field, separator, escape))
                            {
                                Assert.Throws<TsvFormatException>(() => Write(writer, field, asText));
                                Assert.Equal(1, writer.FieldCount);
                                expected.AddRange(first);
                            }
                            else
                            {
                                Write(writer, field, asText);
                                Assert.Equal(2, writer.FieldCount);
                                expected.AddRange(first);
                                expected.Add(separator);
                                expected.AddRange(Escaped(field, separator, escape));
                            }

                            writer.EndRow();
                            expected.Add((byte)'\n');
                            row++;
                        }
                    }

                    Assert.True(
                        expected.ToArray().AsSpan().SequenceEqual(output.WrittenSpan),
                        $"separator=0x{separator:X2} escape={escape} buffer={bufferSize} text={asText}");
                }
            }
        }
    }

    [Fact]
    public void Non_ascii_text_of_every_short_length_is_encoded_as_utf8()
    {
        string[] pieces = { "a", "é", "€", "😀", "\uD800", "\t" };
        var random = new Random(1234);
        for (int length = 0; length <= 40; length++)
        {
            for (int trial = 0; trial < 40; trial++)
            {
                string text = string.Concat(Enumerable.Range(0, length).Select(_ => pieces[random.Next(pieces.Length)]));
                var output = new TestBufferWriter<byte>();
                using (var writer = new TsvWriter(output, new TsvWriterOptions { EscapeBackslashes = true }))
                {
                    writer.WriteField("x");
                    writer.WriteField(text);
                    writer.EndRow();
                }

                byte[] expected = Encoding.UTF8.GetBytes("x\t" + text.Replace("\t", "\\t") + "\n");
                Assert.True(expected.AsSpan().SequenceEqual(output.WrittenSpan), text);
            }
        }
    }

    private static void Write(TsvWriter writer, byte[] field, bool asText)
    {
        if (asText && field.All(b => b < 0x80))
        {
            writer.WriteField(Encoding.ASCII.GetString(field));
        }
        else
        {
            writer.WriteField(field);
        }
    }
}
