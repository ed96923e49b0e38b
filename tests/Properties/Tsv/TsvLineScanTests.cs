using FastText;
using FastText.Tests.Infrastructure;
using Xunit;

namespace FastText.Tests.Tsv;

/// <summary>
/// The line scanner's paths (scalar, 128- and 256-bit chunks, whichever this process can run) against a naive
/// split, on every length around the 64-byte chunk and twice it, with a terminator or a separator at every
/// index, separators after the line end (which belong to the next line), final and non-final data, and on data
/// that ends at a guard page.
/// </summary>
public sealed class TsvLineScanTests
{
    private const byte Separator = (byte)'\t';
    private const byte Terminator = (byte)'\n';
    private const int MaxLength = 140;

    private static readonly int[][] Selections =
    {
        new[] { 0 },
        new[] { 0, 1, 10 },
        new[] { 2, 3, 4 },
        new[] { 63, 64, 65 },
        Enumerable.Range(0, 70).ToArray(),
        Array.Empty<int>(),
    };

    // By name: the path enum is internal, and a public test method cannot take it.
    public static TheoryData<string> Paths
    {
        get
        {
            var paths = new TheoryData<string>();
            foreach (TsvScanPath path in TsvLineScan.Paths)
            {
                paths.Add(path.ToString());
            }

            return paths;
        }
    }

