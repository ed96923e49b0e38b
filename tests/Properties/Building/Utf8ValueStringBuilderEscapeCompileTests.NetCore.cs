using System.Collections.Immutable;
using System.IO;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// The UTF-8 builder's copy of ValueStringBuilderEscapeCompileTests. Compile-fail tests: Roslyn (Microsoft.CodeAnalysis.CSharp 4.14, C# 12 ref-safety rules) compiles attempts to
/// let an interpolated-string handler outlive its builder or its builder's buffer against the FastText assembly
/// these tests run on (the net8.0 or the netstandard2.0 build), and must refuse each with the listed diagnostics.
/// Before the handler took its builder by unscoped <c>in</c> reference, every one of these compiled and wrote into
/// a dead stack frame. The positive control proves the harness compiles legal uses of the same API.
/// </summary>
public class Utf8ValueStringBuilderEscapeCompileTests
{
    private const string Create = "Cannot use a result of 'Utf8ValueStringBuilder.AppendInterpolatedStringHandler.AppendInterpolatedStringHandler(int, int, in Utf8ValueStringBuilder)'";

    public static TheoryData<string, string[]> EscapeAttempts => new()
    {
        // Return a handler over a stackalloc builder: its buffer and the builder die with the frame.
        { "static H M() { var b = new Utf8ValueStringBuilder(stackalloc byte[8]); return new H(0, 0, in b); }", new[] { "CS8352", "CS8347" } },
        // The same over a heap buffer: the builder variable itself (which the handler reads) dies with the frame.
        { "static H M() { var b = new Utf8ValueStringBuilder(new byte[8]); return new H(0, 0, in b); }", new[] { "CS8168", "CS8347" } },
        // Through a local: the handler local is as short-lived as the builder.
        { "static H M() { Span<byte> s = stackalloc byte[8]; var b = new Utf8ValueStringBuilder(s); var h = new H(0, 0, in b); return h; }", new[] { "CS8352" } },
        // Store it into a caller's handler.
        { "static void M(ref H outer) { var b = new Utf8ValueStringBuilder(stackalloc byte[8]); outer = new H(0, 0, in b); }", new[] { "CS8352", "CS8347" } },
        // Over a by-value builder parameter (a copy living in this frame).
        { "static H M(Utf8ValueStringBuilder b) => new H(0, 0, in b);", new[] { "CS8166", "CS8347" } },
        // Over a scoped ref parameter.
        { "static H M(scoped ref Utf8ValueStringBuilder b) => new H(0, 0, in b);", new[] { "CS9075", "CS8347" } },
        // Into a caller's handler, next to a legal builder parameter.
        { "static void M(ref Utf8ValueStringBuilder b, ref H outer) { var local = new Utf8ValueStringBuilder(stackalloc byte[8]); outer = new H(0, 0, in local); }", new[] { "CS8352", "CS8347" } },
        // A ref struct field that would carry the handler out.
        { "ref struct Holder { public H Handler; } static Holder M() { var b = new Utf8ValueStringBuilder(stackalloc byte[8]); return new Holder { Handler = new H(0, 0, in b) }; }", new[] { "CS8352" } },
    };

    [Theory]
    [MemberData(nameof(EscapeAttempts))]
    public void The_compiler_refuses_a_handler_that_outlives_its_builder(string code, string[] expectedErrors)
    {
        ImmutableArray<Diagnostic> diagnostics = Compile(code);
        string[] errors = diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).Select(d => d.Id).ToArray();
        Assert.Equal(expectedErrors.OrderBy(id => id, StringComparer.Ordinal), errors.OrderBy(id => id, StringComparer.Ordinal));
        Assert.Contains(diagnostics, d => d.Id is "CS8347" or "CS8352" && (d.Id != "CS8347" || d.GetMessage().StartsWith(Create, StringComparison.Ordinal)));
    }

    [Fact]
    public void Positive_control_the_harness_compiles_legal_uses()
    {
        const string code = """
            static void M(ref Utf8ValueStringBuilder b)
            {
                b.Append($"x{1}");
                b.AppendLine($"y{2,5:X}");
                b.Append(System.Globalization.CultureInfo.InvariantCulture, $"{3.5}");
                var h = new H(0, 0, in b);
                h.AppendLiteral("z");
                b.Append(h);
            }

            static H Forward(ref Utf8ValueStringBuilder b) => new H(0, 0, in b);

            static string O()
            {
                var b = new Utf8ValueStringBuilder(stackalloc byte[8]);
                b.Append($"{3}");
                M(ref b);
                var h = Forward(ref b);
                b.Append(h);
                string s = b.ToString();
                var w = new Utf8ValueStringBuilder(new System.Buffers.ArrayBufferWriter<byte>());
                w.Append($"{4}");
                w.Dispose();
                b.Dispose();
                return s;
            }
            """;
        // CS1701 (System.Memory 8.0 assumed to match the runtime's 10.0) comes from IBufferWriter in the writer
        // constructor's signature: reference binding, not ref safety.
        Assert.Empty(Compile(code).Where(d => d.Severity >= DiagnosticSeverity.Warning && d.Id != "CS1701"));
    }

    private static ImmutableArray<Diagnostic> Compile(string members)
    {
        string source = "using System; using FastText; using H = FastText.Utf8ValueStringBuilder.AppendInterpolatedStringHandler;\n"
            + "static class C {\n" + members + "\n}\n";
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
            .Split(Path.PathSeparator)
            .Where(path => !Path.GetFileName(path).StartsWith("FastText", StringComparison.Ordinal))
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .Append(MetadataReference.CreateFromFile(typeof(Utf8ValueStringBuilder).Assembly.Location));
        CSharpCompilation compilation = CSharpCompilation.Create(
            "EscapeAttempt",
            new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.CSharp12)) },
            references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        return compilation.GetDiagnostics();
    }
}
