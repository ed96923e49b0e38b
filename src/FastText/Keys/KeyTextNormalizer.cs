using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using FastText.Internal;

namespace FastText;

/// <summary>
/// <see cref="KeyTextRules"/> compiled for the hot path. Measuring classifies the text in one pass with a per-ASCII-char
/// flag table (allowed after replacement, whitespace); writing an all-ASCII part is then one table lookup per char,
/// which performs replacement and lower-casing together. Every rule maps a char to exactly one char (invariant
/// lower-casing preserves UTF-16 length), so a kept part is exactly as long as its input.
/// </summary>
internal sealed partial class KeyTextNormalizer
{
    internal const int PlanEmptyFallback = 0;
    internal const int PlanInvalidFallback = 1;
    internal const int PlanAscii = 2;
    internal const int PlanText = 3;
    internal const int PlanCopy = 4;

    private const byte AllowedFlag = 1;
    private const byte WhitespaceFlag = 2;
    private const byte AsciiFlag = 4;
    private const byte AllFlags = AllowedFlag | WhitespaceFlag | AsciiFlag;

    private readonly byte[] _asciiFlags = new byte[128];
    private readonly char[] _asciiMap = new char[128];
    private readonly string? _emptyFallback;
    private readonly string? _invalidFallback;
    private readonly KeyCharacterSet? _allowed;
    private readonly bool _replaceAllWhitespace;
    private readonly bool _replaceSpaces;
    private readonly char _replacement;
    private readonly char _writtenReplacement;
    private readonly bool _lowerCase;
    private readonly bool _copiesAsIs;

    internal KeyTextNormalizer(KeyTextRules rules)
    {
        _lowerCase = rules.LowerCase;
        _emptyFallback = Lower(rules.EmptyFallback);
        _allowed = rules.AllowedCharacters;
        _invalidFallback = Lower(rules.InvalidFallback);
        if (rules.WhitespaceReplacement is char replacement)
        {
            _replacement = replacement;
            _writtenReplacement = _lowerCase ? char.ToLowerInvariant(replacement) : replacement;
            _replaceAllWhitespace = rules.Whitespace == KeyWhitespace.All;
            _replaceSpaces = !_replaceAllWhitespace;
        }

        _copiesAsIs = _emptyFallback is null && _allowed is null && rules.WhitespaceReplacement is null && !_lowerCase;

        for (int i = 0; i < 128; i++)
        {
            char c = (char)i;
            bool replaced = IsReplaced(c);
            char mapped = replaced ? _replacement : c;
            byte flags = AsciiFlag;
            if (_allowed is null || _allowed.Contains(mapped))
            {
                flags |= AllowedFlag;
            }

            if (char.IsWhiteSpace(c))
            {
                flags |= WhitespaceFlag;
            }

            _asciiFlags[i] = flags;
            _asciiMap[i] = replaced ? _writtenReplacement : _lowerCase && c is >= 'A' and <= 'Z' ? (char)(c | 0x20) : c;
        }

        _vectorReplacement = ClassifyAsciiReplacements();
        _allowedAfterReplacement = CreateAllowedSearch();
    }

    private string? Lower(string? text) => text is not null && _lowerCase ? text.ToLowerInvariant() : text;

    private bool IsReplaced(char c) => _replaceAllWhitespace ? char.IsWhiteSpace(c) : _replaceSpaces && c == ' ';

    /// <summary>The exact length the text is written with, and the plan <see cref="Write"/> follows.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal int Measure(ReadOnlySpan<char> text, string partName, out int plan)
    {
        if (_copiesAsIs)
        {
            plan = PlanCopy;
            return text.Length;
        }

        // The length test is here, not only in the callee, so short text (most key parts) pays no call for it.
        int combined;
        if (text.Length < SearchMinimumLength || !TryClassifyWithSearches(text, out combined))
        {
            combined = ClassifyPerChar(text);
        }

        return Plan(text, partName, combined, out plan);
    }

    /// <summary>The flags every char of <paramref name="text"/> has, one table lookup per char.</summary>
    private int ClassifyPerChar(ReadOnlySpan<char> text)
    {
        ref byte flagTable = ref _asciiFlags[0];
        int combined = AllFlags;
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            combined &= c < 128 ? Unsafe.Add(ref flagTable, (nint)c) : NonAsciiFlags(c);
            if ((combined & (AllowedFlag | WhitespaceFlag)) == 0)
            {
                break; // neither blank nor valid: the invalid fallback, whatever follows
            }
        }

