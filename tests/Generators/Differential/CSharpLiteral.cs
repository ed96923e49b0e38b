using System.Globalization;

namespace FastText.Generators.Tests.Differential;

/// <summary>
/// Writes a string as a C# constant expression in one of the forms a project may use: a regular literal with
/// escapes or with the characters themselves, a verbatim or raw literal, a const, a concatenation (split anywhere,
/// even inside a surrogate pair or a placeholder), or a constant interpolated string. Every form has the same constant
/// value; the generator reads constants, so each must give it the same literal.
/// </summary>
internal static class CSharpLiteral
{
    /// <summary>A C# expression of <paramref name="value"/>; <paramref name="declareConst"/> declares a const of the
    /// given value in scope and returns its name.</summary>
    public static string Expression(string value, Random random, Func<string, string> declareConst)
    {
        switch (random.Next(8))
        {
            case 0 when CanBeVerbatim(value):
                return "@\"" + value.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
            case 1 when CanBeRaw(value):
                return "\"\"\"" + value + "\"\"\"";
            case 2:
                return declareConst(Escaped(value, random.Next(2) == 0));
            case 3 when value.Length > 0:
            {
                int split = random.Next(value.Length + 1);
                return "(" + Escaped(value.Substring(0, split), true) + " + " + Escaped(value.Substring(split), true) + ")";
            }

            case 4 when value.Length > 0:
            {
                // $"{Head}tail": a constant of C# 10 and later when every hole is a constant string.
                int split = random.Next(value.Length + 1);
                string head = declareConst(Escaped(value.Substring(0, split), true));
                string tail = Escaped(value.Substring(split), true).Replace("{", "{{", StringComparison.Ordinal).Replace("}", "}}", StringComparison.Ordinal);
                return "$\"{" + head + "}" + tail.Substring(1);
            }

            default:
                return Escaped(value, random.Next(2) == 0);
        }
    }

    /// <summary>A regular literal: printable ASCII as is, the rest as escapes, or (<paramref name="rawText"/>) as the
    /// characters themselves where a source file can hold them (not control characters or lone surrogates).</summary>
    public static string Escaped(string value, bool rawText)
    {
        var literal = new StringBuilder("\"");
        for (int i = 0; i < value.Length; i++)
        {
            char c = value[i];
            bool pair = i + 1 < value.Length && char.IsSurrogatePair(c, value[i + 1]);
            if (c == '"' || c == '\\')
            {
                literal.Append('\\').Append(c);
            }
            else if (c >= ' ' && c < '\u007F')
            {
                literal.Append(c);
            }
            else if (rawText && pair)
            {
                literal.Append(c).Append(value[++i]);
            }
            else if (rawText && c > '\u00A0' && !char.IsSurrogate(c) && c is not ('\u2028' or '\u2029' or '\u0085' or '\uFEFF'))
            {
                literal.Append(c);
            }
            else
            {
                literal.Append("\\u").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
            }
        }

        return literal.Append('"').ToString();
    }

    private static bool IsPlain(char c) => c >= ' ' && c != '\u007F' && !char.IsSurrogate(c) && c is not ('\u0085' or '\u2028' or '\u2029' or '\uFEFF') && !(c > '\u007F' && c <= '\u00A0');

    private static bool HasOnlyPlainText(string value)
    {
        for (int i = 0; i < value.Length; i++)
        {
            if (i + 1 < value.Length && char.IsSurrogatePair(value[i], value[i + 1]))
            {
                i++;
            }
            else if (!IsPlain(value[i]))
            {
                return false;
            }
        }

        return true;
    }

    private static bool CanBeVerbatim(string value) => HasOnlyPlainText(value);

    // A single-line raw literal cannot start or end with a quote (it would lengthen the delimiter) nor hold three in a row.
    private static bool CanBeRaw(string value) =>
        value.Length > 0 && HasOnlyPlainText(value) && value[0] != '"' && value[^1] != '"' && !value.Contains("\"\"\"", StringComparison.Ordinal);
}
