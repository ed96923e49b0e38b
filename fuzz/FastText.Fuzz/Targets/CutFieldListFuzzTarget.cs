using System.Numerics;
using FastText.Samples.TsvCut;

namespace FastText.Fuzz;

/// <summary>
/// tsvcut's field LIST parser (<see cref="CutFieldList.TryParse"/>) against a naive reading of GNU cut's grammar.
/// Layout: byte 0 bit 0 is --complement; the rest is the LIST up to the first NUL, one char per byte (as tsvcut holds
/// arguments).
/// The reference splits the LIST into items at ',', ' ' and tab, reads each item as N, N-M, N- or -M with
/// arbitrary-precision numbers, and reports the error cut reports first: of all the faults it sees, the one at the
/// smallest position (an invalid char, a second dash, a number reaching 2^64-1, a zero before a dash, then at the
/// item's end an empty item or zero, a bare dash, a decreasing range), with cut's wording. Both must accept or
/// refuse alike, with the same message; an accepted LIST must select exactly the reference's fields at every
/// boundary (each item's ends and their neighbours, the smallest and largest numbers), and its ranges must be
/// sorted, non-empty, disjoint and not adjacent.
/// </summary>
internal sealed class CutFieldListFuzzTarget : IFuzzTarget
{
    // Numbers from 2^64-1 up are "too large": ulong.MaxValue stands for an open range's end.
    private static readonly BigInteger TooLarge = ulong.MaxValue;

    public string Name => "cutfields";

    public void Run(ReadOnlySpan<byte> input)
    {
        bool complement = !input.IsEmpty && (input[0] & 1) != 0;
        string list = input.IsEmpty ? "" : Encoding.Latin1.GetString(input.Slice(1));

        // An argument is a C string: it ends at the first NUL, which tsvcut's parser therefore never sees.
        int nul = list.IndexOf('\0', StringComparison.Ordinal);
        list = nul < 0 ? list : list.Substring(0, nul);
        CutFieldList? parsed = CutFieldList.TryParse(list, complement, out string error);
        (List<(ulong Low, ulong High)>? items, string expectedError) = Reference(list);
        if (items is null)
        {
            Expect(parsed is null, $"'{Show(list)}' was accepted; the reference refuses it: {expectedError}");
            Expect(error == expectedError, $"'{Show(list)}': error \"{error}\", the reference says \"{expectedError}\"");
            return;
        }

        Expect(parsed is not null, $"'{Show(list)}' was refused (\"{error}\"); the reference accepts it");
        CheckRanges(parsed!, list);
        var probes = new SortedSet<ulong> { 1, 2, 3, ulong.MaxValue - 1, ulong.MaxValue };
        foreach ((ulong low, ulong high) in items)
        {
            foreach (ulong edge in new[] { low, high })
            {
                probes.Add(edge);
                if (edge > 1)
                {
                    probes.Add(edge - 1);
                }

                if (edge < ulong.MaxValue)
                {
                    probes.Add(edge + 1);
                }
            }
        }

        foreach (ulong field in probes)
        {
            bool expected = items.Any(r => field >= r.Low && field <= r.High) != complement;
            Expect(parsed!.IsSelected(field) == expected, $"'{Show(list)}' complement={complement}: field {field} selected={!expected}, the reference says {expected}");
        }
    }

    private static void CheckRanges(CutFieldList parsed, string list)
    {
        ulong[] lows = parsed.Lows;
        ulong[] highs = parsed.Highs;
        Expect(lows.Length == highs.Length, $"'{Show(list)}': {lows.Length} lows, {highs.Length} highs");
        for (int i = 0; i < lows.Length; i++)
        {
            Expect(lows[i] >= 1 && lows[i] <= highs[i], $"'{Show(list)}': range {i} is [{lows[i]}, {highs[i]}]");
            Expect(
                i == 0 || (highs[i - 1] < ulong.MaxValue && lows[i] > highs[i - 1] + 1),
                $"'{Show(list)}': range {i} [{lows[i]}, {highs[i]}] overlaps or touches the one before");
        }
    }

