using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace FastText.Generators;

/// <summary>
/// Decides whether a <c>Build</c>, <c>TryFormat</c> or <c>TryFormatUtf8</c> call can be intercepted, and with what shape. It says yes
/// only when the receiver is a <c>static readonly</c> field of this compilation, assigned nowhere but in its own
/// initializer, and that initializer is <c>KeyShape.Format</c> (plain placeholders) or <c>KeyShape.Join</c> over parts
/// of <see cref="GeneratedPartKind"/>, with constant literals. Anything else (other parts, rules, formats, a shape built
/// at run time) is left to the library: a call not intercepted is still correct, only not specialized.
/// </summary>
internal static class KeyShapeRecognizer
{
    internal const string InterceptedBuild = "Build";
    internal const string InterceptedTryFormat = "TryFormat";
    internal const string InterceptedTryFormatUtf8 = "TryFormatUtf8";

    public static bool TryRecognize(Compilation compilation, IInvocationOperation call, out GeneratedShape shape)
    {
        shape = null!;
        if (call.Instance is not IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true } candidate }
            || !IsKeyShapeType(call.TargetMethod.ContainingType)
            || !IsReachableAsGlobal(compilation, call.TargetMethod.ContainingType.ContainingAssembly)
            || candidate.DeclaringSyntaxReferences.Length != 1
            || candidate.DeclaringSyntaxReferences[0].GetSyntax() is not VariableDeclaratorSyntax { Initializer: { } initializer } declarator
            || IsAssignedOutsideItsInitializer(candidate))
        {
            return false;
        }

        SemanticModel model = compilation.GetSemanticModel(declarator.SyntaxTree);
        IOperation? value = model.GetOperation(initializer.Value);
        while (value is IConversionOperation { IsImplicit: true } conversion)
        {
            value = conversion.Operand;
        }

        if (value is not IInvocationOperation { TargetMethod: { ContainingType: { Name: "KeyShape", TypeArguments.Length: 0 } factoryType } factory } declaration
            || !IsFastText(factoryType))
        {
            return false;
        }

        var parts = new List<GeneratedPart>();
        string? template = null, separator = null, prefix = string.Empty, suffix = string.Empty;
        foreach (IArgumentOperation argument in declaration.Arguments)
        {
            string name = argument.Parameter?.Name ?? string.Empty;
            if (name.StartsWith("part", System.StringComparison.Ordinal))
            {
                if (!TryRecognizePart(argument.Value, out GeneratedPart part))
                {
                    return false;
                }

                parts.Add(part);
                continue;
            }

            if (!TryConstantString(argument.Value, out string? text))
            {
                return false;
            }

            switch (name)
            {
                case "template":
                    template = text;
                    break;
                case "separator":
                    separator = text;
                    break;
                case "prefix":
                    prefix = text ?? string.Empty;
                    break;
                case "suffix":
                    suffix = text ?? string.Empty;
                    break;
                default:
                    return false;
            }
        }

        List<string>? literals = factory.Name switch
        {
            "Format" when template is not null => ParsePlainTemplate(template, parts.Count),
            "Join" when separator is not null => JoinLiterals(separator, prefix!, suffix!, parts.Count),
            _ => null,
        };
        if (literals is null || parts.Count == 0)
        {
            return false;
        }

        shape = new GeneratedShape(literals, parts);
        return true;
    }

    /// <summary>Whether the generated code can name the library's types as <c>global::FastText...</c>: not when the
    /// project references that FastText under an extern alias only (a second copy of the library, as the benchmarks
    /// reference the netstandard2.0 build).</summary>
    private static bool IsReachableAsGlobal(Compilation compilation, IAssemblySymbol assembly)
    {
        MetadataReference? reference = compilation.GetMetadataReference(assembly);
        if (reference is null)
        {
            return false;
        }

        ImmutableArray<string> aliases = reference.Properties.Aliases;
        return aliases.IsDefaultOrEmpty || aliases.Contains("global");
    }

    private static bool IsFastText(INamedTypeSymbol type) =>
        type.ContainingNamespace is { Name: "FastText", ContainingNamespace.IsGlobalNamespace: true };

    private static bool IsKeyShapeType(INamedTypeSymbol type) => type.Name == "KeyShape" && type.TypeArguments.Length > 0 && IsFastText(type);

    private static bool TryRecognizePart(IOperation operation, out GeneratedPart part)
    {
        part = null!;
        if (operation is not IInvocationOperation { TargetMethod: { ContainingType: { Name: "KeyPart", TypeArguments.Length: 0 } partFactory } method }
            || !IsFastText(partFactory))
        {
            return false;
        }

        var invocation = (IInvocationOperation)operation;
        IOperation? Argument(string parameter) => invocation.Arguments.FirstOrDefault(a => a.Parameter?.Name == parameter)?.Value;

        switch (method.Name)
        {
            case "Text":
                // Only rules that copy the text as is: KeyTextRules.None, read where it is declared.
                if (Argument("rules") is IPropertyReferenceOperation { Property: { Name: "None", IsStatic: true, ContainingType: { Name: "KeyTextRules" } rulesType } }
                    && IsFastText(rulesType))
                {
                    part = new GeneratedPart(GeneratedPartKind.Text);
                    return true;
                }

                return false;
            case "Guid":
                if (Argument("format") is { } formatArgument && TryConstantString(formatArgument, out string? format))
                {
                    // As the library reads it: null or empty is "D", otherwise one letter of NDBPX in either case.
                    char symbol = string.IsNullOrEmpty(format) ? 'D' : format!.Length == 1 ? char.ToUpperInvariant(format[0]) : '\0';
                    if (symbol is 'N' or 'D' or 'B' or 'P' or 'X')
                    {
                        part = new GeneratedPart(GeneratedPartKind.Guid, symbol);
                        return true;
                    }
                }

                return false;
            case "Int32" or "Int64":
                // Plain invariant decimal only: no format argument, or null.
                if (Argument("format") is { } integerFormat && TryConstantString(integerFormat, out string? given) && given is null)
                {
                    part = new GeneratedPart(method.Name == "Int32" ? GeneratedPartKind.Int32 : GeneratedPartKind.Int64);
                    return true;
                }

                return false;
            default:
                return false;
        }
    }

    private static bool TryConstantString(IOperation operation, out string? text)
    {
        text = null;
        if (!operation.ConstantValue.HasValue)
        {
            return false;
        }

        object? constant = operation.ConstantValue.Value;
        if (constant is null || constant is string)
        {
            text = (string?)constant;
            return true;
        }

        return false;
    }

    /// <summary>The literals of a template whose placeholders are exactly {0}, {1}, ... in order, with no escaped
    /// braces, formats or alignments; null for any other template (the library parses those).</summary>
    private static List<string>? ParsePlainTemplate(string template, int partCount)
    {
        var literals = new List<string>(partCount + 1);
        int literalStart = 0;
        for (int i = 0; i < template.Length; i++)
        {
            if (template[i] == '}')
            {
                return null;
            }

            if (template[i] != '{')
            {
                continue;
            }

            int close = template.IndexOf('}', i + 1);
            string expected = literals.Count.ToString(System.Globalization.CultureInfo.InvariantCulture);
            if (close < 0 || template.Substring(i + 1, close - i - 1) != expected)
            {
                return null;
            }

            literals.Add(template.Substring(literalStart, i - literalStart));
            i = close;
            literalStart = close + 1;
        }

        literals.Add(template.Substring(literalStart));
        return literals.Count == partCount + 1 ? literals : null;
    }

    private static List<string> JoinLiterals(string separator, string prefix, string suffix, int partCount)
    {
        var literals = new List<string> { prefix };
        for (int i = 1; i < partCount; i++)
        {
            literals.Add(separator);
        }

        literals.Add(suffix);
        return literals;
    }

    /// <summary>A static readonly field can be assigned in its initializer and in its type's static constructor (or
    /// passed by ref there); any such assignment, found by name in the type's declarations, rules the field out.</summary>
    private static bool IsAssignedOutsideItsInitializer(IFieldSymbol field)
    {
        foreach (SyntaxReference reference in field.ContainingType.DeclaringSyntaxReferences)
        {
            foreach (SyntaxNode node in reference.GetSyntax().DescendantNodes())
            {
                ExpressionSyntax? target = node switch
                {
                    AssignmentExpressionSyntax assignment => assignment.Left,
                    ArgumentSyntax { RefKindKeyword.RawKind: not 0 } argument => argument.Expression,
                    PrefixUnaryExpressionSyntax unary => unary.Operand,
                    PostfixUnaryExpressionSyntax unary => unary.Operand,
                    _ => null,
                };
                if (target is not null && NameOf(target) == field.Name)
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static string? NameOf(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
        _ => null,
    };
}
