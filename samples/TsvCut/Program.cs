using System;
using System.IO;
using System.Reflection;
using System.Text;

namespace FastText.Samples.TsvCut;

/// <summary>
/// tsvcut: GNU <c>cut -f</c>, byte for byte, on FastText's <see cref="TsvReader"/>; plain or gzip input; with
/// coreutils 9.11's -w, -F and -O. Exit
/// status as cut's: 0, or 1 after any error (the remaining files are still cut); 141 when standard output is
/// closed by its reader (a shell reports cut killed by SIGPIPE the same way).
/// </summary>
public static class Program
{
    private const int BrokenPipeExitCode = 128 + 13;

    private const string Usage =
        "Usage: tsvcut OPTION... [FILE]...\n" +
        "Print the selected fields of each line of each FILE (plain or gzip) to standard output,\n" +
        "exactly as GNU 'cut -f' does.\n" +
        "\n" +
        "With no FILE, or when FILE is -, read standard input.\n" +
        "\n" +
        "  -f, --fields=LIST          the fields to print; a line without the delimiter is printed\n" +
        "                               whole unless -s is given\n" +
        "  -F LIST                    -f LIST with -w, and a space as the output delimiter\n" +
        "  -d, --delimiter=DELIM      the field delimiter, one byte (default: TAB; '' is NUL)\n" +
        "  -w, --whitespace-delimited[=trimmed]\n" +
        "                             every run of blanks (spaces and tabs) is one delimiter;\n" +
        "                               =trimmed: blanks at the start and end of a line delimit nothing\n" +
        "  -s, --only-delimited       drop the lines that hold no delimiter\n" +
        "      --complement           print the fields LIST does not select\n" +
        "  -O, --output-delimiter=STRING  put STRING between printed fields (default: DELIM;\n" +
        "                               TAB with -w, a space with -F)\n" +
        "  -z, --zero-terminated      lines end with NUL instead of newline\n" +
        "  -n                         accepted and ignored, as by cut\n" +
        "      --help                 print this help and exit\n" +
        "      --version              print the version and exit\n" +
        "\n" +
        "LIST is one or more ranges separated by commas or blanks, fields counted from 1:\n" +
        "  N    field N          N-   field N to the end of the line\n" +
        "  N-M  fields N to M    -M   fields 1 to M\n" +
        "Fields are printed once each, in the order of the line, whatever the order of LIST.\n" +
        "Give one of -f and -F; -d and -w exclude each other (-d overrides the -w of -F).\n" +
        "-b and -c (bytes, characters) are not supported: use cut for them.\n" +
        "gzip input is recognised by its header; a truncated or corrupt one is an error.\n";

    public static int Main(string[] args)
    {
        _ = PosixInputStream.StandardInputClosedAtStart;
        StandardError.Prepare();
        CutCommandLine commandLine = CutCommandLine.Parse(CommandLineBytes.Get(args));
        var output = new CutOutput(new PosixOutputStream());
        try
        {
            switch (commandLine.Action)
            {
                case CutAction.Fail:
                    StandardError.WriteLine(commandLine.Error + "\nTry 'tsvcut --help' for more information.");
                    return 1;
                case CutAction.Help:
                    output.Write(Encoding.UTF8.GetBytes(Usage));
                    output.Flush();
                    return 0;
                case CutAction.Version:
                    output.Write(Encoding.UTF8.GetBytes("tsvcut (FastText) " + Version() + "\n"));
                    output.Flush();
                    return 0;
                default:
                    return CutFiles(commandLine, output);
            }
        }
        catch (CutOutputException e) when (e.Errno == NativeMethods.EPIPE)
        {
            // The reader has gone (tsvcut ... | head): stop at once and quietly, as cut does when SIGPIPE kills it.
            return BrokenPipeExitCode;
        }
        catch (OutOfMemoryException)
        {
            // Only a held field 1 grows with the input (-s -f1, or -f2 without -s, on a line without the delimiter
            // longer than memory): as cut, what was cut before goes out, then "memory exhausted", exit 1. Nothing
            // here may need memory: a failed flush (whose exception needs some) is dropped, and the message goes out
            // through the buffer StandardError allocated at start-up.
            try
            {
                output.Flush();
            }
            catch (Exception e) when (e is CutOutputException or OutOfMemoryException)
            {
            }

            StandardError.WriteLine("memory exhausted");
            return 1;
        }
        catch (CutOutputException e)
        {
            StandardError.WriteLine("write error: " + e.Message);
            return 1;
        }
    }

    private static int CutFiles(CutCommandLine commandLine, CutOutput output)
    {
        int exitCode = 0;
        using var cutter = new FieldCutter(commandLine, output);
        ParallelCutter? parallel = null;
        foreach (string file in commandLine.Files)
        {
            try
            {
                using PosixInputStream raw = file == "-" ? PosixInputStream.StandardInputStream() : PosixInputStream.OpenFile(file);
                if (!TryCutMapped(raw, cutter, commandLine, output, ref parallel))
                {
                    using Stream input = CutInput.Open(raw);
                    cutter.Cut(input);
                }
            }
            catch (CutInputException e)
            {
                // Everything cut before the error goes out before the message about it.
                output.Flush();
                StandardError.WriteLine(CutText.QuoteFileName(file) + ": " + e.Message);
                exitCode = 1;
            }
        }

        output.Flush();
        return exitCode;
    }

    /// <summary>
    /// Cuts a plain regular file through a memory map, on every core when it is large (<see cref="ParallelCutter"/>);
    /// false (nothing done) for gzip and non-files.
    /// </summary>
    private static unsafe bool TryCutMapped(PosixInputStream raw, FieldCutter cutter, CutCommandLine commandLine, CutOutput output, ref ParallelCutter? parallel)
    {
        using MappedInput? mapped = raw.TryMap();
        if (mapped is null || CutInput.IsGzipHeader(new ReadOnlySpan<byte>(mapped.Address, (int)Math.Min(mapped.Length, 16))))
        {
            return false;
        }

        int chunkLength = ParallelCutter.ChunkLengthFor(cutter, mapped.Length);
        if (chunkLength > 0)
        {
            parallel ??= new ParallelCutter(commandLine, output, Math.Max(Environment.ProcessorCount, 2), chunkLength);
            parallel.CutAll(mapped.Address, mapped.Length, cutter, mapped.Populate, mapped.Release);
        }
        else
        {
            mapped.Populate(0, mapped.Length);
            cutter.Cut(mapped.Address, mapped.Length);
        }

        return true;
    }

    private static string Version() =>
        typeof(Program).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "0";
}