    /// <summary>The items' ranges (an open end is <see cref="ulong.MaxValue"/>), or null and cut's message.</summary>
    private static (List<(ulong Low, ulong High)>? Items, string Error) Reference(string list)
    {
        var items = new List<(ulong Low, ulong High)>();
        int itemStart = 0;
        for (int end = 0; end <= list.Length; end++)
        {
            if (end < list.Length && list[end] is not (',' or ' ' or '\t'))
            {
                continue;
            }

            (int At, string Message, (ulong Low, ulong High) Range) item = Item(list, itemStart, end);
            if (item.At >= 0)
            {
                return (null, item.Message);
            }

            items.Add(item.Range);
            itemStart = end + 1;
        }

        return (items, "");
    }

    /// <summary>One item, list[start..end): the position and message of its first fault (-1 if none), or its range.</summary>
    private static (int At, string Message, (ulong Low, ulong High) Range) Item(string list, int start, int end)
    {
        string item = list.Substring(start, end - start);
        var faults = new List<(int At, string Message)>();
        int invalid = -1;
        for (int i = 0; i < item.Length; i++)
        {
            if (item[i] is not ((>= '0' and <= '9') or '-'))
            {
                invalid = i;
                break;
            }
        }

        if (invalid >= 0)
        {
            faults.Add((start + invalid, "invalid field value " + CutText.Quote(list.Substring(start + invalid))));
        }

        int firstDash = item.IndexOf('-', StringComparison.Ordinal);
        int secondDash = firstDash < 0 ? -1 : item.IndexOf('-', firstDash + 1);
        if (secondDash >= 0)
        {
            faults.Add((start + secondDash, "invalid field range"));
        }

        // Every maximal run of digits: where its value first reaches 2^64-1, cut stops and quotes the whole run.
        for (int i = 0; i < item.Length;)
        {
            if (!char.IsAsciiDigit(item[i]))
            {
                i++;
                continue;
            }

            int runEnd = i;
            while (runEnd < item.Length && char.IsAsciiDigit(item[runEnd]))
            {
                runEnd++;
            }

            BigInteger value = 0;
            for (int j = i; j < runEnd; j++)
            {
                value = (value * 10) + (item[j] - '0');
                if (value >= TooLarge)
                {
                    faults.Add((start + j, "field number " + CutText.Quote(item.Substring(i, runEnd - i)) + " is too large"));
                    break;
                }
            }

            i = runEnd;
        }

        string lowDigits = firstDash < 0 ? item : item.Substring(0, firstDash);
        string highDigits = firstDash < 0 ? "" : item.Substring(firstDash + 1);
        if (firstDash >= 0 && lowDigits.Length > 0 && lowDigits.All(char.IsAsciiDigit) && Number(lowDigits) == 0)
        {
            faults.Add((start + firstDash, "fields are numbered from 1"));
        }

        if (faults.Count > 0)
        {
            (int at, string message) = faults.MinBy(f => f.At);
            return (at, message, default);
        }

        // No fault inside the item: what cut checks when it reaches the item's end.
        if (firstDash < 0)
        {
            BigInteger single = Number(lowDigits);
            if (single == 0)
            {
                return (end, "fields are numbered from 1", default);
            }

            return (-1, "", ((ulong)single, (ulong)single));
        }

        if (lowDigits.Length == 0 && highDigits.Length == 0)
        {
            return (end, "invalid range with no endpoint: -", default);
        }

        ulong low = lowDigits.Length == 0 ? 1 : (ulong)Number(lowDigits);
        if (highDigits.Length == 0)
        {
            return (-1, "", (low, ulong.MaxValue));
        }

        BigInteger high = Number(highDigits);
        if (high < low)
        {
            return (end, "invalid decreasing range", default);
        }

        return (-1, "", (low, (ulong)high));
    }

    private static BigInteger Number(string digits) => digits.Length == 0 ? BigInteger.Zero : BigInteger.Parse(digits, System.Globalization.CultureInfo.InvariantCulture);

    private static string Show(string text) =>
        string.Concat(text.Select(c => c is >= ' ' and < '\x7F' ? c.ToString() : $"\\x{(int)c:X2}"));

    private static void Expect(bool condition, string message)
    {
        if (!condition)
        {
            throw new FuzzMismatchException("cutfields: " + message);
        }
    }
}
