using System.Globalization;
using System.IO;
using System.IO.Compression;
using System.Net;
using FastText.Samples.TsvService;

namespace FastText.Server.Tests.Infrastructure;

/// <summary>
/// A body of any size whose answer is known without reading it: a header, then one block of rows repeated N times.
/// The totals of N blocks follow from the block's: counts, bytes and sums N times the block's, and the checksum (each
/// value's checksum times its row's ordinal) N·C1 + R·N(N-1)/2·C0, where R is the block's rows, C1 its checksum and C0
/// the plain sum of its values' checksums (all modulo 2^64, as the server adds them).
/// </summary>
public sealed class RepeatedBlock
{
    public const string PathAndQuery = "/aggregate?header=true&names=id,value,text&numeric=0,1&strict=true";

    private static readonly string[] Names = ["id", "value", "text"];

    private readonly long _rows;
    private readonly ColumnTotals[] _totals;
    private readonly ulong[] _plainChecksums;

    private RepeatedBlock(byte[] header, byte[] rows, long rowCount, ColumnTotals[] totals, ulong[] plainChecksums)
    {
        Header = header;
        Rows = rows;
        _rows = rowCount;
        _totals = totals;
        _plainChecksums = plainChecksums;
    }

    public byte[] Header { get; }

    public byte[] Rows { get; }

    /// <summary>Rows "id TAB value TAB text" of about <paramref name="bytes"/> bytes in all.</summary>
    public static RepeatedBlock Create(int seed, int bytes)
    {
        var random = new Random(seed);
        string[] texts = ["", "GET /index.html", "naïve café", "日本語", "a somewhat longer text field that makes the row longer than most", "x"];
        var rows = new StringBuilder();
        for (int i = 0; rows.Length < bytes; i++)
        {
            rows.Append(i).Append('\t').Append(random.Next(-1_000_000, 1_000_000)).Append('\t').Append(texts[random.Next(texts.Length)]).Append('\n');
        }

        byte[] block = Encoding.UTF8.GetBytes(rows.ToString());
        var aggregate = new ColumnAggregate([true, true, false], strict: true);
        ulong[] plain = new ulong[3];
        using (TsvFileReader reader = TsvFileReader.From(block))
        {
            foreach (TsvRow row in reader)
            {
                aggregate.OnRow(row);
                for (int column = 0; column < 3; column++)
                {
                    plain[column] += ValueChecksum.Of(row[column]);
                }
            }
        }

        return new RepeatedBlock(Encoding.UTF8.GetBytes(string.Join("\t", Names) + "\n"), block, aggregate.Rows, aggregate.Totals.ToArray(), plain);
    }

    /// <summary>What the server answers for the header and <paramref name="repeats"/> blocks, in <see cref="UploadCase.Describe"/>'s form.</summary>
    public string Expected(long repeats)
    {
        ulong n = (ulong)repeats, pairs = (ulong)(repeats * (repeats - 1) / 2);
        return UploadCase.Describe(_rows * repeats, Enumerable.Range(0, 3).Select(column =>
        {
            ColumnTotals block = _totals[column];
            return (Names[column], new ColumnTotals
            {
                Numeric = block.Numeric,
                Present = block.Present * repeats,
                Bytes = block.Bytes * repeats,
                Numbers = block.Numbers * repeats,
                Sum = unchecked(block.Sum * repeats),
                Checksum = unchecked((n * block.Checksum) + ((ulong)_rows * pairs * _plainChecksums[column])),
            });
        }));
    }
}

/// <summary><see cref="RepeatedContent"/> gzipped as it is sent: one gzip member for the whole body.</summary>
public sealed class GzipRepeatedContent(byte[] prefix, byte[] block, long repeat) : HttpContent
{
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) =>
        SerializeToStreamAsync(stream, context, CancellationToken.None);

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var gzip = new GZipStream(stream, CompressionLevel.Fastest, leaveOpen: true);
        await using (gzip)
        {
            await gzip.WriteAsync(prefix, cancellationToken);
            for (long i = 0; i < repeat; i++)
            {
                await gzip.WriteAsync(block, cancellationToken);
            }
        }
    }

    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
