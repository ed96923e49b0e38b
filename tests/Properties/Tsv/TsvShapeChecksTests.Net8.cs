using System.Threading.Tasks;
using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>The shape checks through <see cref="TsvFileReader"/>'s asynchronous reads (net8.0 only).</summary>
public sealed partial class TsvShapeChecksTests
{
    private static async Task<List<string>> ReadAllAsync(ShapeCase c, bool fromPipe)
    {
        var rows = new List<string>();
        TsvFileReader file = fromPipe
            ? TsvFileReader.From(OneBytePipe(c), c.Options)
            : TsvFileReader.From(new ChunkedStream(c.Bytes, 1), c.Options);
        using TsvFileReader reader = c.Select(file);
        try
        {
            if (fromPipe)
            {
                while (await reader.ReadAsync())
                {
                    rows.Add(Render(reader.CurrentRecord.Row));
                }
            }
            else
            {
                await foreach (TsvRecord record in reader.ReadAllAsync())
                {
                    rows.Add(Render(record.Row));
                }
            }
        }
        catch (TsvFormatException error)
        {
            rows.Add(Error(error));
        }

        return rows;
    }

    // FsCheck runs synchronous properties; the reads complete synchronously here anyway (memory-backed sources).
    private static List<string> ReadAllAsyncToEnd(ShapeCase c, bool fromPipe) => ReadAllAsync(c, fromPipe).GetAwaiter().GetResult();

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 60)]
    public void ReadAllAsync_over_a_one_byte_stream_checks_shapes_as_the_naive_reader(ShapeCase c) =>
        TsvTestSupport.AssertRows(Expected(c), ReadAllAsyncToEnd(c, fromPipe: false), $"ReadAllAsync: {c}");

    [FastTextProperty(Arbitrary = [typeof(ShapeCases)], RunsAtDefault = 60)]
    public void ReadAsync_over_a_one_byte_pipe_checks_shapes_as_the_naive_reader(ShapeCase c) =>
        TsvTestSupport.AssertRows(Expected(c), ReadAllAsyncToEnd(c, fromPipe: true), $"ReadAsync: {c}");

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task The_asynchronous_reads_report_ragged_rows_duplicate_names_and_unskipped_empty_lines(bool fromPipe)
    {
        Assert.Equal(
            new[] { "2|[1][2]~1\t2", "error@3 Line 3 has 3 columns; expected 2, the header's column count." },
            await ReadAllAsync(Case("a\tb\n1\t2\n3\t4\t5\n"), fromPipe));
        Assert.Equal(
            new[] { "error@1 Line 1: the header has two columns named 'a', columns 0 and 2 (0-based)." },
            await ReadAllAsync(Case("a\tb\ta\n1\t2\t3\n"), fromPipe));
        Assert.Equal(
            new[] { "2|[1][2]~1\t2", "error@3 Line 3 has 1 columns; expected 2, the header's column count." },
            await ReadAllAsync(Case("a\tb\n1\t2\n\n", skipEmpty: false, crlf: true), fromPipe));
        Assert.Equal(
            new[] { "2|[1][2]~1\t2", "3|[3]~3" },
            await ReadAllAsync(Case("a\tb\n1\t2\n3\n", check: TsvColumnCountCheck.None), fromPipe));
    }
}
