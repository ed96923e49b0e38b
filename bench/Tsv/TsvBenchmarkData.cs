using System.Text;

namespace FastText.Benchmarks.Tsv;

/// <summary>CloudFront-like access-log lines: 25 tab-separated columns, realistic repetition per column.</summary>
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

    public static byte[] Generate(int rows)
    {
        var text = new StringBuilder(rows * 300);
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
                .Append("-\tTLSv1.3\tTLS_AES_128_GCM_SHA256\tHit\tHTTP/2.0\ttext/html\n");
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }
}
