using System.Globalization;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>A conversion of a row (TsvRow is a ref struct, so it cannot be a Func type argument on every runtime we test).</summary>
public delegate T TsvRowConversion<T>(TsvRow row);

/// <summary>
/// Puts one field into a TSV input with a header ("c0\tc1\t...") and some lines before it, selects that field's file
/// column by index or by name, and hands the row to a conversion: so every typed getter is checked in place, with
/// the line number, file column and header name its errors must report.
/// </summary>
public sealed record TsvParseSite(int FileColumn, int PrecedingLines, bool ByName)
{
    public long LineNumber => PrecedingLines + 2;

    public static TsvParseSite FromSeed(int seed)
    {
        var random = new Random(seed);
        return new TsvParseSite(random.Next(0, 6), random.Next(0, 3), random.Next(2) == 0);
    }

    public T Read<T>(byte[] field, TsvRowConversion<T> convert)
    {
        var text = new List<byte>();
        int columns = FileColumn + 2;
        text.AddRange(Encoding.ASCII.GetBytes(string.Join("\t", Enumerable.Range(0, columns).Select(c => "c" + c)) + "\n"));
        for (int line = 0; line < PrecedingLines; line++)
        {
            text.AddRange(Encoding.ASCII.GetBytes(string.Join("\t", Enumerable.Range(0, columns).Select(c => "p" + c)) + "\n"));
        }

        for (int column = 0; column < columns; column++)
        {
            if (column > 0)
            {
                text.Add((byte)'\t');
            }

            text.AddRange(column == FileColumn ? field : new[] { (byte)'x' });
        }

        text.Add((byte)'\n');
        var options = new TsvOptions { HasHeader = true };
        using TsvReader reader = ByName ? new TsvReader(new[] { "c" + FileColumn }, options) : new TsvReader(new[] { FileColumn }, options);
        ReadOnlySpan<byte> input = text.ToArray();
        for (int line = 0; line < PrecedingLines; line++)
        {
            Assert.True(reader.TryReadRow(ref input, true, out _));
        }

        Assert.True(reader.TryReadRow(ref input, true, out TsvRow row));
        Assert.Equal(LineNumber, row.LineNumber);
        return convert(row);
    }

    public T Read<T>(string field, TsvRowConversion<T> convert) => Read(Encoding.UTF8.GetBytes(field), convert);

    /// <summary>The getter must throw a TsvFormatException that names this site's line, file column and header name (by name or by index alike).</summary>
    public void AssertRejects<T>(byte[] field, TsvRowConversion<T> convert)
    {
        TsvFormatException error = Assert.Throws<TsvFormatException>(() => Read(field, convert));
        Assert.Equal(LineNumber, error.LineNumber);
        Assert.Equal(FileColumn, error.Column);
        string where = string.Format(CultureInfo.InvariantCulture, "Line {0}, column {1}", LineNumber, FileColumn);
        string name = string.Format(CultureInfo.InvariantCulture, " 'c{0}'", FileColumn);
        Assert.Contains(where + name + " (0-based): ", error.Message);
    }
}
