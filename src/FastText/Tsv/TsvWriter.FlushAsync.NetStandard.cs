using System.Threading;
using System.Threading.Tasks;

namespace FastText;

/// <summary>
/// netstandard2.0 has no pooling method builder: a flush that completes at once allocates nothing, one that waits
/// allocates its state machine. The body is in TsvWriter.cs.
/// </summary>
public sealed partial class TsvWriter
{
    private partial ValueTask FlushCoreAsync(CancellationToken cancellationToken);
}
