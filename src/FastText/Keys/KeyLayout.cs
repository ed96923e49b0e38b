using System;
using System.Buffers;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Text;
using FastText.Internal;

namespace FastText;

/// <summary>
/// The literal text of a shape: a prefix, one literal in front of each part after the first, and a suffix. In a Join
/// layout the literals are separators: an absent part drops the one in front of it, and the first present part never
/// gets one, so keys never start a segment with a dangling separator. In a Format layout the literals are labels: every
/// one is always written and an absent part writes nothing between them (<see cref="KeepsLabels"/>), which keeps
/// distinct inputs apart (see docs/keys.md, "Optional parts").
/// </summary>
internal sealed class KeyLayout
{
    /// <summary>The longest string the runtime can allocate (string.Length limit on 64-bit).</summary>
    internal const int MaxKeyLength = 0x3FFFFFDF;

    private readonly string[] _gaps;

    // The format of each template placeholder ({0:D8}), or null when none has one.
    private readonly string?[]? _formats;

    private KeyLayout(string prefix, string[] gaps, string suffix, bool keepsLabels, string?[]? formats = null, ArrayPool<char>? scratchPool = null)
    {
        ScratchPool = scratchPool ?? ArrayPool<char>.Shared;
        KeepsLabels = keepsLabels;
        _formats = formats;
        Prefix = prefix;
        _gaps = gaps;
        Suffix = suffix;
        FixedLength = prefix.Length + suffix.Length;
    }

    /// <summary>True for templates: every literal is written, whether or not the parts around it are present.
    /// Composers start their "an earlier part was present" flag at this value, so a label is never dropped.</summary>
    internal bool KeepsLabels { get; }

    internal string Prefix { get; }

    /// <summary>Where a key too long for the stack borrows its scratch chars: the shared pool, or a test's recording pool.</summary>
    internal ArrayPool<char> ScratchPool { get; }

    internal string Suffix { get; }

    /// <summary>Prefix and suffix: the literal chars every key has.</summary>
    internal int FixedLength { get; }

    /// <summary>The literal in front of part <paramref name="partIndex"/> (1-based, 2 or more).</summary>
    internal string GapBefore(int partIndex) => _gaps[partIndex - 2];

    /// <summary>This layout, borrowing scratch chars from <paramref name="pool"/>.</summary>
    internal KeyLayout WithScratchPool(ArrayPool<char> pool) => new(Prefix, _gaps, Suffix, KeepsLabels, _formats, pool);

    internal static KeyLayout Join(string separator, int partCount, string? prefix, string? suffix)
    {
        if (separator is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(separator));
        }

        var gaps = new string[partCount - 1];
        for (int i = 0; i < gaps.Length; i++)
        {
            gaps[i] = separator;
        }

        return new KeyLayout(prefix ?? string.Empty, gaps, suffix ?? string.Empty, keepsLabels: false);
    }

    /// <summary>Parses "literal{0}literal{1}...literal": placeholders 0..n-1, each once, in order, each with an optional
    /// ":format" for its part; "{{" and "}}" are braces.</summary>
    internal static KeyLayout Parse(string template, int partCount)
    {
        if (template is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(template));
        }

        var literals = new List<string>(partCount + 1);
        string?[]? formats = null;
        var current = new StringBuilder();
        for (int i = 0; i < template.Length; i++)
        {
            char c = template[i];
            if (c == '{' && i + 1 < template.Length && template[i + 1] == '{')
            {
                current.Append('{');
                i++;
            }
            else if (c == '}' && i + 1 < template.Length && template[i + 1] == '}')
            {
                current.Append('}');
                i++;
            }
            else if (c == '{')
            {
                int close = template.IndexOf('}', i + 1);
                string expected = literals.Count.ToString(System.Globalization.CultureInfo.InvariantCulture);
                string hole = close < 0 ? string.Empty : template.Substring(i + 1, close - i - 1);
                int colon = hole.IndexOf(':');
                string index = colon < 0 ? hole : hole.Substring(0, colon);
                if (index.IndexOf(',') >= 0 && index.Substring(0, index.IndexOf(',')) == expected)
                {
                    ThrowHelper.ThrowArgument(nameof(template),
                        "Key template placeholder {" + hole + "} has an alignment; keys take no alignment (pad numbers with a precision, e.g. {" + expected + ":D8}).");
                }

                if (close < 0 || index != expected)
                {
                    ThrowHelper.ThrowArgument(nameof(template),
                        "Key template placeholders must be {0}, {1}, ... in order, each once, optionally with a format such as {0:D8}; expected {" + expected + "} at index " + i.ToString(System.Globalization.CultureInfo.InvariantCulture) + ".");
                }

                if (colon >= 0)
                {
                    formats ??= new string?[partCount];
                    if (literals.Count < partCount)
                    {
                        formats[literals.Count] = hole.Substring(colon + 1);
                    }
                }

                literals.Add(current.ToString());
                current.Clear();
                i = close;
            }
            else if (c == '}')
            {
                ThrowHelper.ThrowArgument(nameof(template), "Key template has a lone '}'; write '}}' for a brace.");
            }
            else
            {
                current.Append(c);
            }
        }

        literals.Add(current.ToString());
        if (literals.Count != partCount + 1)
        {
            ThrowHelper.ThrowArgument(nameof(template),
                "Key template has " + (literals.Count - 1).ToString(System.Globalization.CultureInfo.InvariantCulture)
                + " placeholders but the shape has " + partCount.ToString(System.Globalization.CultureInfo.InvariantCulture) + " parts.");
        }

        return new KeyLayout(literals[0], literals.GetRange(1, partCount - 1).ToArray(), literals[partCount], keepsLabels: true, formats);
    }

    /// <summary>Part <paramref name="partIndex"/> (0-based) with its placeholder's format applied, if it has one.</summary>
    internal KeyPart<T> Formatted<T>(int partIndex, KeyPart<T> part) =>
        _formats?[partIndex] is string format ? part.WithFormat(format) : part;

    /// <summary>Adds part <paramref name="partIndex"/>'s measured length (and its leading literal) to the running total.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal long Add(long total, int partLength, int partIndex, ref bool anyPresent, string partName)
    {
        if (partLength < 0)
        {
            if (!KeepsLabels)
            {
                return total;
            }

            partLength = 0; // an absent part between labels: its labels stay, its value is empty
        }

        total += partLength;
        if (anyPresent)
        {
            total += _gaps[partIndex - 2].Length;
        }

        anyPresent = true;
        if (total > MaxKeyLength)
        {
            ThrowHelper.ThrowKeyTooLong(partName);
        }

        return total;
    }

    /// <summary>Writes the literal in front of a present part when an earlier part was present; returns the new position.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int WriteGap(int partIndex, bool anyPresent, Span<char> destination, int position)
    {
        if (!anyPresent)
        {
            return position;
        }

        return WriteLiteral(_gaps[partIndex - 2], destination, position);
    }

    /// <summary>Writes the label in front of an absent part when the layout keeps labels; returns the new position.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int WriteLabelOfAbsent(int partIndex, Span<char> destination, int position) =>
        KeepsLabels ? WriteLiteral(_gaps[partIndex - 2], destination, position) : position;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int WriteLiteral(string literal, Span<char> destination, int position)
    {
        // Separators and labels are a few chars: a short copy beats a call to the general memmove. The Slice checks
        // the literal fits before the copy writes.
        int length = literal.Length;
        ShortCopy.To(literal.AsSpan(), destination.Slice(position, length));
        return position + length;
    }
}
