using System.Collections.Generic;

namespace FastText.Fuzz;

/// <summary>Every fuzz target, one per capability.</summary>
internal static class FuzzTargets
{
    public static IReadOnlyList<IFuzzTarget> All { get; } = new IFuzzTarget[]
    {
        new AsciiFuzzTarget(),
        new TsvFuzzTarget(),
        new ValueStringBuilderFuzzTarget(),
        new KeysFuzzTarget(),
    };
}
