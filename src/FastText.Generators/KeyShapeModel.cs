using System.Collections.Generic;
using System.Linq;

namespace FastText.Generators;

/// <summary>The kinds of part the generator writes itself; a shape with any other part is left to the library.</summary>
internal enum GeneratedPartKind
{
    /// <summary><c>KeyPart.Text(name, KeyTextRules.None)</c>: the string as is, null as empty.</summary>
    Text,

    /// <summary><c>KeyPart.Guid(name, format)</c> with one of N, D, B, P, X (either case).</summary>
    Guid,

    /// <summary><c>KeyPart.Int32(name)</c> in invariant decimal.</summary>
    Int32,

    /// <summary><c>KeyPart.Int64(name)</c> in invariant decimal.</summary>
    Int64,
}

/// <summary>One part of a recognized shape.</summary>
internal sealed class GeneratedPart
{
    public GeneratedPart(GeneratedPartKind kind, char guidFormat = '\0')
    {
        Kind = kind;
        GuidFormat = guidFormat;
    }

    public GeneratedPartKind Kind { get; }

    /// <summary>The Guid format letter, upper case; '\0' for other kinds.</summary>
    public char GuidFormat { get; }

    /// <summary>The chars the part always takes, or -1 when the length depends on the value.</summary>
    public int FixedLength => Kind == GeneratedPartKind.Guid ? GuidFormat switch { 'N' => 32, 'D' => 36, 'B' or 'P' => 38, _ => 68 } : -1;

    /// <summary>The most chars the part can take, or -1 for text (as long as the string).</summary>
    public int MaxLength => Kind switch
    {
        GeneratedPartKind.Guid => FixedLength,
        GeneratedPartKind.Int32 => 11,
        GeneratedPartKind.Int64 => 20,
        _ => -1,
    };

    public string Key => Kind.ToString() + GuidFormat;
}

/// <summary>
/// A shape the generator can write as straight-line code: literal, part, literal, ..., literal (one more literal than
/// parts; empty literals allowed), every part always present. This is what <c>KeyShape.Format</c> with plain
/// <c>{0}</c>..<c>{n-1}</c> placeholders and <c>KeyShape.Join</c> declare when no part can be absent.
/// </summary>
internal sealed class GeneratedShape
{
    public GeneratedShape(IReadOnlyList<string> literals, IReadOnlyList<GeneratedPart> parts)
    {
        Literals = literals;
        Parts = parts;
    }

    public IReadOnlyList<string> Literals { get; }

    public IReadOnlyList<GeneratedPart> Parts { get; }

    /// <summary>
    /// Whether UTF-8 can be written piece by piece with the same bytes as the whole key: only a text part can hold a
    /// surrogate, and a pair split across two pieces would become two U+FFFD. So no literal may start with a low or end
    /// with a high surrogate or hold a lone one, and two text parts may not touch (an empty literal between them).
    /// </summary>
    public bool EncodesPieceByPiece
    {
        get
        {
            foreach (string literal in Literals)
            {
                if (literal.Length > 0 && (char.IsLowSurrogate(literal[0]) || char.IsHighSurrogate(literal[literal.Length - 1])))
                {
                    return false;
                }

                // A literal with a lone surrogate inside has no u8 form (the library writes U+FFFD there): left to it.
                for (int i = 0; i < literal.Length; i++)
                {
                    if (char.IsSurrogate(literal[i]) && !(i + 1 < literal.Length && char.IsSurrogatePair(literal[i], literal[i + 1])))
                    {
                        return false;
                    }

                    if (char.IsHighSurrogate(literal[i]))
                    {
                        i++;
                    }
                }
            }

            for (int i = 1; i < Parts.Count; i++)
            {
                if (Parts[i - 1].Kind == GeneratedPartKind.Text && Parts[i].Kind == GeneratedPartKind.Text && Literals[i].Length == 0)
                {
                    return false;
                }
            }

            return true;
        }
    }

    /// <summary>A text that identifies the shape's code, for grouping call sites.</summary>
    public string Key => string.Join("\u0001", Literals) + "\u0002" + string.Join(",", Parts.Select(p => p.Key));
}
