using System;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

public sealed partial class TsvFileReader
{
    // A fill that waits for its input (a request body arriving over the network) reuses pooled state machines, one for
    // each of the two methods, instead of allocating them per wait: reading a body of any size allocates nothing per
    // read. The bodies are in TsvFileReader.FillAsync.cs.
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private partial ValueTask<bool> FillAsync(CancellationToken cancellationToken, bool stopOnPipeCancel = false);

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private partial ValueTask<bool> FillHeldAsync(CancellationToken cancellationToken);

    // The Memory overload: a ValueTask, so a read that completes at once allocates nothing.
    private static ValueTask<int> ReadStreamAsync(Stream stream, byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        stream.ReadAsync(buffer.AsMemory(offset, count), cancellationToken);
}
