using System;
using System.Collections.Generic;
using System.Text;

namespace FastText.Samples.TsvCut;

/// <summary>What the command line asks for: cut with settings, print help or version, or fail with a message.</summary>
internal enum CutAction
{
    Cut,
    Help,
    Version,
    Fail,
}

/// <summary>
/// GNU cut's command line, parsed the way getopt_long parses it in the C locale: options and files in any order
/// (unless POSIXLY_CORRECT is set), bundled short options (-sf1), an option's argument attached or in the next
/// word, "--" ending the options, long options abbreviated to any unambiguous prefix (--fie=1). Errors carry cut's
/// wording; the first error in argument order wins, as in cut.
/// Besides cut 9.1's options, the field options coreutils 9.11 added: -w/--whitespace-delimited[=trimmed] (a run
/// of blanks is one delimiter), -O (short for --output-delimiter) and -F LIST (-f LIST with -w and an output
/// delimiter of one space), checked as cut 9.11 checks them (src/cut.c there: -d with -w is an error, -d after
/// or before -F overrides -F's -w, -O overrides -F's space).
/// Arguments are bytes, as cut sees them: each is held as a "byte string" (one char per byte, U+0000-U+00FF,
/// <see cref="Encoding.Latin1"/>), so a delimiter, output delimiter or file name that is not valid UTF-8
/// (<c>-d $'\xff'</c>) stays the bytes it was; <see cref="Files"/> and <see cref="Error"/> are byte strings too.
/// </summary>
internal sealed class CutCommandLine
{
    private static readonly string[] LongOptions =
    {
        "bytes", "characters", "delimiter", "fields", "whitespace-delimited", "only-delimited", "output-delimiter",
        "complement", "zero-terminated", "help", "version",
    };

    // Given in the arguments (not implied): -d, -w or --whitespace-delimited, and -F's space output delimiter.
    private bool _delimiterGiven;
    private bool _whitespaceGiven;
    private bool _spaceOutputDelimiter;

    private CutCommandLine()
    {
    }

    public CutAction Action { get; private set; } = CutAction.Cut;

    /// <summary>The error message (without the "tsvcut: " prefix) when <see cref="Action"/> is <see cref="CutAction.Fail"/>.</summary>
    public string Error { get; private set; } = "";

    public CutFieldList Fields { get; private set; } = null!;

    public byte Delimiter { get; private set; } = (byte)'\t';

    /// <summary>Null when the output delimiter is the input delimiter.</summary>
    public byte[]? OutputDelimiter { get; private set; }

    public bool OnlyDelimited { get; private set; }

    public bool ZeroTerminated { get; private set; }

    /// <summary>
    /// -w, --whitespace-delimited or -F (and no -d): each run of blanks (spaces and tabs, the C locale's blanks) is
    /// one field delimiter; <see cref="Delimiter"/> stays TAB, what the runs are read as (see <see cref="BlankRunsAsTabs"/>).
    /// </summary>
    public bool WhitespaceDelimited { get; private set; }

    /// <summary>--whitespace-delimited=trimmed: blanks at the start and end of a line delimit nothing and are dropped.</summary>
    public bool TrimBlanks { get; private set; }

    /// <summary>The files to cut, as byte strings (<see cref="Encoding.Latin1"/>: one char per byte of the name).</summary>
    public List<string> Files { get; } = new();

    /// <summary>Parses text arguments (each encoded as UTF-8 first: tests, and where the raw bytes are unknown).</summary>
    public static CutCommandLine Parse(string[] args)
    {
        var bytes = new byte[args.Length][];
        for (int i = 0; i < args.Length; i++)
        {
            bytes[i] = Encoding.UTF8.GetBytes(args[i]);
        }

        return Parse(bytes);
    }

    /// <summary>Parses the arguments as the bytes the program was given (see <see cref="CommandLineBytes"/>).</summary>
    public static CutCommandLine Parse(byte[][] args)
    {
        var byteStrings = new string[args.Length];
        for (int i = 0; i < args.Length; i++)
        {
            byteStrings[i] = Encoding.Latin1.GetString(args[i]);
        }

        var line = new CutCommandLine();
        line.ParseArguments(byteStrings);
        return line;
    }

