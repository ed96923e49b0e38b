using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

public sealed partial class TsvFileReader
{
    // The Memory overload: a ValueTask, so a read that completes at once allocates nothing.
    private static ValueTask<int> ReadStreamAsync(Stream stream, byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        stream.ReadAsync(buffer.AsMemory(offset, count), cancellationToken);
}
