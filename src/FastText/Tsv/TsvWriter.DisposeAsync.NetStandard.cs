using System.IO;
using System.Threading.Tasks;

namespace FastText;

/// <summary>netstandard2.0 has no <c>IAsyncDisposable</c> (C# 8's <c>await using</c> still finds <see cref="DisposeAsync"/>) and no Stream.DisposeAsync.</summary>
public sealed partial class TsvWriter
{
    private static ValueTask DisposeStreamAsync(Stream stream)
    {
        stream.Dispose();
        return default;
    }
}
