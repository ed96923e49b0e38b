using System.IO;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Which AppendJoin overload a call binds to, read from Roslyn's semantic model at C# 7.3 (no params spans, no
/// scoped; what a .NET Framework project compiles with) and at the latest version, on both builders and for the
/// one-call ValueStringBuilder.Join. The results
/// of those overloads are compared with string.Join by the join properties; this pins the binding itself, so a
/// later overload cannot silently take a call over (as AppendJoin&lt;char&gt;(char, IEnumerable&lt;char&gt;) took
/// <c>AppendJoin(',', "Foo:")</c>).
/// </summary>
public class BuilderJoinBindingCompileTests
{
    public static TheoryData<string, string, string> Calls()
    {
        var data = new TheoryData<string, string, string>();
        foreach (string builder in new[] { "ValueStringBuilder", "Utf8ValueStringBuilder", "ValueStringBuilder.Join" })
        {
            foreach (string version in new[] { "7.3", "latest" })
            {
                data.Add(builder, version, "b.AppendJoin(',', \"Foo:\") => AppendJoin(char, params string?[])");
                data.Add(builder, version, "b.AppendJoin(\", \", \"Foo:\") => AppendJoin(string?, params string?[])");
                data.Add(builder, version, "b.AppendJoin(',', \"a\", \"b\") => AppendJoin(char, params string?[])");
                data.Add(builder, version, "b.AppendJoin(\", \", strings) => AppendJoin(string?, params string?[])");
                data.Add(builder, version, "b.AppendJoin(\", \", list) => AppendJoin<string>(string?, IEnumerable<string>)");
                data.Add(builder, version, "b.AppendJoin(',', list) => AppendJoin<string>(char, IEnumerable<string>)");
                data.Add(builder, version, "b.AppendJoin(',', ints) => AppendJoin<int>(char, IEnumerable<int>)");
                data.Add(builder, version, "b.AppendJoin(',', new ReadOnlySpan<int>(ints)) => AppendJoin<int>(char, ReadOnlySpan<int>)");
                data.Add(builder, version, "b.AppendJoin(',', 1, \"a\") => AppendJoin(char, params object?[])");
                data.Add(builder, version, "b.AppendJoin(',', objects) => AppendJoin(char, params object?[])");
                data.Add(builder, version, "b.AppendJoin(\", \", (ReadOnlySpan<string?>)strings) => AppendJoin(string?, ReadOnlySpan<string?>)");
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Calls))]
    public void AppendJoin_binds_to_the_overload_string_Join_would_pick(string builder, string version, string call)
    {
        string[] parts = call.Split(" => ");
        bool isStatic = builder == "ValueStringBuilder.Join";
        if (isStatic)
        {
            // The one-call Join has AppendJoin's overloads: the same call binds to the same overload.
            parts[0] = parts[0].Replace("b.AppendJoin(", "ValueStringBuilder.Join(", StringComparison.Ordinal);
            parts[1] = parts[1].Replace("AppendJoin", "Join", StringComparison.Ordinal);
            builder = "ValueStringBuilder";
        }

        if (version == "7.3")
        {
            // No nullable annotations in C# 7.3 source.
            parts[0] = parts[0].Replace("?", string.Empty, StringComparison.Ordinal);
        }

        string source = "using System; using System.Collections.Generic; using FastText;\n"
            + "static class C { static void M(" + (version == "7.3" ? "string[]" : "string?[]") + " strings, List<string> list, int[] ints, " + (version == "7.3" ? "object[]" : "object?[]") + " objects) {\n"
            + $"var b = new {builder}(new {(builder == "ValueStringBuilder" ? "char" : "byte")}[8]);\n"
            + parts[0] + ";\n} }\n";
        LanguageVersion languageVersion = version == "7.3" ? LanguageVersion.CSharp7_3 : LanguageVersion.Latest;
        SyntaxTree tree = CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(languageVersion));
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
            .Split(Path.PathSeparator)
            .Where(path => !Path.GetFileName(path).StartsWith("FastText", StringComparison.Ordinal))
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .Append(MetadataReference.CreateFromFile(typeof(ValueStringBuilder).Assembly.Location));
        CSharpCompilation compilation = CSharpCompilation.Create(
            "Binding",
            new[] { tree },
            references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: version == "7.3" ? NullableContextOptions.Disable : NullableContextOptions.Enable));

        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        InvocationExpressionSyntax invocation = tree.GetRoot().DescendantNodes().OfType<InvocationExpressionSyntax>()
            .Last(i => i.Expression.ToString() is "b.AppendJoin" or "ValueStringBuilder.Join");
        var method = (IMethodSymbol)compilation.GetSemanticModel(tree).GetSymbolInfo(invocation).Symbol!;
        // Nullability and scoped are not part of what binds: compared without them.
        Assert.Equal(Plain(parts[1]), Plain(Describe(method)));
    }

    private static string Plain(string signature) =>
        signature.Replace("?", string.Empty, StringComparison.Ordinal).Replace("scoped ", string.Empty, StringComparison.Ordinal);

    private static string Describe(IMethodSymbol method)
    {
        var format = new SymbolDisplayFormat(
            genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters,
            memberOptions: SymbolDisplayMemberOptions.IncludeParameters,
            parameterOptions: SymbolDisplayParameterOptions.IncludeType | SymbolDisplayParameterOptions.IncludeParamsRefOut,
            miscellaneousOptions: SymbolDisplayMiscellaneousOptions.UseSpecialTypes | SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);
        return method.ToDisplayString(format);
    }
}
