using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace FastText.Generators;

/// <summary>
/// Decides whether a <c>Build</c>, <c>TryFormat</c> or <c>TryFormatUtf8</c> call can be intercepted, and with what shape. It says yes
/// only when the receiver is a <c>static readonly</c> field of this compilation that nothing but its own initializer
/// assigns or takes by reference (<see cref="FieldUseFinder"/>), and that initializer is <c>KeyShape.Format</c>
/// (placeholders without formats) or <c>KeyShape.Join</c> over parts of <see cref="GeneratedPartKind"/>, with constant
/// literals. Such a field holds null (read before its initializer ran, or a <c>[ThreadStatic]</c> field on another
/// thread) or the initializer's shape, which is what the generated code writes; it reads the receiver, so null throws
/// as the library's call does. Anything else (other parts, rules, formats, a shape built at run time) is left to the
/// library, and the reason is given: a call not intercepted is still correct, only not specialized.
/// </summary>
internal static class KeyShapeRecognizer
{
    internal const string InterceptedBuild = "Build";
    internal const string InterceptedTryFormat = "TryFormat";
    internal const string InterceptedTryFormatUtf8 = "TryFormatUtf8";

    /// <summary>Whether the call is one of the intercepted methods of FastText's <c>KeyShape&lt;...&gt;</c>, the
    /// calls a reason is given for when they are left to the library.</summary>
    public static bool IsKeyShapeCall(IInvocationOperation call) =>
        call.TargetMethod is { IsStatic: false, Name: InterceptedBuild or InterceptedTryFormat or InterceptedTryFormatUtf8 } method
        && IsKeyShapeType(method.ContainingType);

