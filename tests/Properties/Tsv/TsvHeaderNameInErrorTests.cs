using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>A conversion error names the header column however the columns were chosen: by name, by index, or all.</summary>
public sealed class TsvHeaderNameInErrorTests
{
    private const string Input = "id\tstatus\tbytes\n1\t2x0\t10\n";

    private static TsvFormatException ConvertStatus(TsvReader reader, int column)
    {
        ReadOnlySpan<byte> input = Encoding.UTF8.GetBytes(Input);
        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        try
        {
            row.GetInt32(column);
        }
        catch (TsvFormatException error)
        {
            return error;
        }

        throw new Xunit.Sdk.XunitException("GetInt32 accepted '2x0'.");
    }

    [Fact]
    public void Every_column_of_a_file_reader_without_a_projection_is_named_from_the_header()
    {
        using TsvFileReader reader = TsvFileReader.FromText(Input, new TsvOptions { HasHeader = true });
        Assert.True(reader.TryReadRow(out TsvRow row));
        int column = 1;
        TsvFormatException? error = null;
        try
        {
            row.GetInt32(column);
        }
        catch (TsvFormatException thrown)
        {
            error = thrown;
        }

        Assert.NotNull(error);
        Assert.Equal(1, error!.Column);
        Assert.Contains("'status'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_column_selected_by_index_is_named_from_the_header()
    {
        using var reader = new TsvReader(new[] { 2, 1 }, new TsvOptions { HasHeader = true });
        TsvFormatException error = ConvertStatus(reader, 1);
        Assert.Equal(1, error.Column);
        Assert.Contains("'status'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_column_selected_by_name_keeps_its_name()
    {
        using var reader = new TsvReader(new[] { "bytes", "status" }, new TsvOptions { HasHeader = true });
        TsvFormatException error = ConvertStatus(reader, 1);
        Assert.Equal(1, error.Column);
        Assert.Contains("'status'", error.Message, StringComparison.Ordinal);
    }
}
