using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace FastText;

/// <summary>
/// A flush that waits for the destination (a slow client behind Kestrel) reuses a pooled state machine instead of
/// allocating one per wait: the steady state of a download allocates nothing. The body is in TsvWriter.cs.
/// </summary>
public sealed partial class TsvWriter
{
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private partial ValueTask FlushCoreAsync(CancellationToken cancellationToken);
}
