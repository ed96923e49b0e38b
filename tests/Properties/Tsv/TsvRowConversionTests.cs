using CommunityToolkit.HighPerformance.Buffers;
using FastText;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

public sealed class TsvRowConversionTests
{
    // TsvRow is a ref struct, so it cannot be Func's type argument before C# 13 on .NET 9+ (never on .NET Framework).
    private delegate T RowConversion<T>(TsvRow row);

    private static T Convert<T>(string line, RowConversion<T> convert, int column = 1)
    {
        using var reader = new TsvReader(new[] { 0, column });
        ReadOnlySpan<byte> input = Encoding.UTF8.GetBytes("skip\n" + line);
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Assert.True(reader.TryReadRow(ref input, true, out row));
        return convert(row);
    }

    [Fact]
    public void Numbers_booleans_and_dates_convert_with_utf8parser_rules()
    {
        Assert.Equal(-123, Convert("a\t-123", r => r.GetInt32(1)));
        Assert.Equal(long.MaxValue, Convert("a\t9223372036854775807", r => r.GetInt64(1)));
        Assert.Equal(0.125, Convert("a\t0.125", r => r.GetDouble(1)));
        Assert.Equal(12.5m, Convert("a\t12.5", r => r.GetDecimal(1)));
        Assert.True(Convert("a\tTrue", r => r.GetBoolean(1)));
        Assert.Equal(new DateTime(2019, 12, 4, 21, 2, 31, DateTimeKind.Utc), Convert("a\t2019-12-04T21:02:31.0000000Z", r => r.GetDateTime(1)).ToUniversalTime());
    }

    [Fact]
    public void A_value_that_does_not_convert_names_the_line_and_column()
    {
        TsvFormatException error = Assert.Throws<TsvFormatException>(() => Convert("a\tb\t12x", r => r.GetInt32(1), column: 2));
        Assert.Equal(2, error.LineNumber);
        Assert.Equal(2, error.Column);
        Assert.Contains("Line 2, column 2", error.Message);
        Assert.Contains("'12x'", error.Message);
        Assert.IsAssignableFrom<FormatException>(error);
        Assert.Throws<TsvFormatException>(() => Convert("a\t", r => r.GetInt32(1)));
        Assert.Throws<TsvFormatException>(() => Convert("a", r => r.GetInt32(1)));
        Assert.Throws<TsvFormatException>(() => Convert("a\t2147483648", r => r.GetInt32(1)));
        Assert.Throws<TsvFormatException>(() => Convert("a\t1.5", r => r.GetInt64(1)));
        Assert.Throws<TsvFormatException>(() => Convert("a\tyes", r => r.GetBoolean(1)));
    }

    /// <summary>Columns of up to 300 pieces: ASCII, 2- to 4-byte UTF-8, NUL, a lone lead byte (0xC3) or an invalid byte (0xFF).</summary>
    public static class Utf8Values
    {
        public static Arbitrary<byte[]> Values()
        {
            string[] pieces = { "a", "Z", "é", "€", "\U0001F600", "\0", " ", "\u007f" };
            Gen<byte[]> values = Gen.Choose(0, 300).SelectMany(length => Gen.Choose(0, pieces.Length + 1).ArrayOf(length)).Select(indices =>
            {
                var bytes = new List<byte>();
                foreach (int index in indices)
                {
                    if (index == pieces.Length)
                    {
                        bytes.Add(0xC3); // a lone lead byte: invalid UTF-8
                    }
                    else if (index == pieces.Length + 1)
                    {
                        bytes.Add(0xFF);
                    }
                    else
                    {
                        bytes.AddRange(Encoding.UTF8.GetBytes(pieces[index]));
                    }
                }

                return bytes.ToArray();
            });
            return values.ToArbitrary();
        }
    }

    [FastTextProperty(Arbitrary = [typeof(Utf8Values)])]
    public void GetString_decodes_like_encoding_utf8_including_invalid_bytes(byte[] value)
    {
        byte[] line = new byte[] { (byte)'k', (byte)'\t' }.Concat(value).ToArray();
        using var reader = new TsvReader(new[] { 1 });
        ReadOnlySpan<byte> input = line;
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        string expected = Encoding.UTF8.GetString(value);
        Assert.Equal(expected, row.GetString(0));
        Assert.Equal(expected, row.GetString(0, new StringPool()));
    }

    [Fact]
    public void A_string_pool_returns_the_same_instance_for_a_repeated_value()
    {
        var pool = new StringPool();
        using var reader = new TsvReader(new[] { 0 });
        ReadOnlySpan<byte> input = "host.example.com\nhost.example.com\nhôst\nhôst\n"u8;
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        string first = row.GetString(0, pool);
        Assert.True(reader.TryReadRow(ref input, true, out row));
        Assert.Same(first, row.GetString(0, pool));
        Assert.True(reader.TryReadRow(ref input, true, out row));
        string third = row.GetString(0, pool);
        Assert.Equal("hôst", third);
        Assert.True(reader.TryReadRow(ref input, true, out row));
        Assert.Same(third, row.GetString(0, pool));
    }
}
