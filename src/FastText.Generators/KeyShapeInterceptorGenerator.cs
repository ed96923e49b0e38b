using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace FastText.Generators;

/// <summary>
/// Replaces <c>shape.Build(...)</c>, <c>shape.TryFormat(...)</c> and <c>shape.TryFormatUtf8(...)</c> calls on a shape the compiler can see whole
/// (<see cref="KeyShapeRecognizer"/>) with code written for that shape (<see cref="KeyShapeEmitter"/>), through C#
/// interceptors: the call site stays as written, the library's own method remains the reference and the fallback.
/// Needs C# 12 or later, a target with <c>string.Create</c> and <c>IUtf8SpanFormattable</c> (.NET 8+), and the
/// <c>FastText.Generated</c> namespace in <c>InterceptorsNamespaces</c> (the package's build props add it); the
/// MSBuild property <c>FastTextInterceptKeyShapes=false</c> turns it off, and <c>FastTextExplainKeyShapes=true</c>
/// reports why each call it leaves to the library is left (<see cref="KeyShapeDiagnostics"/>).
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class KeyShapeInterceptorGenerator : IIncrementalGenerator
{
    /// <inheritdoc/>
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        IncrementalValueProvider<ImmutableArray<InvocationExpressionSyntax>> calls = context.SyntaxProvider
            .CreateSyntaxProvider(
                static (node, _) => node is InvocationExpressionSyntax { Expression: var callee } && MethodName(callee) is
                    KeyShapeRecognizer.InterceptedBuild or KeyShapeRecognizer.InterceptedTryFormat or KeyShapeRecognizer.InterceptedTryFormatUtf8,
                static (syntax, _) => (InvocationExpressionSyntax)syntax.Node)
            .Collect();

        // The shape a call uses is declared anywhere in the compilation, so the analysis runs on the whole compilation.
        IncrementalValueProvider<((Compilation Compilation, ImmutableArray<InvocationExpressionSyntax> Calls) Source, AnalyzerConfigOptionsProvider Options)> input =
            context.CompilationProvider.Combine(calls).Combine(context.AnalyzerConfigOptionsProvider);
        context.RegisterSourceOutput(input, static (output, source) =>
        {
            AnalyzerConfigOptions options = source.Options.GlobalOptions;
            if (IsSet(options, "FastTextInterceptKeyShapes", "false"))
            {
                return;
            }

            List<Diagnostic>? explanations = IsSet(options, KeyShapeDiagnostics.ExplainProperty, "true") ? [] : null;
            string? code = Generate(source.Source.Compilation, source.Source.Calls, explanations, output.CancellationToken);
            if (code is not null)
            {
                output.AddSource("FastText.KeyShapeInterceptors.g.cs", code);
            }

            foreach (Diagnostic explanation in explanations ?? [])
            {
                output.ReportDiagnostic(explanation);
            }
        });
    }

    private static bool IsSet(AnalyzerConfigOptions options, string property, string value) =>
        options.TryGetValue("build_property." + property, out string? given)
        && string.Equals(given.Trim(), value, System.StringComparison.OrdinalIgnoreCase);

    /// <summary>The name a call's callee ends with: <c>x.Build</c>, or <c>x?.Build</c> (never intercepted, but
    /// explained).</summary>
    private static string? MethodName(ExpressionSyntax callee) => callee switch
    {
        MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
        MemberBindingExpressionSyntax binding => binding.Name.Identifier.ValueText,
        _ => null,
    };

    private static string? Generate(Compilation compilation, ImmutableArray<InvocationExpressionSyntax> calls, List<Diagnostic>? explanations, CancellationToken cancellation)
    {
        if (calls.IsDefaultOrEmpty)
        {
            return null;
        }

        string? projectReason = compilation switch
        {
            not CSharpCompilation { LanguageVersion: >= LanguageVersion.CSharp12 } => "the project compiles as a C# version before 12, which has no interceptors",
            _ when compilation.GetTypeByMetadataName("System.IUtf8SpanFormattable") is null || compilation.GetTypeByMetadataName("System.Text.Unicode.Utf8") is null =>
                "the target framework has no IUtf8SpanFormattable (it is older than .NET 8)",
            _ => null,
        };
        if (projectReason is not null && explanations is null)
        {
            return null;
        }

        // The calls of KeyShape's methods, bound.
        var models = new SemanticModels(compilation);
        var keyShapeCalls = new List<(InvocationExpressionSyntax Syntax, IInvocationOperation Operation, SemanticModel Model)>();
        foreach (InvocationExpressionSyntax call in calls)
        {
            cancellation.ThrowIfCancellationRequested();
            SemanticModel model = models.For(call.SyntaxTree);
            if (model.GetOperation(call, cancellation) is IInvocationOperation operation && KeyShapeRecognizer.IsKeyShapeCall(operation))
            {
                keyShapeCalls.Add((call, operation, model));
            }
        }

        if (projectReason is not null)
        {
            foreach ((InvocationExpressionSyntax syntax, IInvocationOperation operation, _) in keyShapeCalls)
            {
                Explain(explanations, syntax, operation, projectReason);
            }

            return null;
        }

        var fields = new FieldUseFinder(
            models, keyShapeCalls.Select(c => KeyShapeRecognizer.ReceiverField(c.Operation)?.Name).OfType<string>(), cancellation);
        var format = SymbolDisplayFormat.FullyQualifiedFormat.AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);
        var plans = new Dictionary<string, InterceptorPlan>(System.StringComparer.Ordinal);
        foreach ((InvocationExpressionSyntax call, IInvocationOperation operation, SemanticModel model) in keyShapeCalls)
        {
            cancellation.ThrowIfCancellationRequested();
            if (!KeyShapeRecognizer.TryRecognize(models, operation, fields, out GeneratedShape shape, out string declined))
            {
                Explain(explanations, call, operation, declined);
                continue;
            }

            string method = operation.TargetMethod.Name;
            if (method == KeyShapeRecognizer.InterceptedTryFormatUtf8 && !shape.EncodesPieceByPiece)
            {
                Explain(explanations, call, operation,
                    "its shape's UTF-8 cannot be written piece by piece (a literal starts with a low surrogate, ends with a high one or holds a lone one, or two text parts touch)");
                continue;
            }

            InterceptableLocation? location = model.GetInterceptableLocation(call, cancellation);
            if (location is null)
            {
                Explain(explanations, call, operation, "the compiler cannot intercept this call site");
                continue;
            }

            INamedTypeSymbol shapeType = operation.TargetMethod.ContainingType;
            string shapeTypeName = shapeType.ToDisplayString(format);
            string key = method + "|" + shapeTypeName + "|" + shape.Key;
            if (!plans.TryGetValue(key, out InterceptorPlan? plan))
            {
                plan = new InterceptorPlan(method, shape, shapeTypeName, shapeType.TypeArguments.Select(t => t.ToDisplayString(format)).ToList(), []);
                plans.Add(key, plan);
            }

            plan.LocationAttributes.Add(location.GetInterceptsLocationAttributeSyntax());
        }

        return plans.Count == 0 ? null : KeyShapeEmitter.Emit(plans.Values.ToList());
    }

    private static void Explain(List<Diagnostic>? explanations, InvocationExpressionSyntax call, IInvocationOperation operation, string reason)
    {
        if (explanations is null)
        {
            return;
        }

        Location location = call.Expression switch
        {
            MemberAccessExpressionSyntax access => access.Name.GetLocation(),
            MemberBindingExpressionSyntax binding => binding.Name.GetLocation(),
            _ => call.GetLocation(),
        };
        explanations.Add(Diagnostic.Create(KeyShapeDiagnostics.LeftToLibrary, location, operation.TargetMethod.Name, reason));
    }
}
