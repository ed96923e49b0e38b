using System;

namespace FastText.Samples.TsvService;

/// <summary>What an upload says about one selected column.</summary>
public struct ColumnTotals
{
    /// <summary>The column's values are also summed as Int64 (<c>numeric=</c>).</summary>
    public bool Numeric;

    /// <summary>Rows in which the column was present (a short row lacks it).</summary>
    public long Present;

    /// <summary>The bytes of its present values (unescaped with <c>unescape=true</c>).</summary>
    public long Bytes;

    /// <summary>The sum, over the rows, of each value's <see cref="ValueChecksum"/> times the row's 1-based ordinal: a
    /// lost, repeated, reordered or changed value changes it.</summary>
    public ulong Checksum;

    /// <summary>Numeric columns: the values that are Int64s (every one, in strict mode, or the request failed).</summary>
    public long Numbers;

    /// <summary>Numeric columns: their sum (wrapping on overflow).</summary>
    public long Sum;
}

/// <summary>
/// The upload's row handler: per selected column, <see cref="ColumnTotals"/>. A struct, so the driver's calls
/// devirtualize; its state lives in arrays made once per request, so a row allocates nothing.
/// </summary>
public struct ColumnAggregate : ITsvRowHandler
{
    private readonly ColumnTotals[] _totals;
    private readonly bool _strict;
    private long _rows;

    /// <summary>A handler for a selection whose columns at <paramref name="numeric"/>'s true positions are summed.</summary>
    /// <param name="numeric">One entry per selected column.</param>
    /// <param name="strict">A numeric value that is absent or not an Int64 fails the request (<see cref="TsvFormatException"/>, naming its line and column) instead of being left out of the sum.</param>
    public ColumnAggregate(ReadOnlySpan<bool> numeric, bool strict)
    {
        _totals = new ColumnTotals[numeric.Length];
        for (int i = 0; i < numeric.Length; i++)
        {
            _totals[i].Numeric = numeric[i];
        }

        _strict = strict;
        _rows = 0;
    }

    /// <summary>Data rows handled.</summary>
    public readonly long Rows => _rows;

    /// <summary>The totals, one per selected column.</summary>
    public readonly ReadOnlySpan<ColumnTotals> Totals => _totals;

    /// <inheritdoc/>
    public void OnRow(in TsvRow row)
    {
        ulong ordinal = (ulong)++_rows;
        ColumnTotals[] totals = _totals;
        for (int column = 0; column < totals.Length; column++)
        {
            ref ColumnTotals total = ref totals[column];
            if (total.Numeric && _strict)
            {
                long number = row.GetInt64(column);
                total.Numbers++;
                total.Sum = unchecked(total.Sum + number);
            }

            if (!row.TryGetColumn(column, out ReadOnlySpan<byte> value))
            {
                continue;
            }

            total.Present++;
            total.Bytes += value.Length;
            total.Checksum = unchecked(total.Checksum + (ValueChecksum.Of(value) * ordinal));
            if (total.Numeric && !_strict && row.TryGetInt64(column, out long parsed))
            {
                total.Numbers++;
                total.Sum = unchecked(total.Sum + parsed);
            }
        }
    }
}
