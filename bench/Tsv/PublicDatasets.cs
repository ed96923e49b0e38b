using System.IO.Compression;

namespace FastText.Benchmarks.Tsv;

/// <summary>
/// The public datasets of bench/data (see its SOURCES.md), embedded in the benchmark assembly gzipped and read into
/// memory here: GeoNames' cities file and NCsvPerf's package assets as TSV, each repeated to the size a benchmark asks for.
/// </summary>
public static class PublicDatasets
{
    /// <summary>GeoNames' cities15000 file: 19 columns, no header, UTF-8, long and empty fields.</summary>
    public static byte[] GeoNamesCities() => Read("cities15000.tsv.gz");

    /// <summary>NCsvPerf's PackageAssets as TSV: 25 columns, no header.</summary>
    public static byte[] PackageAssets() => Read("PackageAssets.tsv.gz");

    /// <summary>The first <paramref name="rows"/> lines of <paramref name="sample"/> repeated from its start.</summary>
    public static byte[] RepeatLines(byte[] sample, int rows)
    {
        var lineEnds = new List<int>();
        for (int i = 0; i < sample.Length; i++)
        {
            if (sample[i] == (byte)'\n')
            {
                lineEnds.Add(i + 1);
            }
        }

        using var output = new MemoryStream();
        int written = 0;
        while (written < rows)
        {
            int take = Math.Min(rows - written, lineEnds.Count);
            output.Write(sample, 0, lineEnds[take - 1]);
            written += take;
        }

        return output.ToArray();
    }

    private static byte[] Read(string name)
    {
        using Stream resource = typeof(PublicDatasets).Assembly.GetManifestResourceStream("FastText.Benchmarks.data." + name)
            ?? throw new InvalidOperationException($"bench/data/{name} is not embedded in the benchmark assembly");
        using var gzip = new GZipStream(resource, CompressionMode.Decompress);
        using var bytes = new MemoryStream();
        gzip.CopyTo(bytes);
        return bytes.ToArray();
    }
}
