using System.Buffers;
using System.Threading.Tasks;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// Long lines arriving in small reads must cost time linear in the input: the reader's count of bytes examined
/// stays within a small constant times the input for every driver and read size (not a timed test).
/// </summary>
public sealed class TsvComplexityTests
{
    private const int Bound = 4;

    public static IEnumerable<object[]> Cases() =>
        from readSize in new[] { 1, 7, 4096, 65536 }
        from driver in new[] { "span", "sequence", "ReadRows", "stream", "pipe" }
        from selection in new[] { "none", "0,2", "huge", "header" }
        select new object[] { readSize, driver, selection };

    /// <summary>Short lines around a line of many short columns and a long column, ending with a long line without '\n'.</summary>
    private static byte[] Input(int longLine)
    {
        var text = new StringBuilder("h0\th1\th2\na\tb\tc\n");
        while (text.Length < longLine / 2)
        {
            text.Append("xy\t");
        }

        text.Append(new string('z', longLine / 2)).Append("\r\n").Append("c\td\te\n").Append('w', longLine / 4).Append("\tv");
        return Encoding.ASCII.GetBytes(text.ToString());
    }

    private static TsvReader CreateReader(string selection) => selection switch
    {
        "none" => new TsvReader(TsvOptions.Default),
        "0,2" => new TsvReader(new[] { 0, 2 }),
        "huge" => new TsvReader(new[] { int.MaxValue }),
        _ => new TsvReader(new[] { "h2", "h0" }, new TsvOptions { HasHeader = true, MaxLineLength = int.MaxValue, ColumnCountCheck = TsvColumnCountCheck.None }),
    };

    private struct Rendering : ITsvRowHandler
    {
        public List<string> Rows;

        public void OnRow(in TsvRow row) => Rows.Add(TsvTestSupport.Render(row) + "/" + row.Line.Length);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Bytes_examined_stay_linear_in_the_input_for_every_driver_and_read_size(int readSize, string driver, string selection)
    {
        byte[] input = Input(readSize <= 7 ? 24_000 : 300_000);
        var expected = new List<string>();
        using (TsvReader whole = CreateReader(selection))
        {
            ReadOnlySpan<byte> span = input;
            while (whole.TryReadRow(ref span, true, out TsvRow row))
            {
                expected.Add(TsvTestSupport.Render(row) + "/" + row.Line.Length);
            }
        }

        using TsvReader reader = CreateReader(selection);
        var handler = new Rendering { Rows = new List<string>() };
        int segmentSize = Math.Max(readSize, 4096);
        switch (driver)
        {
            case "span":
                ReadSpanInChunks(reader, input, readSize, handler.Rows);
                break;
            case "sequence":
            case "ReadRows":
                ReadSequenceInChunks(reader, input, readSize, segmentSize, driver == "ReadRows", ref handler);
                break;
            case "stream":
                handler = await reader.ReadRowsAsync(new ChunkedStream(input, readSize), handler);
                break;
            default:
                handler = await reader.ReadRowsAsync(new ScriptedPipeReader(input, readSize, segmentSize), handler);
                break;
        }

        Assert.Equal(expected, handler.Rows);
        Assert.True(
            reader.BytesExamined <= Bound * (long)input.Length,
            $"{reader.BytesExamined} bytes examined for {input.Length} bytes of input ({(double)reader.BytesExamined / input.Length:F1}x)");
    }

    private static void ReadSpanInChunks(TsvReader reader, byte[] input, int readSize, List<string> rows)
    {
        int consumed = 0;
        int revealed = 0;
        while (revealed < input.Length)
        {
            revealed = Math.Min(input.Length, revealed + readSize);
            bool isFinal = revealed == input.Length;
            ReadOnlySpan<byte> buffer = input.AsSpan(consumed, revealed - consumed);
            while (reader.TryReadRow(ref buffer, isFinal, out TsvRow row))
            {
                rows.Add(TsvTestSupport.Render(row) + "/" + row.Line.Length);
            }

            consumed = revealed - buffer.Length;
        }
    }

    private static void ReadSequenceInChunks(TsvReader reader, byte[] input, int readSize, int segmentSize, bool batch, ref Rendering handler)
    {
        var segments = new List<byte[]>();
        for (int i = 0; i < input.Length; i += segmentSize)
        {
            segments.Add(input.AsSpan(i, Math.Min(segmentSize, input.Length - i)).ToArray());
        }

        ReadOnlySequence<byte> all = TsvTestSupport.ToSequence(segments);
        long consumed = 0;
        long revealed = 0;
        while (revealed < input.Length)
        {
            revealed = Math.Min(input.Length, revealed + readSize);
            bool isFinal = revealed == input.Length;
            ReadOnlySequence<byte> buffer = all.Slice(consumed, revealed - consumed);
            if (batch)
            {
                reader.ReadRows(ref buffer, isFinal, ref handler);
            }
            else
            {
                while (reader.TryReadRow(ref buffer, isFinal, out TsvRow row))
                {
                    handler.OnRow(row);
                }
            }

            consumed = revealed - buffer.Length;
        }
    }
}
