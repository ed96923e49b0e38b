using System;
using System.Diagnostics;

namespace FastText;

/// <summary>What the debugger shows for a row: its line number and the start of the raw line.</summary>
[DebuggerDisplay("{DebuggerDisplay,nq}")]
public readonly ref partial struct TsvRow
{
    private string DebuggerDisplay
    {
        get
        {
            const int Shown = 120;
            ReadOnlySpan<byte> line = _line.Length > Shown ? _line.Slice(0, Shown) : _line;
            return TsvFormatException.Format(
                "Line {0}, {1} selected column(s): {2}{3}",
                _lineNumber, ColumnCount, TsvText.Decode(line).Replace("\t", "\\t"), _line.Length > Shown ? "..." : "");
        }
    }
}
