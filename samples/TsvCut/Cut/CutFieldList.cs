using System;
using System.Collections.Generic;
using System.Globalization;

namespace FastText.Samples.TsvCut;

/// <summary>
/// A GNU cut field LIST ("1,3,5-7,10-", "-3"): 1-based fields, selected as a set, so order and duplicates in the
/// LIST do not matter; an open range "N-" selects every field from N on.
/// </summary>
internal sealed class CutFieldList
{
    private readonly bool[] _selected;

    private CutFieldList(bool[] selected, int openFrom)
    {
        _selected = selected;
        OpenFrom = openFrom;
        LastField = openFrom == int.MaxValue ? selected.Length - 1 : int.MaxValue;
    }

    /// <summary>The first field of an open range ("N-"), or int.MaxValue when there is none.</summary>
    public int OpenFrom { get; }

    /// <summary>The highest field that can be selected (int.MaxValue with an open range); scanning stops after it.</summary>
    public int LastField { get; }

    public bool IsSelected(int field) => field >= OpenFrom || (field < _selected.Length && _selected[field]);

    /// <summary>Parses LIST; on error returns null and a message worded like GNU cut's.</summary>
    public static CutFieldList? TryParse(string list, out string error)
    {
        error = "";
        var ranges = new List<(int From, int To)>();
        int openFrom = int.MaxValue;
        foreach (string part in list.Split(',', ' ', '\t'))
        {
            if (part.Length == 0)
            {
                error = "fields are numbered from 1";
                return null;
            }

            int dash = part.IndexOf('-', StringComparison.Ordinal);
            if (dash < 0)
            {
                if (!TryParseField(part, out int field, out error))
                {
                    return null;
                }

                ranges.Add((field, field));
                continue;
            }

            string low = part.Substring(0, dash);
            string high = part.Substring(dash + 1);
            if (low.Length == 0 && high.Length == 0)
            {
                error = "invalid range with no endpoint: -";
                return null;
            }

            int from = 1;
            if (low.Length > 0 && !TryParseField(low, out from, out error))
            {
                return null;
            }

            if (high.Length == 0)
            {
                openFrom = Math.Min(openFrom, from);
                continue;
            }

            if (!TryParseField(high, out int to, out error))
            {
                return null;
            }

            if (to < from)
            {
                error = "invalid decreasing range";
                return null;
            }

            ranges.Add((from, to));
        }

        int highest = 0;
        foreach ((int from, int to) in ranges)
        {
            highest = Math.Max(highest, Math.Min(to, openFrom));
        }

        var selected = new bool[highest + 1];
        foreach ((int from, int to) in ranges)
        {
            for (int field = from; field <= Math.Min(to, highest); field++)
            {
                selected[field] = true;
            }
        }

        return new CutFieldList(selected, openFrom);
    }

    private static bool TryParseField(string text, out int field, out string error)
    {
        error = "";
        foreach (char c in text)
        {
            if (c < '0' || c > '9')
            {
                error = "invalid field value '" + text + "'";
                field = 0;
                return false;
            }
        }

        if (!int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out field))
        {
            error = "field number '" + text + "' is too large";
            return false;
        }

        if (field == 0)
        {
            error = "fields are numbered from 1";
            return false;
        }

        return true;
    }
}
