using System.Diagnostics;
using System.IO;
using System.Threading;
using System.Globalization;
using FastText.Generators.Tests.Infrastructure;
using FastText.Tests.Keys;
using FsCheck;
using FsCheck.Fluent;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.FSharp.Core;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Emit;
using Xunit;
using Xunit.Abstractions;

namespace FastText.Generators.Tests.Differential;

/// <summary>
/// The generator is indistinguishable from the library: random programs (<see cref="RandomProgram"/>) are compiled
/// in-process twice, as written (what <c>FastTextInterceptKeyShapes=false</c> compiles) and with the generator's
/// interceptors, and both are run on generated values (the property suite's key-part generators), every TryFormat and
/// TryFormatUtf8 at every destination length; the transcripts of results and exceptions must be equal. The generator
/// must also add no diagnostic, and take exactly the calls its rules allow (the rest explained by FT0002): a generator
/// that left every call to the library would pass the comparison and fail here.
/// </summary>
/// <remarks>
/// FASTTEXT_DIFFERENTIAL_PROGRAMS sets the program count (250 by default), FASTTEXT_DIFFERENTIAL_MINUTES runs for that
/// long instead, and FASTTEXT_DIFFERENTIAL_SEED runs the one program of that seed (what a failure prints).
/// </remarks>
public class GeneratorDifferentialTests(ITestOutputHelper output)
{
    private const int DefaultPrograms = 250;

    /// <summary>Programs are independent, so FsCheck runs one per core at a time.</summary>
    private static readonly Config Configuration = Config.QuickThrowOnFailure.WithQuietOnSuccess(true)
        .WithParallelRunConfig(FSharpOption<ParallelRunConfig>.Some(new ParallelRunConfig(Environment.ProcessorCount)));

    /// <summary>
    /// Compiling runs on every core at once (readers); loading, running and unloading a program runs alone (the
    /// writer). The runtime (.NET 10.0.12) has hung here with a program's thread, first touching a [ThreadStatic]
    /// field of its collectible assembly, and a compiling thread, first touching a thread static of
    /// System.Collections.Immutable, both spinning in the thread-statics slow path
    /// (StaticsHelpers.GetGCThreadStaticsByIndexSlow) for over 20 minutes while the GC waited to suspend them.
    /// Nothing else here runs beside a program.
    /// </summary>
    private static readonly ReaderWriterLockSlim ProgramGate = new();

    /// <summary>The programs' harness (<see cref="Harness"/>): this assembly, which their load contexts resolve to the
    /// test process's copy.</summary>
    private static readonly MetadataReference HarnessReference = MetadataReference.CreateFromFile(typeof(Harness).Assembly.Location);

    /// <summary>Value sets each program runs on.</summary>
    private const int ValueSets = 3;

    [Fact]
    public void Random_programs_give_the_same_results_with_and_without_the_generator()
    {
        var statistics = new Statistics();
        var clock = Stopwatch.StartNew();
        if (int.TryParse(Environment.GetEnvironmentVariable("FASTTEXT_DIFFERENTIAL_SEED"), NumberStyles.None, CultureInfo.InvariantCulture, out int replay))
        {
            CheckProgram(replay, statistics);
            output.WriteLine(statistics.Describe(clock.Elapsed));
            return;
        }

        TimeSpan? duration = double.TryParse(Environment.GetEnvironmentVariable("FASTTEXT_DIFFERENTIAL_MINUTES"), NumberStyles.Float, CultureInfo.InvariantCulture, out double minutes) && minutes > 0
            ? TimeSpan.FromMinutes(minutes) : null;
        int programs = int.TryParse(Environment.GetEnvironmentVariable("FASTTEXT_DIFFERENTIAL_PROGRAMS"), NumberStyles.None, CultureInfo.InvariantCulture, out int given) && given > 0
            ? given : DefaultPrograms;

        Arbitrary<int> seeds = Gen.Choose(0, int.MaxValue).ToArbitrary();
        do
        {
            int batch = duration is null ? programs : 20;
            Check.One(Configuration.WithMaxTest(batch), Prop.ForAll(seeds, seed => CheckProgram(seed, statistics)));
        }
        while (duration is { } limit && clock.Elapsed < limit);

        output.WriteLine(statistics.Describe(clock.Elapsed));

        // Neither side trivial: many calls taken by the generator, many left to the library, and every way of writing
        // or referencing a field met.
        Assert.True(statistics.Intercepted >= statistics.Calls / 5, statistics.Describe(clock.Elapsed));
        Assert.True(statistics.Declined >= statistics.Calls / 10, statistics.Describe(clock.Elapsed));
    }

