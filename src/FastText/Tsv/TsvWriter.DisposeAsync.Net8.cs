using System;
using System.IO;
using System.Threading.Tasks;

namespace FastText;

public sealed partial class TsvWriter : IAsyncDisposable
{
    // A stream that buffers (a GZipStream's last block) writes while it closes: asynchronously here.
    private static ValueTask DisposeStreamAsync(Stream stream) => stream.DisposeAsync();
}