        return combined;
    }

    /// <summary>The plan for text whose chars all have the flags in <paramref name="combined"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int Plan(ReadOnlySpan<char> text, string partName, int combined, out int plan)
    {
        if ((combined & WhitespaceFlag) != 0 && _emptyFallback is not null)
        {
            plan = PlanEmptyFallback;
            return _emptyFallback.Length;
        }

        if (_allowed is not null && ((combined & AllowedFlag) == 0 || text.Length == 0))
        {
            if (_invalidFallback is null)
            {
                ThrowHelper.ThrowKeyPartInvalid(partName);
            }

            plan = PlanInvalidFallback;
            return _invalidFallback.Length;
        }

        plan = (combined & AsciiFlag) != 0 ? PlanAscii : PlanText;
        return text.Length;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private int NonAsciiFlags(char c)
    {
        bool whitespace = char.IsWhiteSpace(c);
        char mapped = whitespace && _replaceAllWhitespace ? _replacement : c;
        int flags = whitespace ? WhitespaceFlag : 0;
        if (_allowed is null || _allowed.Contains(mapped))
        {
            flags |= AllowedFlag;
        }

        return flags;
    }

    /// <summary>Writes the text as measured; <paramref name="destination"/> is exactly the measured length.</summary>
    /// <remarks>The text is read a second time here: a caller's memory (<see cref="KeyPart.MemoryText"/>) may have been
    /// written to since it was measured, or a memory manager may hand out a different span. So nothing measuring proved
    /// is trusted for memory safety: the length is checked again and every table index is masked into the table. A
    /// change is reported as <see cref="InvalidOperationException"/> where it is seen, and can at worst give a wrong key.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void Write(ReadOnlySpan<char> text, int plan, Span<char> destination, string partName)
    {
        // An if-chain rather than a switch: plans differ from part to part of one key, and conditional branches predict
        // better than the indirect jump a switch compiles to.
        if (plan >= PlanAscii && text.Length != destination.Length)
        {
            KeyThrowHelper.ThrowPartChanged(partName);
        }

        if (plan == PlanAscii)
        {
            WriteAscii(text, destination, partName);
        }
        else if (plan == PlanCopy)
        {
            // Most key parts are a few chars: a short copy saves the call to the general memmove.
            ShortCopy.To(text, destination);
        }
        else if (plan == PlanText)
        {
            WriteText(text, destination);
        }
        else
        {
            KeyLayout.WriteLiteral(plan == PlanEmptyFallback ? _emptyFallback! : _invalidFallback!, destination, 0);
        }
    }

    private void WriteAscii(ReadOnlySpan<char> text, Span<char> destination, string partName)
    {
        if (destination.Length >= System.Numerics.Vector<ushort>.Count && TryWriteAsciiVectors(text, destination, partName))
        {
            return;
        }

        ref char map = ref _asciiMap[0];
        ref char source = ref MemoryMarshal.GetReference(text);
        ref char target = ref MemoryMarshal.GetReference(destination);
        // Measure saw only ASCII, but the text may have changed since (see Write): each char is read once, masked into
        // the 128-entry table whatever it is now, and the chars seen are OR-ed so a non-ASCII one is reported after the
        // loop. Write checked destination.Length == text.Length.
        int seen = 0;
        for (nint i = 0; i < destination.Length; i++)
        {
            int c = Unsafe.Add(ref source, i);
            seen |= c;
            Unsafe.Add(ref target, i) = Unsafe.Add(ref map, (nint)(c & 0x7F));
        }

        if (seen >= 0x80)
        {
            KeyThrowHelper.ThrowPartChanged(partName);
        }
    }

    private void WriteText(ReadOnlySpan<char> text, Span<char> destination)
    {
        // Lower first, then replace: no char changes whitespace-ness when lowered, and the replacement was lowered once
        // up front, so this equals lower(replace(text)), the documented order.
        if (_lowerCase)
        {
            KeyTextLowering.ToLowerInvariant(text, destination);
        }
        else
        {
            text.CopyTo(destination);
        }

        if (_replaceAllWhitespace)
        {
            for (int i = 0; i < destination.Length; i++)
            {
                if (char.IsWhiteSpace(destination[i]))
                {
                    destination[i] = _writtenReplacement;
                }
            }
        }
        else if (_replaceSpaces)
        {
            for (int i = 0; i < destination.Length; i++)
            {
                if (destination[i] == ' ')
                {
                    destination[i] = _writtenReplacement;
                }
            }
        }
    }
}