    /// <summary>The field a call reads its shape from, if it is one the generator may look into.</summary>
    public static IFieldSymbol? ReceiverField(IInvocationOperation call) =>
        call.Instance is IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true } field } ? field : null;

    /// <summary>The shape of the call's receiver, or why it is left to the library (<paramref name="declined"/>).</summary>
    public static bool TryRecognize(SemanticModels models, IInvocationOperation call, FieldUseFinder fields, out GeneratedShape shape, out string declined)
    {
        shape = null!;
        INamedTypeSymbol shapeType = call.TargetMethod.ContainingType;
        if (!IsReachableAsGlobal(models.Compilation, shapeType.ContainingAssembly))
        {
            declined = "the FastText library is referenced under an extern alias only, and the generated code names global::FastText";
            return false;
        }

        if (ReceiverField(call) is not { } field)
        {
            declined = "its receiver is not a static readonly field (the generator reads a shape only from such a field's initializer)";
            return false;
        }

        string fieldName = field.ContainingType.Name + "." + field.Name;
        if (field.DeclaringSyntaxReferences.Length != 1
            || field.DeclaringSyntaxReferences[0].GetSyntax() is not VariableDeclaratorSyntax declarator)
        {
            declined = $"the field {fieldName} is declared in another assembly";
            return false;
        }

        if (declarator.Initializer is not { } initializer)
        {
            declined = $"the field {fieldName} has no initializer";
            return false;
        }

        string? use = fields.FirstUseOtherThanRead(field);
        if (use is not null)
        {
            declined = $"the field {fieldName} is {use}, so it may hold another shape than its initializer's";
            return false;
        }

        if (Unconverted(models.For(declarator.SyntaxTree).GetOperation(initializer.Value)) is not IInvocationOperation
            {
                TargetMethod: { Name: "Format" or "Join", ContainingType: { Name: "KeyShape", TypeArguments.Length: 0 } factoryType } factory,
            } declaration
            || !IsFastText(factoryType))
        {
            declined = $"the initializer of {fieldName} is not a call of KeyShape.Format or KeyShape.Join";
            return false;
        }

        // Parts by parameter (part1, part2, ...), not by where their arguments are written: named arguments may come
        // in any order.
        var parts = new GeneratedPart?[shapeType.TypeArguments.Length];
        string? template = null, separator = null, prefix = string.Empty, suffix = string.Empty;
        foreach (IArgumentOperation argument in declaration.Arguments)
        {
            string name = argument.Parameter?.Name ?? string.Empty;
            if (name.StartsWith("part", System.StringComparison.Ordinal)
                && int.TryParse(name.Substring(4), NumberStyles.None, CultureInfo.InvariantCulture, out int number)
                && number >= 1 && number <= parts.Length)
            {
                if (!TryRecognizePart(Unconverted(argument.Value), shapeType.TypeArguments[number - 1], out GeneratedPart part))
                {
                    declined = $"part {number.ToString(CultureInfo.InvariantCulture)} of {fieldName} is not KeyPart.Text with KeyTextRules.None, KeyPart.Guid with a constant format (N, D, B, P or X), or KeyPart.Int32 or KeyPart.Int64 without a format";
                    return false;
                }

                parts[number - 1] = part;
                continue;
            }

            if (!TryConstantString(argument.Value, out string? text))
            {
                declined = $"the {name} of {fieldName} is not a constant string";
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
                    declined = $"the initializer of {fieldName} has an argument the generator does not know ({name})";
                    return false;
            }
        }

        if (parts.Any(p => p is null))
        {
            declined = $"the initializer of {fieldName} does not give every part";
            return false;
        }

        List<string>? literals = factory.Name == "Format"
            ? template is null ? null : ParseTemplate(template, parts.Length)
            : separator is null ? null : JoinLiterals(separator, prefix!, suffix!, parts.Length);
        if (literals is null)
        {
            declined = factory.Name == "Format" && template is not null
                ? $"the template of {fieldName} has a placeholder with a format, or is one the library rejects"
                : $"the {(factory.Name == "Format" ? "template" : "separator")} of {fieldName} is null";
            return false;
        }

        shape = new GeneratedShape(literals, parts.Select(p => p!).ToList());
        declined = string.Empty;
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

    /// <summary>The operation under identity conversions, which change no value.</summary>
    private static IOperation? Unconverted(IOperation? operation)
    {
        while (operation is IConversionOperation { Conversion.IsIdentity: true } conversion)
        {
            operation = conversion.Operand;
        }

        return operation;
    }

    /// <summary>A part the generator writes, from its <c>KeyPart</c> factory call; <paramref name="valueType"/> is
    /// the shape's type argument for it, which the generated code's value has.</summary>
    private static bool TryRecognizePart(IOperation? operation, ITypeSymbol valueType, out GeneratedPart part)
    {
        part = null!;
        if (operation is not IInvocationOperation { TargetMethod: { ContainingType: { Name: "KeyPart", TypeArguments.Length: 0 } partFactory } method } invocation
            || !IsFastText(partFactory))
        {
            return false;
        }

        IOperation? Argument(string parameter) => invocation.Arguments.FirstOrDefault(a => a.Parameter?.Name == parameter)?.Value;

        switch (method.Name)
        {
            case "Text" when valueType.SpecialType == SpecialType.System_String:
                // Only rules that copy the text as is: KeyTextRules.None, read where it is declared.
                if (Unconverted(Argument("rules")) is IPropertyReferenceOperation { Property: { Name: "None", IsStatic: true, ContainingType: { Name: "KeyTextRules" } rulesType } }
                    && IsFastText(rulesType))
                {
                    part = new GeneratedPart(GeneratedPartKind.Text);
                    return true;
                }

                return false;
            case "Guid" when valueType is { Name: "Guid", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } }:
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
            case "Int32" when valueType.SpecialType == SpecialType.System_Int32:
            case "Int64" when valueType.SpecialType == SpecialType.System_Int64:
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

    /// <summary>
    /// The literals of a template whose placeholders are exactly {0}, {1}, ... in order and without formats, read as
    /// the library reads it ("{{" and "}}" are braces); null for a template with a format (the library parses those)
    /// and for every template the library rejects (its initializer throws, so no call ever reads the field).
    /// </summary>
    private static List<string>? ParseTemplate(string template, int partCount)
    {
        var literals = new List<string>(partCount + 1);
        var literal = new StringBuilder();
        for (int i = 0; i < template.Length; i++)
        {
            char c = template[i];
            if (c is '{' or '}' && i + 1 < template.Length && template[i + 1] == c)
            {
                literal.Append(c);
                i++;
                continue;
            }

            if (c == '}')
            {
                return null;
            }

            if (c != '{')
            {
                literal.Append(c);
                continue;
            }

            int close = template.IndexOf('}', i + 1);
            if (close < 0 || template.Substring(i + 1, close - i - 1) != literals.Count.ToString(CultureInfo.InvariantCulture))
            {
                return null;
            }

            literals.Add(literal.ToString());
            literal.Clear();
            i = close;
        }

        literals.Add(literal.ToString());
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
}
