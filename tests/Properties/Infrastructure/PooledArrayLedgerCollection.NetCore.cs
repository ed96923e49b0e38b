using Xunit;

namespace FastText.Tests.Infrastructure;

/// <summary>
/// The test classes that keep a <see cref="PooledArrayLedger"/> alive run alone: while it listens, every rent and return
/// of the shared ArrayPool in the process allocates its event's payload, and an allocation test running beside it
/// counts those bytes as its own (KeyOutputAllocationTests measured 464 B for a pooled key in one CI run).
/// </summary>
[CollectionDefinition(nameof(PooledArrayLedgerCollection), DisableParallelization = true)]
public sealed class PooledArrayLedgerCollection
{
}
