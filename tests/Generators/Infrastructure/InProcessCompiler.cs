using System.Collections.Immutable;
using System.IO;
using FastText.Generators;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace FastText.Generators.Tests.Infrastructure;

/// <summary>
/// Compiles C# sources in-process against the real FastText assembly (the library's net8.0 build this project
/// references) and the runtime's assemblies, and runs the KeyShape interceptor generator on them as the package
/// does in a user's project. The references are read once and shared by every compilation, so a small program costs
/// only its own binding and emit.
/// </summary>
internal static class InProcessCompiler
{
    /// <summary>The runtime's assemblies a program here uses (System.Runtime and what it forwards to, threads,
    /// memory, Unsafe), then the library: fewer references bind faster, for every compilation.</summary>
    private static readonly ImmutableArray<MetadataReference> RuntimeReferences =
        ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
            .Split(Path.PathSeparator)
            .Where(path => Path.GetFileNameWithoutExtension(path) is "System.Private.CoreLib" or "System.Runtime" or "System.Memory" or "System.Threading"
                or "System.Threading.Thread" or "System.Runtime.InteropServices" or "System.Collections" or "System.Text.Encoding.Extensions"
                or "System.Runtime.CompilerServices.Unsafe" or "System.Linq" or "System.Console" or "netstandard")
            .OrderBy(path => path, StringComparer.Ordinal)
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .ToImmutableArray();

    private static readonly MetadataReference Library = MetadataReference.CreateFromFile(typeof(KeyShape).Assembly.Location);

    /// <summary>The parse options of a project on <paramref name="version"/> that lists the generator's namespace in
    /// InterceptorsNamespaces, as the package's build props do.</summary>
    public static CSharpParseOptions ParseOptions(LanguageVersion version) =>
        CSharpParseOptions.Default.WithLanguageVersion(version)
            .WithFeatures([new KeyValuePair<string, string>("InterceptorsNamespaces", "FastText.Generated")]);

    /// <summary>A library compilation of <paramref name="sources"/> (one tree each, named Source0.cs, Source1.cs, ...).</summary>
    /// <param name="libraryAlias">An extern alias to reference the library under, instead of global.</param>
    /// <param name="references">More references than the runtime's and the library.</param>
    public static CSharpCompilation Compile(
        IEnumerable<string> sources, LanguageVersion version = LanguageVersion.Latest, NullableContextOptions nullable = NullableContextOptions.Enable,
        string? libraryAlias = null, bool allowUnsafe = false, string assemblyName = "Interception", IEnumerable<MetadataReference>? references = null)
    {
        CSharpParseOptions options = ParseOptions(version);
        SyntaxTree[] trees = sources.Select((source, i) => CSharpSyntaxTree.ParseText(source, options, path: $"Source{i}.cs")).ToArray();
        MetadataReference library = libraryAlias is null ? Library : Library.WithAliases([libraryAlias]);
        return CSharpCompilation.Create(
            assemblyName, trees, RuntimeReferences.Add(library).AddRange(references ?? []),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: nullable, allowUnsafe: allowUnsafe,
                concurrentBuild: false, deterministic: true));
    }

    /// <summary>Runs the generator on <paramref name="compilation"/> with the given MSBuild properties.</summary>
    public static GeneratorRun RunGenerator(CSharpCompilation compilation, ProjectProperties? properties = null)
    {
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            [new KeyShapeInterceptorGenerator().AsSourceGenerator()],
            parseOptions: (CSharpParseOptions)compilation.SyntaxTrees.First().Options,
            optionsProvider: properties ?? new ProjectProperties());
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation generated, out ImmutableArray<Diagnostic> diagnostics);
        string source = string.Concat(driver.GetRunResult().GeneratedTrees.Select(t => t.ToString()));
        return new GeneratorRun(compilation, generated, diagnostics, source);
    }
}

/// <summary>A compilation before and after the generator ran, what the generator reported and the source it added
/// (empty when it added none).</summary>
internal sealed record GeneratorRun(Compilation Original, Compilation Generated, ImmutableArray<Diagnostic> Diagnostics, string Source)
{
    /// <summary>The call sites the generated source intercepts.</summary>
    public int InterceptedCalls => Source.Split('\n').Count(line => line.Contains("InterceptsLocationAttribute(1,", StringComparison.Ordinal));

    /// <summary>The FT0002 explanations, as "line: message" (1-based line of the call's method name).</summary>
    public IReadOnlyList<Diagnostic> Explanations => Diagnostics.Where(d => d.Id == "FT0002").ToList();
}