    /// <summary>Counts over a run, printed at its end.</summary>
    private sealed class Statistics
    {
        private int _programs;
        private int _calls;
        private int _intercepted;
        private long _compilingTicks;
        private long _runningTicks;

        public int Programs => _programs;

        public int Calls => _calls;

        public int Intercepted => _intercepted;

        public int Declined => Calls - Intercepted;

        /// <summary>Time spent compiling (binding, the generator, emitting) and running, summed over the threads.</summary>
        public TimeSpan Compiling => TimeSpan.FromTicks(Interlocked.Read(ref _compilingTicks));

        public TimeSpan Running => TimeSpan.FromTicks(Interlocked.Read(ref _runningTicks));

        public void Add(int calls, int intercepted, TimeSpan compiling, TimeSpan running)
        {
            Interlocked.Increment(ref _programs);
            Interlocked.Add(ref _calls, calls);
            Interlocked.Add(ref _intercepted, intercepted);
            Interlocked.Add(ref _compilingTicks, compiling.Ticks);
            Interlocked.Add(ref _runningTicks, running.Ticks);
        }

        public string Describe(TimeSpan elapsed) => string.Create(CultureInfo.InvariantCulture,
            $"{Programs} programs, {Calls} KeyShape calls ({Intercepted} intercepted, {Declined} left to the library), each run on {ValueSets} value sets with and without the generator, in {elapsed.TotalSeconds:F0} s (compiling {Compiling.TotalSeconds:F0} s, running {Running.TotalSeconds:F0} s over {Environment.ProcessorCount} threads)");
    }

    private static void CheckProgram(int seed, Statistics statistics)
    {
        RandomProgram program = RandomProgram.Write(seed);
        var clock = Stopwatch.StartNew();
        ProgramGate.EnterReadLock();
        byte[] libraryImage;
        byte[] generatedImage;
        GeneratorRun run;
        CSharpCompilation compilation;
        try
        {
            (compilation, libraryImage, generatedImage, run) = CompileBoth(program, seed);
        }
        finally
        {
            ProgramGate.ExitReadLock();
        }

        TimeSpan compiling = clock.Elapsed;
        clock.Restart();
        ProgramGate.EnterWriteLock();
        try
        {
            RunBoth(program, run, seed, compilation, libraryImage, generatedImage);
        }
        finally
        {
            ProgramGate.ExitWriteLock();
        }

        statistics.Add(program.ExpectedInterception.Count, run.InterceptedCalls, compiling, clock.Elapsed);
    }

    /// <summary>The program as written and with the generator's interceptors, both compiled, with every check of the compilations.</summary>
    private static (CSharpCompilation Compilation, byte[] LibraryImage, byte[] GeneratedImage, GeneratorRun Run) CompileBoth(RandomProgram program, int seed)
    {
        CSharpCompilation compilation = InProcessCompiler.Compile(
            program.Sources, program.Version, program.Nullable, allowUnsafe: true, assemblyName: "Program" + seed.ToString(CultureInfo.InvariantCulture), references: [HarnessReference]);
        (byte[]? libraryImage, EmitResult libraryEmit) = Emit(compilation);
        if (libraryImage is null)
        {
            throw Failure(program, null, "the random program does not compile (RandomProgram wrote it wrong):\n" + Errors(libraryEmit));
        }

        GeneratorRun run = InProcessCompiler.RunGenerator(compilation, new ProjectProperties(explainKeyShapes: "true"));
        if (run.Diagnostics.Any(d => d.Id != "FT0002"))
        {
            throw Failure(program, run, "the generator reported:\n" + string.Join("\n", run.Diagnostics.Where(d => d.Id != "FT0002")));
        }

        (byte[]? generatedImage, EmitResult generatedEmit) = Emit(run.Generated);
        string[] libraryDiagnostics = Describe(libraryEmit.Diagnostics);
        string[] generatedDiagnostics = Describe(generatedEmit.Diagnostics);
        if (generatedImage is null || !libraryDiagnostics.SequenceEqual(generatedDiagnostics))
        {
            throw Failure(program, run, "the generated code changes the compiler's diagnostics:\n"
                + string.Join("\n", generatedDiagnostics.Except(libraryDiagnostics).Select(d => "+ " + d).Concat(libraryDiagnostics.Except(generatedDiagnostics).Select(d => "- " + d))));
        }

        CheckInterception(program, run);
        return (compilation, libraryImage, generatedImage, run);
    }

