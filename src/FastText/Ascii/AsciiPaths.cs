using System.Collections.Generic;

namespace FastText;

internal delegate nuint AsciiNarrowPath(ref char source, ref byte destination, nuint length);

internal delegate nuint AsciiWidenPath(ref byte source, ref char destination, nuint length);

internal delegate nuint AsciiIndexOfNonAsciiCharPath(ref char source, nuint length);

internal delegate nuint AsciiIndexOfNonAsciiBytePath(ref byte source, nuint length);

internal delegate nuint AsciiChangeCaseCharPath(ref char source, ref char destination, nuint length, bool toUpper);

internal delegate nuint AsciiChangeCaseBytePath(ref byte source, ref byte destination, nuint length, bool toUpper);

/// <summary>
/// One implementation of every ASCII operation, as the tests and the instruction-set report see it.
/// <c>IsHardwareAccelerated</c> is false when the runtime emulates the path's vectors in software (still correct,
/// only slow) or the path is scalar; <c>IsDispatched</c> says whether <see cref="AsciiCore"/> can pick the path here.
/// </summary>
internal sealed record AsciiPath(
    string Name,
    bool IsHardwareAccelerated,
    bool IsDispatched,
    AsciiNarrowPath Narrow,
    AsciiWidenPath Widen,
    AsciiIndexOfNonAsciiCharPath IndexOfNonAsciiChar,
    AsciiIndexOfNonAsciiBytePath IndexOfNonAsciiByte,
    AsciiChangeCaseCharPath ChangeCaseChar,
    AsciiChangeCaseBytePath ChangeCaseByte)
{
    public override string ToString() => Name;
}

/// <summary>
/// Every path this build has. Each is written only with APIs the runtime can execute on any CPU (the few
/// instruction-set intrinsics sit behind their own IsSupported checks), so every path can run in every process:
/// tests enumerate <see cref="All"/> and check each one against the scalar reference.
/// </summary>
internal static partial class AsciiPaths
{
    public static IReadOnlyList<AsciiPath> All { get; } = Create();

    /// <summary>For logs: the paths in order, marking emulated vector paths and the ones the dispatcher uses.</summary>
    public static string Describe()
    {
        var parts = new List<string>();
        foreach (AsciiPath path in All)
        {
            var notes = new List<string>(2);
            if (!path.IsHardwareAccelerated && path.Name.StartsWith("Vector", System.StringComparison.Ordinal))
            {
                notes.Add("emulated");
            }

            if (!path.IsDispatched)
            {
                notes.Add("tests only");
            }

            parts.Add(notes.Count == 0 ? path.Name : path.Name + " (" + string.Join(", ", notes) + ")");
        }

        return string.Join(", ", parts);
    }
}
