using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace FastText.Generators;

/// <summary>
/// Finds the first use of a field, anywhere in the compilation, that does anything but read its value: an assignment
/// (simple, compound, <c>??=</c>, a deconstruction, a foreach variable), an increment, and every way of taking it by
/// reference (<c>ref</c>, <c>out</c> or <c>in</c> arguments, <c>in</c> and <c>ref readonly</c> parameters without a
/// keyword, ref locals, ref returns, ref conditionals, ref fields, operators with <c>in</c> parameters, <c>&amp;</c>,
/// <c>__makeref</c>). A reference can be written through (<c>Unsafe.AsRef</c>, <c>Interlocked.Exchange</c>), so any
/// of these means the field may hold another value than its initializer's. A use the compiler cannot describe counts
/// as such a use too: the answer may be "no" when the field is only read, never "yes" when it is not.
/// </summary>
/// <remarks>
/// A field is referenced by its name only (an alias names a type, never a field), so the candidates are the
/// identifiers spelled like it; each is bound, and those that are the field are classified from their syntax and
/// their operation. The identifiers of every tree are indexed once per generator run, for all the names asked about.
/// </remarks>
internal sealed class FieldUseFinder
{
    private readonly SemanticModels _models;
    private readonly HashSet<string> _names;
    private readonly CancellationToken _cancellation;
    private readonly Dictionary<IFieldSymbol, string?> _found = new(SymbolEqualityComparer.Default);
    private Dictionary<string, List<IdentifierNameSyntax>>? _identifiers;

    /// <param name="models">The compilation whose trees are searched, with a model per tree.</param>
    /// <param name="names">The names of every field that will be asked about.</param>
    /// <param name="cancellation">The generator run's cancellation.</param>
    public FieldUseFinder(SemanticModels models, IEnumerable<string> names, CancellationToken cancellation)
    {
        _models = models;
        _names = new HashSet<string>(names, System.StringComparer.Ordinal);
        _cancellation = cancellation;
    }

    /// <summary>What the first use of <paramref name="field"/> other than a read does and where, e.g. "assigned at
    /// Keys.cs(12,9)"; null when every reference to it reads its value.</summary>
    public string? FirstUseOtherThanRead(IFieldSymbol field)
    {
        field = field.OriginalDefinition;
        if (!_found.TryGetValue(field, out string? use))
        {
            use = Find(field);
            _found.Add(field, use);
        }

        return use;
    }

    private string? Find(IFieldSymbol field)
    {
        _identifiers ??= IndexIdentifiers();
        if (!_identifiers.TryGetValue(field.Name, out List<IdentifierNameSyntax>? identifiers))
        {
            return null;
        }

        foreach (IdentifierNameSyntax identifier in identifiers)
        {
            _cancellation.ThrowIfCancellationRequested();
            SemanticModel model = _models.For(identifier.SyntaxTree);

            // Keys.Shape binds as the member access, Shape alone as the name.
            ExpressionSyntax reference = identifier.Parent is MemberAccessExpressionSyntax access && access.Name == identifier ? access : identifier;
            SymbolInfo symbol = model.GetSymbolInfo(reference, _cancellation);
            if (!Names(symbol, field))
            {
                continue;
            }

            string? use = UseOtherThanRead(reference, model);
            if (use is not null)
            {
                FileLinePositionSpan position = reference.GetLocation().GetLineSpan();
                return use + " at " + System.IO.Path.GetFileName(position.Path) + "("
                    + (position.StartLinePosition.Line + 1).ToString(CultureInfo.InvariantCulture) + ","
                    + (position.StartLinePosition.Character + 1).ToString(CultureInfo.InvariantCulture) + ")";
            }
        }

        return null;
    }

    private Dictionary<string, List<IdentifierNameSyntax>> IndexIdentifiers()
    {
        var identifiers = new Dictionary<string, List<IdentifierNameSyntax>>(System.StringComparer.Ordinal);
        foreach (SyntaxTree tree in _models.Compilation.SyntaxTrees)
        {
            // Tokens, not nodes: fewer to visit. Documentation comments (crefs) are trivia and not visited: they
            // cannot write a field.
            foreach (SyntaxToken token in tree.GetRoot(_cancellation).DescendantTokens())
            {
                if (token.IsKind(SyntaxKind.IdentifierToken) && _names.Contains(token.ValueText) && token.Parent is IdentifierNameSyntax identifier)
                {
                    if (!identifiers.TryGetValue(token.ValueText, out List<IdentifierNameSyntax>? list))
                    {
                        list = [];
                        identifiers.Add(token.ValueText, list);
                    }

                    list.Add(identifier);
                }
            }
        }

        return identifiers;
    }

