using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Testing;
using Xunit;

namespace FastText.Analyzers.Tests;

/// <summary>
/// FT0001 exactly where an interpolated append would allocate: C# below 10, an interpolated string with holes, a
/// FastText builder method that has an interpolated-string-handler overload. The test sources compile against the real
/// FastText assembly; {|FT0001:...|} marks the span each diagnostic must cover, and any other diagnostic fails the test.
/// </summary>
public class InterpolatedAppendAnalyzerTests
{
    private const string Usings = """
        using System;
        using FastText;

        """;

    [Fact]
    public Task CSharp73InterpolatedAppendIsReported() => Verify(LanguageVersion.CSharp7_3, """
        static class C
        {
            static string M(int id)
            {
                Span<char> initial = stackalloc char[64];
                var builder = new ValueStringBuilder(initial);
                builder.Append({|FT0001:$"x{1}"|});
                builder.AppendLine({|FT0001:$"id={id}"|});
                string text = builder.ToString();
                builder.Dispose();
                return text;
            }
        }
        """);

    [Fact]
    public Task TheMessageNamesTheVersionTheMethodAndTheFix() => Verify(LanguageVersion.CSharp7_3, """
        static class C
        {
            static void M(ref ValueStringBuilder builder) => builder.Append({|#0:$"x{1}"|});
        }
        """,
        new DiagnosticResult(InterpolatedAppendAnalyzer.DiagnosticId, DiagnosticSeverity.Warning).WithLocation(0)
            .WithArguments("7.3", "ValueStringBuilder", "Append"));

    [Fact]
    public Task CSharp9IsReportedToo() => Verify(LanguageVersion.CSharp9, """
        static class C
        {
            static void M(ref ValueStringBuilder builder, double elapsed) => builder.Append({|FT0001:$"took {elapsed:F1} ms"|});
        }
        """);

    [Fact]
    public Task Utf8BuilderIsReported() => Verify(LanguageVersion.CSharp7_3, """
        static class C
        {
            static int M(int id)
            {
                Span<byte> initial = stackalloc byte[64];
                var builder = new Utf8ValueStringBuilder(initial);
                builder.Append({|FT0001:$"user:{id}"|});
                builder.AppendLine({|FT0001:$"v{id + 1}"|});
                int length = builder.Length;
                builder.Dispose();
                return length;
            }
        }
        """);

    [Fact]
    public Task CSharp10BindsToTheHandlerAndIsNotReported() => Verify(LanguageVersion.CSharp10, """
        static class C
        {
            static void M(ref ValueStringBuilder builder, ref Utf8ValueStringBuilder utf8, int id)
            {
                builder.Append($"x{1}");
                builder.AppendLine($"id={id}");
                utf8.Append($"user:{id}");
            }
        }
        """);

    [Fact]
    public Task LatestCSharpIsNotReported() => Verify(LanguageVersion.Latest, """
        static class C
        {
            static void M(ref ValueStringBuilder builder, int id) => builder.Append($"x{id}");
        }
        """);

    [Fact]
    public Task CSharp73AsciiTextOnlyIsNotReported() => Verify(LanguageVersion.CSharp7_3, """
        static class C
        {
            static bool M(string text) => AsciiText.IsValid(text.AsSpan()) && AsciiText.IsValid('x');
        }
        """);

    [Fact]
    public Task CSharp73LiteralsAndStringVariablesAreNotReported() => Verify(LanguageVersion.CSharp7_3, """
        static class C
        {
            static void M(ref ValueStringBuilder builder, ref Utf8ValueStringBuilder utf8, string text, int id)
            {
                builder.Append("literal");
                builder.Append(text);
                builder.AppendLine(text);
                builder.Append(id);
                utf8.Append("literal");
                utf8.Append(text);
                // No holes: the compiler emits the constant "no holes", nothing is formatted.
                builder.Append($"no holes");
                // A string built elsewhere: the allocation is not the call's, and C# 10 would not change it.
                string formatted = $"id={id}";
                builder.Append(formatted);
            }
        }
        """);

    [Fact]
    public Task CSharp73MethodsWithoutAHandlerOverloadAreNotReported() => Verify(LanguageVersion.CSharp7_3, """
        static class C
        {
            static void M(ref ValueStringBuilder builder, int id)
            {
                // Insert has no handler overload: it allocates on every C# version, LangVersion is no fix.
                builder.Insert(0, $"id={id}");
                // Other types' methods are not FastText's business.
                new System.Text.StringBuilder().Append($"id={id}");
            }
        }
        """);

    [Fact]
    public Task CSharp73ObjectOverloadThroughAnExplicitCastIsNotReported() => Verify(LanguageVersion.CSharp7_3, """
        static class C
        {
            // An explicit cast binds to Append(object) on every C# version: the author chose it.
            static void M(ref ValueStringBuilder builder, int id) => builder.Append((object)$"id={id}");
        }
        """);

    private static Task Verify(LanguageVersion version, string source, params DiagnosticResult[] expected)
    {
        var test = new CSharpAnalyzerTest<InterpolatedAppendAnalyzer, DefaultVerifier>
        {
            TestCode = Usings + source,
            ReferenceAssemblies = ReferenceAssemblies.Net.Net80,
        };
        test.TestState.AdditionalReferences.Add(MetadataReference.CreateFromFile(typeof(ValueStringBuilder).Assembly.Location));
        test.ExpectedDiagnostics.AddRange(expected);
        test.SolutionTransforms.Add((solution, projectId) =>
        {
            var parseOptions = (CSharpParseOptions)solution.GetProject(projectId)!.ParseOptions!;
            return solution.WithProjectParseOptions(projectId, parseOptions.WithLanguageVersion(version));
        });
        return test.RunAsync();
    }
}
