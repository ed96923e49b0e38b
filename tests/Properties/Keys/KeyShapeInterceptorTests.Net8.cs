using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Text;
using FastText.Generators;
using FastText.Tests.Infrastructure;
using FsCheck;
using FsCheck.Fluent;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace FastText.Tests.Keys;

/// <summary>
/// The KeyShape interceptor generator (src/FastText.Generators), twice over: this project's own calls of interceptable
/// shapes are intercepted (the project references the generator as the package does), and each is compared with the
/// library's method reached through a method group, which the compiler never intercepts; and the generator is run on
/// sources of its own to pin down which calls it takes and which it leaves to the library.
/// </summary>
public class KeyShapeInterceptorTests
{
    // Interceptable: the README's cache key; a Join with prefix and suffix; two text parts that touch, with a surrogate
    // pair right after them (Build is intercepted, TryFormatUtf8 left to the library: a pair could span the pieces).
    private static readonly KeyShape<string?, Guid, int> CacheKey = KeyShape.Format(
        "tenant:{0}:user:{1}:v{2}", KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));

    private static readonly KeyShape<long, Guid, string?> Joined = KeyShape.Join(
        "/", KeyPart.Int64("n"), KeyPart.Guid("id", "b"), KeyPart.Text("t", KeyTextRules.None), prefix: "p\u00E9:", suffix: ".json");

    private static readonly KeyShape<string?, string?> Touching = KeyShape.Format(
        "{0}{1}\uD83D\uDE00", KeyPart.Text("a", KeyTextRules.None), KeyPart.Text("b", KeyTextRules.None));

    private delegate bool TryFormatUtf8<T1, T2, T3>(T1 value1, T2 value2, T3 value3, Span<byte> destination, out int bytesWritten);

    private delegate bool TryFormatChars<T1, T2, T3>(T1 value1, T2 value2, T3 value3, Span<char> destination, out int charsWritten);

    private delegate bool TryFormatChars<T1, T2>(T1 value1, T2 value2, Span<char> destination, out int charsWritten);

    /// <summary>Generated values for every shape above.</summary>
    public static class Inputs
    {
        public static Arbitrary<(string? Text, string? Other, Guid Id, long Number)> Input() =>
            (from text in KeyGenerators.Text
             from other in KeyGenerators.Text
             from id in KeyGenerators.Guid
             from number in KeyGenerators.Int64
             select (text, other, id, number)).ToArbitrary();
    }

    [FastTextProperty(Arbitrary = [typeof(Inputs)])]
    public void Intercepted_Build_returns_what_the_library_returns((string? Text, string? Other, Guid Id, long Number) v)
    {
        Func<string?, Guid, int, string> cacheKey = CacheKey.Build;
        Func<long, Guid, string?, string> joined = Joined.Build;
        Func<string?, string?, string> touching = Touching.Build;

        Assert.Equal(cacheKey(v.Text, v.Id, (int)v.Number), CacheKey.Build(v.Text, v.Id, (int)v.Number));
        Assert.Equal(joined(v.Number, v.Id, v.Text), Joined.Build(v.Number, v.Id, v.Text));
        Assert.Equal(touching(v.Text, v.Other), Touching.Build(v.Text, v.Other));
    }

    [FastTextProperty(Arbitrary = [typeof(Inputs)])]
    public void Intercepted_TryFormatUtf8_writes_what_the_library_writes_at_every_destination_length((string? Text, string? Other, Guid Id, long Number) v)
    {
        TryFormatUtf8<string?, Guid, int> cacheKey = CacheKey.TryFormatUtf8;
        TryFormatUtf8<long, Guid, string?> joined = Joined.TryFormatUtf8;
        int needed = Encoding.UTF8.GetByteCount(CacheKey.Build(v.Text, v.Id, (int)v.Number));
        for (int length = 0; length <= needed + 1; length++)
        {
            byte[] expected = new byte[length];
            byte[] actual = new byte[length];
            bool expectedResult = cacheKey(v.Text, v.Id, (int)v.Number, expected, out int expectedWritten);
            bool actualResult = CacheKey.TryFormatUtf8(v.Text, v.Id, (int)v.Number, actual, out int actualWritten);
            Assert.Equal((expectedResult, expectedWritten), (actualResult, actualWritten));
            if (expectedResult)
            {
                Assert.Equal(expected, actual);
            }
        }

        needed = Encoding.UTF8.GetByteCount(Joined.Build(v.Number, v.Id, v.Text));
        foreach (int length in new[] { 0, needed - 1, needed, needed + 7 })
        {
            if (length < 0)
            {
                continue;
            }

            byte[] expected = new byte[length];
            byte[] actual = new byte[length];
            bool expectedResult = joined(v.Number, v.Id, v.Text, expected, out int expectedWritten);
            Assert.Equal((expectedResult, expectedWritten), (Joined.TryFormatUtf8(v.Number, v.Id, v.Text, actual, out int actualWritten), actualWritten));
            if (expectedResult)
            {
                // A destination too short may hold partial output, of any length: only a success is compared byte for byte.
                Assert.Equal(expected, actual);
            }
        }
    }

    [FastTextProperty(Arbitrary = [typeof(Inputs)])]
    public void Intercepted_TryFormat_writes_what_the_library_writes_at_every_destination_length((string? Text, string? Other, Guid Id, long Number) v)
    {
        TryFormatChars<string?, Guid, int> cacheKey = CacheKey.TryFormat;
        TryFormatChars<long, Guid, string?> joined = Joined.TryFormat;
        TryFormatChars<string?, string?> touching = Touching.TryFormat;
        int needed = CacheKey.Build(v.Text, v.Id, (int)v.Number).Length;
        for (int length = 0; length <= needed + 1; length++)
        {
            // Both destinations start alike, so "nothing written" on failure is compared too.
            char[] expected = Enumerable.Repeat('#', length).ToArray();
            char[] actual = Enumerable.Repeat('#', length).ToArray();
            bool expectedResult = cacheKey(v.Text, v.Id, (int)v.Number, expected, out int expectedWritten);
            bool actualResult = CacheKey.TryFormat(v.Text, v.Id, (int)v.Number, actual, out int actualWritten);
            Assert.Equal((expectedResult, expectedWritten), (actualResult, actualWritten));
            Assert.Equal(new string(expected), new string(actual));
        }

        needed = Joined.Build(v.Number, v.Id, v.Text).Length;
        foreach (int length in new[] { 0, needed - 1, needed, needed + 7 })
        {
            if (length < 0)
            {
                continue;
            }

            char[] expected = Enumerable.Repeat('#', length).ToArray();
            char[] actual = Enumerable.Repeat('#', length).ToArray();
            bool expectedResult = joined(v.Number, v.Id, v.Text, expected, out int expectedWritten);
            Assert.Equal((expectedResult, expectedWritten), (Joined.TryFormat(v.Number, v.Id, v.Text, actual, out int actualWritten), actualWritten));
            Assert.Equal(new string(expected), new string(actual));
        }

        needed = Touching.Build(v.Text, v.Other).Length;
        foreach (int length in new[] { needed - 1, needed })
        {
            if (length < 0)
            {
                continue;
            }

            char[] expected = new char[length];
            char[] actual = new char[length];
            bool expectedResult = touching(v.Text, v.Other, expected, out int expectedWritten);
            Assert.Equal((expectedResult, expectedWritten), (Touching.TryFormat(v.Text, v.Other, actual, out int actualWritten), actualWritten));
            Assert.Equal(new string(expected), new string(actual));
        }
    }

    [Fact]
    public void This_projects_calls_were_intercepted()
    {
        // The generated class is file-local: its metadata name is the file's marker, then "__KeyShapeInterceptors".
        Type interceptors = typeof(KeyShapeInterceptorTests).Assembly.GetTypes().Single(t => t.Name.EndsWith("__KeyShapeInterceptors", StringComparison.Ordinal));
        string[] methods = interceptors.GetMethods(System.Reflection.BindingFlags.Static | System.Reflection.BindingFlags.NonPublic)
            .Where(m => m.Name.Contains('_', StringComparison.Ordinal))
            .Select(m => m.Name.Substring(0, m.Name.IndexOf('_', StringComparison.Ordinal)) + ":" + m.GetParameters()[0].ParameterType.Name + string.Join(",", m.GetParameters()[0].ParameterType.GenericTypeArguments.Select(a => a.Name)))
            .ToArray();
        Assert.Contains("Build:KeyShape`3String,Guid,Int32", methods);
        Assert.Contains("TryFormatUtf8:KeyShape`3String,Guid,Int32", methods);
        Assert.Contains("Build:KeyShape`3Int64,Guid,String", methods);
        Assert.Contains("TryFormatUtf8:KeyShape`3Int64,Guid,String", methods);
        Assert.Contains("Build:KeyShape`2String,String", methods);
        Assert.Contains("TryFormat:KeyShape`3String,Guid,Int32", methods);
        Assert.Contains("TryFormat:KeyShape`3Int64,Guid,String", methods);
        Assert.Contains("TryFormat:KeyShape`2String,String", methods);
        Assert.DoesNotContain("TryFormatUtf8:KeyShape`2String,String", methods);
    }

    private const string Declarations = """
        using System;
        using FastText;

        public static partial class Keys
        {
            private static readonly KeyTextRules Rules = KeyTextRules.None.ToLowerInvariant();
            public static readonly KeyShape<string?, Guid, int> CacheKey = KeyShape.Format(
                "tenant:{0}:user:{1}:v{2}", KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));
            public static readonly KeyShape<string?, Guid, int> WithRules = KeyShape.Format(
                "tenant:{0}:user:{1}:v{2}", KeyPart.Text("tenantId", Rules), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));
            public static readonly KeyShape<string?, Guid, int> WithPlaceholderFormat = KeyShape.Format(
                "tenant:{0}:user:{1:D}:v{2}", KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));
            public static readonly KeyShape<string?, Guid, int> WithIntegerFormat = KeyShape.Format(
                "tenant:{0}:user:{1}:v{2}", KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version", "D8"));
            public static readonly KeyShape<string?, Guid, int> Reassigned = KeyShape.Format(
                "tenant:{0}:user:{1}:v{2}", KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));
            public static KeyShape<string?, Guid, int> Mutable = KeyShape.Format(
                "tenant:{0}:user:{1}:v{2}", KeyPart.Text("tenantId", KeyTextRules.None), KeyPart.Guid("userId", "N"), KeyPart.Int32("version"));
            public static readonly KeyShape<string?, Guid, int> Copy = CacheKey;

            static Keys() => Reassigned = WithRules;
        }
        """;

    /// <summary>Runs the generator on <see cref="Declarations"/> and <paramref name="calls"/>; returns the generated
    /// source (empty when it wrote none) after checking the result compiles with interceptors on.</summary>
    private static string Generate(
        string calls, LanguageVersion version = LanguageVersion.Latest, string? interceptKeyShapes = null, string declarations = Declarations, string? alias = null,
        NullableContextOptions nullable = NullableContextOptions.Enable)
    {
        var options = CSharpParseOptions.Default.WithLanguageVersion(version)
            .WithFeatures([new KeyValuePair<string, string>("InterceptorsNamespaces", "FastText.Generated")]);
        SyntaxTree[] trees = [CSharpSyntaxTree.ParseText(declarations, options), CSharpSyntaxTree.ParseText(calls, options)];
        var library = new MetadataReferenceProperties(aliases: alias is null ? default : [alias]);
        IEnumerable<MetadataReference> references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
            .Split(Path.PathSeparator)
            .Where(path => !Path.GetFileName(path).StartsWith("FastText", StringComparison.Ordinal))
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .Append(MetadataReference.CreateFromFile(typeof(KeyShape).Assembly.Location, library));
        CSharpCompilation compilation = CSharpCompilation.Create(
            "Interception", trees, references, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: nullable));
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));

        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            [new KeyShapeInterceptorGenerator().AsSourceGenerator()], parseOptions: options, optionsProvider: new ProjectProperties(interceptKeyShapes));
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out Compilation generated, out ImmutableArray<Diagnostic> generatorDiagnostics);
        Assert.Empty(generatorDiagnostics);
        Assert.Empty(generated.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
        return string.Concat(driver.GetRunResult().GeneratedTrees.Select(t => t.ToString()));
    }

    /// <summary>The call sites the generated source intercepts.</summary>
    private static int CallSites(string generated) =>
        generated.Split('\n').Count(line => line.Contains("InterceptsLocationAttribute(1,", StringComparison.Ordinal));

    [Fact]
    public void The_READMEs_cache_key_is_intercepted_for_Build_and_TryFormatUtf8()
    {
        string generated = Generate("""
            using System;
            using FastText;
            static class Calls
            {
                static string B(Guid id) => Keys.CacheKey.Build("acme", id, 42);
                static string B2(Guid id) => Keys.CacheKey.Build("other", id, 7);
                static bool U(Guid id, byte[] bytes) => Keys.CacheKey.TryFormatUtf8("acme", id, 42, bytes, out _);
            }
            """);
        Assert.Equal(3, CallSites(generated));
        Assert.Contains("internal static string Build_0(", generated, StringComparison.Ordinal);
        Assert.Contains("internal static bool TryFormatUtf8_1(", generated, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("Keys.WithRules")]
    [InlineData("Keys.WithPlaceholderFormat")]
    [InlineData("Keys.WithIntegerFormat")]
    [InlineData("Keys.Reassigned")]
    [InlineData("Keys.Mutable")]
    [InlineData("Keys.Copy")]
    [InlineData("LocalShape()")]
    public void Shapes_the_generator_cannot_see_whole_are_left_to_the_library(string receiver)
    {
        string generated = Generate($$"""
            using System;
            using FastText;
            static class Calls
            {
                static KeyShape<string?, Guid, int> LocalShape() => Keys.CacheKey;
                static string B(Guid id) => {{receiver}}.Build("acme", id, 42);
                static bool U(Guid id, byte[] bytes) => {{receiver}}.TryFormatUtf8("acme", id, 42, bytes, out _);
            }
            """);
        Assert.Equal(string.Empty, generated);
    }

    [Fact]
    public void Nothing_is_generated_before_CSharp_12_or_when_the_project_turns_it_off()
    {
        const string calls = """
            using System;
            using FastText;
            static class Calls
            {
                static string B(Guid id) => Keys.CacheKey.Build("acme", id, 42);
            }
            """;
        Assert.NotEqual(string.Empty, Generate(calls));
        Assert.Equal(string.Empty, Generate(calls, LanguageVersion.CSharp11));
        Assert.Equal(string.Empty, Generate(calls, interceptKeyShapes: "false"));
        Assert.Equal(string.Empty, Generate(calls, interceptKeyShapes: " False "));
        Assert.NotEqual(string.Empty, Generate(calls, interceptKeyShapes: "true"));
    }

    [Fact]
    public void A_project_without_nullable_annotations_gets_interceptors_that_compile_without_a_warning()
    {
        // Generate checks that the compilation with the generated source has no warning; the shape's type arguments
        // are oblivious here (string, not string?), and the interceptor must match them.
        string generated = Generate(
            """
            using System;
            using FastText;
            static class Calls
            {
                static string B(Guid id) => Keys.CacheKey.Build("acme", id, 42);
                static bool U(Guid id, byte[] bytes) => Keys.CacheKey.TryFormatUtf8("acme", id, 42, bytes, out _);
            }
            """,
            declarations: Declarations.Replace("string?", "string", StringComparison.Ordinal),
            nullable: NullableContextOptions.Disable);
        Assert.Equal(2, CallSites(generated));
    }

    [Fact]
    public void A_library_referenced_under_an_extern_alias_only_is_left_to_itself()
    {
        // The generated code names global::FastText: a copy of the library under an alias (as the benchmarks reference
        // the netstandard2.0 build) is another type that code cannot name.
        string generated = Generate(
            """
            extern alias lib;
            static class Calls
            {
                static string B(System.Guid id) => Keys.CacheKey.Build("acme", id, 42);
            }
            """,
            declarations: """
            extern alias lib;
            public static class Keys
            {
                public static readonly lib::FastText.KeyShape<string?, System.Guid, int> CacheKey = lib::FastText.KeyShape.Format(
                    "tenant:{0}:user:{1}:v{2}", lib::FastText.KeyPart.Text("tenantId", lib::FastText.KeyTextRules.None),
                    lib::FastText.KeyPart.Guid("userId", "N"), lib::FastText.KeyPart.Int32("version"));
            }
            """,
            alias: "lib");
        Assert.Equal(string.Empty, generated);
    }

    /// <summary>The MSBuild properties a project makes visible to the compiler (build_property.*).</summary>
    private sealed class ProjectProperties(string? interceptKeyShapes) : AnalyzerConfigOptionsProvider
    {
        public override AnalyzerConfigOptions GlobalOptions { get; } = new Options(interceptKeyShapes);

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => new Options(null);

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => new Options(null);

        private sealed class Options(string? interceptKeyShapes) : AnalyzerConfigOptions
        {
            public override bool TryGetValue(string key, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? value)
            {
                value = key == "build_property.FastTextInterceptKeyShapes" ? interceptKeyShapes : null;
                return value is not null;
            }
        }
    }
}
