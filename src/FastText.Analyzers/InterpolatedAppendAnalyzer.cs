using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace FastText.Analyzers;

/// <summary>
/// FT0001: an interpolated string passed to a FastText builder method that has an interpolated-string-handler
/// overload, in code compiled as C# 9 or earlier. Before C# 10 an interpolated string is only ever a string, so
/// <c>builder.Append($"id={id}")</c> binds to <c>Append(string)</c> and compiles to string.Format (or string.Concat):
/// the whole text is allocated as a string first, which the builder exists to avoid. From C# 10 on the same call binds
/// to the handler overload and formats straight into the builder's buffer.
/// </summary>
/// <remarks>
/// The rule, on the semantic model: the invoked method belongs to FastText.ValueStringBuilder or
/// FastText.Utf8ValueStringBuilder; the syntax tree's effective language version is below C# 10; an argument is an
/// interpolated string with at least one hole (<c>$"text"</c> with none is a constant, nothing is formatted), bound,
/// possibly through an implicit conversion, to a parameter that is not a handler; and the method has an overload of
/// the same name with an interpolated-string-handler parameter, so C# 10 would have avoided the allocation. Calls
/// without such an overload (Insert, AppendFormat) allocate on every C# version: raising LangVersion would not help
/// them, so they are not reported. Projects that use other FastText types only are never reported.
/// </remarks>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class InterpolatedAppendAnalyzer : DiagnosticAnalyzer
{
    /// <summary>The diagnostic's ID.</summary>
    public const string DiagnosticId = "FT0001";

    private const string HelpLink = "https://github.com/fasttext-dotnet/FastText/blob/main/src/FastText/PACKAGE.md#supported-targets-and-c-versions";

    private static readonly DiagnosticDescriptor Rule = new(
        DiagnosticId,
        title: "Interpolated append allocates the whole string before C# 10",
        messageFormat: "As C# {0}, this interpolated string is formatted by string.Format into a new string before {1}.{2} copies it, " +
            "allocating the whole text the builder exists to avoid. Compile as C# 10 or later (<LangVersion>latest</LangVersion>; any current SDK " +
            "does so for netstandard2.0 and .NET Framework) to format in place, or append the parts one by one.",
        category: "Performance",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "Before C# 10 an interpolated string is always a string: builder.Append($\"...\") binds to Append(string), and the " +
            "compiler builds the string with string.Format (or string.Concat) first. From C# 10 on the call binds to the builder's " +
            "interpolated string handler and formats straight into the builder's buffer, allocating nothing.",
        helpLinkUri: HelpLink);

    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule);

    /// <inheritdoc/>
    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.RegisterCompilationStartAction(start =>
        {
            // C# 10+ projects, and projects that use no FastText builder, register nothing.
            if (start.Compilation is not CSharpCompilation { LanguageVersion: < LanguageVersion.CSharp10 })
                return;
            INamedTypeSymbol? builder = start.Compilation.GetTypeByMetadataName("FastText.ValueStringBuilder");
            INamedTypeSymbol? utf8Builder = start.Compilation.GetTypeByMetadataName("FastText.Utf8ValueStringBuilder");
            if (builder is null && utf8Builder is null)
                return;
            start.RegisterOperationAction(operation => AnalyzeInvocation(operation, builder, utf8Builder), OperationKind.Invocation);
        });
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, INamedTypeSymbol? builder, INamedTypeSymbol? utf8Builder)
    {
        var invocation = (IInvocationOperation)context.Operation;
        IMethodSymbol method = invocation.TargetMethod;
        INamedTypeSymbol? type = method.ContainingType;
        if (type is null
            || (!SymbolEqualityComparer.Default.Equals(type, builder) && !SymbolEqualityComparer.Default.Equals(type, utf8Builder)))
        {
            return;
        }
        if (invocation.Syntax.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: var languageVersion }
            || languageVersion >= LanguageVersion.CSharp10)
        {
            return;
        }

        foreach (IArgumentOperation argument in invocation.Arguments)
        {
            if (argument.Parameter is null || IsInterpolatedStringHandler(argument.Parameter.Type))
                continue;
            if (WithoutImplicitConversions(argument.Value) is not IInterpolatedStringOperation interpolated
                || !interpolated.Parts.Any(part => part is IInterpolationOperation))
            {
                continue;
            }
            if (!HasHandlerOverload(type, method.Name))
                continue;
            context.ReportDiagnostic(Diagnostic.Create(
                Rule, interpolated.Syntax.GetLocation(), languageVersion.ToDisplayString(), type.Name, method.Name));
        }
    }

    private static IOperation WithoutImplicitConversions(IOperation operation)
    {
        while (operation is IConversionOperation { IsImplicit: true } conversion)
            operation = conversion.Operand;
        return operation;
    }

    private static bool HasHandlerOverload(INamedTypeSymbol type, string name) =>
        type.GetMembers(name).OfType<IMethodSymbol>().Any(overload => overload.Parameters.Any(p => IsInterpolatedStringHandler(p.Type)));

    // By name: the netstandard2.0 build of FastText declares its own (internal) copy of the attribute.
    private static bool IsInterpolatedStringHandler(ITypeSymbol type) =>
        type.GetAttributes().Any(attribute => attribute.AttributeClass is { Name: "InterpolatedStringHandlerAttribute" } attributeClass
            && attributeClass.ContainingNamespace.ToDisplayString() == "System.Runtime.CompilerServices");
}
