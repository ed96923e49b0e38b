using System;
using System.Runtime.CompilerServices;

namespace FastText.Internal;

/// <summary>
/// The one composite-format parser ("{index[,alignment][:format]}", "{{" and "}}" as literal braces) with
/// string.Format's grammar and its FormatExceptions. Both builders' AppendFormat read a format through it, one token
/// at a time: a literal run (<see cref="Index"/> is -1) or a format item. The reader does not know the arguments:
/// the caller checks <see cref="Index"/> against its argument count.
/// </summary>
internal ref struct CompositeFormatReader
{
    // string.Format's limits: larger indexes and widths are format errors.
    private const int IndexLimit = 1_000_000;
    private const int WidthLimit = 1_000_000;

    // How many chars of a literal are compared one by one before the vectorized search takes over.
    private const int ScalarLookahead = 8;

    private readonly string _format;
    private int _pos;

    public CompositeFormatReader(string format)
    {
        _format = format;
        _pos = 0;
        Literal = default;
        Index = -1;
        Width = 0;
        LeftAlign = false;
        ItemFormat = default;
    }

    /// <summary>The literal text of the current token when <see cref="Index"/> is -1.</summary>
    public ReadOnlySpan<char> Literal { get; private set; }

    /// <summary>The argument index of the current format item, or -1 for a literal token.</summary>
    public int Index { get; private set; }

    /// <summary>The item's alignment width in chars (0 for none).</summary>
    public int Width { get; private set; }

    /// <summary>Whether the alignment was negative (pad on the right).</summary>
    public bool LeftAlign { get; private set; }

    /// <summary>The item's format string; empty for the default format.</summary>
    public ReadOnlySpan<char> ItemFormat { get; private set; }

    /// <summary>Reads the next token; false at the end of the format.</summary>
    /// <exception cref="FormatException">The format is invalid at this point.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool MoveNext()
    {
        string format = _format;
        int pos = _pos;
        if (pos >= format.Length)
        {
            return false;
        }

        Index = -1;
        ReadOnlySpan<char> remainder = format.AsSpan(pos);
        int untilBrace = BraceOffset(format, pos);
        if (untilBrace < 0)
        {
            Literal = remainder;
            _pos = format.Length;
            return true;
        }

        if (untilBrace > 0)
        {
            // The text before the brace is a token of its own; the brace is read on the next call.
            Literal = remainder.Slice(0, untilBrace);
            _pos = pos + untilBrace;
            return true;
        }

        if (TryReadPlainItem(format, pos))
        {
            return true;
        }

        char brace = format[pos];
        char ch = NextChar(format, ref pos);
        if (brace == ch)
        {
            // A doubled brace is one literal brace.
            Literal = format.AsSpan(pos, 1);
            _pos = pos + 1;
            return true;
        }

        if (brace != '{')
        {
            ThrowFormat("Input string was not in a correct format: an unescaped '}'.");
        }

        ReadItem(format, pos, ch);
        return true;
    }

    /// <summary>
    /// The offset from <paramref name="pos"/> of the next '{' or '}', or -1. Every item starts at a brace, and the
    /// literals between items are mostly a char or two (", "), for which the vectorized search costs more than the
    /// chars: the first few are looked at one by one, and only a longer literal is searched.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int BraceOffset(string format, int pos)
    {
        int end = Math.Min(format.Length, pos + ScalarLookahead);
        for (int i = pos; i < end; i++)
        {
            char c = format[i];
            if (c == '{' || c == '}')
            {
                return i - pos;
            }
        }

        if (end == format.Length)
        {
            return -1;
        }

        int rest = format.AsSpan(end).IndexOfAny('{', '}');
        return rest < 0 ? -1 : end - pos + rest;
    }

    /// <summary>
    /// The items most formats are made of, "{0}" to "{99}" (no alignment, no format), read without the general
    /// grammar's char-by-char state: a one-call Format of sixteen ints spent more time here than in the ints.
    /// False leaves everything to <see cref="ReadItem"/>, which also reports every error.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryReadPlainItem(string format, int pos)
    {
        if (format[pos] != '{' || pos > format.Length - 3)
        {
            return false;
        }

        int first = format[pos + 1] - '0';
        if ((uint)first > 9)
        {
            return false;
        }

        char next = format[pos + 2];
        if (next == '}')
        {
            SetItem(pos + 3, first);
            return true;
        }

        int second = next - '0';
        if ((uint)second > 9 || pos > format.Length - 4 || format[pos + 3] != '}')
        {
            return false;
        }

        SetItem(pos + 4, (first * 10) + second);
        return true;
    }

    // The one place an item's state is set, for both readers; `next` is where reading resumes after the item.
    private void SetItem(int next, int index, int width = 0, bool leftAlign = false, ReadOnlySpan<char> itemFormat = default)
    {
        _pos = next;
        Index = index;
        Width = width;
        LeftAlign = leftAlign;
        ItemFormat = itemFormat;
        Literal = default;
    }

    // pos is at the char after '{', ch is that char.
    private void ReadItem(string format, int pos, char ch)
    {
        int index = ch - '0';
        if ((uint)index >= 10)
        {
            ThrowFormat("Input string was not in a correct format: a format item must start with a digit.");
        }

        int width = 0;
        bool leftAlign = false;
        ReadOnlySpan<char> itemFormat = default;
        ch = NextChar(format, ref pos);
        if (ch != '}')
        {
            while (IsAsciiDigit(ch) && index < IndexLimit)
            {
                index = (index * 10) + ch - '0';
                ch = NextChar(format, ref pos);
            }

            while (ch == ' ')
            {
                ch = NextChar(format, ref pos);
            }

            if (ch == ',')
            {
                do
                {
                    ch = NextChar(format, ref pos);
                }
                while (ch == ' ');

                if (ch == '-')
                {
                    leftAlign = true;
                    ch = NextChar(format, ref pos);
                }

                width = ch - '0';
                if ((uint)width >= 10)
                {
                    ThrowFormat("Input string was not in a correct format: an alignment must be digits.");
                }

                ch = NextChar(format, ref pos);
                while (IsAsciiDigit(ch) && width < WidthLimit)
                {
                    width = (width * 10) + ch - '0';
                    ch = NextChar(format, ref pos);
                }

                while (ch == ' ')
                {
                    ch = NextChar(format, ref pos);
                }
            }

            if (ch != '}')
            {
                if (ch != ':')
                {
                    ThrowFormat("Input string was not in a correct format: a format item is not closed.");
                }

                int formatStart = pos + 1;
                while (true)
                {
                    ch = NextChar(format, ref pos);
                    if (ch == '}')
                    {
                        break;
                    }

                    if (ch == '{')
                    {
                        ThrowFormat("Input string was not in a correct format: '{' inside a format item.");
                    }
                }

                itemFormat = format.AsSpan(formatStart, pos - formatStart);
            }
        }

        SetItem(pos + 1, index, width, leftAlign, itemFormat);
    }

    /// <summary>The FormatException string.Format throws for an index past the arguments.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowIndexOutOfArguments() =>
        ThrowFormat("Index (zero based) must be greater than or equal to zero and less than the size of the argument list.");

    private static char NextChar(string format, ref int pos)
    {
        pos++;
        if ((uint)pos >= (uint)format.Length)
        {
            ThrowFormat("Input string was not in a correct format: a format item is not closed.");
        }

        return format[pos];
    }

    private static bool IsAsciiDigit(char c) => (uint)(c - '0') <= 9;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowFormat(string message) => throw new FormatException(message);
}
