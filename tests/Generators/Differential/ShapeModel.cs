namespace FastText.Generators.Tests.Differential;

/// <summary>The part kinds a random shape has: the four the generator writes, and some it leaves to the library.</summary>
internal enum PartKind
{
    Text,
    Guid,
    Int32,
    Int64,

    /// <summary>Text with rules that change it (lower-cased): left to the library.</summary>
    LoweredText,

    /// <summary>Text whose rules are KeyTextRules.None read from a field, not where it is declared: left to the library.</summary>
    TextWithRulesField,

    /// <summary>An Int32 with a format (D4): left to the library.</summary>
    PaddedInt32,
}

/// <summary>What a shape's field goes through besides its initializer: nothing, or one of C#'s ways to write it or
/// to take it by reference (each rules it out), placed in its type's static constructor or another initializer.</summary>
internal enum Mutation
{
    None,
    Assign,
    ParenthesizedAssign,
    Deconstruct,
    NestedDeconstruct,
    DeconstructWithDeclaration,
    RefLocal,
    RefReadonlyLocalWrittenThroughUnsafe,
    RefConditional,
    RefReadonlyReturnWrittenThroughUnsafe,
    CoalesceAssign,
    OutArgument,
    RefArgument,
    InterlockedExchange,
    VolatileWrite,
    InArgumentWrittenThroughUnsafe,
    InParameterWithoutKeyword,
    MakeRef,
    OtherFieldInitializer,

    /// <summary>Written through a pointer: compiled by KeyShapeGeneratorTests only (run, it would skip the GC's write barrier).</summary>
    AddressOf,
    OperatorInParameter,
}

/// <summary>A part of a random shape.</summary>
internal sealed class PartModel(PartKind kind, char guidFormat)
{
    public PartKind Kind { get; } = kind;

    /// <summary>The Guid format letter the library uses (upper case), for Guid parts.</summary>
    public char GuidFormat { get; } = guidFormat;

    public bool Generated => Kind is PartKind.Text or PartKind.Guid or PartKind.Int32 or PartKind.Int64;

    public bool IsText => Kind is PartKind.Text or PartKind.LoweredText or PartKind.TextWithRulesField;

    /// <summary>The value slot the part reads: V.T (text), V.G (Guid) or V.N (integers).</summary>
    public char Slot => IsText ? 'T' : Kind == PartKind.Guid ? 'G' : 'N';

    /// <summary>The most chars the part writes, text aside (counted from the values).</summary>
    public int MaxChars => Kind switch
    {
        PartKind.Guid => 68,
        PartKind.Int32 or PartKind.PaddedInt32 => 11,
        PartKind.Int64 => 20,
        _ => 0,
    };

    public string ValueType(bool annotated) => Kind switch
    {
        PartKind.Guid => "System.Guid",
        PartKind.Int32 or PartKind.PaddedInt32 => "int",
        PartKind.Int64 => "long",
        _ => annotated ? "string?" : "string",
    };
}

/// <summary>
/// A random shape: its parts, its literals (Format: the labels around the placeholders; Join: the prefix, the
/// separator between each two parts, the suffix) and what makes the generator leave it to the library, if anything.
/// </summary>
internal sealed class ShapeModel(string field, bool isJoin, IReadOnlyList<PartModel> parts, IReadOnlyList<string> literals)
{
    public string Field { get; } = field;

    public bool IsJoin { get; } = isJoin;

    public IReadOnlyList<PartModel> Parts { get; } = parts;

    public IReadOnlyList<string> Literals { get; } = literals;

    /// <summary>Format placeholders that carry a format ({1:D3}): left to the library.</summary>
    public bool[] PlaceholderFormats { get; } = new bool[parts.Count];

    /// <summary>A literal read from a static readonly string, not a constant: left to the library.</summary>
    public bool NonConstantLiteral { get; set; }

    public Mutation Mutation { get; set; }

    public bool ThreadStatic { get; set; }

    /// <summary>The literals of the shape a mutation writes: the same with a marker in front, so that the keys differ.</summary>
    public IReadOnlyList<string> MutatedLiterals => [.. Literals.Select((l, i) => i == 0 ? "R!" + l : l)];

    /// <summary>The generator takes the shape's calls (the reference model of its rules).</summary>
    public bool Interceptable =>
        Parts.All(p => p.Generated) && !PlaceholderFormats.Any(f => f) && !NonConstantLiteral && Mutation == Mutation.None;

    /// <summary>UTF-8 written piece by piece has the whole key's bytes: no literal starts with a low surrogate, ends
    /// with a high one or holds a lone one, and no two text parts touch.</summary>
    public bool EncodesPieceByPiece
    {
        get
        {
            foreach (string literal in Literals)
            {
                if (literal.Length > 0 && (char.IsLowSurrogate(literal[0]) || char.IsHighSurrogate(literal[^1])))
                {
                    return false;
                }

                for (int i = 0; i < literal.Length; i++)
                {
                    if (char.IsHighSurrogate(literal[i]) && i + 1 < literal.Length && char.IsLowSurrogate(literal[i + 1]))
                    {
                        i++;
                    }
                    else if (char.IsSurrogate(literal[i]))
                    {
                        return false;
                    }
                }
            }

            for (int i = 1; i < Parts.Count; i++)
            {
                if (Parts[i - 1].IsText && Parts[i].IsText && Literals[i].Length == 0)
                {
                    return false;
                }
            }

            return true;
        }
    }

    /// <summary>The shape's type as C# spells it.</summary>
    public string Type(bool annotated, string keyShape = "KeyShape") =>
        keyShape + "<" + string.Join(", ", Parts.Select(p => p.ValueType(annotated))) + ">";

    /// <summary>An upper bound of the key's chars, texts aside (the longer of the initializer's and the mutation's).</summary>
    public int MaxFixedChars => MutatedLiterals.Sum(l => l.Length) + Parts.Sum(p => p.MaxChars);
}
