using System.Buffers;
using System.IO;
using FastText;
using Xunit;

namespace FastText.Tests.Tsv;

public sealed class TsvCloudFrontTests
{
    [Fact]
    public void The_real_cloudfront_logs_read_like_the_reference_with_comments_skipped()
    {
        string[] files = Directory.GetFiles(Path.Combine(AppContext.BaseDirectory, "TestData", "cloudfront"), "*.txt");
        Assert.Equal(3, files.Length);
        foreach (string file in files)
        {
            byte[] bytes = File.ReadAllBytes(file);
            var tsv = new TsvCase(Encoding.UTF8.GetString(bytes), Bom: false, new[] { 0, 1, 10, 32, 39 }, null, HasHeader: false,
                SkipComments: true, SkipEmptyLines: true, TrimCarriageReturn: true, ThrowOnMissing: false, MaxLineLength: 1 << 20, Seed: 0);
            List<string> expected = TsvTestSupport.Reference(tsv);
            Assert.NotEmpty(expected);
            for (int segmentSize = 1; segmentSize <= 64; segmentSize *= 4)
            {
                var segments = Enumerable.Range(0, (bytes.Length + segmentSize - 1) / segmentSize)
                    .Select(i => bytes.AsSpan(i * segmentSize, Math.Min(segmentSize, bytes.Length - (i * segmentSize))).ToArray()).ToList();
                using TsvReader reader = tsv.CreateReader();
                List<string> actual = TsvTestSupport.ReadIncrementally(reader, TsvTestSupport.ToSequence(segments), new Random(segmentSize));
                Assert.Equal(expected, actual);
            }
        }
    }
}
