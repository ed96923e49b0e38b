using System.IO;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit;

namespace FastText.Tests.Building;

/// <summary>
/// Which AppendFormat (and static Format) overload a call binds to, read from Roslyn's semantic model at C# 7.3 (a
/// .NET Framework project), C# 12 (the net8.0 default) and the latest version, on both builders, for every call shape
/// StringBuilder.AppendFormat (string.Format) accepts: a format with 1 to 17 values, an object array, a provider (a
/// variable, a null literal, a typed null, default), a CompositeFormat on net8.0, a null format. Each call must
/// compile, bind to the overload listed, and bind to the same kind of overload (provider or not, string or
/// CompositeFormat) as the same call on StringBuilder (string.Format), compiled alongside. The calls are made on a
/// builder passed by ref with local arguments, the shape the ref-safety rules are strictest on.
/// </summary>
public class BuilderFormatBindingCompileTests
{
    private static readonly string[] Versions = { "7.3", "12", "latest" };

    // The runtime's assemblies and the FastText build under test, loaded once for all the compilations.
    private static readonly Lazy<MetadataReference[]> References = new(() => ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
        .Split(Path.PathSeparator)
        .Where(path => !Path.GetFileName(path).StartsWith("FastText", StringComparison.Ordinal))
        .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
        .Append(MetadataReference.CreateFromFile(typeof(ValueStringBuilder).Assembly.Location))
        .ToArray());

    /// <summary>
    /// A call's arguments and the overload it must bind to: <c>format</c> (string format, values),
    /// <c>provider, format</c> or <c>provider, composite</c>, then the count of generic values or <c>params</c> (an
    /// array, normal or expanded).
    /// </summary>
    private static readonly (string Arguments, string Expected, bool NeedsCompositeFormat)[] Shapes =
    {
        ("f, i", "format, 1", false),
        ("f, i, s", "format, 2", false),
        ("f, i, s, o", "format, 3", false),
        ("f, 1, 2, 3, 4", "format, 4", false),
        ("f, " + Values(16), "format, 16", false),
        ("f, " + Values(17), "format, params", false),
        ("f, array", "format, params", false),
        ("f, o", "format, params", false),
        ("f, null, null", "format, params", false),
        ("\"{0}\", i", "format, 1", false),
        ("p, f, i", "provider, format, 1", false),
        ("c, f, i, s", "provider, format, 2", false),
        ("null, f, i", "provider, format, 1", false),
        ("null, \"{0}\", i", "provider, format, 1", false),
        ("(IFormatProvider)null, \"{0}\", i", "provider, format, 1", false),
        ("default(IFormatProvider), f, i", "provider, format, 1", false),
        ("null, f, i, s, o", "provider, format, 3", false),
        ("null, f", "provider, format, params", false),
        ("null, f, array", "provider, format, params", false),
        ("p, f, " + Values(16), "provider, format, 16", false),
        ("p, f, " + Values(17), "provider, format, params", false),
        ("p, cf, i", "provider, composite, 1", true),
        ("null, cf, i, s", "provider, composite, 2", true),
        ("null, cf, i, s, o, i", "provider, composite, 4", true),
        ("(IFormatProvider)null, cf, i", "provider, composite, 1", true),
        ("p, cf, " + Values(16), "provider, composite, 16", true),
        ("null, cf", "provider, composite, params", true),
        ("null, cf, array", "provider, composite, params", true),
        ("p, cf, " + Values(17), "provider, composite, params", true),
        ("p, null, i", "provider, composite, 1", true),
        ("null, null, i", "provider, composite, 1", true),
    };

    public static TheoryData<string, string, string, string> Calls()
    {
        var data = new TheoryData<string, string, string, string>();
        foreach (string receiver in new[] { "ValueStringBuilder", "Utf8ValueStringBuilder", "ValueStringBuilder.Format" })
        {
            foreach (string version in Versions)
            {
                foreach (var (arguments, expected, needsCompositeFormat) in Shapes)
                {
#if FASTTEXT_NETSTANDARD
                    if (needsCompositeFormat)
                    {
                        continue; // the netstandard2.0 build has no CompositeFormat overloads
                    }
#endif
                    data.Add(receiver, version, arguments, expected);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Calls))]
    public void AppendFormat_binds_as_StringBuilder_AppendFormat_does(string receiver, string version, string arguments, string expected)
    {
        bool isStatic = receiver == "ValueStringBuilder.Format";
        string builderType = receiver == "Utf8ValueStringBuilder" ? "Utf8ValueStringBuilder" : "ValueStringBuilder";
        string ours = isStatic ? $"ValueStringBuilder.Format({arguments})" : $"b.AppendFormat({arguments})";
        string reference = isStatic ? $"string.Format({arguments})" : $"sb.AppendFormat({arguments})";
        string source = "using System; using System.Globalization; using System.Text; using FastText;\n"
            + $"static class C {{ static void M(ref {builderType} b, StringBuilder sb, string f, IFormatProvider p, CultureInfo c, int i, string s, object o, object[] array"
            + (arguments.Contains("cf", StringComparison.Ordinal) ? ", CompositeFormat cf" : "") + ") {\n"
            + ours + ";\n" + reference + ";\n} }\n";
        LanguageVersion languageVersion = version switch
        {
            "7.3" => LanguageVersion.CSharp7_3,
            "12" => LanguageVersion.CSharp12,
            _ => LanguageVersion.Latest,
        };
        SyntaxTree tree = CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(languageVersion));
        CSharpCompilation compilation = CSharpCompilation.Create(
            "Binding",
            new[] { tree },
            References.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Disable));

        Diagnostic[] errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToArray();
        Assert.True(errors.Length == 0, $"{ours} at C# {version}: " + string.Join("; ", errors.Select(e => e.ToString())));
        InvocationExpressionSyntax[] invocations = tree.GetRoot().DescendantNodes().OfType<InvocationExpressionSyntax>().ToArray();
        SemanticModel model = compilation.GetSemanticModel(tree);
        IMethodSymbol bound = Bound(model, invocations[0]);
        IMethodSymbol referenceBound = Bound(model, invocations[1]);
        Assert.Equal(expected, Describe(bound));
        Assert.Equal(Family(referenceBound), Family(bound));
    }

    private static string Values(int count) => string.Join(", ", Enumerable.Range(1, count));

    private static IMethodSymbol Bound(SemanticModel model, InvocationExpressionSyntax invocation) =>
        (IMethodSymbol)model.GetSymbolInfo(invocation).Symbol!;

    /// <summary>The kind of overload: with or without a provider, a format string or a CompositeFormat.</summary>
    private static string Family(IMethodSymbol method)
    {
        IParameterSymbol first = method.Parameters[0];
        if (first.Type.Name == nameof(IFormatProvider))
        {
            return "provider, " + (method.Parameters[1].Type.Name == "CompositeFormat" ? "composite" : "format");
        }

        return "format";
    }

    private static string Describe(IMethodSymbol method) =>
        Family(method) + ", " + (method.Parameters[^1].IsParams ? "params" : method.TypeArguments.Length.ToString(System.Globalization.CultureInfo.InvariantCulture));
}
