using System;
using System.Collections.Generic;
using System.IO;

namespace FastText.Samples.TsvCut;

/// <summary>tsvcut -f LIST [-s] [FILE...]: GNU <c>cut -f</c> for tab-separated files, plain or gzip, at memory speed.</summary>
public static class Program
{
    private const string Usage =
        "Usage: tsvcut -f LIST [-s] [FILE...]\n" +
        "Print the selected tab-separated fields of each line, byte-identical to GNU 'cut -f LIST'.\n" +
        "  -f, --fields=LIST       fields to keep: N, N-M, N-, -M, comma-separated (1-based)\n" +
        "  -s, --only-delimited    drop lines that contain no tab\n" +
        "Plain or gzip input (detected by its magic bytes); standard input when FILE is absent or '-'.\n";

    public static int Main(string[] args)
    {
        string? list = null;
        bool onlyDelimited = false;
        var files = new List<string>();
        for (int i = 0; i < args.Length; i++)
        {
            string arg = args[i];
            if (arg == "-f" || arg == "--fields")
            {
                if (++i == args.Length)
                {
                    return Fail("option requires an argument -- 'f'");
                }

                list = args[i];
            }
            else if (arg.StartsWith("--fields=", StringComparison.Ordinal))
            {
                list = arg.Substring("--fields=".Length);
            }
            else if (arg.StartsWith("-f", StringComparison.Ordinal) && arg.Length > 2)
            {
                list = arg.Substring(2);
            }
            else if (arg == "-s" || arg == "--only-delimited")
            {
                onlyDelimited = true;
            }
            else if (arg == "-h" || arg == "--help")
            {
                Console.Out.Write(Usage);
                return 0;
            }
            else if (arg.Length > 1 && arg[0] == '-' && arg != "-")
            {
                return Fail("invalid option '" + arg + "'");
            }
            else
            {
                files.Add(arg);
            }
        }

        if (list is null)
        {
            return Fail("you must specify a list of fields");
        }

        CutFieldList? fields = CutFieldList.TryParse(list, out string error);
        if (fields is null)
        {
            return Fail(error);
        }

        if (files.Count == 0)
        {
            files.Add("-");
        }

        int exitCode = 0;
        var cutter = new TsvCutter(fields, onlyDelimited);
        using Stream stdout = Console.OpenStandardOutput();
        foreach (string file in files)
        {
            try
            {
                using Stream raw = file == "-"
                    ? Console.OpenStandardInput()
                    : new FileStream(file, FileMode.Open, FileAccess.Read, FileShare.Read, bufferSize: 1, FileOptions.SequentialScan);
                using Stream input = CutInput.Open(raw);
                cutter.Cut(input, stdout);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or InvalidDataException)
            {
                Console.Error.WriteLine("tsvcut: " + file + ": " + e.Message);
                exitCode = 1;
            }
        }

        return exitCode;
    }

    private static int Fail(string message)
    {
        Console.Error.WriteLine("tsvcut: " + message);
        Console.Error.WriteLine("Try 'tsvcut --help' for more information.");
        return 1;
    }
}
