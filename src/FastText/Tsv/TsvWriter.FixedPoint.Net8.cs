using System;
using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using FastText.Internal;

namespace FastText;

public sealed partial class TsvWriter
{
    /// <summary>
    /// A double in the 'F' format (<see cref="Utf8Formatter"/>'s text: invariant, the exact value rounded, a tie to
    /// even), written by <see cref="FixedPointDouble"/> instead of the runtime's big-integer digit generator; false,
    /// with nothing written, for what that declines (a precision above 15, NaN, the infinities, large values).
    /// </summary>
    private bool TryWriteFixedPoint(double value, StandardFormat format)
    {
        // Utf8Formatter formats with the invariant culture: "F" without a precision is its NumberDecimalDigits (2).
        NumberFormatInfo info = NumberFormatInfo.InvariantInfo;
        int precision = format.HasPrecision ? format.Precision : info.NumberDecimalDigits;
        if (!FixedPointDouble.TryCreate(value, precision, info, asciiOnly: true, out FixedPointDouble text))
        {
            return false;
        }

        int separatorLength = _fieldCount == 0 ? 0 : 1;
        EnsureRoom(separatorLength + (long)text.Length);
        int start = _position + separatorLength;
        text.Write(_buffer.AsSpan(start, text.Length));
        CommitStaged(start, text.Length);
        return true;
    }
}
