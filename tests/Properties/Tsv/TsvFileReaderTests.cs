using System.IO;
using FastText;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>The streaming reader against the naive reference for every source, with and without a projection.</summary>
public sealed class TsvFileReaderTests
{
    private const int AllColumnsWidth = 12;

    private static readonly string[] Sources = { "bytes", "text", "stream1", "streamRandom", "pipe", "file" };

    private static TsvFileReader Open(string source, byte[] bytes, TsvOptions options, Random random, List<string> cleanup)
    {
        switch (source)
        {
            case "bytes":
                return TsvFileReader.From(bytes, options);
            case "text":
                return TsvFileReader.FromText(Encoding.UTF8.GetString(bytes), options);
            case "stream1":
                return TsvFileReader.From(new ChunkedStream(bytes, 1), options);
            case "streamRandom":
                return TsvFileReader.From(new ChunkedStream(bytes, random.Next(1, 100)), options);
            case "pipe":
                return TsvFileReader.From(new ScriptedPipeReader(bytes, random.Next(1, 50), random.Next(1, 30)), options);
            default:
                string path = Path.GetTempFileName();
                cleanup.Add(path);
                File.WriteAllBytes(path, bytes);
                return TsvFileReader.Open(path, options);
        }
    }

    [Fact]
    public void Every_source_with_a_projection_reads_the_rows_of_the_reference()
    {
        Properties.ForAll(Gen.Choose(0, int.MaxValue), seed =>
        {
            TsvCase tsv = TsvTestSupport.CreateCase(seed);
            var random = new Random(seed);
            string source = Sources[random.Next(Sources.Length)];
            if (Encoding.UTF8.GetString(tsv.Bytes) != (tsv.Bom ? "\ufeff" : "") + tsv.Text && source == "text")
            {
                source = "bytes";
            }

            List<string> expected = TsvTestSupport.Reference(tsv);
            var cleanup = new List<string>();
            var actual = new List<string>();
            try
            {
                using TsvFileReader reader = Open(source, tsv.Bytes, tsv.Options, random, cleanup);
                if (tsv.ColumnNames is not null)
                {
                    reader.SelectColumns(tsv.ColumnNames);
                }
                else
                {
                    reader.SelectColumns(tsv.Columns);
                }

                foreach (TsvRow row in reader)
                {
                    actual.Add(TsvTestSupport.Render(row));
                }
            }
            catch (TsvFormatException error)
            {
                actual.Add("error@" + error.LineNumber);
            }
            finally
            {
                cleanup.ForEach(File.Delete);
            }

            Assert.True(expected.SequenceEqual(actual), $"{source} {tsv}\nexpected:\n{string.Join("\n", expected)}\nactual:\n{string.Join("\n", actual)}");
        }, runs: 400);
    }

    [Fact]
    public void Every_source_without_a_projection_exposes_every_column_by_file_index_and_the_header()
    {
        Properties.ForAll(Gen.Choose(0, int.MaxValue), seed =>
        {
            TsvCase generated = TsvTestSupport.CreateCase(seed);
            TsvCase tsv = generated with { Columns = Enumerable.Range(0, AllColumnsWidth).ToArray(), ColumnNames = null, ThrowOnMissing = false };
            var random = new Random(seed);
            string source = Sources[random.Next(Sources.Length)];
            List<string> expected = TsvTestSupport.Reference(tsv);
            var cleanup = new List<string>();
            var actual = new List<string>();
            try
            {
                using TsvFileReader reader = Open(source, tsv.Bytes, tsv.Options, random, cleanup);
                if (random.Next(2) == 0 && tsv.HasHeader)
                {
                    // Reading the header first must not lose or repeat a row.
                    Assert.NotNull(reader.Header);
                }

                foreach (TsvRow row in reader)
                {
                    Assert.True(row.ColumnCount <= AllColumnsWidth);
                    var text = new StringBuilder().Append(row.LineNumber).Append('|');
                    for (int i = 0; i < AllColumnsWidth; i++)
                    {
                        text.Append(row.TryGetColumn(i, out ReadOnlySpan<byte> value) ? "[" + Encoding.UTF8.GetString(value.ToArray()) + "]" : "<absent>");
                    }

                    actual.Add(text.ToString());
                }

                if (tsv.HasHeader && reader.Header is { } header)
                {
                    string headerLine = ReferenceHeader(tsv);
                    Assert.Equal(headerLine.Split('\t'), header.Names);
                }
            }
            catch (TsvFormatException error)
            {
                actual.Add("error@" + error.LineNumber);
            }
            finally
            {
                cleanup.ForEach(File.Delete);
            }

            Assert.True(expected.SequenceEqual(actual), $"{source} {tsv}\nexpected:\n{string.Join("\n", expected)}\nactual:\n{string.Join("\n", actual)}");
        }, runs: 400);
    }

    /// <summary>The first line that is not a comment and not a skipped empty line, CR trimmed as configured.</summary>
    private static string ReferenceHeader(TsvCase tsv)
    {
        foreach (string raw in tsv.Text.Split('\n'))
        {
            string line = tsv.TrimCarriageReturn && raw.EndsWith("\r", StringComparison.Ordinal) ? raw.Substring(0, raw.Length - 1) : raw;
            if ((tsv.SkipComments && line.StartsWith("#", StringComparison.Ordinal)) || (line.Length == 0 && tsv.SkipEmptyLines))
            {
                continue;
            }

            return line;
        }

        return "";
    }

    [Fact]
    public void Columns_by_name_duplicates_and_missing_names()
    {
        using TsvFileReader reader = TsvFileReader.FromText("id\tname\tid\n1\tann\t2\n", new TsvOptions { HasHeader = true });
        TsvHeader header = reader.Header!;
        Assert.Equal(new[] { "id", "name", "id" }, header.Names);
        Assert.Equal(0, header["id"]);
        Assert.Equal(new[] { 0, 2 }, header.IndicesOf("id"));
        Assert.Equal(-1, header.IndexOf("nope"));
        Assert.Throws<KeyNotFoundException>(() => header["nope"]);
        int rows = 0;
        foreach (TsvRow row in reader)
        {
            Assert.Equal("ann", Encoding.UTF8.GetString(row["name"].ToArray()));
            Assert.Equal("1", Encoding.UTF8.GetString(row["id"].ToArray()));
            Assert.Equal("2", Encoding.UTF8.GetString(row[2].ToArray()));
            Assert.Equal(3, row.ColumnCount);
            rows++;
        }

        Assert.Equal(1, rows);
        Assert.Throws<InvalidOperationException>(() => reader.SelectColumns(0));
    }

    [Fact]
    public void A_row_declared_before_the_loop_compiles_and_shows_in_the_debugger()
    {
        using var reader = new TsvReader(TsvOptions.Default);
        ReadOnlySpan<byte> input = Encoding.UTF8.GetBytes("a\tb\n");
        TsvRow row;
        Assert.True(reader.TryReadRow(ref input, true, out row));
        Assert.Equal("Line 1, 0 column(s): a\u2192b", row.DebuggerDisplay);
    }
}
