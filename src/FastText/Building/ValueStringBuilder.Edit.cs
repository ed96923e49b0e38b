using System;
using FastText.Internal;

namespace FastText;

public ref partial struct ValueStringBuilder
{
    /// <summary>Inserts a char at <paramref name="index"/>.</summary>
    /// <param name="index">0 to <see cref="Length"/>.</param>
    /// <param name="value">The char.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside 0..Length.</exception>
    public void Insert(int index, char value)
    {
        Span<char> gap = OpenGap(index, 1);
        gap[0] = value;
    }

    /// <summary>Inserts a string at <paramref name="index"/>; <see langword="null"/> inserts nothing.</summary>
    /// <param name="index">0 to <see cref="Length"/>.</param>
    /// <param name="value">The string.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside 0..Length.</exception>
    public void Insert(int index, string? value) => Insert(index, value.AsSpan());

    /// <summary>Inserts chars at <paramref name="index"/>.</summary>
    /// <param name="index">0 to <see cref="Length"/>.</param>
    /// <param name="value">The chars. They must not alias this builder's own buffer.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside 0..Length.</exception>
    public void Insert(int index, scoped ReadOnlySpan<char> value)
    {
        Span<char> gap = OpenGap(index, value.Length);
        value.CopyTo(gap);
    }

    /// <summary>Removes <paramref name="length"/> chars from <paramref name="start"/>.</summary>
    /// <param name="start">The first char to remove.</param>
    /// <param name="length">The number of chars to remove.</param>
    /// <exception cref="ArgumentOutOfRangeException">The range is not within the written chars.</exception>
    public void Remove(int start, int length)
    {
        ValidateRange(start, length);
        _chars.Slice(start + length, _pos - start - length).CopyTo(_chars.Slice(start));
        _pos -= length;
    }

    /// <summary>Replaces every <paramref name="oldChar"/> with <paramref name="newChar"/> in the written chars.</summary>
    /// <param name="oldChar">The char to replace.</param>
    /// <param name="newChar">Its replacement.</param>
    public void Replace(char oldChar, char newChar)
    {
        Span<char> written = _chars.Slice(0, _pos);
        int found = written.IndexOf(oldChar);
        while (found >= 0)
        {
            written[found] = newChar;
            written = written.Slice(found + 1);
            found = written.IndexOf(oldChar);
        }
    }

    /// <summary>Shifts the chars from <paramref name="index"/> right by <paramref name="count"/> and returns the gap.</summary>
    private Span<char> OpenGap(int index, int count)
    {
        if ((uint)index > (uint)_pos)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(index), "The index must be within 0..Length.");
        }

        if (count > _chars.Length - _pos)
        {
            Grow(count);
        }

        _chars.Slice(index, _pos - index).CopyTo(_chars.Slice(index + count));
        _pos += count;
        return _chars.Slice(index, count);
    }
}
