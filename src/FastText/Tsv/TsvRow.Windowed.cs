using System.Runtime.CompilerServices;

namespace FastText;

public readonly ref partial struct TsvRow
{
    /// <summary>
    /// Selected column <paramref name="column"/> as an integer type <typeparamref name="T"/> through
    /// <see cref="TsvNumberText.TryParseWindowed{T}"/>, whose load may take in the bytes around the column: the window
    /// is the bytes the columns point into (the line, or the unescaped copies), so it never reaches past what the
    /// reader handed this row. Only a column found directly; false for every other column, type and shape, and the
    /// caller's own parse of the column decides then (the same value wherever both succeed).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryParseWindowed<T>(int column, out T value)
    {
        if (IsDirect(column))
        {
            return TsvNumberText.TryParseWindowed(_columns, ItemOf(_starts, column), ItemOf(_lengths, column), out value);
        }

        value = default!;
        return false;
    }
}
