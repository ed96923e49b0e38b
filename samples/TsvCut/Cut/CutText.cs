using System.Text;

namespace FastText.Samples.TsvCut;

/// <summary>Quoting for error messages, as GNU tools do it in the C locale, so messages read the same as cut's.</summary>
internal static class CutText
{
    /// <summary>
    /// 'text' (a byte string: one char per byte) with C escapes for control bytes, apostrophes and backslashes, and
    /// octal for bytes above 0x7e (the C locale treats them as unprintable): how cut quotes a bad LIST item.
    /// </summary>
    public static string Quote(string text)
    {
        var quoted = new StringBuilder(text.Length + 2);
        quoted.Append('\'');
        foreach (byte b in Encoding.Latin1.GetBytes(text))
        {
            switch (b)
            {
                case (byte)'\'': quoted.Append("\\'"); break;
                case (byte)'\\': quoted.Append("\\\\"); break;
                case (byte)'\a': quoted.Append("\\a"); break;
                case (byte)'\b': quoted.Append("\\b"); break;
                case (byte)'\f': quoted.Append("\\f"); break;
                case (byte)'\n': quoted.Append("\\n"); break;
                case (byte)'\r': quoted.Append("\\r"); break;
                case (byte)'\t': quoted.Append("\\t"); break;
                case (byte)'\v': quoted.Append("\\v"); break;
                default:
                    if (b < 0x20 || b > 0x7e)
                    {
                        quoted.Append('\\').Append((char)('0' + (b >> 6))).Append((char)('0' + ((b >> 3) & 7))).Append((char)('0' + (b & 7)));
                    }
                    else
                    {
                        quoted.Append((char)b);
                    }

                    break;
            }
        }

        return quoted.Append('\'').ToString();
    }

    /// <summary>
    /// A file name (a byte string: one char per byte) as cut prints it before an error, quoted as GNU quotearg's
    /// shell-escape style does in the C locale: as is when the shell would read it back unchanged; in double quotes
    /// when it holds an apostrophe and nothing else that needs quoting inside them; otherwise in single quotes, an
    /// apostrophe as '\'' and each run of unprintable bytes as $'\ooo' (C escapes for \n, \t and the like), with
    /// quotearg's extra leading '' when the name holds an apostrophe and ends with an unprintable byte.
    /// </summary>
    public static string QuoteFileName(string name)
    {
        bool plain = name.Length > 0;
        bool apostrophe = false;
        bool unprintable = false;
        bool doubleQuotable = true;
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            bool safe = c is (>= 'a' and <= 'z') or (>= 'A' and <= 'Z') or (>= '0' and <= '9')
                or '_' or '.' or '/' or '-' or '+' or ',' or ':' or '@' or '%' or '=' or '^'
                || (i > 0 && c is '~' or '#');
            plain &= safe;
            apostrophe |= c == '\'';
            unprintable |= c < 0x20 || c > 0x7e;
            doubleQuotable &= c is not ('"' or '$' or '`' or '\\' or '!');
        }

        if (plain)
        {
            return name;
        }

        if (apostrophe && !unprintable && doubleQuotable)
        {
            return "\"" + name + "\"";
        }

        var quoted = new StringBuilder(name.Length + 8);
        if (apostrophe && name[^1] is < (char)0x20 or > (char)0x7e)
        {
            // quotearg's rescan after an apostrophe leaves this when the name ends inside $'...'. (With an
            // apostrophe next to an unprintable byte it is odder still; those names are quoted as above.)
            quoted.Append("''");
        }

        quoted.Append('\'');
        bool inEscape = false;
        foreach (char c in name)
        {
            if (c < 0x20 || c > 0x7e)
            {
                if (!inEscape)
                {
                    quoted.Append("'$'");
                    inEscape = true;
                }

                quoted.Append(c switch
                {
                    '\a' => "\\a",
                    '\b' => "\\b",
                    '\f' => "\\f",
                    '\n' => "\\n",
                    '\r' => "\\r",
                    '\t' => "\\t",
                    '\v' => "\\v",
                    _ => "\\" + (char)('0' + ((c >> 6) & 3)) + (char)('0' + ((c >> 3) & 7)) + (char)('0' + (c & 7)),
                });
                continue;
            }

            if (inEscape)
            {
                quoted.Append("''");
                inEscape = false;
            }

            quoted.Append(c == '\'' ? "'\\''" : c.ToString());
        }

        return quoted.Append('\'').ToString();
    }
}