    /// <summary>Whether the reference may be the field: bound to it, or to a set of candidates that includes it.</summary>
    private static bool Names(SymbolInfo symbol, IFieldSymbol field)
    {
        if (symbol.Symbol is not null)
        {
            return IsField(symbol.Symbol, field);
        }

        return symbol.CandidateSymbols.Any(candidate => IsField(candidate, field));
    }

    private static bool IsField(ISymbol symbol, IFieldSymbol field) =>
        symbol is IFieldSymbol candidate && SymbolEqualityComparer.Default.Equals(candidate.OriginalDefinition, field);

    private static string? UseOtherThanRead(ExpressionSyntax reference, SemanticModel model)
    {
        // The syntax says what is written with a keyword or an operator.
        ExpressionSyntax outer = reference;
        while (outer.Parent is ParenthesizedExpressionSyntax parenthesized)
        {
            outer = parenthesized;
        }

        switch (outer.Parent)
        {
            case AssignmentExpressionSyntax assignment when assignment.Left == outer:
                return "assigned";
            case PrefixUnaryExpressionSyntax unary when unary.IsKind(SyntaxKind.AddressOfExpression):
                return "its address taken";
            case PrefixUnaryExpressionSyntax unary when unary.IsKind(SyntaxKind.PreIncrementExpression) || unary.IsKind(SyntaxKind.PreDecrementExpression):
            case PostfixUnaryExpressionSyntax postfix when postfix.IsKind(SyntaxKind.PostIncrementExpression) || postfix.IsKind(SyntaxKind.PostDecrementExpression):
                return "incremented or decremented";
            case RefExpressionSyntax:
                return "taken by reference";
            case MakeRefExpressionSyntax:
                return "taken by reference (__makeref)";
            case ArgumentSyntax argument when !argument.RefKindKeyword.IsKind(SyntaxKind.None):
                return "passed by reference";
            case ArgumentSyntax { Parent: TupleExpressionSyntax tuple } when IsDeconstructionTarget(tuple):
                return "assigned by a deconstruction";
        }

        // The operations say what is taken by reference without a keyword: an argument of an in or ref readonly
        // parameter, an operand of an operator whose parameter is in.
        IOperation? operation = model.GetOperation(reference);
        if (operation is null)
        {
            return "used where its use cannot be analysed";
        }

        return operation.Parent switch
        {
            IArgumentOperation { Parameter: { } parameter } when parameter.RefKind != RefKind.None => "passed by reference",
            IArgumentOperation { Parameter: null } => "passed where its parameter is unknown",
            IAssignmentOperation assignment when assignment.Target == operation => "assigned",
            ISimpleAssignmentOperation { IsRef: true } => "taken by reference",
            IIncrementOrDecrementOperation => "incremented or decremented",
            IAddressOfOperation => "its address taken",
            ITupleOperation => TupleUse(operation.Parent),
            IBinaryOperation { OperatorMethod: { } method } binary => ByReference(method, binary.LeftOperand == operation ? 0 : 1),
            IUnaryOperation { OperatorMethod: { } method } => ByReference(method, 0),
            IConversionOperation { OperatorMethod: { } method } => ByReference(method, 0),
            { Kind: OperationKind.None } => "used where its use cannot be analysed",
            _ => null,
        };
    }

    private static string? ByReference(IMethodSymbol method, int parameter) =>
        parameter < method.Parameters.Length && method.Parameters[parameter].RefKind != RefKind.None ? "passed by reference to an operator" : null;

    /// <summary>A tuple whose element the field is: a deconstruction's target writes it, any other tuple reads it.</summary>
    private static string? TupleUse(IOperation tuple)
    {
        while (tuple.Parent is ITupleOperation outer)
        {
            tuple = outer;
        }

        return tuple.Parent switch
        {
            IDeconstructionAssignmentOperation deconstruction when deconstruction.Target == tuple => "assigned by a deconstruction",
            IForEachLoopOperation => "assigned by a foreach deconstruction",
            _ => null,
        };
    }

    private static bool IsDeconstructionTarget(TupleExpressionSyntax tuple)
    {
        ExpressionSyntax outer = tuple;
        while (true)
        {
            while (outer.Parent is ParenthesizedExpressionSyntax parenthesized)
            {
                outer = parenthesized;
            }

            if (outer.Parent is ArgumentSyntax { Parent: TupleExpressionSyntax enclosing })
            {
                outer = enclosing;
                continue;
            }

            return outer.Parent switch
            {
                AssignmentExpressionSyntax assignment => assignment.Left == outer,
                ForEachVariableStatementSyntax loop => loop.Variable == outer,
                _ => false,
            };
        }
    }
}
