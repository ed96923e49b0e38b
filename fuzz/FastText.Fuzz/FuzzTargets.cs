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
        new TsvWriterFuzzTarget(),
        new Utf8BuilderFuzzTarget(),
        new CutFieldListFuzzTarget(),
        new CutCommandLineFuzzTarget(),
        new ParseFuzzTarget(),
    };
}

/// <summary>
/// The target names alone, in the order of <see cref="FuzzTargets.All"/> (checked by <c>list</c> and <c>replay</c>):
/// the afl command must know them without creating the targets, whose static state may call into FastText before
/// the fork server has a coverage map (see Program.RunUnderAfl). fuzz/run.sh lists them too.
/// </summary>
internal static class FuzzTargetNames
{
    public static IReadOnlyList<string> All { get; } = new[] { "ascii", "tsv", "vsb", "keys", "tsvwriter", "utf8", "cutfields", "cutargs", "parse" };
}
