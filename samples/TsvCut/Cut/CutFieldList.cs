using System;
using System.Collections.Generic;

namespace FastText.Samples.TsvCut;

/// <summary>
/// A GNU cut field LIST ("1,3,5-7,10-", "-3", "2 4"): 1-based field numbers up to 2^64-2, kept as sorted, disjoint,
/// non-adjacent ranges, so memory depends on how many ranges the LIST has, never on how large its numbers are. An
/// open range "N-" ends at <see cref="ulong.MaxValue"/>. Order and duplicates in the LIST do not matter.
/// </summary>
internal sealed class CutFieldList
{
    /// <summary>The high end of an open range ("N-"): every field from N to the end of the line.</summary>
    public const ulong ToEndOfLine = ulong.MaxValue;

    private readonly ulong[] _lows;
    private readonly ulong[] _highs;

    private CutFieldList(ulong[] lows, ulong[] highs)
    {
        _lows = lows;
        _highs = highs;
    }

    /// <summary>The low ends of the ranges, ascending.</summary>
    public ulong[] Lows => _lows;

    /// <summary>The high ends of the ranges (inclusive), ascending; <see cref="ToEndOfLine"/> for an open range.</summary>
    public ulong[] Highs => _highs;

    /// <summary>True when 1-based field <paramref name="field"/> is selected (a reference for tests; cutting walks the ranges).</summary>
    public bool IsSelected(ulong field)
    {
        for (int i = 0; i < _lows.Length; i++)
        {
            if (field >= _lows[i] && field <= _highs[i])
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Parses LIST the way GNU cut 9.1 does (',' or blanks between items); with <paramref name="complement"/> the
    /// selection is every other field. On error returns null and a message worded like cut's.
    /// </summary>
    public static CutFieldList? TryParse(string list, bool complement, out string error)
    {
        error = "";
        var ranges = new List<(ulong Low, ulong High)>();
        ulong value = 0;
        ulong initial = 0;
        bool lowGiven = false;
        bool highGiven = false;
        bool dashFound = false;
        int numberStart = -1;
        for (int i = 0; ; i++)
        {
            char c = i < list.Length ? list[i] : '\0';
            if (c == '-')
            {
                numberStart = -1;
                if (dashFound)
                {
                    error = "invalid field range";
                    return null;
                }

                dashFound = true;
                if (lowGiven && value == 0)
                {
                    error = "fields are numbered from 1";
                    return null;
                }

                initial = lowGiven ? value : 1;
                value = 0;
            }
            else if (c == ',' || c == ' ' || c == '\t' || c == '\0')
            {
                numberStart = -1;
                if (dashFound)
                {
                    dashFound = false;
                    if (!lowGiven && !highGiven)
                    {
                        error = "invalid range with no endpoint: -";
                        return null;
                    }

                    if (!highGiven)
                    {
                        ranges.Add((initial, ToEndOfLine));
                    }
                    else
                    {
                        if (value < initial)
                        {
                            error = "invalid decreasing range";
                            return null;
                        }

                        ranges.Add((initial, value));
                    }
                }
                else
                {
                    if (value == 0)
                    {
                        error = "fields are numbered from 1";
                        return null;
                    }

                    ranges.Add((value, value));
                }

                value = 0;
                if (i >= list.Length)
                {
                    break;
                }

                lowGiven = false;
                highGiven = false;
            }
            else if (c >= '0' && c <= '9')
            {
                if (numberStart < 0)
                {
                    numberStart = i;
                }

                if (dashFound)
                {
                    highGiven = true;
                }
                else
                {
                    lowGiven = true;
                }

                ulong digit = (ulong)(c - '0');
                if (value > (ulong.MaxValue - digit) / 10 || (value = (value * 10) + digit) == ulong.MaxValue)
                {
                    int end = numberStart;
                    while (end < list.Length && list[end] >= '0' && list[end] <= '9')
                    {
                        end++;
                    }

                    error = "field number " + CutText.Quote(list.Substring(numberStart, end - numberStart)) + " is too large";
                    return null;
                }
            }
            else
            {
                error = "invalid field value " + CutText.Quote(list.Substring(i));
                return null;
            }
        }

        List<(ulong Low, ulong High)> merged = Merge(ranges);
        if (complement)
        {
            merged = Complement(merged);
        }

        var lows = new ulong[merged.Count];
        var highs = new ulong[merged.Count];
        for (int i = 0; i < merged.Count; i++)
        {
            lows[i] = merged[i].Low;
            highs[i] = merged[i].High;
        }

        return new CutFieldList(lows, highs);
    }

    private static List<(ulong Low, ulong High)> Merge(List<(ulong Low, ulong High)> ranges)
    {
        ranges.Sort((a, b) => a.Low.CompareTo(b.Low));
        var merged = new List<(ulong Low, ulong High)>(ranges.Count);
        foreach ((ulong low, ulong high) in ranges)
        {
            // Overlapping or adjacent ranges become one; high + 1 cannot overflow because it is tested only below ToEndOfLine.
            if (merged.Count > 0 && (merged[^1].High == ToEndOfLine || low <= merged[^1].High + 1))
            {
                merged[^1] = (merged[^1].Low, Math.Max(merged[^1].High, high));
            }
            else
            {
                merged.Add((low, high));
            }
        }

        return merged;
    }

    private static List<(ulong Low, ulong High)> Complement(List<(ulong Low, ulong High)> ranges)
    {
        var gaps = new List<(ulong Low, ulong High)>(ranges.Count + 1);
        ulong next = 1;
        foreach ((ulong low, ulong high) in ranges)
        {
            if (low > next)
            {
                gaps.Add((next, low - 1));
            }

            if (high == ToEndOfLine)
            {
                return gaps;
            }

            next = high + 1;
        }

        gaps.Add((next, ToEndOfLine));
        return gaps;
    }
}
