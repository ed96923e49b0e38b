using FastText.Samples.TsvCut;

namespace FastText.Fuzz;

/// <summary>
/// tsvcut's command line (<see cref="CutCommandLine.Parse(byte[][])"/>), which must never throw: it reports every
/// problem as <see cref="CutAction.Fail"/> with cut's message. Layout: the arguments, separated by NUL bytes (as in
/// /proc/self/cmdline, where tsvcut reads them from: an argument cannot hold a NUL), at most 32 of them.
/// Checked: the result is consistent (Fail has a message and nothing else does; a cut has a field list, at least one
/// file, -w's delimiter is TAB, trimming only with -w, no empty output delimiter); the text overload agrees when
/// every argument is ASCII; and appending "--" and a file "x" changes nothing but the files, which then end with "x"
/// (no option can come after "--", and an option's missing argument would have failed the original already).
/// </summary>
internal sealed class CutCommandLineFuzzTarget : IFuzzTarget
{
    public string Name => "cutargs";

    public void Run(ReadOnlySpan<byte> input)
    {
        var args = new List<byte[]>();
        foreach (Range range in input.Split((byte)0))
        {
            if (args.Count == 32)
            {
                break;
            }

            args.Add(input[range].ToArray());
        }

        if (input.IsEmpty)
        {
            args.Clear();
        }

        CutCommandLine line = CutCommandLine.Parse(args.ToArray());
        CheckConsistent(line, args);
        if (args.All(a => a.All(b => b < 0x80)))
        {
            CutCommandLine text = CutCommandLine.Parse(args.Select(a => Encoding.ASCII.GetString(a)).ToArray());
            Expect(Describe(text) == Describe(line), args, $"the text overload says {Describe(text)}, the bytes overload {Describe(line)}");
        }

        if (line.Action == CutAction.Cut)
        {
            var extended = new List<byte[]>(args) { "--"u8.ToArray(), "x"u8.ToArray() };
            CutCommandLine more = CutCommandLine.Parse(extended.ToArray());
            CheckConsistent(more, extended);
            Expect(Settings(more) == Settings(line), args, $"appending -- x changed the settings: {Describe(more)} vs {Describe(line)}");
            Expect(more.Files.Count > 0 && more.Files[^1] == "x", args, $"appending -- x: the files are {string.Join(" ", more.Files)}");
        }
    }

    private static void CheckConsistent(CutCommandLine line, List<byte[]> args)
    {
        Expect((line.Action == CutAction.Fail) == (line.Error.Length > 0), args, $"action {line.Action} with error \"{line.Error}\"");
        if (line.Action != CutAction.Cut)
        {
            return;
        }

        Expect(line.Fields is not null, args, "a cut without a field list");
        Expect(line.Files.Count > 0, args, "a cut without files (the default is -)");
        Expect(!line.WhitespaceDelimited || line.Delimiter == (byte)'\t', args, $"-w reads blank runs as TAB, the delimiter is 0x{line.Delimiter:X2}");
        Expect(!line.TrimBlanks || line.WhitespaceDelimited, args, "trimmed without -w");
        Expect(line.OutputDelimiter is null || line.OutputDelimiter.Length > 0, args, "an empty output delimiter (an empty argument means NUL)");
    }

    private static string Settings(CutCommandLine line) =>
        line.Action != CutAction.Cut
            ? line.Action + ": " + line.Error
            : $"cut fields={string.Join(",", line.Fields.Lows.Zip(line.Fields.Highs, (l, h) => l + "-" + h))} d=0x{line.Delimiter:X2} " +
              $"o={(line.OutputDelimiter is null ? "none" : Convert.ToHexString(line.OutputDelimiter))} s={line.OnlyDelimited} z={line.ZeroTerminated} " +
              $"w={line.WhitespaceDelimited} trim={line.TrimBlanks}";

    private static string Describe(CutCommandLine line) =>
        Settings(line) + (line.Action == CutAction.Cut ? " files=" + string.Join("|", line.Files) : "");

    private static void Expect(bool condition, List<byte[]> args, string message)
    {
        if (!condition)
        {
            string shown = string.Join(" ", args.Select(a => "'" + Encoding.Latin1.GetString(a) + "'"));
            throw new FuzzMismatchException($"cutargs {shown}: {message}");
        }
    }
}
