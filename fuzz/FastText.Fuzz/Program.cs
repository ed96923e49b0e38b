using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;

namespace FastText.Fuzz;

/// <summary>
/// Runs the fuzz targets, each through the same <see cref="IFuzzTarget.Run"/> whatever drives it:
///   afl TARGET                            under afl-fuzz (fuzz/run.sh): SharpFuzz's fork server reads each input from
///                                         stdin; only meaningful in a copy whose FastText.dll sharpfuzz instrumented
///   replay TARGET|all [DIR...]            every file under fuzz/corpus/TARGET and fuzz/findings/TARGET (or the DIRs)
///   random TARGET|all ITERATIONS|SECONDSs [SEED] [--findings DIR]
///                                         seeded random inputs (mutations of the corpus and fresh bytes)
///   list                                  the target names
/// Exit code 1 when an input crashed a target; that input is written to the findings directory.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length == 0 || args[0] is "-h" or "--help")
        {
            Console.Error.WriteLine("usage: FastText.Fuzz (list | afl TARGET | replay TARGET|all [DIR...] | random TARGET|all ITERATIONS|SECONDSs [SEED] [--findings DIR])");
            return 2;
        }

        if (args[0] == "afl")
        {
            return RunUnderAfl(args.ElementAtOrDefault(1) ?? "");
        }

        string fuzzRoot = FindFuzzRoot();
        switch (args[0])
        {
            case "list":
                foreach (IFuzzTarget target in FuzzTargets.All)
                {
                    Console.WriteLine(target.Name);
                }

                return 0;
            case "replay":
                return Replay(Select(args.ElementAtOrDefault(1) ?? "all"), args.Skip(2).ToArray(), fuzzRoot);
            case "random":
                return RandomRun(args, fuzzRoot);
            default:
                Console.Error.WriteLine($"unknown command '{args[0]}'");
                return 2;
        }
    }

    private static IFuzzTarget[] Select(string name)
    {
        if (!FuzzTargets.All.Select(t => t.Name).SequenceEqual(FuzzTargetNames.All))
        {
            throw new InvalidOperationException("FuzzTargetNames.All does not list the names of FuzzTargets.All in order");
        }

        IFuzzTarget[] selected = name == "all"
            ? FuzzTargets.All.ToArray()
            : FuzzTargets.All.Where(t => t.Name == name).ToArray();
        if (selected.Length == 0)
        {
            throw new ArgumentException($"no fuzz target named '{name}'; try 'list'", nameof(name));
        }

        return selected;
    }

    /// <summary>
    /// The AFL++ entry point. Out of process: SharpFuzz's fork server restarts the child that runs the target when
    /// it dies, so a guard-page access violation (which no catch can stop) is reported as a crash and fuzzing goes
    /// on; any exception escaping <see cref="IFuzzTarget.Run"/> is a crash too.
    /// </summary>
    private static int RunUnderAfl(string name)
    {
        if (!FuzzTargetNames.All.Contains(name))
        {
            Console.Error.WriteLine($"no fuzz target named '{name}'; try 'list'");
            return 2;
        }

        // Nothing of FastText may run before the fork server hands over the coverage map: in the instrumented copy
        // every method writes to it, and the server process never gets one (it would be an access violation). So
        // the target is created on the first input, in the child.
        IFuzzTarget? target = null;
        var input = new MemoryStream();
        SharpFuzz.Fuzzer.OutOfProcess.Run((Stream stream) =>
        {
            target ??= FuzzTargets.All.Single(t => t.Name == name);
            input.SetLength(0);
            stream.CopyTo(input);
            target.Run(input.GetBuffer().AsSpan(0, (int)input.Length));
        });
        return 0;
    }

    private static int Replay(IFuzzTarget[] targets, string[] directories, string fuzzRoot)
    {
        int failures = 0;
        foreach (IFuzzTarget target in targets)
        {
            IEnumerable<string> dirs = directories.Length > 0
                ? directories
                : new[] { Path.Combine(fuzzRoot, "corpus", target.Name), Path.Combine(fuzzRoot, "findings", target.Name) };
            int count = 0;
            foreach (string file in dirs.Where(Directory.Exists).SelectMany(d => Directory.EnumerateFiles(d, "*", SearchOption.AllDirectories))
                         .Where(f => !Path.GetFileName(f).StartsWith('.')).OrderBy(f => f, StringComparer.Ordinal))
            {
                count++;
                if (!TryRun(target, File.ReadAllBytes(file), out string? error))
                {
                    failures++;
                    Console.WriteLine($"FAIL {target.Name} {file}: {error}");
                }
            }

            Console.WriteLine($"replay {target.Name}: {count} inputs");
        }

        Console.WriteLine($"fuzz replay: {failures} failing inputs");
        return failures == 0 ? 0 : 1;
    }

    private static int RandomRun(string[] args, string fuzzRoot)
    {
        IFuzzTarget[] targets = Select(args.ElementAtOrDefault(1) ?? "all");
        string budget = args.ElementAtOrDefault(2) ?? "1000";
        int seed = args.Length > 3 && !args[3].StartsWith("--", StringComparison.Ordinal) ? int.Parse(args[3], CultureInfo.InvariantCulture) : 1;
        int findingsIndex = Array.IndexOf(args, "--findings");
        string findingsRoot = findingsIndex > 0 ? args[findingsIndex + 1] : Path.Combine(fuzzRoot, "findings");
        bool timed = budget.EndsWith('s');
        long limit = long.Parse(timed ? budget[..^1] : budget, CultureInfo.InvariantCulture);

        int crashes = 0;
        foreach (IFuzzTarget target in targets)
        {
            var generator = new RandomInputs(seed, LoadCorpus(Path.Combine(fuzzRoot, "corpus", target.Name)));
            var clock = System.Diagnostics.Stopwatch.StartNew();
            long executions = 0;
            while (timed ? clock.Elapsed.TotalSeconds < limit : executions < limit)
            {
                byte[] input = generator.Next();
                executions++;
                if (!TryRun(target, input, out string? error))
                {
                    crashes++;
                    string directory = Path.Combine(findingsRoot, target.Name);
                    Directory.CreateDirectory(directory);
                    string file = Path.Combine(directory, $"crash-seed{seed}-{executions}.bin");
                    File.WriteAllBytes(file, input);
                    Console.WriteLine($"CRASH {target.Name} (saved {file}): {error}");
                    break;
                }
            }

            Console.WriteLine($"random {target.Name}: {executions} executions in {clock.Elapsed.TotalSeconds:F1} s, seed {seed}");
        }

        return crashes == 0 ? 0 : 1;
    }

    private static bool TryRun(IFuzzTarget target, byte[] input, out string? error)
    {
        try
        {
            target.Run(input);
            error = null;
            return true;
        }
#pragma warning disable CA1031 // Any exception a target throws is a finding to report, whatever its type.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            error = exception.GetType().Name + ": " + exception.Message;
            return false;
        }
    }

    private static List<byte[]> LoadCorpus(string directory) =>
        Directory.Exists(directory)
            ? Directory.EnumerateFiles(directory).OrderBy(f => f, StringComparer.Ordinal).Select(File.ReadAllBytes).ToList()
            : new List<byte[]>();

    private static string FindFuzzRoot()
    {
        for (string? dir = AppContext.BaseDirectory; dir is not null; dir = Path.GetDirectoryName(dir))
        {
            if (File.Exists(Path.Combine(dir, "fuzz", "README.md")))
            {
                return Path.Combine(dir, "fuzz");
            }
        }

        return Path.Combine(Directory.GetCurrentDirectory(), "fuzz");
    }
}
