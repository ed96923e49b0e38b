using FastText.Samples.TsvCut;

namespace FastText.Tests.Tsv;

/// <summary>
/// GNU cut's field mode as its manual states it (the reference tsvcut's cutters are compared with): split every line
/// whole and pick the fields; or, when the delimiter is the terminator, one record. Obviously correct, slow.
/// </summary>
internal static class CutReference
{
    /// <summary>GNU cut's field mode as its manual states it: split every line whole, pick the fields; or one record.</summary>
    public static byte[] Cut(byte[] input, CutFieldList fields, byte delimiter, byte[] outputDelimiter, bool onlyDelimited, byte terminator)
    {
        var output = new List<byte>();
        if (delimiter == terminator)
        {
            ReferenceRecord(input, fields, outputDelimiter, onlyDelimited, terminator, output);
            return output.ToArray();
        }

        int start = 0;
        while (start < input.Length)
        {
            int end = Array.IndexOf(input, terminator, start);
            bool terminated = end >= 0;
            end = terminated ? end : input.Length;
            byte[] line = input[start..end];
            start = end + 1;
            List<byte[]> parts = Split(line, delimiter);
            if (parts.Count == 1)
            {
                if (!onlyDelimited)
                {
                    output.AddRange(line);
                    output.Add(terminator);
                }

                continue;
            }

            AppendSelected(parts, fields, outputDelimiter, output);

            // cut -z quirk: with field 1 read ahead, a last unterminated line "x<DELIM>" gets no terminator.
            bool readAhead = onlyDelimited ^ !fields.IsSelected(1);
            if (!(terminator == 0 && !terminated && readAhead && parts.Count == 2 && parts[1].Length == 0))
            {
                output.Add(terminator);
            }
        }

        return output.ToArray();
    }

    /// <summary>
    /// cut 9.11's -w (coreutils src/cut.c, in the C locale) as a rule on whole lines: split each line at every
    /// maximal run of spaces and tabs; with <paramref name="trim"/> first drop the blanks at both ends of the line.
    /// Then as any cut: a line with one part is printed whole unless -s, otherwise its selected parts are joined.
    /// Plus cut 9.11's two corners: untrimmed with nothing selected, only one terminator per terminated line (none
    /// with -s); trimmed, an unterminated last line of blanks prints a terminator iff field 1 is selected and no -s.
    /// </summary>
    public static byte[] CutWhitespace(byte[] input, CutFieldList fields, bool trim, byte[] outputDelimiter, bool onlyDelimited, byte terminator)
    {
        var output = new List<byte>();
        bool nothingSelected = fields.Lows.Length == 0 || fields.Lows[0] == CutFieldList.ToEndOfLine;
        int start = 0;
        while (start < input.Length)
        {
            int end = Array.IndexOf(input, terminator, start);
            bool terminated = end >= 0;
            end = terminated ? end : input.Length;
            byte[] line = input[start..end];
            start = end + 1;
            if (nothingSelected && !trim)
            {
                if (terminated && !onlyDelimited)
                {
                    output.Add(terminator);
                }

                continue;
            }

            if (trim)
            {
                int first = 0;
                int last = line.Length;
                while (first < last && IsBlank(line[first]))
                {
                    first++;
                }

                while (last > first && IsBlank(line[last - 1]))
                {
                    last--;
                }

                if (!terminated && first == last)
                {
                    if (fields.IsSelected(1) && !onlyDelimited)
                    {
                        output.Add(terminator);
                    }

                    continue;
                }

                line = line[first..last];
            }

            var parts = new List<byte[]>();
            int fieldStart = 0;
            for (int i = 0; i < line.Length; i++)
            {
                if (IsBlank(line[i]))
                {
                    parts.Add(line[fieldStart..i]);
                    while (i + 1 < line.Length && IsBlank(line[i + 1]))
                    {
                        i++;
                    }

                    fieldStart = i + 1;
                }
            }

            parts.Add(line[fieldStart..]);

            if (parts.Count == 1)
            {
                if (!onlyDelimited)
                {
                    output.AddRange(line);
                    output.Add(terminator);
                }

                continue;
            }

            AppendSelected(parts, fields, outputDelimiter, output);
            output.Add(terminator);
        }

        return output.ToArray();
    }

    private static bool IsBlank(byte b) => b is (byte)' ' or (byte)'\t';

    /// <summary>Delimiter = terminator: the input is one record whose fields end with the terminator (a final one starts no field).</summary>
    private static void ReferenceRecord(byte[] input, CutFieldList fields, byte[] outputDelimiter, bool onlyDelimited, byte terminator, List<byte> output)
    {
        if (input.Length == 0)
        {
            return;
        }

        List<byte[]> parts = Split(input, terminator);
        if (input[^1] == terminator)
        {
            parts.RemoveAt(parts.Count - 1);
        }

        if (Array.IndexOf(input, terminator) < 0)
        {
            if (!onlyDelimited)
            {
                output.AddRange(input);
                output.Add(terminator);
            }

            return;
        }

        AppendSelected(parts, fields, outputDelimiter, output);
        if (!(parts.Count == 1 && onlyDelimited && !fields.IsSelected(1)))
        {
            output.Add(terminator);
        }
    }

    private static List<byte[]> Split(byte[] line, byte delimiter)
    {
        var parts = new List<byte[]>();
        int fieldStart = 0;
        for (int i = 0; i <= line.Length; i++)
        {
            if (i == line.Length || line[i] == delimiter)
            {
                parts.Add(line[fieldStart..i]);
                fieldStart = i + 1;
            }
        }

        return parts;
    }

    private static void AppendSelected(List<byte[]> parts, CutFieldList fields, byte[] outputDelimiter, List<byte> output)
    {
        bool first = true;
        for (int i = 0; i < parts.Count; i++)
        {
            if (fields.IsSelected((ulong)i + 1))
            {
                if (!first)
                {
                    output.AddRange(outputDelimiter);
                }

                output.AddRange(parts[i]);
                first = false;
            }
        }
    }
}
