using System.Runtime.CompilerServices;

namespace FastText;

internal sealed partial class TsvRowChunkWork<T>
{
    private static bool MayHoldReferences => RuntimeHelpers.IsReferenceOrContainsReferences<T>();
}
