using System.IO;
using System.IO.Compression;
using FastText.Samples.TsvCut;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Xunit;

namespace FastText.Tests.Tsv;

public sealed class TsvCutTests
{
    private static readonly string[] Lists = { "1", "2", "1,2,11", "2,1", "1-3,30-", "-5", "33", "5-", "1-", "3,3,1-2", "40-", "2-4,9", "1,3-" };

    private static byte[] CutWithTsvCut(string list, byte[] input, bool onlyDelimited = false)
    {
        CutFieldList fields = CutFieldList.TryParse(list, out string error) ?? throw new ArgumentException(error);
        using var output = new MemoryStream();
        using Stream source = CutInput.Open(new MemoryStream(input));
        new TsvCutter(fields, onlyDelimited).Cut(source, output);
        return output.ToArray();
    }

    private static void AssertSameAsCut(string list, byte[] input, bool onlyDelimited, string description)
    {
        string file = Path.GetTempFileName();
        try
        {
            File.WriteAllBytes(file, input);
            byte[] expected = GnuCut.Run((onlyDelimited ? "-s " : "") + "-f " + list, file);
            byte[] actual = CutWithTsvCut(list, input, onlyDelimited);
            Assert.True(expected.AsSpan().SequenceEqual(actual),
                $"-f {list} -s={onlyDelimited} on {description}\nexpected: {TsvCase.Escape(Encoding.UTF8.GetString(expected))}\nactual:   {TsvCase.Escape(Encoding.UTF8.GetString(actual))}");
        }
        finally
        {
            File.Delete(file);
        }
    }

    [TsvCutFact]
    public void Tsvcut_matches_gnu_cut_on_the_cloudfront_logs()
    {
        foreach (string file in Directory.GetFiles(Path.Combine(AppContext.BaseDirectory, "TestData", "cloudfront"), "*.txt"))
        {
            byte[] bytes = File.ReadAllBytes(file);
            foreach (string list in Lists)
            {
                AssertSameAsCut(list, bytes, onlyDelimited: false, file);
            }

            AssertSameAsCut("1,2,11", bytes, onlyDelimited: true, file);
        }
    }

    [TsvCutFact]
    public void Tsvcut_matches_gnu_cut_on_generated_files()
    {
        Properties.ForAll(Gen.Choose(0, int.MaxValue), seed =>
        {
            TsvCase tsv = TsvTestSupport.CreateCase(seed, allowErrors: false);
            var random = new Random(seed);
            string list = random.Next(3) == 0 ? Lists[random.Next(Lists.Length)] : RandomList(random);
            AssertSameAsCut(list, Encoding.UTF8.GetBytes(tsv.Text), onlyDelimited: random.Next(4) == 0, tsv.ToString());
        }, runs: 60);
    }

    [Fact]
    public void Gzip_input_is_detected_by_its_magic_bytes()
    {
        byte[] plain = Encoding.UTF8.GetBytes("a\tb\tc\nd\te\r\nno tab\n1\t2");
        using var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(plain, 0, plain.Length);
        }

        Assert.Equal("b\ne\r\nno tab\n2\n", Encoding.UTF8.GetString(CutWithTsvCut("2", compressed.ToArray())));
        Assert.Equal("b\ne\r\nno tab\n2\n", Encoding.UTF8.GetString(CutWithTsvCut("2", plain)));
        Assert.Equal("", Encoding.UTF8.GetString(CutWithTsvCut("2", Array.Empty<byte>())));
        Assert.Equal("\u001f\n", Encoding.UTF8.GetString(CutWithTsvCut("2", new byte[] { 0x1f })));
    }

    [Fact]
    public void Lines_longer_than_the_buffer_are_cut_whole()
    {
        string longField = new string('x', 700_000);
        byte[] input = Encoding.UTF8.GetBytes("a\t" + longField + "\tz\nshort\tline\n");
        Assert.Equal(longField + "\tz\nline\n", Encoding.UTF8.GetString(CutWithTsvCut("2-", input)));
    }

    [Fact]
    public void Bad_lists_are_rejected_with_cuts_messages()
    {
        Assert.Null(CutFieldList.TryParse("0", out string error));
        Assert.Equal("fields are numbered from 1", error);
        Assert.Null(CutFieldList.TryParse("3-1", out error));
        Assert.Equal("invalid decreasing range", error);
        Assert.Null(CutFieldList.TryParse("-", out _));
        Assert.Null(CutFieldList.TryParse("a", out _));
        Assert.Null(CutFieldList.TryParse("1,,2", out _));
        CutFieldList? list = CutFieldList.TryParse("-3,7-", out _);
        Assert.NotNull(list);
        Assert.Equal(new[] { false, true, true, true, false, false, false, true, true }, Enumerable.Range(0, 9).Select(list!.IsSelected));
    }

    private static string RandomList(Random random)
    {
        var parts = new List<string>();
        int count = random.Next(1, 4);
        for (int i = 0; i < count; i++)
        {
            int from = random.Next(1, 10);
            switch (random.Next(4))
            {
                case 0: parts.Add(from.ToString()); break;
                case 1: parts.Add(from + "-" + (from + random.Next(0, 4))); break;
                case 2: parts.Add(from + "-"); break;
                default: parts.Add("-" + from); break;
            }
        }

        return string.Join(",", parts);
    }
}
