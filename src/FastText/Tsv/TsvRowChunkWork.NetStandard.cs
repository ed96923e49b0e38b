namespace FastText;

internal sealed partial class TsvRowChunkWork<T>
{
    // netstandard2.0 cannot ask the runtime: only primitives and enums are known to hold no reference.
    private static readonly bool MayHoldReferences = !typeof(T).IsPrimitive && !typeof(T).IsEnum;
}
