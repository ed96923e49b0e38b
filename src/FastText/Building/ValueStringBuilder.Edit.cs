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

    /// <summary>Inserts <paramref name="value"/> <paramref name="count"/> times at <paramref name="index"/>.</summary>
    /// <param name="index">0 to <see cref="Length"/>.</param>
    /// <param name="value">The char.</param>
    /// <param name="count">How many times; 0 inserts nothing.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside 0..Length, or <paramref name="count"/> is negative.</exception>
    /// <exception cref="OutOfMemoryException">The result would exceed the largest possible array.</exception>
    public void Insert(int index, char value, int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count), "The count must not be negative.");
        }

        OpenGap(index, count).Fill(value);
    }

    /// <summary>Inserts a string at <paramref name="index"/>; <see langword="null"/> inserts nothing.</summary>
    /// <param name="index">0 to <see cref="Length"/>.</param>
    /// <param name="value">The string.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside 0..Length.</exception>
    public void Insert(int index, string? value) => Insert(index, value.AsSpan());

    /// <summary>
    /// Inserts <paramref name="value"/> <paramref name="count"/> times at <paramref name="index"/>, as
    /// <see cref="System.Text.StringBuilder.Insert(int, string, int)"/> does; <see langword="null"/>, an empty
    /// string or a count of 0 inserts nothing (the arguments are still checked).
    /// </summary>
    /// <param name="index">0 to <see cref="Length"/>.</param>
    /// <param name="value">The string.</param>
    /// <param name="count">How many times; 0 inserts nothing.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative, or <paramref name="index"/> is outside 0..Length (checked in that order, as StringBuilder does).</exception>
    /// <exception cref="OutOfMemoryException">The result would exceed the largest possible array.</exception>
    public void Insert(int index, string? value, int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count), "The count must not be negative.");
        }

        if ((uint)index > (uint)_pos)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(index), "The index must be within 0..Length.");
        }

        if (value is null || value.Length == 0 || count == 0)
        {
            return;
        }

        long inserted = (long)value.Length * count;
        CheckedLength(_pos + inserted);
        Span<char> gap = OpenGap(index, (int)inserted);
        for (int i = 0; i < count; i++)
        {
            value.AsSpan().CopyTo(gap.Slice(i * value.Length));
        }
    }

    /// <summary>Inserts chars at <paramref name="index"/>. They may be a span into this builder (<c>b.Insert(0, b.AsSpan())</c>).</summary>
    /// <param name="index">0 to <see cref="Length"/>.</param>
    /// <param name="value">The chars.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> is outside 0..Length.</exception>
    public void Insert(int index, scoped ReadOnlySpan<char> value)
    {
        if (!value.Overlaps(_chars))
        {
            value.CopyTo(OpenGap(index, value.Length));
            return;
        }

        // Opening the gap moves (and growing releases) the very chars `value` points at: insert from a copy.
        char[] copy = _memory.ScratchPool.Rent(value.Length);
        try
        {
            value.CopyTo(copy);
            copy.AsSpan(0, value.Length).CopyTo(OpenGap(index, value.Length));
        }
        finally
        {
            _memory.ScratchPool.Return(copy);
        }
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
    public void Replace(char oldChar, char newChar) => ReplaceInRange(oldChar, newChar, 0, _pos);

    /// <summary>Replaces every <paramref name="oldChar"/> with <paramref name="newChar"/> within a range of the written chars.</summary>
    /// <param name="oldChar">The char to replace.</param>
    /// <param name="newChar">Its replacement.</param>
    /// <param name="startIndex">The first char of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <exception cref="ArgumentOutOfRangeException">The range is not within the written chars.</exception>
    public void Replace(char oldChar, char newChar, int startIndex, int count)
    {
        ValidateReplaceRange(startIndex, count);
        ReplaceInRange(oldChar, newChar, startIndex, count);
    }

    /// <summary>
    /// Replaces every occurrence of <paramref name="oldValue"/> with <paramref name="newValue"/> in the written
    /// chars, left to right without overlap, as <see cref="System.Text.StringBuilder.Replace(string, string)"/> does.
    /// </summary>
    /// <param name="oldValue">The text to replace; not empty.</param>
    /// <param name="newValue">Its replacement; <see langword="null"/> removes the occurrences.</param>
    /// <exception cref="ArgumentNullException"><paramref name="oldValue"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="oldValue"/> is empty.</exception>
    public void Replace(string oldValue, string? newValue)
    {
        if (oldValue is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(oldValue));
        }

        Replace(oldValue.AsSpan(), newValue.AsSpan(), 0, _pos);
    }

    /// <summary>
    /// Replaces every occurrence of <paramref name="oldValue"/> with <paramref name="newValue"/> that lies wholly
    /// within a range of the written chars, as <see cref="System.Text.StringBuilder.Replace(string, string, int, int)"/> does.
    /// </summary>
    /// <param name="oldValue">The text to replace; not empty.</param>
    /// <param name="newValue">Its replacement; <see langword="null"/> removes the occurrences.</param>
    /// <param name="startIndex">The first char of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <exception cref="ArgumentNullException"><paramref name="oldValue"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="oldValue"/> is empty.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is not within the written chars.</exception>
    /// <exception cref="OutOfMemoryException">The result would exceed the largest possible array.</exception>
    public void Replace(string oldValue, string? newValue, int startIndex, int count)
    {
        if (oldValue is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(oldValue));
        }

        Replace(oldValue.AsSpan(), newValue.AsSpan(), startIndex, count);
    }

    /// <summary>
    /// Replaces every occurrence of <paramref name="oldValue"/> with <paramref name="newValue"/> in the written
    /// chars, left to right without overlap. Either span may point into this builder.
    /// </summary>
    /// <param name="oldValue">The text to replace; not empty.</param>
    /// <param name="newValue">Its replacement; empty removes the occurrences.</param>
    /// <exception cref="ArgumentException"><paramref name="oldValue"/> is empty.</exception>
    /// <exception cref="OutOfMemoryException">The result would exceed the largest possible array.</exception>
    public void Replace(scoped ReadOnlySpan<char> oldValue, scoped ReadOnlySpan<char> newValue) =>
        Replace(oldValue, newValue, 0, _pos);

    /// <summary>
    /// Replaces every occurrence of <paramref name="oldValue"/> with <paramref name="newValue"/> that lies wholly
    /// within a range of the written chars, left to right without overlap. Either span may point into this builder.
    /// </summary>
    /// <param name="oldValue">The text to replace; not empty.</param>
    /// <param name="newValue">Its replacement; empty removes the occurrences.</param>
    /// <param name="startIndex">The first char of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <exception cref="ArgumentException"><paramref name="oldValue"/> is empty.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is not within the written chars.</exception>
    /// <exception cref="OutOfMemoryException">The result would exceed the largest possible array.</exception>
    public void Replace(scoped ReadOnlySpan<char> oldValue, scoped ReadOnlySpan<char> newValue, int startIndex, int count)
    {
        if (oldValue.IsEmpty)
        {
            ThrowHelper.ThrowArgument(nameof(oldValue), "The text to replace must not be empty.");
        }

        ValidateReplaceRange(startIndex, count);

        ReadOnlySpan<char> range = _chars.Slice(startIndex, count);
        int matches = CountMatches(range, oldValue);
        if (matches == 0)
        {
            return;
        }

        long replacedLength = count + ((long)matches * (newValue.Length - oldValue.Length));
        int newTotal = CheckedLength(_pos - count + replacedLength);

        // Build the replaced range in a scratch array: reading the old text (and oldValue/newValue, which may point
        // into it) stays valid until the result is complete, whatever moves or grows afterwards.
        char[] scratch = _memory.ScratchPool.Rent((int)replacedLength);
        try
        {
            int written = WriteReplaced(range, oldValue, newValue, scratch);
            int tail = _pos - startIndex - count;
            if (newTotal > _chars.Length)
            {
                Grow(newTotal - _pos);
            }

            _chars.Slice(startIndex + count, tail).CopyTo(_chars.Slice(startIndex + written));
            scratch.AsSpan(0, written).CopyTo(_chars.Slice(startIndex));
            _pos = newTotal;
        }
        finally
        {
            _memory.ScratchPool.Return(scratch);
        }
    }

    private static int CountMatches(ReadOnlySpan<char> text, ReadOnlySpan<char> oldValue)
    {
        int matches = 0;
        int found = text.IndexOf(oldValue);
        while (found >= 0)
        {
            matches++;
            text = text.Slice(found + oldValue.Length);
            found = text.IndexOf(oldValue);
        }

        return matches;
    }

    private static int WriteReplaced(ReadOnlySpan<char> text, ReadOnlySpan<char> oldValue, ReadOnlySpan<char> newValue, Span<char> destination)
    {
        int written = 0;
        int found = text.IndexOf(oldValue);
        while (found >= 0)
        {
            text.Slice(0, found).CopyTo(destination.Slice(written));
            written += found;
            newValue.CopyTo(destination.Slice(written));
            written += newValue.Length;
            text = text.Slice(found + oldValue.Length);
            found = text.IndexOf(oldValue);
        }

        text.CopyTo(destination.Slice(written));
        return written + text.Length;
    }

    /// <summary>A computed length as an int, or the exception a too-long result gets.</summary>
    internal static int CheckedLength(long length)
    {
        if ((ulong)length > MaximumCapacity)
        {
            ThrowHelper.ThrowOutOfMemory("A ValueStringBuilder cannot hold more than 2,147,483,587 chars.");
        }

        return (int)length;
    }

    private readonly void ValidateReplaceRange(int startIndex, int count)
    {
        if ((uint)startIndex > (uint)_pos)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(startIndex), "The start must be within the written chars.");
        }

        if ((uint)count > (uint)(_pos - startIndex))
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count), "The range must be within the written chars.");
        }
    }

    private readonly void ReplaceInRange(char oldChar, char newChar, int startIndex, int count)
    {
        Span<char> written = _chars.Slice(startIndex, count);
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
