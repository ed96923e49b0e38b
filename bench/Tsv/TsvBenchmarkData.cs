using System.Text;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// CloudFront-like access-log lines, realistic repetition per column: 25 tab-separated columns
/// (<see cref="Generate"/>), or all 33 of a CloudFront standard log (<see cref="GenerateCloudFront33"/>, about 386
/// bytes a line, so 39 MB is about 100,000 lines).
/// </summary>
public static class TsvBenchmarkData
{
    private static readonly string[] Edges = { "IAD89-C1", "FRA2-C2", "NRT57-P3", "SFO5-P1", "LHR61-P5" };
    private static readonly string[] Methods = { "GET", "GET", "GET", "POST", "HEAD" };
    private static readonly string[] Statuses = { "200", "200", "200", "304", "404", "500" };
    private static readonly string[] Agents =
    {
        "Mozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)%20AppleWebKit/537.36",
        "Mozilla/5.0%20(X11;%20Linux%20x86_64;%20rv:128.0)%20Gecko/20100101%20Firefox/128.0",
        "curl/8.5.0",
        "Mozilla/5.0%20(iPhone;%20CPU%20iPhone%20OS%2017_4%20like%20Mac%20OS%20X)",
    };

    private static readonly string[] DetailedResults = { "Hit", "Miss", "OriginShieldHit", "RefreshHit", "LimitExceeded" };
    private static readonly string[] ContentTypes =
    {
        "image/png", "text/html;%20charset=utf-8", "application/json", "text/css", "application/javascript;%20charset=utf-8",
    };

    /// <summary>The sc-bytes column: an int of 4 or 5 digits.</summary>
    public const int IntColumn = 3;

    /// <summary>The time-taken column: a double such as 0.123.</summary>
    public const int DoubleColumn = 18;

    public static byte[] Generate(int rows) => Generate(rows, cloudFront33: false);

    /// <summary>
    /// The 25 columns of <see cref="Generate"/> with a CloudFront log's last 8 (fle-encrypted-fields, c-port,
    /// time-to-first-byte, x-edge-detailed-result-type, sc-content-type, sc-content-len, sc-range-start, sc-range-end).
    /// </summary>
    public static byte[] GenerateCloudFront33(int rows) => Generate(rows, cloudFront33: true);

    /// <summary>
    /// Whole lines of <paramref name="sample"/>, repeated, up to <paramref name="bytes"/> (never more): the input of
    /// the benchmarks whose size is a number of megabytes.
    /// </summary>
    public static byte[] RepeatToSize(byte[] sample, long bytes)
    {
        int lastLineEnd = Array.LastIndexOf(sample, (byte)'\n') + 1;
        using var data = new MemoryStream((int)bytes + sample.Length);
        while (data.Length + lastLineEnd <= bytes)
        {
            data.Write(sample, 0, lastLineEnd);
        }

        int remainder = (int)(bytes - data.Length);
        int cut = Array.LastIndexOf(sample, (byte)'\n', Math.Max(0, remainder - 1)) + 1;
        data.Write(sample, 0, cut);
        return data.ToArray();
    }

    private static byte[] Generate(int rows, bool cloudFront33)
    {
        var text = new StringBuilder(rows * (cloudFront33 ? 390 : 325));
        for (int r = 0; r < rows; r++)
        {
            text.Append("2026-11-").Append((1 + (r / 4000 % 28)).ToString("00")).Append('\t')
                .Append((r / 3600 % 24).ToString("00")).Append(':').Append((r / 60 % 60).ToString("00")).Append(':').Append((r % 60).ToString("00")).Append('\t')
                .Append(Edges[r % Edges.Length]).Append('\t')
                .Append(1000 + (r * 7919 % 90000)).Append('\t')
                .Append("198.51.100.").Append(r % 250).Append('\t')
                .Append(Methods[r % Methods.Length]).Append('\t')
                .Append("d111111abcdef8.cloudfront.net\t")
                .Append("/assets/img-").Append(r % 1000).Append(".png\t")
                .Append(Statuses[r % Statuses.Length]).Append('\t')
                .Append("-\t")
                .Append(Agents[r % Agents.Length]).Append('\t')
                .Append("q=").Append(r % 97).Append('\t')
                .Append("-\tHit\t")
                .Append("SOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==").Append(r % 10).Append('\t')
                .Append("example.com\thttps\t").Append(200 + (r % 3000)).Append('\t')
                .Append("0.").Append((r % 1000).ToString("000")).Append('\t')
                .Append("-\tTLSv1.3\tTLS_AES_128_GCM_SHA256\tHit\tHTTP/2.0\ttext/html");
            if (cloudFront33)
            {
                int contentLength = 100 + (r * 104729 % 900000);
                text.Append("\t-\t").Append(1024 + (r * 7 % 64000)).Append('\t')
                    .Append("0.").Append((r * 7919 % 1000000).ToString("000000")).Append('\t')
                    .Append(DetailedResults[r % DetailedResults.Length]).Append('\t')
                    .Append(ContentTypes[r % ContentTypes.Length]).Append('\t')
                    .Append(contentLength).Append("\t0\t").Append(contentLength - 1);
            }

            text.Append('\n');
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }
}