    private void ParseArguments(string[] args)
    {
        string? list = null;
        bool complement = false;
        bool posixlyCorrect = Environment.GetEnvironmentVariable("POSIXLY_CORRECT") is not null;
        bool optionsEnded = false;
        for (int i = 0; i < args.Length; i++)
        {
            string arg = args[i];
            if (optionsEnded || arg.Length < 2 || arg[0] != '-')
            {
                Files.Add(arg);
                optionsEnded |= posixlyCorrect;
                continue;
            }

            if (arg == "--")
            {
                optionsEnded = true;
                continue;
            }

            if (arg[1] == '-')
            {
                if (!TakeLongOption(args, ref i, ref list, ref complement))
                {
                    return;
                }

                continue;
            }

            for (int j = 1; j < arg.Length; j++)
            {
                char option = arg[j];
                if ("bcdfFnOswz".IndexOf(option, StringComparison.Ordinal) < 0)
                {
                    Fail("invalid option -- '" + option + "'");
                    return;
                }

                string? value = null;
                if (option is 'b' or 'c' or 'd' or 'f' or 'F' or 'O')
                {
                    if (j + 1 < arg.Length)
                    {
                        value = arg.Substring(j + 1);
                    }
                    else if (i + 1 < args.Length)
                    {
                        value = args[++i];
                    }
                    else
                    {
                        Fail("option requires an argument -- '" + option + "'");
                        return;
                    }

                    j = arg.Length;
                }

                if (!Apply(option, value, ref list, ref complement))
                {
                    return;
                }
            }
        }

        if (list is null)
        {
            Fail("you must specify a list of bytes, characters, or fields");
            return;
        }

        // cut 9.11 checks this after all options and before the list: the first error in argument order does not win.
        if (_delimiterGiven && _whitespaceGiven)
        {
            Fail("-d and -w are mutually exclusive");
            return;
        }

        // -F's -w is a default that -d (given before or after it) overrides; its space output delimiter stays.
        if (_delimiterGiven)
        {
            WhitespaceDelimited = false;
            TrimBlanks = false;
        }

        if (OutputDelimiter is null && _spaceOutputDelimiter)
        {
            OutputDelimiter = new[] { (byte)' ' };
        }

        CutFieldList? fields = CutFieldList.TryParse(list, complement, out string error);
        if (fields is null)
        {
            Fail(error);
            return;
        }

        Fields = fields;
        if (Files.Count == 0)
        {
            Files.Add("-");
        }
    }

    private bool TakeLongOption(string[] args, ref int i, ref string? list, ref bool complement)
    {
        string arg = args[i];
        int equals = arg.IndexOf('=', StringComparison.Ordinal);
        string name = equals < 0 ? arg.Substring(2) : arg.Substring(2, equals - 2);
        string? value = equals < 0 ? null : arg.Substring(equals + 1);
        string? match = Array.Find(LongOptions, o => o == name);
        if (match is null)
        {
            List<string> candidates = new();
            foreach (string option in LongOptions)
            {
                if (option.StartsWith(name, StringComparison.Ordinal))
                {
                    candidates.Add(option);
                }
            }

            if (candidates.Count == 0)
            {
                Fail("unrecognized option '" + arg + "'");
                return false;
            }

            if (candidates.Count > 1)
            {
                Fail("option '" + arg + "' is ambiguous; possibilities: '--" + string.Join("' '--", candidates) + "'");
                return false;
            }

            match = candidates[0];
        }

        char key = match switch
        {
            "bytes" => 'b',
            "characters" => 'c',
            "delimiter" => 'd',
            "fields" => 'f',
            "whitespace-delimited" => 'w',
            "only-delimited" => 's',
            "output-delimiter" => 'O',
            "complement" => 'C',
            "zero-terminated" => 'z',
            "help" => 'H',
            _ => 'V',
        };
        bool needsValue = key is 'b' or 'c' or 'd' or 'f' or 'O';
        if (needsValue && value is null)
        {
            if (i + 1 >= args.Length)
            {
                Fail("option '--" + match + "' requires an argument");
                return false;
            }

            value = args[++i];
        }
        else if (!needsValue && value is not null && key != 'w')
        {
            Fail("option '--" + match + "' doesn't allow an argument");
            return false;
        }

        return Apply(key, value, ref list, ref complement);
    }

    private bool Apply(char option, string? value, ref string? list, ref bool complement)
    {
        switch (option)
        {
            case 'b':
            case 'c':
                Fail("-b/--bytes and -c/--characters are not supported: tsvcut selects fields (-f) only; use cut for bytes or characters");
                return false;
            case 'f':
            case 'F':
                if (option == 'F')
                {
                    WhitespaceDelimited = true;
                    _spaceOutputDelimiter = true;
                }

                if (list is not null)
                {
                    Fail("only one list may be specified");
                    return false;
                }

                list = value!;
                return true;
            case 'd':
                // value is a byte string: its length is the delimiter's length in bytes.
                if (value!.Length > 1)
                {
                    Fail("the delimiter must be a single character");
                    return false;
                }

                // As in cut, an empty DELIM means the NUL byte.
                Delimiter = value.Length == 0 ? (byte)0 : (byte)value[0];
                _delimiterGiven = true;
                return true;
            case 'w':
                // --whitespace-delimited's argument is optional and only ever attached (=trimmed); as gnulib's
                // argmatch, any prefix of "trimmed" names it, the empty one included. A later -w sets it back.
                if (value is not null && !"trimmed".StartsWith(value, StringComparison.Ordinal))
                {
                    Fail("invalid argument " + CutText.Quote(value) + " for '--whitespace-delimited'\nValid arguments are:\n  - 'trimmed'");
                    return false;
                }

                WhitespaceDelimited = true;
                TrimBlanks = value is not null;
                _whitespaceGiven = true;
                return true;
            case 'O':
                // As in cut, --output-delimiter='' means the NUL byte.
                OutputDelimiter = value!.Length == 0 ? new byte[1] : Encoding.Latin1.GetBytes(value);
                return true;
            case 'n':
                // cut accepts -n and ignores it (it only matters with -b).
                return true;
            case 's':
                OnlyDelimited = true;
                return true;
            case 'z':
                ZeroTerminated = true;
                return true;
            case 'C':
                complement = true;
                return true;
            case 'H':
                Action = CutAction.Help;
                return false;
            case 'V':
                Action = CutAction.Version;
                return false;
            default:
                Fail("invalid option -- '" + option + "'");
                return false;
        }
    }

    private void Fail(string message)
    {
        Action = CutAction.Fail;
        Error = message;
    }
}
