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
/// MSBuild property <c>FastTextInterceptKeyShapes=false</c> turns it off.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class KeyShapeInterceptorGenerator : IIncrementalGenerator
{
    /// <inheritdoc/>
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        IncrementalValueProvider<ImmutableArray<InvocationExpressionSyntax>> calls = context.SyntaxProvider
            .CreateSyntaxProvider(
                static (node, _) => node is InvocationExpressionSyntax
                {
                    Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: KeyShapeRecognizer.InterceptedBuild or KeyShapeRecognizer.InterceptedTryFormat or KeyShapeRecognizer.InterceptedTryFormatUtf8 },
                },
                static (syntax, _) => (InvocationExpressionSyntax)syntax.Node)
            .Collect();

        // The shape a call uses is declared anywhere in the compilation, so the analysis runs on the whole compilation.
        IncrementalValueProvider<((Compilation Compilation, ImmutableArray<InvocationExpressionSyntax> Calls) Source, AnalyzerConfigOptionsProvider Options)> input =
            context.CompilationProvider.Combine(calls).Combine(context.AnalyzerConfigOptionsProvider);
        context.RegisterSourceOutput(input, static (output, source) =>
        {
            if (source.Options.GlobalOptions.TryGetValue("build_property.FastTextInterceptKeyShapes", out string? enabled)
                && string.Equals(enabled.Trim(), "false", System.StringComparison.OrdinalIgnoreCase))
            {
                return;
            }

            string? code = Generate(source.Source.Compilation, source.Source.Calls, output.CancellationToken);
            if (code is not null)
            {
                output.AddSource("FastText.KeyShapeInterceptors.g.cs", code);
            }
        });
    }

    private static string? Generate(Compilation compilation, ImmutableArray<InvocationExpressionSyntax> calls, CancellationToken cancellation)
    {
        if (calls.IsDefaultOrEmpty
            || compilation is not CSharpCompilation { LanguageVersion: >= LanguageVersion.CSharp12 }
            || compilation.GetTypeByMetadataName("System.IUtf8SpanFormattable") is null
            || compilation.GetTypeByMetadataName("System.Text.Unicode.Utf8") is null)
        {
            return null;
        }

        var format = SymbolDisplayFormat.FullyQualifiedFormat.AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);
        var plans = new Dictionary<string, InterceptorPlan>(System.StringComparer.Ordinal);
        foreach (InvocationExpressionSyntax call in calls)
        {
            cancellation.ThrowIfCancellationRequested();
            SemanticModel model = compilation.GetSemanticModel(call.SyntaxTree);
            if (model.GetOperation(call, cancellation) is not IInvocationOperation operation
                || !KeyShapeRecognizer.TryRecognize(compilation, operation, out GeneratedShape shape))
            {
                continue;
            }

            string method = operation.TargetMethod.Name;
            if (method == KeyShapeRecognizer.InterceptedTryFormatUtf8 && !shape.EncodesPieceByPiece)
            {
                continue;
            }

            InterceptableLocation? location = model.GetInterceptableLocation(call, cancellation);
            if (location is null)
            {
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
}
