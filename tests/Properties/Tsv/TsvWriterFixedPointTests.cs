using System.Buffers;
using System.Buffers.Text;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// <c>WriteField(double, 'F' format)</c>, which the net8.0 build writes with its own fixed-point rounding: the same
/// field as Utf8Formatter's bytes written as a field, for every precision and for separators the text can hold.
/// </summary>
public sealed class TsvWriterFixedPointTests
{
    private static readonly byte[] Separators = { (byte)'\t', (byte)',', (byte)'.', (byte)'-', (byte)'5' };

    public static class Cases
    {
        public static Arbitrary<(double, int, int, bool)> Generated() =>
            (from value in DoubleEdges.Values
             from precision in Gen.Frequency((1, Gen.Constant(-1)), (6, Gen.Choose(0, 17)), (1, Gen.Choose(18, 99)))
             from separator in Gen.Choose(0, Separators.Length - 1)
             from escape in Gen.Elements(false, true)
             select (value, precision, separator, escape)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(Cases)], RunsAtDefault = 1000)]
    public void F_fields_are_Utf8Formatter_text((double Value, int Precision, int Separator, bool Escape) c)
    {
        StandardFormat format = c.Precision < 0 ? new StandardFormat('F') : new StandardFormat('F', (byte)c.Precision);
        byte separator = Separators[c.Separator];
        var options = new TsvWriterOptions { Separator = separator, EscapeBackslashes = c.Escape && separator is not (byte)'5' };
        string replay = $"value={c.Value:R} (bits 0x{BitConverter.DoubleToInt64Bits(c.Value):X16}) format={format} separator='{(char)separator}' escape={options.EscapeBackslashes}";

        byte[] text = new byte[1024];
        Assert.True(Utf8Formatter.TryFormat(c.Value, text, out int length, format), replay);
        string expected = Outcome(w => w.WriteField(text.AsSpan(0, length)), options);
        string actual = Outcome(w => w.WriteField(c.Value, format), options);
        Assert.True(expected == actual, $"{actual} instead of {expected}: {replay}");
    }

    /// <summary>The bytes of "x", the field, "y" and a row end, or the exception's type when a write throws.</summary>
    private static string Outcome(Action<TsvWriter> writeField, TsvWriterOptions options)
    {
        var output = new TsvWriterRoundTripTests.ShortSpanBufferWriter(int.MaxValue);
        try
        {
            using var writer = new TsvWriter(output, options);
            writer.WriteField("x");
            writeField(writer);
            writer.WriteField("y");
            writer.EndRow();
        }
        catch (Exception e)
        {
            return e.GetType().Name;
        }

        return BitConverter.ToString(output.WrittenSpan.ToArray());
    }
}
