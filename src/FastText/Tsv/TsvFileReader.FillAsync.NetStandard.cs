using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

public sealed partial class TsvFileReader
{
    // netstandard2.0 has no pooling method builder: a fill that completes at once allocates nothing, one that waits
    // allocates its state machines. The bodies are in TsvFileReader.FillAsync.cs.
    private partial ValueTask<bool> FillAsync(CancellationToken cancellationToken, bool stopOnPipeCancel = false);

    private partial ValueTask<bool> FillHeldAsync(CancellationToken cancellationToken);

    // netstandard2.0's Stream has only the array overload (a Task per read).
    private static ValueTask<int> ReadStreamAsync(Stream stream, byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        new(stream.ReadAsync(buffer, offset, count, cancellationToken));
}