    /// <summary>Both builds loaded and run on every value set: their transcripts must be equal.</summary>
    private static void RunBoth(RandomProgram program, GeneratorRun run, int seed, CSharpCompilation compilation, byte[] libraryImage, byte[] generatedImage)
    {
        using (LoadedProgram library = LoadedProgram.Load(libraryImage, compilation.AssemblyName!))
        using (LoadedProgram generated = LoadedProgram.Load(generatedImage, compilation.AssemblyName!))
        {
            for (int set = 0; set < ValueSets; set++)
            {
                object[] values = Values(seed, set);
                string expected = Transcript(library, program, values);
                string actual = Transcript(generated, program, values);
                if (expected != actual)
                {
                    throw Failure(program, run, $"the transcripts differ on value set {set} ({Show(values)}):\n" + FirstDifference(expected, actual));
                }
            }
        }
    }

    private static (byte[]? Image, EmitResult Result) Emit(Compilation compilation)
    {
        using var image = new MemoryStream();
        EmitResult result = compilation.Emit(image);
        return (result.Success ? image.ToArray() : null, result);
    }

    private static string Errors(EmitResult result) => string.Join("\n", result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).Take(20));

    private static string[] Describe(IEnumerable<Diagnostic> diagnostics) =>
        [.. diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning).Select(d => d.ToString()).Order(StringComparer.Ordinal)];

    /// <summary>The calls the generator took and left are the ones its rules (the program's model of them) say.</summary>
    private static void CheckInterception(RandomProgram program, GeneratorRun run)
    {
        var declined = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (Diagnostic explanation in run.Explanations)
        {
            SyntaxNode node = explanation.Location.SourceTree!.GetRoot().FindNode(explanation.Location.SourceSpan);
            string member = node.AncestorsAndSelf().Select(MemberName).FirstOrDefault(n => n is not null && (n.StartsWith("Site", StringComparison.Ordinal) || n.StartsWith("Early", StringComparison.Ordinal)))
                ?? throw Failure(program, run, "an explanation outside every call site: " + explanation);
            declined[member] = explanation.GetMessage(CultureInfo.InvariantCulture);
        }

        var wrong = new List<string>();
        foreach ((string site, bool intercepted) in program.ExpectedInterception)
        {
            if (intercepted && declined.TryGetValue(site, out string? reason))
            {
                wrong.Add($"{site} should be intercepted, but: {reason}");
            }
            else if (!intercepted && !declined.ContainsKey(site))
            {
                wrong.Add($"{site} should be left to the library, but is intercepted");
            }
        }

        int expectedIntercepted = program.ExpectedInterception.Count(c => c.Value);
        if (wrong.Count > 0 || run.InterceptedCalls != expectedIntercepted || declined.Count != program.ExpectedInterception.Count - expectedIntercepted)
        {
            throw Failure(program, run,
                $"the generator intercepts {run.InterceptedCalls} calls and explains {declined.Count}; its rules take {expectedIntercepted} of {program.ExpectedInterception.Count}:\n" + string.Join("\n", wrong));
        }
    }

    private static string? MemberName(SyntaxNode node) => node switch
    {
        MethodDeclarationSyntax method => method.Identifier.ValueText,
        PropertyDeclarationSyntax property => property.Identifier.ValueText,
        VariableDeclaratorSyntax { Parent.Parent: FieldDeclarationSyntax } field => field.Identifier.ValueText,
        _ => null,
    };

    /// <summary>Value set <paramref name="set"/> of program <paramref name="seed"/>: texts of every char class (null,
    /// empty, whitespace, surrogates, long), Guids and integers at their edges, from the property suite's generators.</summary>
    private static object[] Values(int seed, int set)
    {
        var random = new Rnd(unchecked(((ulong)(uint)seed << 8) | (uint)set));
        string?[] texts = [.. Gen.Sample(KeyGenerators.Text, RandomProgram.Slots, random, 30)];
        Guid[] guids = [.. Gen.Sample(KeyGenerators.Guid, RandomProgram.Slots, random, 30)];
        long[] numbers = [.. Gen.Sample(KeyGenerators.Int64, RandomProgram.Slots, random, 30)];
        return [texts, guids, numbers];
    }

    private static string Show(object[] values) =>
        "texts " + string.Join(", ", ((string?[])values[0]).Select(KeyGenerators.Show))
        + "; guids " + string.Join(", ", (Guid[])values[1]) + "; numbers " + string.Join(", ", (long[])values[2]);

    /// <summary>Runs the program's Entry.Run on a thread of its own, which ends before the program is unloaded: a
    /// [ThreadStatic] field of a collectible assembly left in a long-lived thread's storage has crashed the runtime
    /// after the unload (a segmentation fault in a thread-pool worker, .NET 10.0).</summary>
    private static string Transcript(LoadedProgram loaded, RandomProgram program, object[] values)
    {
        string? transcript = null;
        Exception? failure = null;
        var thread = new Thread(() =>
        {
            try
            {
                transcript = (string)loaded.Call(program.Namespace is null ? "Entry" : program.Namespace + ".Entry", "Run", values)!;
            }
            catch (Exception e)
            {
                failure = e;
            }
        });
        thread.Start();
        thread.Join();
        return failure is null ? transcript! : throw new InvalidOperationException("Entry.Run threw", failure);
    }

    /// <summary>The first line that differs, from a little before the first char that does.</summary>
    private static string FirstDifference(string expected, string actual)
    {
        string[] expectedLines = expected.Split('\n');
        string[] actualLines = actual.Split('\n');
        for (int i = 0; i < Math.Max(expectedLines.Length, actualLines.Length); i++)
        {
            string library = i < expectedLines.Length ? expectedLines[i] : "(no line)";
            string generated = i < actualLines.Length ? actualLines[i] : "(no line)";
            if (library != generated)
            {
                int from = Math.Max(0, library.AsSpan().CommonPrefixLength(generated) - 100);
                string start = from == 0 ? string.Empty : library.Substring(0, library.IndexOf(' ', StringComparison.Ordinal) + 1) + "...";
                return "library:   " + start + Excerpt(library, from) + "\ngenerated: " + start + Excerpt(generated, from);
            }
        }

        return "(equal lines)";
    }

    private static string Excerpt(string line, int from) =>
        KeyGenerators.Show(line.Substring(Math.Min(from, line.Length), Math.Min(600, line.Length - Math.Min(from, line.Length))));

    private static Exception Failure(RandomProgram program, GeneratorRun? run, string what)
    {
        var message = new StringBuilder()
            .Append(CultureInfo.InvariantCulture, $"Program {program.Seed} (C# {program.Version}, nullable {program.Nullable}): {what}\n")
            .Append(CultureInfo.InvariantCulture, $"Rerun alone: FASTTEXT_DIFFERENTIAL_SEED={program.Seed} dotnet test tests/Generators/FastText.Generators.Tests.csproj -c Release --filter \"FullyQualifiedName~GeneratorDifferentialTests\"\n");
        for (int i = 0; i < program.Sources.Count; i++)
        {
            message.Append(CultureInfo.InvariantCulture, $"---- Source{i}.cs\n");
            string[] lines = program.Sources[i].Split('\n');
            for (int line = 0; line < lines.Length; line++)
            {
                message.Append(CultureInfo.InvariantCulture, $"{line + 1,4}: ").AppendLine(KeyGenerators.Show(lines[line]).Trim('"'));
            }
        }

        if (run is not null && run.Source.Length > 0)
        {
            message.Append("---- generated\n").Append(run.Source);
        }

        return new InvalidOperationException(message.ToString());
    }
}
