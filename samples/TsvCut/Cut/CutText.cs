using System.Text;

namespace FastText.Samples.TsvCut;

/// <summary>Quoting for error messages, as GNU tools do it in the C locale, so messages read the same as cut's.</summary>
internal static class CutText
{
    /// <summary>
    /// 'text' with C escapes for control bytes, apostrophes and backslashes, and octal for bytes above 0x7e (the
    /// C locale treats them as unprintable): how cut quotes a bad LIST item.
    /// </summary>
    public static string Quote(string text)
    {
        var quoted = new StringBuilder(text.Length + 2);
        quoted.Append('\'');
        foreach (byte b in Encoding.UTF8.GetBytes(text))
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
    /// A file name as cut prints it before an error: as is when the shell would read it back unchanged, otherwise
    /// in single quotes (an apostrophe inside becomes '\'').
    /// </summary>
    public static string QuoteFileName(string name)
    {
        bool plain = name.Length > 0;
        foreach (char c in name)
        {
            bool safe = c is (>= 'a' and <= 'z') or (>= 'A' and <= 'Z') or (>= '0' and <= '9')
                or '_' or '.' or '/' or '-' or '+' or ',' or ':' or '@' or '%' or '=' or '^';
            if (!safe)
            {
                plain = false;
                break;
            }
        }

        return plain ? name : "'" + name.Replace("'", "'\\''", System.StringComparison.Ordinal) + "'";
    }
}
