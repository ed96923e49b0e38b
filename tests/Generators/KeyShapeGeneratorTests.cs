using FastText.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace FastText.Generators.Tests;

/// <summary>
/// The KeyShape interceptor generator on sources of its own: which calls it takes, which it leaves to the library and
/// the reason it gives for each (FT0002, with FastTextExplainKeyShapes=true), and, for the calls it takes, that the
/// emitted program returns what the library returns (the differential property does that for random programs).
/// </summary>
public class KeyShapeGeneratorTests
{
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
            public static readonly KeyShape<string?, Guid, int> Uninitialized;
            public static KeyShape<string?, Guid, int> Property => CacheKey;

            static Keys()
            {
                Reassigned = WithRules;
                Uninitialized = CacheKey;
            }
        }
        """;

    private const string Calls = """
        using System;
        using FastText;
        static class Calls
        {
            static KeyShape<string?, Guid, int> LocalShape() => Keys.CacheKey;
            static string B(Guid id) => RECEIVER.Build("acme", id, 42);
            static bool C(Guid id, char[] chars) => RECEIVER.TryFormat("acme", id, 42, chars, out _);
            static bool U(Guid id, byte[] bytes) => RECEIVER.TryFormatUtf8("acme", id, 42, bytes, out _);
        }
        """;

    /// <summary>Runs the generator on <paramref name="sources"/>; checks that they compile, that the generator
    /// reports nothing but FT0002, and that its source adds no warning.</summary>
    private static GeneratorRun Generate(
        string[] sources, LanguageVersion version = LanguageVersion.Latest, ProjectProperties? properties = null,
        NullableContextOptions nullable = NullableContextOptions.Enable, string? libraryAlias = null, bool allowUnsafe = false)
    {
        CSharpCompilation compilation = InProcessCompiler.Compile(sources, version, nullable, libraryAlias, allowUnsafe);
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
        GeneratorRun run = InProcessCompiler.RunGenerator(compilation, properties);
        Assert.Empty(run.Diagnostics.Where(d => d.Id != "FT0002"));
        Assert.Empty(run.Generated.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
        return run;
    }

    private static GeneratorRun Explained(params string[] sources) => Generate(sources, properties: new ProjectProperties(explainKeyShapes: "true"));

    /// <summary>Checks that the explanation gives <paramref name="reason"/>; a failure shows the whole message.</summary>
    private static void AssertReason(string reason, Diagnostic explanation)
    {
        string message = explanation.GetMessage();
        Assert.True(message.Contains(reason, StringComparison.Ordinal), $"expected \"{reason}\" in: {message}");
    }

    [Fact]
    public void The_READMEs_cache_key_is_intercepted_for_Build_TryFormat_and_TryFormatUtf8()
    {
        GeneratorRun run = Explained(Declarations, Calls.Replace("RECEIVER", "Keys.CacheKey", StringComparison.Ordinal));
        Assert.Equal(3, run.InterceptedCalls);
        Assert.Empty(run.Explanations);
        Assert.Contains("internal static string Build_", run.Source, StringComparison.Ordinal);
        Assert.Contains("internal static bool TryFormat_", run.Source, StringComparison.Ordinal);
        Assert.Contains("internal static bool TryFormatUtf8_", run.Source, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("Keys.WithRules", "part 1 of Keys.WithRules is not KeyPart.Text with KeyTextRules.None")]
    [InlineData("Keys.WithPlaceholderFormat", "the template of Keys.WithPlaceholderFormat has a placeholder with a format")]
    [InlineData("Keys.WithIntegerFormat", "part 3 of Keys.WithIntegerFormat is not")]
    [InlineData("Keys.Reassigned", "the field Keys.Reassigned is assigned at Source0.cs(25,9)")]
    [InlineData("Keys.Mutable", "its receiver is not a static readonly field")]
    [InlineData("Keys.Copy", "the initializer of Keys.Copy is not a call of KeyShape.Format or KeyShape.Join")]
    [InlineData("Keys.Uninitialized", "the field Keys.Uninitialized has no initializer")]
    [InlineData("Keys.Property", "its receiver is not a static readonly field")]
    [InlineData("LocalShape()", "its receiver is not a static readonly field")]
    public void Shapes_the_generator_cannot_see_whole_are_left_to_the_library_with_the_reason(string receiver, string reason)
    {
        GeneratorRun run = Explained(Declarations, Calls.Replace("RECEIVER", receiver, StringComparison.Ordinal));
        Assert.Equal(string.Empty, run.Source);
        Assert.Equal(["Build", "TryFormat", "TryFormatUtf8"], run.Explanations.Select(d => d.GetMessage().Split(' ')[1]));
        Assert.All(run.Explanations, d => AssertReason(reason, d));
        Assert.All(run.Explanations, d => Assert.Equal(DiagnosticSeverity.Info, d.Severity));
    }

    [Fact]
    public void Explanations_are_off_unless_the_project_asks_for_them()
    {
        string calls = Calls.Replace("RECEIVER", "Keys.WithRules", StringComparison.Ordinal);
        Assert.Empty(Generate([Declarations, calls]).Diagnostics);
        Assert.Empty(Generate([Declarations, calls], properties: new ProjectProperties(explainKeyShapes: "false")).Diagnostics);
        Assert.Equal(3, Generate([Declarations, calls], properties: new ProjectProperties(explainKeyShapes: " True ")).Explanations.Count);
        // With the generator off nothing is intercepted, and nothing is explained either.
        Assert.Empty(Generate([Declarations, calls], properties: new ProjectProperties(interceptKeyShapes: "false", explainKeyShapes: "true")).Diagnostics);
    }

    [Fact]
    public void Nothing_is_generated_before_CSharp_12_or_when_the_project_turns_it_off()
    {
        string[] sources = [Declarations, Calls.Replace("RECEIVER", "Keys.CacheKey", StringComparison.Ordinal)];
        Assert.NotEqual(string.Empty, Generate(sources).Source);
        Assert.Equal(string.Empty, Generate(sources, LanguageVersion.CSharp11).Source);
        Assert.Equal(string.Empty, Generate(sources, properties: new ProjectProperties(interceptKeyShapes: "false")).Source);
        Assert.Equal(string.Empty, Generate(sources, properties: new ProjectProperties(interceptKeyShapes: " False ")).Source);
        Assert.NotEqual(string.Empty, Generate(sources, properties: new ProjectProperties(interceptKeyShapes: "true")).Source);
        GeneratorRun csharp11 = Generate(sources, LanguageVersion.CSharp11, new ProjectProperties(explainKeyShapes: "true"));
        Assert.Equal(3, csharp11.Explanations.Count);
        Assert.All(csharp11.Explanations, d => AssertReason("a C# version before 12", d));
    }

    [Fact]
    public void A_project_without_nullable_annotations_gets_interceptors_that_compile_without_a_warning()
    {
        // Generate checks that the compilation with the generated source has no warning; the shape's type arguments
        // are oblivious here (string, not string?), and the interceptor must match them.
        GeneratorRun run = Generate(
            [Declarations.Replace("string?", "string", StringComparison.Ordinal), Calls.Replace("RECEIVER", "Keys.CacheKey", StringComparison.Ordinal).Replace("string?", "string", StringComparison.Ordinal)],
            nullable: NullableContextOptions.Disable);
        Assert.Equal(3, run.InterceptedCalls);
    }

    [Fact]
    public void A_library_referenced_under_an_extern_alias_only_is_left_to_itself()
    {
        // The generated code names global::FastText: a copy of the library under an alias (as the benchmarks reference
        // the netstandard2.0 build) is another type that code cannot name.
        GeneratorRun run = Generate(
            [
                """
                extern alias lib;
                public static class Keys
                {
                    public static readonly lib::FastText.KeyShape<string?, System.Guid, int> CacheKey = lib::FastText.KeyShape.Format(
                        "tenant:{0}:user:{1}:v{2}", lib::FastText.KeyPart.Text("tenantId", lib::FastText.KeyTextRules.None),
                        lib::FastText.KeyPart.Guid("userId", "N"), lib::FastText.KeyPart.Int32("version"));
                }
                """,
                """
                static class Calls
                {
                    static string B(System.Guid id) => Keys.CacheKey.Build("acme", id, 42);
                }
                """,
            ],
            properties: new ProjectProperties(explainKeyShapes: "true"),
            libraryAlias: "lib");
        Assert.Equal(string.Empty, run.Source);
        AssertReason("extern alias", Assert.Single(run.Explanations));
    }

    private const string OneShape = """
        using System;
        using System.Runtime.CompilerServices;
        using System.Threading;
        using FastText;

        public static partial class Keys
        {
            public static readonly KeyShape<int> Shape = KeyShape.Format("shape:{0}", KeyPart.Int32("n"));
            public static readonly KeyShape<int> Other = KeyShape.Format("OTHER:{0}", KeyPart.Int32("n"));
        }

        public static class Calls
        {
            public static string Run() => Keys.Shape.Build(7);
        }
        """;

    /// <summary>Every way C# has to write a static readonly field, or to take it by reference (which can be written
    /// through), rules the field out; "USE" is where the reason says the field is used.</summary>
    [Theory]
    [InlineData("assigned", "static Keys() => USE = Other;")]
    [InlineData("assigned", "static Keys() { (USE) = Other; }")]
    [InlineData("assigned by a deconstruction", "static Keys() { (USE, _) = (Other, 0); }")]
    [InlineData("assigned by a deconstruction", "static Keys() { ((USE, _), _) = ((Other, 0), 1); }")]
    [InlineData("assigned by a deconstruction", "static Keys() { (USE, var unused) = (Other, 0); }")]
    [InlineData("taken by reference", "static Keys() { ref var slot = ref USE; slot = Other; }")]
    [InlineData("taken by reference", "static Keys() { ref readonly var slot = ref USE; }")]
    [InlineData("taken by reference", "static Keys() { bool pick = true; ref var slot = ref pick ? ref USE : ref Other; slot = Other; }")]
    [InlineData("taken by reference", "private static ref readonly KeyShape<int> Slot() => ref USE;")]
    [InlineData("taken by reference", "private static ref readonly KeyShape<int> Slot() { return ref USE; }")]
    [InlineData("assigned", "static Keys() { USE ??= Other; }")]
    [InlineData("passed by reference", "static Keys() { Init(out USE); } private static void Init(out KeyShape<int> shape) => shape = Other;")]
    [InlineData("passed by reference", "static Keys() { Init(ref USE); } private static void Init(ref KeyShape<int> shape) => shape = Other;")]
    [InlineData("passed by reference", "static Keys() { Interlocked.Exchange(ref USE, Other); }")]
    [InlineData("passed by reference", "static Keys() { Volatile.Write(ref USE, Other); }")]
    [InlineData("passed by reference", "public static void Later() => Unsafe.AsRef(in USE) = Other;")]
    [InlineData("passed by reference", "public static void Later() => Writable(USE) = Other; private static ref T Writable<T>(in T value) => ref Unsafe.AsRef(in value);")]
    [InlineData("passed by reference", "public static void Later() => Writable(in USE) = Other; private static ref T Writable<T>(ref readonly T value) => ref Unsafe.AsRef(in value);")]
    [InlineData("passed by reference to an operator", "public static Box Later() => USE + new Box(); public sealed class Box { public static Box operator +(in KeyShape<int> shape, Box box) => box; }")]
    [InlineData("taken by reference (__makeref)", "static Keys() { TypedReference slot = __makeref(USE); __refvalue(slot, KeyShape<int>) = Other; }")]
    [InlineData("its address taken", "static unsafe Keys() { fixed (KeyShape<int>* slot = &USE) { *slot = Other; } }")]
    [InlineData("assigned", "public static readonly bool Done = (USE = Other) is not null;")]
    public void Any_write_or_reference_to_the_field_rules_it_out(string use, string member)
    {
        string declarations = OneShape.Replace("public static readonly KeyShape<int> Other", member.Replace("USE", "Shape", StringComparison.Ordinal) + "\n    public static readonly KeyShape<int> Other", StringComparison.Ordinal);
        CSharpCompilation compilation = InProcessCompiler.Compile([declarations], allowUnsafe: true);
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        GeneratorRun run = InProcessCompiler.RunGenerator(compilation, new ProjectProperties(explainKeyShapes: "true"));
        Assert.Equal(string.Empty, run.Source);
        AssertReason($"the field Keys.Shape is {use} at Source0.cs(", Assert.Single(run.Explanations));
    }

    /// <summary>Reads of every kind, the field's name, and another field's writes leave the field interceptable.</summary>
    [Theory]
    [InlineData("public static readonly object Alias = Shape;")]
    [InlineData("public static readonly string Name = nameof(Shape) + nameof(Keys.Shape);")]
    [InlineData("public static bool Missing() => Shape is null || Shape == null || (Shape) is { } && Keys.Shape?.ToString() is null;")]
    [InlineData("public static void Keep() => GC.KeepAlive(Shape);")]
    [InlineData("public static void Keep() => GC.KeepAlive(Shape!);")]
    [InlineData("public static Func<int, string> Method() => Shape.Build;")]
    [InlineData("public static string Text() => $\"{Shape}\";")]
    [InlineData("public static (KeyShape<int>, int) Pair() { var (a, b) = (Shape, 1); return (a, b); }")]
    [InlineData("public static KeyShape<int> Pick(bool first) => first ? Shape : Other;")]
    [InlineData("public static KeyShape<int>[] Both() => [Shape, Other];")]
    [InlineData("static Keys() { Other = Shape; (Other, _) = (Shape, 0); Interlocked.Exchange(ref Other, Shape); }")]
    [InlineData("public static void Local() { KeyShape<int> Shape = Other; Shape = Other; GC.KeepAlive(Shape); }")]
    public void Reading_the_field_leaves_it_interceptable(string member)
    {
        string declarations = OneShape.Replace("public static readonly KeyShape<int> Other", member + "\n    public static readonly KeyShape<int> Other", StringComparison.Ordinal);
        GeneratorRun run = Explained(declarations);
        Assert.Empty(run.Explanations);
        Assert.Equal(1, run.InterceptedCalls);
    }

    [Fact]
    public void A_write_in_another_file_of_a_partial_type_rules_the_field_out()
    {
        GeneratorRun run = Explained(OneShape, "public static partial class Keys { static Keys() => (Shape, _) = (Other, 1); }");
        AssertReason("the field Keys.Shape is assigned by a deconstruction at Source1.cs(1,54)", Assert.Single(run.Explanations));
    }

    /// <summary>The library's results, then the generated code's, of <paramref name="call"/> in a program around
    /// <paramref name="declarations"/>: each is built, emitted and run.</summary>
    private static (string Library, string Generated) RunBoth(string declarations, string call, int interceptedCalls, string helpers = "")
    {
        string program = declarations + $$"""

            public static class Entry
            {
                public static string Run()
                {
                    try
                    {
                        return {{call}};
                    }
                    catch (Exception e)
                    {
                        return e.GetType().Name + ": " + e.Message;
                    }
                }

            {{helpers}}
            }
            """;
        CSharpCompilation compilation = InProcessCompiler.Compile([program]);
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        GeneratorRun run = InProcessCompiler.RunGenerator(compilation);
        // The generated code adds no diagnostic (the sources may have warnings of their own: a field read before its
        // initializer is "possibly null").
        Assert.Equal(
            compilation.GetDiagnostics().Select(d => d.ToString()),
            run.Generated.GetDiagnostics().Select(d => d.ToString()));
        Assert.Equal(interceptedCalls, run.InterceptedCalls);
        string Result(Compilation built)
        {
            using LoadedProgram loaded = LoadedProgram.Load(built, out string errors) ?? throw new InvalidOperationException(errors);
            return (string)loaded.Call("Entry", "Run")!;
        }

        return (Result(compilation), Result(run.Generated));
    }

    [Theory]
    [InlineData("KeyShape.Join(\"/\", part2: KeyPart.Guid(\"b\", \"N\"), part1: KeyPart.Guid(\"a\", \"B\"))", "Guid, Guid", "Keys.A, Keys.B")]
    [InlineData("KeyShape.Join(part2: KeyPart.Int32(\"n\"), separator: \":\", part1: KeyPart.Text(\"t\", KeyTextRules.None))", "string?, int", "\"text\", 42")]
    [InlineData("KeyShape.Format(part3: KeyPart.Int64(\"c\"), part1: KeyPart.Guid(format: \"x\", name: \"a\"), template: \"{0}|{1}|{2}\", part2: KeyPart.Text(rules: KeyTextRules.None, name: \"b\"))", "Guid, string?, long", "Keys.A, \"b\", -3L")]
    [InlineData("KeyShape.Join(suffix: \"}\", prefix: \"{\", part1: KeyPart.Int32(\"a\"), part2: KeyPart.Int64(\"b\"), separator: \"}{\")", "int, long", "1, 2L")]
    public void Named_arguments_in_any_order_give_the_parts_in_parameter_order(string factory, string types, string values)
    {
        string declarations = $$"""
            using System;
            using System.Text;
            using FastText;

            public static class Keys
            {
                public static readonly Guid A = new("0f8fad5b-d9cb-469f-a165-70867728950e");
                public static readonly Guid B = new("7c9e6679-7425-40de-944b-e07fc1f90ae7");
                public static readonly KeyShape<{{types}}> Shape = {{factory}};
            }
            """;
        string helpers = $$"""
                private static string Chars()
                {
                    Span<char> chars = stackalloc char[200];
                    return Keys.Shape.TryFormat({{values}}, chars, out int written) ? chars.Slice(0, written).ToString() : "false";
                }

                private static string Bytes()
                {
                    Span<byte> bytes = stackalloc byte[200];
                    return Keys.Shape.TryFormatUtf8({{values}}, bytes, out int written) ? Encoding.UTF8.GetString(bytes.Slice(0, written)) : "false";
                }
            """;
        (string library, string generated) = RunBoth(declarations, $"Keys.Shape.Build({values}) + \" \" + Chars() + \" \" + Bytes()", interceptedCalls: 3, helpers);
        Assert.Equal(library, generated);
    }

    [Fact]
    public void A_template_with_escaped_braces_is_intercepted_and_writes_the_braces_once()
    {
        const string declarations = """
            using System;
            using FastText;

            public static class Keys
            {
                public static readonly KeyShape<int, string?> Shape = KeyShape.Format("{{{0}}}}}{{:{1}{{", KeyPart.Int32("n"), KeyPart.Text("t", KeyTextRules.None));
            }
            """;
        (string library, string generated) = RunBoth(declarations, "Keys.Shape.Build(5, \"x\")", interceptedCalls: 1);
        Assert.Equal("{5}}{:x{", library);
        Assert.Equal(library, generated);
    }

    /// <summary>A field read before its initializer ran, or a [ThreadStatic] field on a thread that did not run it,
    /// is null: the generated code throws what the library's call throws.</summary>
    [Theory]
    [InlineData("Keys.Early")]
    [InlineData("Keys.OnAnotherThread()")]
    public void A_null_receiver_throws_NullReferenceException_as_the_library_call_does(string call)
    {
        const string declarations = """
            using System;
            using System.Threading;
            using FastText;

            public static class Keys
            {
                public static readonly string Early = Try(() => Shape.Build(7));
                public static readonly KeyShape<int> Shape = KeyShape.Format("shape:{0}", KeyPart.Int32("n"));

                [ThreadStatic]
                public static readonly KeyShape<int> PerThread = KeyShape.Format("thread:{0}", KeyPart.Int32("n"));

                public static string OnAnotherThread()
                {
                    string result = Try(() => PerThread.Build(7));
                    var thread = new Thread(() => result += " | " + Try(() => PerThread.Build(7)));
                    thread.Start();
                    thread.Join();
                    return result;
                }

                private static string Try(Func<string> call)
                {
                    try
                    {
                        return call();
                    }
                    catch (Exception e)
                    {
                        return e.GetType().Name;
                    }
                }
            }
            """;
        (string library, string generated) = RunBoth(declarations, call, interceptedCalls: 3);
        Assert.Contains("NullReferenceException", library, StringComparison.Ordinal);
        Assert.Equal(library, generated);
    }

    [Fact]
    public void A_conditional_call_is_left_to_the_library_with_the_reason()
    {
        GeneratorRun run = Explained(OneShape.Replace("Keys.Shape.Build(7)", "Keys.Shape?.Build(7) ?? \"\"", StringComparison.Ordinal));
        Assert.Equal(string.Empty, run.Source);
        AssertReason("its receiver is not a static readonly field", Assert.Single(run.Explanations));
    }

    [Fact]
    public void TryFormatUtf8_of_a_shape_whose_pieces_could_split_a_surrogate_pair_is_left_to_the_library_with_the_reason()
    {
        const string touching = """
            using FastText;
            public static class Keys
            {
                public static readonly KeyShape<string?, string?> Shape = KeyShape.Format("{0}{1}", KeyPart.Text("a", KeyTextRules.None), KeyPart.Text("b", KeyTextRules.None));
                public static bool U(byte[] bytes) => Shape.TryFormatUtf8("a", "b", bytes, out _);
                public static string B() => Shape.Build("a", "b");
            }
            """;
        GeneratorRun run = Explained(touching);
        Assert.Equal(1, run.InterceptedCalls);
        Diagnostic explanation = Assert.Single(run.Explanations);
        AssertReason("This TryFormatUtf8 call", explanation);
        AssertReason("two text parts touch", explanation);
    }
}
