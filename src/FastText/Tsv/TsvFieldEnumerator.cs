using System;
using System.Runtime.CompilerServices;

namespace FastText;

/// <summary>
/// Walks every field of one line left to right (see <see cref="TsvRow.Fields"/>), whatever columns the reader
/// selected: <c>foreach (ReadOnlySpan&lt;byte&gt; field in row.Fields)</c>. Fields are raw slices of
/// <see cref="TsvRow.Line"/> (never unescaped). A line always has at least one field (an empty line has one empty
/// field); a line without a separator has exactly one. Stopping early costs nothing: the line is searched only as
/// far as the fields taken, and the field number is a <see cref="long"/>, so no column number can overflow it.
/// </summary>
public ref partial struct TsvFieldEnumerator
{
    private readonly ReadOnlySpan<byte> _line;
    private readonly byte _separator;
    private int _fieldStart;
    private int _fieldEnd;
    private long _index;
    private SeparatorSearch _search;

    internal TsvFieldEnumerator(ReadOnlySpan<byte> line, byte separator)
    {
        _line = line;
        _separator = separator;
        _fieldEnd = -1;
        _index = -1;
        _fieldStart = 0;
        _search = default;
    }

    /// <summary>The field the enumerator is on (empty before the first <see cref="MoveNext"/>).</summary>
    public readonly ReadOnlySpan<byte> Current => _index < 0 ? default : _line.Slice(_fieldStart, _fieldEnd - _fieldStart);

    /// <summary>Where <see cref="Current"/> starts in the line.</summary>
    internal readonly int CurrentStart => _fieldStart;

    /// <summary>The 0-based file column of <see cref="Current"/>; -1 before the first <see cref="MoveNext"/>.</summary>
    public readonly long Index => _index;

    /// <summary>
    /// <see cref="Current"/> and every field after it, separators included, up to the line end: the open-ended
    /// selection "columns <see cref="Index"/> and on" in one slice, without walking the rest of the line.
    /// </summary>
    public readonly ReadOnlySpan<byte> Rest => _index < 0 ? default : _line.Slice(_fieldStart);

    /// <summary>True when <see cref="Current"/> runs to the line end (no separator follows it).</summary>
    public readonly bool IsLast => _index >= 0 && _fieldEnd == _line.Length;

    /// <summary>Returns this enumerator, so <c>foreach</c> works on <see cref="TsvRow.Fields"/>.</summary>
    /// <returns>This enumerator.</returns>
    public readonly TsvFieldEnumerator GetEnumerator() => this;

    /// <summary>Moves to the next field.</summary>
    /// <returns>False after the last field of the line.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool MoveNext()
    {
        if (_fieldEnd == _line.Length)
        {
            return false;
        }

        _fieldStart = _fieldEnd + 1;
        int separator = _search.Next(_line, _separator, _fieldStart);
        _fieldEnd = separator < 0 ? _line.Length : separator;
        _index++;
        return true;
    }
}