    [Fact]
    public void The_scalar_path_is_always_there_and_the_reader_takes_a_supported_one()
    {
        Assert.Contains(TsvScanPath.Scalar, TsvLineScan.Paths);
        Assert.Contains(TsvLineScan.Best, TsvLineScan.Paths);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void A_terminator_at_every_index_ends_the_line_there(string pathName)
    {
        TsvScanPath path = (TsvScanPath)Enum.Parse(typeof(TsvScanPath), pathName);
        for (int length = 0; length <= MaxLength; length++)
        {
            for (int at = -1; at < length; at++)
            {
                foreach (int every in new[] { 0, 1, 3, 7 })
                {
                    byte[] data = Filled(length, every);
                    if (at >= 0)
                    {
                        data[at] = Terminator;
                    }

                    CheckAll(path, data);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void A_separator_at_every_index_splits_the_line_there(string pathName)
    {
        TsvScanPath path = (TsvScanPath)Enum.Parse(typeof(TsvScanPath), pathName);
        for (int length = 1; length <= MaxLength; length++)
        {
            for (int at = 0; at < length; at++)
            {
                // Alone, then with the line ending at the last byte and separators after a terminator early on.
                byte[] data = Filled(length, 0);
                data[at] = Separator;
                CheckAll(path, data);

                data[length - 1] = Terminator;
                data[at] = Separator;
                CheckAll(path, data);

                byte[] early = Filled(length, 5);
                early[at] = Separator;
                early[length / 3] = Terminator;
                CheckAll(path, early);
            }
        }
    }

    [GuardedTheory]
    [MemberData(nameof(Paths))]
    public void No_path_reads_past_data_that_ends_at_a_guard_page(string pathName)
    {
        TsvScanPath path = (TsvScanPath)Enum.Parse(typeof(TsvScanPath), pathName);
        using var guarded = new GuardedBuffer(MaxLength);
        for (int length = 0; length <= MaxLength; length++)
        {
            foreach (int every in new[] { 0, 1, 4 })
            {
                Span<byte> flush = guarded.Bytes(length);
                Filled(length, every).CopyTo(flush);
                CheckAll(path, flush);
                if (length > 0)
                {
                    flush[length - 1] = Terminator;
                    CheckAll(path, flush);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void All_fields_grows_its_arrays_for_a_line_with_many_fields(string pathName)
    {
        TsvScanPath path = (TsvScanPath)Enum.Parse(typeof(TsvScanPath), pathName);
        byte[] data = Enumerable.Repeat(Separator, 1000).Append(Terminator).ToArray();
        int[] starts = new int[1];
        int[] lengths = new int[1];
        int end = TsvLineScan.AllFields(data, Separator, Terminator, ref starts, ref lengths, false, path, out int count);
        Assert.Equal(1000, end);
        Assert.Equal(1001, count);
        Assert.True(starts.Length >= 1001);
        for (int i = 0; i < count; i++)
        {
            Assert.Equal(i, starts[i]);
            Assert.Equal(0, lengths[i]);
        }
    }

    /// <summary><paramref name="length"/> letters, every <paramref name="every"/>-th one a separator (none for 0).</summary>
    private static byte[] Filled(int length, int every)
    {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++)
        {
            data[i] = every > 0 && i % every == every - 1 ? Separator : (byte)('a' + (i % 26));
        }

        return data;
    }

    private static void CheckAll(TsvScanPath path, ReadOnlySpan<byte> data)
    {
        foreach (bool isFinal in new[] { false, true })
        {
            (int expectedEnd, List<(int Start, int Length)> fields) = Reference(data, isFinal);
            int[] starts = Array.Empty<int>();
            int[] lengths = Array.Empty<int>();
            int end = TsvLineScan.AllFields(data, Separator, Terminator, ref starts, ref lengths, isFinal, path, out int count);
            Check(expectedEnd == end, path, data, isFinal, "AllFields end");
            if (end >= 0)
            {
                Check(fields.Count == count, path, data, isFinal, "AllFields count");
                for (int i = 0; i < count; i++)
                {
                    Check(fields[i] == (starts[i], lengths[i]), path, data, isFinal, "AllFields field", i);
                }
            }

            foreach (int[] selection in Selections)
            {
                starts = new int[selection.Length];
                lengths = new int[selection.Length];
                end = TsvLineScan.SelectColumns(data, Separator, Terminator, selection, starts, lengths, isFinal, path, out int found);
                Check(expectedEnd == end, path, data, isFinal, "SelectColumns end");
                if (end < 0)
                {
                    continue;
                }

                int expectedFound = selection.Count(column => column < fields.Count);
                Check(expectedFound == found, path, data, isFinal, "SelectColumns found");
                for (int i = 0; i < found; i++)
                {
                    Check(fields[selection[i]] == (starts[i], lengths[i]), path, data, isFinal, "SelectColumns column", selection[i]);
                }

                // The counting kernel (TsvOptions.ColumnCountCheck): the same line and columns, and the field count.
                int[] countedStarts = new int[selection.Length];
                int[] countedLengths = new int[selection.Length];
                int countedEnd = TsvLineScan.SelectColumns(
                    data, Separator, Terminator, selection, countedStarts, countedLengths, isFinal, path, countFields: true, out int countedFound, out int fieldCount);
                Check(end == countedEnd, path, data, isFinal, "counting SelectColumns end");
                Check(found == countedFound, path, data, isFinal, "counting SelectColumns found");
                Check(fields.Count == fieldCount, path, data, isFinal, "counting SelectColumns field count", selection.Length);
                for (int i = 0; i < found; i++)
                {
                    Check((starts[i], lengths[i]) == (countedStarts[i], countedLengths[i]), path, data, isFinal, "counting SelectColumns column", selection[i]);
                }
            }
        }
    }

    private static (int End, List<(int Start, int Length)> Fields) Reference(ReadOnlySpan<byte> data, bool isFinal)
    {
        int end = data.Length;
        for (int i = 0; i < data.Length; i++)
        {
            if (data[i] == Terminator)
            {
                end = i;
                break;
            }
        }

        if (end == data.Length && !isFinal)
        {
            return (-1, new List<(int, int)>());
        }

        var fields = new List<(int, int)>();
        int start = 0;
        for (int i = 0; i <= end; i++)
        {
            if (i == end || data[i] == Separator)
            {
                fields.Add((start, i - start));
                start = i + 1;
            }
        }

        return (end, fields);
    }

    // The message names the data, so it is built only for a failing check: eagerly it cost most of the test's time.
    private static void Check(bool ok, TsvScanPath path, ReadOnlySpan<byte> data, bool isFinal, string what)
    {
        if (!ok)
        {
            Assert.Fail(Describe(path, data, isFinal, what));
        }
    }

    private static void Check(bool ok, TsvScanPath path, ReadOnlySpan<byte> data, bool isFinal, string what, int index)
    {
        if (!ok)
        {
            Assert.Fail(Describe(path, data, isFinal, what + " " + index));
        }
    }

    private static string Describe(TsvScanPath path, ReadOnlySpan<byte> data, bool isFinal, string what) =>
        $"{what}: path {path}, final {isFinal}, data '{Encoding.ASCII.GetString(data.ToArray()).Replace('\t', '→').Replace('\n', '¶')}'";
}
