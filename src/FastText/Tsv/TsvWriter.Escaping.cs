using System;
using System.Buffers;

namespace FastText;

/// <summary>The rare fields: ones holding bytes that must be escaped (or refused), and staged values that turned out to hold one.</summary>
public sealed partial class TsvWriter
{
    /// <summary>
    /// Commits a field already encoded or formatted at [start, start + length) of the buffer, right after the
    /// separator slot; a field holding a special byte takes the slow path from a copy (escaping may move the buffer).
    /// </summary>
    private void CommitStaged(int start, int length)
    {
        if (HasSpecialStaged(start, length))
        {
            ReadOnlySpan<byte> staged = _buffer.AsSpan(start, length);
            int special = IndexOfSpecial(staged);
            byte[] copy = ArrayPool<byte>.Shared.Rent(length);
            try
            {
                staged.CopyTo(copy);
                WriteSpecialField(copy.AsSpan(0, length), special);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(copy);
            }

            return;
        }

        if (start != _position)
        {
            _buffer[_position] = _separator;
        }

        _position = start + length;
        _fieldCount++;
    }

    /// <summary>Writes a field whose first byte needing care is at <paramref name="special"/>: escaped, or refused before anything is written.</summary>
    private void WriteSpecialField(ReadOnlySpan<byte> value, int special)
    {
        if (!_escape || (value[special] == _separator && _separator != Tab))
        {
            ThrowSpecialByte(value, special);
        }

        int separatorLength = _fieldCount == 0 ? 0 : 1;
        EnsureRoom(separatorLength + (2L * value.Length));
        Span<byte> destination = _buffer.AsSpan(_position + separatorLength);
        ReadOnlySpan<byte> field = value;
        int written = 0;
        while (special >= 0)
        {
            value.Slice(0, special).CopyTo(destination.Slice(written));
            written += special;
            byte escaped = value[special];
            if (escaped == _separator && _separator != Tab)
            {
                // Nothing has been committed: _position still marks the end of the previous field. The message
                // names the byte's index in the whole field: value is only what is left after the escapes so far.
                ThrowSpecialByte(field, field.Length - value.Length + special);
            }

            destination[written] = Backslash;
            destination[written + 1] = escaped switch
            {
                Tab => (byte)'t',
                LineFeed => (byte)'n',
                CarriageReturn => (byte)'r',
                _ => Backslash,
            };
            written += 2;
            value = value.Slice(special + 1);
            special = IndexOfSpecial(value);
        }

        value.CopyTo(destination.Slice(written));
        written += value.Length;
        if (separatorLength != 0)
        {
            _buffer[_position] = _separator;
        }

        _position += separatorLength + written;
        _fieldCount++;
    }
}
